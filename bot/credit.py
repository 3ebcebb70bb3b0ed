"""Who is credited with a finished game's result, and how reliably a person plays it through:
results count people, not seats (docs/records.md). Pure: no I/O.

- Whoever held a seat when the game ended takes that seat's place, score and win: its first
  person, a person who came back, or the person the host gave it to.
- A person who no longer held their seat at the end (they left, resigned a cooperative game,
  or their time ran out, and an AI finished for them) has quit: ranked below everyone, no score,
  no win — a loss for ratings, no crew result.
- An AI standing in is never rated nor credited: its row is kept (the seat's place) only so the
  game's table is whole. A seat's own AI is an entrant like a person.
- A game nobody played to the end (no person held a seat at the end) is not rated.
- Reliability counts what other people waited on: a game where no other person ever held a seat
  (a person against AI seats alone) counts for nothing, played through, resigned or left, so
  resigning games against an AI can't raise a record that walking out on people lowered.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.holders import LEFT, OPEN, TABLE, TIMEOUT, Holding, SeatHistory

FINISHED = "finished"
TIMED_OUT_KINDS = (TIMEOUT, TABLE, OPEN)  # how a person who quit went when their time ran out (else: left)


@dataclass(frozen=True)
class Draft:
    """One result row as the policy decides it; the store adds the game's own facts (server,
    options, times, the stand-in's move count)."""

    seat: int
    part: int  # 0: who held the seat at the end; 1, 2 ...: people who held it before and quit
    user_id: int | None
    ai: str | None
    name: str
    rank: int | None  # None in cooperative games
    score: int | None
    won: bool
    cooperative: bool
    resigned: bool
    finished: bool  # held the seat when the game ended
    quit: str | None  # a person who no longer held it at the end: why the next holder took over
    stand_in: bool  # an AI standing in for a person or an opened seat (never rated)


def seat_ranks(outcome: Mapping[str, Any], seats: int) -> list[int | None]:
    """Each seat's place: the outcome's ranks; else by score (ties share); else its winners
    first and everyone else second (a resignation). None in cooperative games."""
    if outcome.get("cooperative"):
        return [None] * seats
    ranks = outcome.get("ranks")
    if ranks:
        return [int(r) for r in ranks]
    scores = outcome.get("scores")
    if scores:
        return [1 + sum(1 for other in scores if other > score) for score in scores]
    winners = set(outcome.get("winners") or ())
    return [1 if seat in winners else 2 for seat in range(seats)]


def drafts(outcome: Mapping[str, Any], seats: int, history: SeatHistory, resigned_seat: int | None) -> list[Draft]:
    """The result rows of a finished game: per seat, its holder at the end (part 0), then each
    other person who held it, in the order they first did."""
    cooperative = bool(outcome.get("cooperative"))
    winners = set(outcome.get("winners") or ())
    scores = outcome.get("scores")
    ranks = seat_ranks(outcome, seats)
    last = None if cooperative else seats + 1  # below every seat: where a quitter ranks
    rows: list[Draft] = []
    for seat in range(seats):
        held = history.of(seat)
        final = held[-1]
        score = None if not scores else int(scores[seat])
        rows.append(Draft(seat=seat, part=0, user_id=final.user_id, ai=final.ai, name=final.name, rank=ranks[seat],
                          score=score, won=seat in winners, cooperative=cooperative, resigned=seat == resigned_seat,
                          finished=True, quit=None, stand_in=final.stand_in))
        quitters: list[int] = []
        for holding in held:
            if holding.user_id is not None and holding.user_id != final.user_id and holding.user_id not in quitters:
                quitters.append(holding.user_id)
        for part, user_id in enumerate(quitters, start=1):
            mine = [h for h in held if h.user_id == user_id]
            rows.append(Draft(seat=seat, part=part, user_id=user_id, ai=None, name=mine[-1].name, rank=last,
                              score=None, won=False, cooperative=cooperative, resigned=False, finished=False,
                              quit=_quit(held, mine[-1]), stand_in=False))
    return rows


def _quit(held: Sequence[Holding], last: Holding) -> str:
    """Why a person's last holding of a seat ended: the next holding's reason."""
    later = [h for h in held if h.since > last.since]
    return later[0].why if later else LEFT


def rated(rows: Iterable[Any]) -> bool:
    """A game is rated when a person played it to the end (`rows`: its result rows)."""
    return any(r.finished and r.user_id is not None for r in rows)


def entrant(row: Any) -> bool:
    """A row that takes part in ratings and records: a person, or a seat's own AI (not a stand-in)."""
    return not row.stand_in


# -- reliability --------------------------------------------------------------------------------

@dataclass(frozen=True)
class Reliability:
    """How a person's ended games in a server went for them, as Board Game Arena shows it."""

    finished: int = 0  # held their seat until the game finished
    left: int = 0  # left it (or resigned a cooperative game) and never came back
    timed_out: int = 0  # their time ran out and they never came back

    @property
    def games(self) -> int:
        return self.finished + self.left + self.timed_out

    @property
    def percent(self) -> int | None:
        """Games played to the end as a share of all counted (None: none yet)."""
        return None if not self.games else round(100 * self.finished / self.games)

    def describe(self) -> str:
        if not self.games:
            return "no game ended yet"
        return (f"{self.percent}% — {self.finished} played to the end, {self.left} left, "
                f"{self.timed_out} timed out")


def reliability(games: Iterable[tuple[str, SeatHistory]], user_id: int) -> Reliability:
    """A person's reliability from the games that ended (status, history), counted once each:
    finished if they held their seat at the finish; left or timed out if they no longer held it
    when the game ended (finished or abandoned). A game abandoned with them still seated counts
    for nothing: they did not quit, and nobody finished. Nor does a game no other person held a
    seat of: nobody waited on them there (docs/records.md, 2026-12-06)."""
    finished = left = timed_out = 0
    for status, history in games:
        mine = [h for h in history.holdings if h.user_id == user_id]
        if not mine or not waited_on(history, user_id):
            continue
        last = max(mine, key=lambda h: (h.since, h.seat))
        held = history.of(last.seat)
        if held[-1] == last:
            finished += status == FINISHED
            continue
        why = _quit(held, last)
        if why in TIMED_OUT_KINDS:
            timed_out += 1
        else:
            left += 1
    return Reliability(finished, left, timed_out)


def waited_on(history: SeatHistory, user_id: int) -> bool:
    """Whether another person held a seat of the game at some time: someone who waited on this one."""
    return any(h.user_id is not None and h.user_id != user_id for h in history.holdings)


def below(minimum: int, found: Reliability) -> bool:
    """True when a person's reliability is known and under `minimum` percent (newcomers pass)."""
    percent = found.percent
    return minimum > 0 and percent is not None and percent < minimum


__all__ = ["FINISHED", "Draft", "Reliability", "below", "drafts", "entrant", "rated",
           "reliability", "seat_ranks", "waited_on"]
