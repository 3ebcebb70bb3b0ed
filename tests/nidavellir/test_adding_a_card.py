"""docs/adding-a-card.md against the code: two toy cards declared from outside the package.

Brokk, a hero with a recruit condition, and Baldr, a god whose power is offered at the end of a
round, are declared here and nowhere else: Baldr touches two places, its declaration (`BALDR`)
and its picture entry (`BALDR_PICTURE`). Built into a game's rules (`TOY_GAME`) they are
recruited, offered, parsed, weighed by the AI, shown in the view and drawn; the shipped game
(`GAME`) never knew them, so there is nothing to take out again.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest

import renderer
from engine.core import Event, Move
from engine.errors import BadMove, IllegalMove
from engine.nidavellir import (
    GAME,
    Nidavellir,
    idavoll,
    thingvellir,
)
from engine.nidavellir.ai import GreedyPlayer
from engine.nidavellir.appraisal import evaluate
from engine.nidavellir.army import ranks
from engine.nidavellir.catalogue import Declared
from engine.nidavellir.choice import Choice
from engine.nidavellir.components import GOD, HERO, MINER, Card, seat_label
from engine.nidavellir.effects import spend_power
from engine.nidavellir.grammar import NidavellirMove, alone, parse
from engine.nidavellir.hooks import ROUND_END, Effect
from engine.nidavellir.idavoll.effects import God
from engine.nidavellir.recruiting import recruitable
from engine.nidavellir.ruleset import BASE, ruleset
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
        return "" if ranks(state.ruleset, state.seats[seat], MINER) >= 3 else "Brokk needs at least 3 miner ranks."


BROKK = Declared(Card("brokk", "Brokk", HERO, points=11, text="11 points; needs 3 miner ranks"), Brokk("brokk"))


# -- Baldr: a god with a power at the end of a round ----------------------------------------

class Blessing(Choice):
    kind = "baldr"
    verbs = ("bless", "pass")
    prompt = "bless your army with Baldr, or pass"

    def moves(self, state: NidavellirState, task: Task) -> list[Move]:
        return [NidavellirMove("bless", "Baldr: bless your army", rules=state.ruleset),
                NidavellirMove("pass", "Keep the power for later", rules=state.ruleset)]

    def apply(self, state: NidavellirState, task: Task, move: Move) -> list[Event]:
        if move.text == "pass":
            return [Event(f"{seat_label(task.seat)} keeps Baldr's power for a later round.")]
        spend_power(state, task.seat, "baldr")
        return [Event(f"{seat_label(task.seat)} uses Baldr's power: 5 more points.")]


class Baldr(God):
    def points(self, state: NidavellirState, seat: int) -> int:
        return self.card(state).points + (0 if self.power_ready(state, seat) else 5)


BALDR = Declared(
    Card("baldr", "Baldr", GOD, points=6, text="6 points; once, at the end of a round: 5 more points"),
    Baldr("baldr", at=ROUND_END, task="baldr"),
    choices=(Blessing(),),
    verbs={"bless": alone("bless", "Baldr blesses your whole army")},
)
BALDR_PICTURE = pictures.Picture(colour=(200, 170, 40), power="bless")
# The game with both toy cards in its rules, beside the shipped one (GAME), which knows neither.
TOY_GAME = Nidavellir(ruleset(BASE, thingvellir.THINGVELLIR, idavoll.IDAVOLL, BROKK, BALDR))


@pytest.fixture
def toys() -> Iterator[None]:
    """Baldr's picture for the block's length (the renderer's registry of pictures is global; the
    rules are not: the toy cards are in TOY_GAME's ruleset alone, so nothing of theirs is withdrawn)."""
    pictures.register("baldr", BALDR_PICTURE)
    yield
    del pictures.PICTURES["baldr"]
    assert not {"brokk", "baldr"} & (set(GAME.ruleset.cards) | set(GAME.ruleset.effects))
    assert "baldr" not in GAME.ruleset.choices and "bless" not in GAME.ruleset.parsers
    with pytest.raises(BadMove):
        parse(GAME.ruleset, "recruit brokk")


def _play_until(state: NidavellirState, kind: str) -> NidavellirState:
    """Every seat plays its first legal move until a task of `kind` is pending."""
    for _ in range(500):
        if state.tasks and state.tasks[0].kind == kind:
            return state
        seat = min(TOY_GAME.to_move(state))
        state = TOY_GAME.apply(state, seat, TOY_GAME.legal_moves(state, seat)[0]).state
    raise AssertionError(f"no {kind} task came")


def test_a_declared_hero_is_recruited_under_its_condition(toys: None) -> None:
    state = TOY_GAME.setup(2, None, 1)
    state.reserve.append("brokk")
    assert "brokk" not in recruitable(state, 0)
    state.tasks.insert(0, Task(RECRUIT, 0))
    with pytest.raises(IllegalMove, match="Brokk needs at least 3 miner ranks"):
        TOY_GAME.apply(state, 0, parse(TOY_GAME.ruleset, "recruit brokk"))
    state.seats[0].army[MINER] += ["miner 0", "miner 1", "miner 2"]
    assert "brokk" in recruitable(state, 0)
    after = TOY_GAME.apply(state, 0, parse(TOY_GAME.ruleset, "Recruit Brokk"))
    assert "Seat 1 recruits Brokk." in [event.text for event in after.events]
    assert "brokk" in after.state.seats[0].command
    assert sheet_rows(after.state)[0].heroes == 11


def test_a_declared_god_offers_its_power_at_its_timing_and_is_drawn(toys: None) -> None:
    state = TOY_GAME.setup(2, {"idavoll": True}, 3)
    state.seats[0].command.append("baldr")
    before = sheet_rows(state)[0].gods
    state = _play_until(state, "baldr")
    assert state.tasks[0].seat == 0 and all(t.kind != "baldr" for t in state.tasks[1:])
    assert TOY_GAME.legal_moves(state, 0) == [Move("bless", "Baldr: bless your army"),
                                         Move("pass", "Keep the power for later")]
    view = TOY_GAME.view(state, 0)
    assert view["task"]["text"] == "bless your army with Baldr, or pass"
    assert [god["card"]["key"] for god in view["seats"][0]["gods"]] == ["baldr"]
    # The AI weighs it with the declared default (no entry of its own), and the picture draws it.
    assert isinstance(evaluate(state, 0), float)
    assert GreedyPlayer(TOY_GAME).choose(state, 0, 7).text in ("bless", "pass")
    assert card_colour(piece_view(TOY_GAME.ruleset, "baldr")) == BALDR_PICTURE.colour
    assert renderer.board_png(TOY_GAME.view(state, None), ["Ann", "Bo"]).startswith(PNG)
    assert renderer.hand_png(view, ["Ann", "Bo"]).startswith(PNG)
    after = TOY_GAME.apply(state, 0, parse(TOY_GAME.ruleset, "bless"))
    assert "Seat 1 uses Baldr's power: 5 more points." in [event.text for event in after.events]
    assert sheet_rows(after.state)[0].gods == before + 5 == 11
    # Spent, the power is not offered again at the end of the next round.
    later = after.state
    for _ in itertools.repeat(None, 200):
        if not TOY_GAME.to_move(later) or later.round != after.state.round:
            break
        seat = min(TOY_GAME.to_move(later))
        later = TOY_GAME.apply(later, seat, TOY_GAME.legal_moves(later, seat)[0]).state
    assert all(t.kind != "baldr" for t in later.tasks)


def test_the_expansions_joined_in_order_with_their_pick_verbs() -> None:
    assert [rules.name for rules in GAME.ruleset.known] == ["thingvellir", "idavoll"]
    assert GAME.ruleset.choices[TAKE].verbs == ("take", "camp", "capture", "frigg")


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
