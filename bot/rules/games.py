"""The games the rules lookup covers: key -> display name, in menu order."""

from __future__ import annotations

GAMES: dict[str, str] = {
    "nidavellir": "Nidavellir",
    "tranquility": "Tranquility",
    "valda": "Valda: Rise of the Giants",
    "lords-of-ragnarok": "Lords of Ragnarok: Utgard",
    "valhalla": "Valhalla: King of the Hill",
    "my-city": "My City Roll & Build",
    "wonderful-world": "It's a Wonderful World",
}


def display_name(game: str) -> str:
    """The name players know a game by; the key itself for an unknown game."""
    return GAMES.get(game, game)
