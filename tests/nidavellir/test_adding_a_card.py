"""docs/adding-a-card.md against the code: two toy cards declared from outside the package.

Brokk, a hero with a recruit condition, and Baldr, a god whose power is offered at the end of a
round, are declared here and nowhere else: Baldr touches two places, its declaration (`BALDR`)
and its picture entry (`BALDR_PICTURE`). Once registered they are recruited, offered, parsed,
weighed by the AI, shown in the view and drawn, and gone again (`declared`) leave no trace.
"""

from __future__ import annotations

import contextlib
import copy
import itertools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import renderer
from engine.core import Event, Move
from engine.errors import BadMove, IllegalMove
from engine.nidavellir import GAME, appraisal, cards, choices, effects, grammar, steps, view
from engine.nidavellir.ai import GreedyPlayer
from engine.nidavellir.appraisal import evaluate
from engine.nidavellir.army import ranks
from engine.nidavellir.cards import CARDS
from engine.nidavellir.catalogue import Declared, declare
from engine.nidavellir.choice import Choice
from engine.nidavellir.choices import CHOICES, forget_moves
from engine.nidavellir.components import GOD, HERO, MINER, Card, seat_label
from engine.nidavellir.effects import EFFECTS, spend_power
from engine.nidavellir.grammar import PARSERS, alone, parse
from engine.nidavellir.hooks import ROUND_END, Effect
from engine.nidavellir.idavoll.effects import God
from engine.nidavellir.recruiting import recruitable
from engine.nidavellir.rounds import EXPANSIONS
from engine.nidavellir.scoring import sheet_rows
from engine.nidavellir.state import RECRUIT, TAKE, NidavellirState, Task
from engine.nidavellir.view import piece_view
from renderer.nidavellir import pictures
from renderer.nidavellir.mythology import card_colour

ROOT = Path(__file__).resolve().parents[2]
PAGE = (ROOT / "docs" / "adding-a-card.md").read_text()
PNG = b"\x89PNG\r\n\x1a\n"


# -- Brokk: a hero with a condition --------------------------------------------------------

class Brokk(Effect):
    def refusal(self, state: NidavellirState, seat: int) -> str:
        return "" if ranks(state.seats[seat], MINER) >= 3 else "Brokk needs at least 3 miner ranks."


BROKK = Declared(Card("brokk", "Brokk", HERO, points=11, text="11 points; needs 3 miner ranks"), Brokk("brokk"))


# -- Baldr: a god with a power at the end of a round ----------------------------------------

class Blessing(Choice):
    kind = "baldr"
    verbs = ("bless", "pass")
    prompt = "bless your army with Baldr, or pass"

    def moves(self, state: NidavellirState, task: Task) -> list[Move]:
        return [Move("bless", "Baldr: bless your army"), Move("pass", "Keep the power for later")]

    def apply(self, state: NidavellirState, task: Task, move: Move) -> list[Event]:
        if move.text == "pass":
            return [Event(f"{seat_label(task.seat)} keeps Baldr's power for a later round.")]
        spend_power(state, task.seat, "baldr")
        return [Event(f"{seat_label(task.seat)} uses Baldr's power: 5 more points.")]


class Baldr(God):
    def points(self, state: NidavellirState, seat: int) -> int:
        return self.card.points + (0 if self.power_ready(state, seat) else 5)


BALDR = Declared(
    Card("baldr", "Baldr", GOD, points=6, text="6 points; once, at the end of a round: 5 more points"),
    Baldr("baldr", at=ROUND_END, task="baldr"),
    choices=(Blessing(),),
    verbs={"bless": alone("bless", "Baldr blesses your whole army")},
)
BALDR_PICTURE = pictures.Picture(colour=(200, 170, 40), power="bless")


# Where declaring a card (and registering its picture) writes: every module-level table of these.
CATALOGUE = (cards, grammar, view, effects, choices, steps, appraisal, pictures)


def _tables() -> list[Any]:
    """The catalogue's tables: its modules' dicts, sets and lists, and those a list holds."""
    found: list[Any] = []
    for module in CATALOGUE:
        for name, value in vars(module).items():
            if not name.startswith("__") and isinstance(value, dict | set | list):
                found.append(value)
                if isinstance(value, list):
                    found += [item for item in value if isinstance(item, dict | set)]
    return found


@contextlib.contextmanager
def declared(*entries: Declared) -> Iterator[None]:
    """The cards declared for the block's length; then every table as it was, so a toy card of a
    test leaves nothing behind (the engine has no way to take a card out: nothing else needs one)."""
    saved = [(table, copy.copy(table)) for table in _tables()]
    try:
        declare(*entries)
        yield
    finally:
        for table, before in saved:
            if isinstance(table, list):
                table[:] = before
            else:
                table.clear()
                table.update(before)
        grammar.read.cache_clear()
        forget_moves()


@pytest.fixture
def toys() -> Iterator[None]:
    with declared(BROKK, BALDR):
        pictures.register("baldr", BALDR_PICTURE)
        yield
    assert not {"brokk", "baldr"} & (set(CARDS) | set(EFFECTS) | set(pictures.PICTURES))
    assert "baldr" not in CHOICES and "bless" not in PARSERS
    with pytest.raises(BadMove):
        parse("recruit brokk")


def _play_until(state: NidavellirState, kind: str) -> NidavellirState:
    """Every seat plays its first legal move until a task of `kind` is pending."""
    for _ in range(500):
        if state.tasks and state.tasks[0].kind == kind:
            return state
        seat = min(GAME.to_move(state))
        state = GAME.apply(state, seat, GAME.legal_moves(state, seat)[0]).state
    raise AssertionError(f"no {kind} task came")


def test_a_declared_hero_is_recruited_under_its_condition(toys: None) -> None:
    state = GAME.setup(2, None, 1)
    state.reserve.append("brokk")
    assert "brokk" not in recruitable(state, 0)
    state.tasks.insert(0, Task(RECRUIT, 0))
    with pytest.raises(IllegalMove, match="Brokk needs at least 3 miner ranks"):
        GAME.apply(state, 0, parse("recruit brokk"))
    state.seats[0].army[MINER] += ["miner 0", "miner 1", "miner 2"]
    assert "brokk" in recruitable(state, 0)
    after = GAME.apply(state, 0, parse("Recruit Brokk"))
    assert "Seat 1 recruits Brokk." in [event.text for event in after.events]
    assert "brokk" in after.state.seats[0].command
    assert sheet_rows(after.state)[0].heroes == 11


def test_a_declared_god_offers_its_power_at_its_timing_and_is_drawn(toys: None) -> None:
    state = GAME.setup(2, {"idavoll": True}, 3)
    state.seats[0].command.append("baldr")
    before = sheet_rows(state)[0].gods
    state = _play_until(state, "baldr")
    assert state.tasks[0].seat == 0 and all(t.kind != "baldr" for t in state.tasks[1:])
    assert GAME.legal_moves(state, 0) == [Move("bless", "Baldr: bless your army"),
                                         Move("pass", "Keep the power for later")]
    view = GAME.view(state, 0)
    assert view["task"]["text"] == "bless your army with Baldr, or pass"
    assert [god["card"]["key"] for god in view["seats"][0]["gods"]] == ["baldr"]
    # The AI weighs it with the declared default (no entry of its own), and the picture draws it.
    assert isinstance(evaluate(state, 0), float)
    assert GreedyPlayer(GAME).choose(state, 0, 7).text in ("bless", "pass")
    assert card_colour(piece_view("baldr")) == BALDR_PICTURE.colour
    assert renderer.board_png(GAME.view(state, None), ["Ann", "Bo"]).startswith(PNG)
    assert renderer.hand_png(view, ["Ann", "Bo"]).startswith(PNG)
    after = GAME.apply(state, 0, parse("bless"))
    assert "Seat 1 uses Baldr's power: 5 more points." in [event.text for event in after.events]
    assert sheet_rows(after.state)[0].gods == before + 5 == 11
    # Spent, the power is not offered again at the end of the next round.
    later = after.state
    for _ in itertools.repeat(None, 200):
        if not GAME.to_move(later) or later.round != after.state.round:
            break
        seat = min(GAME.to_move(later))
        later = GAME.apply(later, seat, GAME.legal_moves(later, seat)[0]).state
    assert all(t.kind != "baldr" for t in later.tasks)


def test_the_expansions_joined_in_order_with_their_pick_verbs() -> None:
    assert list(EXPANSIONS) == ["thingvellir", "idavoll"]
    assert CHOICES[TAKE].verbs == ("take", "camp", "capture", "frigg")


def test_the_god_touches_two_places_and_the_page_says_so() -> None:
    # Nothing of the engine or the renderer names the toy cards: their declaration and their
    # picture entry, both in this file, are all there is of them.
    for folder in ("engine", "renderer"):
        for path in (ROOT / folder).rglob("*.py"):
            text = path.read_text(encoding="utf-8").lower()
            assert "baldr" not in text and "brokk" not in text, path
    assert "2026-12-02" in PAGE.splitlines()[0]
    for name in ("Declared", "declare", "declared", "power_at", "Picture", "tests/nidavellir/test_adding_a_card.py"):
        assert name in PAGE, name
