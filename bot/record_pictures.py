"""What the records' pictures show, as plain data for renderer/records.py, worked out from the
ratings and team records (docs/records.md). No Discord here: any adapter (or a benchmark) can
draw the same pictures.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from bot.credit import Reliability
from bot.names import quiet
from bot.tables.ratings import Ratings, Standing
from bot.tables.records import GameStats
from bot.tables.teams import TeamRecords, describe_options
from bot.tables.tournaments import TournamentView
from bot.tournaments.scoring import points_text
from engine import registry

TOP = 10  # leaderboard rows; the asker's own row is added below them when lower
RATING_NOTE = ("Rating = μ − 3σ of openskill's Plackett–Luce model: everyone starts at 0 and it rises as results "
               "show skill. AI kinds are rated as players; a player who quits ranks last.")


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def day(at: float) -> str:
    when = datetime.fromtimestamp(at, UTC)
    return f"{when.day} {when:%b %Y}"


def signed(value: float) -> str:
    return f"{value:.1f}".replace("-", "−")


def joined(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def leaderboard_data(title: str, ratings: Ratings, asker: int) -> dict[str, Any]:
    mine = f"user:{asker}"
    shown = list(enumerate(ratings.standings, start=1))[:TOP]
    place = ratings.place_of(mine)
    if place is not None and place > TOP:
        shown.append((place, ratings.standings[place - 1]))
    people = ratings.people()
    return {
        "title": title,
        "subtitle": f"Leaderboard · {ratings.games} game{'s' if ratings.games != 1 else ''} · "
                    f"{people} player{'s' if people != 1 else ''}",
        "rows": [{"place": n, "name": s.name, "ai": s.is_ai, "rating": s.rating, "games": s.games, "wins": s.wins,
                  "you": s.key == mine} for n, s in shown],
        "note": RATING_NOTE,
    }


def rating_data(title: str, name: str, ratings: Ratings, standing: Standing) -> dict[str, Any]:
    place = ratings.place_of(standing.key) or 0
    facts = [["Rating", signed(standing.rating)], ["Place", f"{place} of {len(ratings.standings)}"],
             ["Games", str(standing.games)], ["Wins", str(standing.wins)]]
    if standing.best_score is not None:
        facts.append(["Best score", str(standing.best_score)])
    history = standing.history
    return {
        "title": name, "subtitle": f"{title} · rating over time", "facts": facts,
        "points": [point.rating for point in history],
        "first": day(history[0].finished_at) if history else "",
        "last": day(history[-1].finished_at) if history else "",
        "note": RATING_NOTE,
    }


def crew_data(game: str, title: str, subtitle: str, teams: TeamRecords) -> dict[str, Any]:
    specs = registry.get(game).options()
    best = []
    for played in teams.best:
        detail = [f"{value} {m.label}" for m in teams.measures if (value := played.measure(m)) is not None]
        detail.append(describe_options(specs, played.options))
        best.append({"won": played.won, "names": joined(list(played.names)), "detail": " · ".join(detail),
                     "when": day(played.finished_at)})
    return {
        "title": title, "subtitle": subtitle,
        "facts": [["Games", str(teams.games)], ["Wins", str(teams.wins)], ["Win rate", f"{teams.win_rate:.0%}"]],
        "options": [{"label": describe_options(specs, r.options), "games": r.games, "wins": r.wins}
                    for r in teams.by_options],
        "best": best,
    }


def summary_data(name: str, stats: Sequence[GameStats], kept: Reliability | None = None) -> dict[str, Any]:
    subtitle = "Records in this server"
    if kept is not None and kept.percent is not None:
        subtitle += f" · reliability {kept.percent}% ({kept.finished} of {kept.games} played to the end)"
    return {"title": name, "subtitle": subtitle,
            "games": [{"title": s.title, "line": stats_line(s), "games": s.games, "wins": s.wins} for s in stats]}


def stats_line(stats: GameStats) -> str:
    if stats.cooperative:
        return f"Crews won {stats.win_rate:.0%}"
    line = f"Rating {signed(stats.rating or 0.0)} · {ordinal(stats.place or 0)} of {stats.entrants}"
    return line if stats.best_score is None else f"{line} · best score {stats.best_score}"


def standings_rows(record: Mapping[str, Any], asker: int | None = None, limit: int = 64) -> list[dict[str, Any]]:
    """The standings' rows, from a standings record (`bot.tables.tournaments.standings_record`: as
    the news kept them, or as they stand), as renderer/records.py's "standings" picture takes them."""
    return [{"place": line["place"], "name": line["name"], "ai": line["ai"], "points": line["points"],
             "values": line["values"], "played": line["played"], "byes": line["byes"], "out": line["out"],
             "you": asker is not None and line["user_id"] == asker}
            for line in list(record["lines"])[:limit]]


def standings_data(view: TournamentView, record: Mapping[str, Any], state: str,
                   asker: int | None = None) -> dict[str, Any]:
    """A tournament's standings picture: every entrant (up to 64) with points and tie-breaks;
    `state` says when (after which round, final)."""
    terms = view.terms
    return {"title": f"{terms.name} — standings", "subtitle": f"{view.title} · {view.format.label} · {state}",
            "columns": list(record["columns"]), "rows": standings_rows(record, asker), "note": record["note"]}


def standings_state(view: TournamentView) -> str:
    """When the standings as they stand now are from, in words."""
    return {"signup": "signing up", "running": view.rounds_text, "finished": "final standings",
            "cancelled": "called off"}.get(view.row.status, view.row.status)


def standings_text(record: Mapping[str, Any], limit: int = 20) -> str:
    """The standings as a fixed-width table (Discord shows it in a code block): points and the
    format's first tie-breaks."""
    columns = list(record["columns"])[:3]
    head = f"{'#':>3}  {'Name':<18} {'Pts':>5}" + "".join(f" {c[:6]:>6}" for c in columns)
    lines = [head]
    rows = list(record["lines"])
    for row in rows[:limit]:
        name = quiet((row["name"][:17] + "…") if len(row["name"]) > 18 else row["name"])
        mark = " (out)" if row["out"] else ""
        values = "".join(f" {points_text(float(v)):>6}" for v in row["values"][:len(columns)])
        lines.append(f"{row['place']:>3}  {name:<18} {points_text(row['points']):>5}{values}{mark}")
    if len(rows) > limit:
        lines.append(f"… and {len(rows) - limit} more")
    return "\n".join(lines)
