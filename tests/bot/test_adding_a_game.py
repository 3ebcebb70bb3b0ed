"""docs/adding-a-game.md against the code, and a game from outside the tree hosted by the same tools.

Rune Duel (tests/tables/duel.py, its pieces in tests/games/duel.py) is registered in one call and
then played in the terminal (in memory and saved), drawn, told as text and relayed over MQTT by the
generic code, which names no game.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import renderer
import renderer.text
from bot import games
from bot.cli import main
from bot.relay.watch import format_game
from bot.rules.games import GAMES as RULES_GAMES
from engine import registry
from tests.games.duel import DESCRIPTOR, DuelView
from tests.relay.broker import LocalBroker
from tests.renderer.view_schema import schema_problems
from tests.tables.duel import GAME, DuelState

ROOT = Path(__file__).resolve().parents[2]
PAGE = (ROOT / "docs" / "adding-a-game.md").read_text()
PNG = b"\x89PNG\r\n\x1a\n"


def _section(title: str) -> str:
    return PAGE.split(f"## {title}\n", 1)[1].split("\n## ", 1)[0]


def test_every_registered_game_has_the_files_the_page_lists() -> None:
    places = re.findall(r"`([^`]*<key>[^`]*)`", _section("The files a game touches"))
    assert {"engine/<key>/", "engine/views/<key>.py", "renderer/<key>/", "bot/games/<key>.py"} <= set(places)
    assert "`bot/rules/data/<rules key>.json`" in PAGE  # the rules catalogue's key, the game key by default
    for key in registry.names():
        missing = [place for place in places if not (ROOT / place.replace("<key>", key)).exists()]
        assert not missing, f"{key} lacks {missing}"
        assert games.get(key).view.__module__ == f"engine.views.{key}"
        rules = games.get(key).rules_key
        assert (ROOT / "bot" / "rules" / "data" / f"{rules}.json").exists(), f"{key} has no rules ({rules})"
        assert rules in RULES_GAMES, f"{key}'s rules key {rules!r} is not in bot/rules/games.py"


def test_the_generic_code_the_page_lists_names_no_game() -> None:
    files = re.findall(r"`([\w/]+\.py)`", _section("Generic code that names no game"))
    assert len(files) >= 15
    for file in files:
        text = (ROOT / file).read_text().lower()
        named = [key for key in registry.names() if re.search(rf"\b{key}\b", text)]
        assert not named, f"{file} names {named}"


@pytest.fixture
def duel() -> Iterator[None]:
    games.register(DESCRIPTOR)
    try:
        yield
    finally:
        games.unregister(DESCRIPTOR.key)
    assert "duel" not in registry.names() and "duel" not in renderer.games()


def _played_out(seed: int) -> DuelState:
    state = GAME.setup(2, None, seed)
    for step in itertools.count():
        if not GAME.to_move(state):
            return state
        seat = min(GAME.to_move(state))
        state = GAME.apply(state, seat, GAME.ai_players()["random"].choose(state, seat, step)).state
    raise AssertionError("unreachable")


def test_a_registered_game_is_drawn_and_told_as_text(duel: None, tmp_path: Path) -> None:
    assert "duel" in registry.names() and "duel" in renderer.games() and games.strongest_ai("duel") == "random"
    state = GAME.setup(2, None, 3)
    mine, public = GAME.view(state, 0), GAME.view(state, None)
    assert schema_problems(mine, DuelView) == [] and schema_problems(public, DuelView) == []
    assert renderer.board_png(public, ["Ann", "Bo"]).startswith(PNG)
    assert renderer.hand_png(mine, ["Ann", "Bo"]).startswith(PNG)
    with pytest.raises(ValueError, match="spectator"):
        renderer.hand_png(public, [])
    assert renderer.text.render_view(mine, ["Ann", "Bo"]).startswith("Rune Duel, round 1 of 3")
    final = GAME.view(_played_out(3), None)
    assert "Winner: Ann" in [d.text for d in renderer.draw(final, ["Ann", "Bo"], "outcome").texts]
    assert main(["render-samples", "--out", str(tmp_path), "--game", "duel"]) == 0
    assert [path.name for path in tmp_path.iterdir()] == ["duel-2p-second-round.png"]


def test_a_registered_game_plays_in_the_terminal_in_memory_and_saved(
        duel: None, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    assert main(["demo", "duel", "--seed", "3", "--names", "Ann,Bo"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Rune Duel, 2 players, seed 3") and "Ann lays a rune face down." in out
    assert "Rune Duel, round 4 of 3" in out and "Winner" in out
    # A person at seat 1 who tries every rune in turn: a rune not in hand is refused with the rule.
    tries = itertools.cycle(f"lay {rune}" for rune in range(1, 41))
    monkeypatch.setattr("bot.play_cli.read_line", lambda prompt="": next(tries) if prompt.endswith("> ") else "")
    path = str(tmp_path / "duel.db")
    assert main(["play", "duel", "--seed", "3", "--ai", "human", "--ai", "random", "--db", path]) == 0
    out = capsys.readouterr().out
    assert "New game #1." in out and "Not allowed: You can't lay" in out and "(only you) You lay" in out
    assert main(["db", "verify", "--db", path]) == 0


async def test_a_registered_game_is_relayed_with_its_summary_and_picture(
        duel: None, broker: LocalBroker, capsys: pytest.CaptureFixture[str]) -> None:
    # The command runs its own event loop (asyncio.run); the broker keeps serving on this one.
    args = ["demo", "duel", "--seed", "3", "--mqtt", broker.url, "--mqtt-pictures"]
    assert await asyncio.to_thread(main, args) == 0
    assert "MQTT relay: publishing" in capsys.readouterr().out
    retained = broker.retained()
    (state_topic,) = [topic for topic in retained if topic.endswith("/state")]
    shown = format_game(json.loads(retained[state_topic]), [])
    assert shown.startswith("Rune Duel #1 · finished") and "  round 4/3 · points " in shown
    assert retained[state_topic.replace("/state", "/picture")].startswith(PNG)
