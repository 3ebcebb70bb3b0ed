"""The games the rules lookup covers: key -> display name, in menu order, and the names players type."""

from __future__ import annotations

import unicodedata

GAMES: dict[str, str] = {
    "nidavellir": "Nidavellir",
    "tranquility": "Tranquility",
    "valda": "Valda: Rise of the Giants",
    "lords-of-ragnarok": "Lords of Ragnarok: Utgard",
    "valhalla": "Valhalla: King of the Hill",
    "my-city": "My City Roll & Build",
    "wonderful-world": "It's a Wonderful World",
}

# Other names players type for a game, besides its key and display name. Case, accents, spaces
# and punctuation never matter ("My-City", "my city" and "MYCITY" are one name).
GAME_ALIASES: dict[str, tuple[str, ...]] = {
    "nidavellir": ("Thingvellir", "Idavoll"),
    "tranquility": ("Tranquillity",),
    "valda": ("Rise of the Giants",),
    "lords-of-ragnarok": ("Lords of Ragnarok", "Utgard", "LoR"),
    "valhalla": ("King of the Hill",),
    "my-city": ("My City", "My City Roll and Build", "My City Roll & Write", "Roll and Build", "MCRB"),
    "wonderful-world": ("Wonderful World", "It is a Wonderful World", "IAWW"),
}

_PREFIX_MIN = 3  # a shorter start of a name ("my", "va") is too ambiguous to guess from


def squash_name(name: str) -> str:
    """A game name reduced to lower-case letters and digits: "It's a Wonderful World" -> "itsawonderfulworld"."""
    decomposed = unicodedata.normalize("NFKD", name.casefold().replace("&", " and "))
    # Combining accents are not alphanumeric, so this also drops them.
    return "".join(ch for ch in decomposed if ch.isalnum())


def _known_names() -> dict[str, str]:
    names: dict[str, str] = {}
    for key, display in GAMES.items():
        for name in (key, display, *GAME_ALIASES.get(key, ())):
            squashed = squash_name(name)
            if names.setdefault(squashed, key) != key:
                raise ValueError(f"game name {name!r} belongs to both {names[squashed]!r} and {key!r}")
    return names


KNOWN_NAMES: dict[str, str] = _known_names()  # squashed name -> game key


def resolve_game(name: str, *, exact: bool = False) -> str | None:
    """The key of the game a player means ("NIDAVELLIR", "my city", "iaww"), or None.

    Unless `exact`, the unambiguous start of a name also counts ("wonderful", "lords").
    """
    squashed = squash_name(name)
    if not squashed:
        return None
    if squashed in KNOWN_NAMES:
        return KNOWN_NAMES[squashed]
    if exact or len(squashed) < _PREFIX_MIN:
        return None
    games = {key for known, key in KNOWN_NAMES.items() if known.startswith(squashed)}
    return games.pop() if len(games) == 1 else None


def display_name(game: str) -> str:
    """The name players know a game by; the key itself for an unknown game."""
    return GAMES.get(game, game)
