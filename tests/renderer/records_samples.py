"""Sample data for the records' pictures (renderer/records.py), as the bot would hand it in: the
records tests and `python -m benchmarks.legibility` draw these."""

from __future__ import annotations

from typing import Any

NAMES = ["Dee", "AI (greedy)", "Ann the Magnificent of the Northern Fjords 🐉", "Cy", "Eve", "Fritjof", "Gudrun",
         "Halvard", "Ingrid", "Jarl"]

LEADERBOARD: dict[str, Any] = {
    "title": "Nidavellir", "subtitle": "Leaderboard · 42 games · 11 players",
    "rows": [{"place": i, "name": name, "ai": name.startswith("AI"), "rating": 14.2 - 2.3 * i, "games": 20 - i,
              "wins": 10 - i, "you": False} for i, name in enumerate(NAMES, start=1)]
    + [{"place": 14, "name": "Bob", "ai": False, "rating": -3.25, "games": 2, "wins": 0, "you": True}],
    "note": "Rating = μ − 3σ (openskill, Plackett–Luce); AI kinds are rated as players.",
}
RATING: dict[str, Any] = {
    "title": "Ann", "subtitle": "Nidavellir · rating over time",
    "facts": [["Rating", "7.3"], ["Place", "3 of 11"], ["Games", "6"], ["Wins", "2"], ["Best score", "143"]],
    "points": [1.2, -0.4, 2.5, 4.0, 5.5, 7.3], "first": "1 Nov 2026", "last": "30 Nov 2026",
}
CREW: dict[str, Any] = {
    "title": "Tranquility", "subtitle": "Crew records in this server",
    "facts": [["Games", "14"], ["Wins", "5"], ["Win rate", "36%"]],
    "options": [{"label": "standard rules", "games": 10, "wins": 4},
                {"label": "Sea monsters: 3, Jagged rocks: automatic", "games": 4, "wins": 1}],
    "best": [{"won": True, "names": "Ann, Bob and Cy", "detail": "36 cells filled · 38 turns", "when": "3 Dec 2026"},
             {"won": False, "names": "Bob", "detail": "31 cells filled · 35 turns", "when": "1 Dec 2026"}],
}
SUMMARY: dict[str, Any] = {
    "title": "Ann", "subtitle": "Records in this server",
    "games": [{"title": "Nidavellir", "line": "Rating 7.3 · 3rd of 11", "games": 6, "wins": 2},
              {"title": "Tranquility", "line": "Crews won 36%", "games": 14, "wins": 5}],
}
ENTRANTS = ["Astrid", "AI (greedy)", "Ulfhild the Far-Travelled, Daughter of Thorgrim 🐉", "Светлана Иванова",
            "李小龍", "Bjorn", "Sigrid", "Eirik"]


def standing_rows(count: int) -> list[dict[str, Any]]:
    """`count` entrants, best first, two sharing second place; the 4th is the asker, the 6th had a
    bye, the 7th is out (dropped)."""
    rows: list[dict[str, Any]] = []
    for i in range(count):
        place = 2 if i == 2 else i + 1
        rows.append({"place": place, "name": ENTRANTS[i % len(ENTRANTS)], "ai": i % len(ENTRANTS) == 1,
                     "points": 6.5 - i * 0.5 if i != 2 else 6.0, "values": [30.5 - i, 34.0 - i, 12.25 - i / 2],
                     "played": 6 - (i == 5), "byes": int(i == 5), "out": i == 6, "you": i == 3})
    return rows


STANDINGS: dict[str, Any] = {
    "title": "Yule Cup: Nidavellir", "subtitle": "Swiss · after round 6 of 7 · 8 entrants",
    "columns": ["Buch-1", "Buch", "S-B", "H2H", "Wins", "Rating"],
    "rows": standing_rows(8),
    "note": "Points: 1 for first at a table, ½ for a shared first. Buchholz: the opponents' points.",
}
SCENES = {"leaderboard": LEADERBOARD, "rating": RATING, "crew": CREW, "summary": SUMMARY, "standings": STANDINGS}
