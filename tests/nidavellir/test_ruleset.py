"""ruleset.py: a game's rules built as one value from the parts its options name, no module changed.

The shipped game is the base game with both expansions; a state carries the ruleset of its option
set. Building one (with a toy card, say) leaves every module-level table as it was, so nothing
has to be withdrawn afterwards.
"""

from __future__ import annotations

import copy
import sys
from typing import Any

import pytest

import engine.nidavellir  # noqa: F401 (every module of the package loaded)
from engine.nidavellir import GAME
from engine.nidavellir.catalogue import Declared
from engine.nidavellir.components import HERO, Card
from engine.nidavellir.idavoll import IDAVOLL
from engine.nidavellir.ruleset import BASE, build, ruleset
from engine.nidavellir.state import IDAVOLL as IDAVOLL_NAME
from engine.nidavellir.state import TAKE
from engine.nidavellir.state import THINGVELLIR as THINGVELLIR_NAME
from engine.nidavellir.thingvellir import THINGVELLIR

FULL = ruleset(BASE, THINGVELLIR, IDAVOLL)
TOY = Declared(Card("brokk", "Brokk", HERO, points=11, text="11 points"))


def test_the_shipped_game_is_the_base_game_with_both_expansions() -> None:
    assert GAME.ruleset is FULL
    assert [rules.name for rules in FULL.known] == ["thingvellir", "idavoll"]
    assert FULL.take_verbs == FULL.choices[TAKE].verbs == ("take", "camp", "capture", "frigg")
    assert FULL.origin["fafnir"] == "thingvellir" and FULL.origin["loki"] == "idavoll" and "kraal" not in FULL.origin
    assert FULL.hero_order["kraal"] == 0 and FULL.hero_order["dwerg ymir"] < FULL.hero_order["olwyn"]
    assert "ratatosk" in FULL.shielded and "kraal" in FULL.neutral_heroes | FULL.heroes
    assert FULL.hero_tokens["dwerg"] == "dwerg aesir" and "dwerg ymir" not in FULL.hero_tokens
    assert {"uline"} <= FULL.face_up and {"idunn"} <= FULL.column_bonus


def _tables() -> list[tuple[Any, Any]]:
    """Every dict, set and list (and those a tuple or list holds) of every Nidavellir module."""
    found: list[tuple[Any, Any]] = []
    for name, module in list(sys.modules.items()):
        if not name.startswith("engine.nidavellir") or module is None:
            continue
        for key, value in vars(module).items():
            if key.startswith("__"):
                continue
            items = value if isinstance(value, tuple | list) else ()
            for table in (value, *items):
                if isinstance(table, dict | set | list):
                    found.append((table, copy.copy(table)))
    return found


def test_building_changes_no_module_table() -> None:
    before = _tables()
    built = build(BASE, THINGVELLIR, TOY)
    assert built.cards["brokk"].points == 11 and "brokk" in built.heroes
    assert built.hero_order["brokk"] == len(built.hero_order) - 1  # after every hero before it
    assert "brokk" not in FULL.cards and "loki" not in built.cards  # Idavoll's not built in
    assert built.take_verbs == ("take", "camp")
    for table, saved in before:
        assert table == saved


def test_a_ruleset_is_built_once_per_set_of_parts() -> None:
    assert ruleset(BASE, THINGVELLIR, IDAVOLL) is FULL
    assert ruleset(BASE) is ruleset(BASE) and ruleset(BASE) is not FULL
    assert ruleset(BASE).take_verbs == ("take",) and not ruleset(BASE).known


def test_the_expansions_in_play_are_the_game_options() -> None:
    names = [IDAVOLL_NAME, THINGVELLIR_NAME]  # as a state keeps them: sorted
    both = FULL.for_options(names)
    assert [rules.name for rules in both.expansions] == names and both.cards is FULL.cards
    assert both is FULL.for_options(tuple(names)) and FULL.for_options(()).expansions == ()
    state = GAME.setup(3, {"idavoll": True, "thingvellir": True}, 5)
    assert state.ruleset is both and state.copy().ruleset is both
    assert GAME.decode(GAME.encode(state)).ruleset is both
    assert GAME.setup(2, None, 1).ruleset is FULL.for_options(())


def test_a_clash_is_refused() -> None:
    with pytest.raises(ValueError, match="already declared"):
        build(BASE, TOY, TOY)
    with pytest.raises(ValueError, match="already joined"):
        build(BASE, THINGVELLIR, THINGVELLIR)
