"""Game names: every key, display name and nickname resolves to its game, whatever the case or punctuation."""

from __future__ import annotations

import pytest

from bot.rules.games import GAME_ALIASES, GAMES, KNOWN_NAMES, resolve_game, squash_name


def test_every_key_display_name_and_alias_resolves_to_its_own_game() -> None:
    assert set(GAME_ALIASES) <= set(GAMES)
    for key, name in GAMES.items():
        for spelling in (key, name, name.upper(), name.lower(), key.replace("-", " "), *GAME_ALIASES.get(key, ())):
            assert resolve_game(spelling) == key, spelling
    assert set(KNOWN_NAMES.values()) == set(GAMES)


@pytest.mark.parametrize(
    ("name", "key"),
    [
        ("Nidavellir", "nidavellir"), ("NIDAVELLIR", "nidavellir"), ("  nidavellir ", "nidavellir"),
        ("iaww", "wonderful-world"), ("my city", "my-city"), ("My-City", "my-city"), ("MYCITY", "my-city"),
        ("wonderful world", "wonderful-world"), ("its a wonderful world", "wonderful-world"),
        ("It’s a Wonderful World", "wonderful-world"), ("My City Roll & Build", "my-city"),
        ("my city roll and build", "my-city"), ("Lords of Ragnarok", "lords-of-ragnarok"),
        ("utgard", "lords-of-ragnarok"),
        ("Tranquillity", "tranquility"), ("king of the hill", "valhalla"), ("Thingvellir", "nidavellir"),
    ],
)
def test_names_players_type_resolve(name: str, key: str) -> None:
    assert resolve_game(name) == key


def test_an_unambiguous_start_of_a_name_resolves_but_not_with_exact() -> None:
    assert resolve_game("wonderful") == "wonderful-world"
    assert resolve_game("lords") == "lords-of-ragnarok"
    assert resolve_game("wonderful", exact=True) is None


@pytest.mark.parametrize("name", ["val", "my", "chess", "", "  ", "-", "all"])
def test_unknown_short_or_ambiguous_names_resolve_to_nothing(name: str) -> None:
    assert resolve_game(name) is None


def test_squash_name_keeps_letters_and_digits_only() -> None:
    assert squash_name("It's a Wonderful World") == "itsawonderfulworld"
    assert squash_name("Roll & Build") == "rollandbuild"
    assert squash_name("Ölrun") == "olrun"
