"""`skald render-samples`: sample pictures of every game at several phases and player counts.

The scenes are real games: set up with a fixed seed and played forward by a small fixed
policy or by one of the engine's AI players (seeded per move), so the same scene always gives
the same view. The renderer's golden tests and its
benchmark draw these same scenes.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import renderer
from engine import registry
from engine.core import Game, Move
from engine.rng import Rng

JSON = dict[str, Any]

NAMES = ("Astrid", "Bjorn", "Sigrid", "Ulfhild the Far-Travelled", "Eirik")
THINGVELLIR: Mapping[str, Any] = {"thingvellir": True}
IDAVOLL: Mapping[str, Any] = {"idavoll": True}
BOTH: Mapping[str, Any] = {"idavoll": True, "thingvellir": True}


@dataclass(frozen=True)
class Scene:
    """A game played to some point, and the picture to draw of it."""

    name: str
    game: str
    players: int
    seed: int
    moves: int  # play at most this many steps (a step: every seat that must act moves once)
    picture: renderer.Kind = "board"
    viewer: int | None = None
    options: Mapping[str, Any] = field(default_factory=dict)
    until: str | None = None  # stop early once the view's phase has this name (or "over")
    ai: str | None = None  # play with this engine AI (`game.ai_players()`) instead of the fixed policy
    # The engine's history version the scene was recorded under: a later change of random draws
    # must not move a sample scene (its golden picture would then show another moment).
    version: int = 1


SCENES: tuple[Scene, ...] = (
    Scene("tranquility-2p-opening", "tranquility", 2, seed=11, moves=0),
    Scene("tranquility-3p-midgame", "tranquility", 3, seed=5, moves=14, viewer=1),
    Scene("tranquility-3p-hand", "tranquility", 3, seed=5, moves=14, viewer=1, picture="hand"),
    Scene("tranquility-4p-start-discard", "tranquility", 4, seed=3, moves=60, until="start_discard"),
    Scene("tranquility-5p-advanced", "tranquility", 5, seed=8, moves=26,
          options={"sea_monsters": 3, "jagged_rocks": "auto", "removed_islands": 6}),
    Scene("tranquility-4p-rocks-manual", "tranquility", 4, seed=2, moves=40, until="rocks", viewer=1,
          options={"sea_monsters": 5, "jagged_rocks": "manual", "removed_islands": 12}),
    Scene("tranquility-2p-result", "tranquility", 2, seed=4, moves=400, until="over", picture="outcome"),
    Scene("nidavellir-2p-bidding", "nidavellir", 2, seed=21, moves=0),
    Scene("nidavellir-3p-picking", "nidavellir", 3, seed=6, moves=3, viewer=0),
    Scene("nidavellir-4p-purse", "nidavellir", 4, seed=9, moves=2, viewer=2, picture="hand"),
    Scene("nidavellir-5p-age2", "nidavellir", 5, seed=3, moves=60),
    Scene("nidavellir-5p-final", "nidavellir", 5, seed=12, moves=400, until="over"),
    Scene("nidavellir-4p-result", "nidavellir", 4, seed=3, moves=400, until="over", picture="outcome"),
    # Thingvellir, played by the engine's greedy AI, which goes for camp cards as players do
    Scene("nidavellir-4p-thingvellir", "nidavellir", 4, seed=12, moves=15, options=THINGVELLIR, ai="greedy"),
    Scene("nidavellir-3p-thingvellir-purse", "nidavellir", 3, seed=1, moves=88, viewer=2, picture="hand",
          options=THINGVELLIR, ai="greedy"),
    Scene("nidavellir-5p-thingvellir-age2", "nidavellir", 5, seed=2, moves=103, viewer=1, options=THINGVELLIR,
          ai="greedy"),
    Scene("nidavellir-4p-thingvellir-result", "nidavellir", 4, seed=21, moves=400, until="over", picture="outcome",
          options=THINGVELLIR, ai="greedy"),
    # Idavoll, played by the greedy AI, which recruits mythology cards and uses the gods' powers
    Scene("nidavellir-5p-idavoll-thingvellir", "nidavellir", 5, seed=27, moves=44, options=BOTH, ai="greedy"),
    Scene("nidavellir-3p-idavoll-purse", "nidavellir", 3, seed=45, moves=67, viewer=0, picture="hand",
          options=IDAVOLL, ai="greedy"),
    Scene("nidavellir-4p-idavoll-thingvellir-result", "nidavellir", 4, seed=2, moves=400, until="over",
          picture="outcome", options=BOTH, ai="greedy"),
)


def _cheap_tranquility_move(moves: list[Move]) -> Move:
    """Place islands where their number roughly belongs, paying as little as possible."""
    best: tuple[int, str] | None = None
    chosen = moves[0]
    for move in moves:
        words = move.text.split()
        if words[0] == "start":
            return move
        if words[0] != "place" or not words[1].isdigit():
            continue
        number, cell = int(words[1]), int(words[3])
        paid = len(words) - 4 - 1 if len(words) > 4 else 0
        score = (paid * 6 + abs(cell - (number * 36 + 40) // 81), move.text)
        if best is None or score < best:
            best, chosen = score, move
    return chosen


def _scene_move(game: Game[Any], state: Any, seat: int, seed: int, ai: str | None) -> Move:
    if ai is not None:
        return game.ai_players()[ai].choose(state, seat, seed)
    moves = game.legal_moves(state, seat)
    if game.name == "tranquility":
        return _cheap_tranquility_move(moves)
    return Rng.from_seed(seed).choice(moves)


def _phase_name(view: JSON) -> str:
    if view.get("outcome") is not None:
        return "over"
    phase = view.get("phase")
    return str(phase.get("name") if isinstance(phase, dict) else phase)


def play(scene: Scene) -> Any:
    """The scene's game state, played forward from its seed."""
    game = registry.get(scene.game)
    state = game.setup(scene.players, dict(scene.options), scene.seed, scene.version)
    for step in range(scene.moves):
        if scene.until is not None and _phase_name(game.view(state, None)) == scene.until:
            break
        seats = sorted(game.to_move(state))
        if not seats:
            break
        for seat in seats:
            if seat in game.to_move(state):
                move = _scene_move(game, state, seat, scene.seed * 7919 + step * 31 + seat, scene.ai)
                state = game.apply(state, seat, move).state
    return state


def view_of(scene: Scene) -> JSON:
    """The view the scene's picture is drawn from."""
    game = registry.get(scene.game)
    view: JSON = game.view(play(scene), scene.viewer)
    return view


def names_for(scene: Scene) -> list[str]:
    return list(NAMES[: scene.players])


PICTURES: dict[str, Callable[[JSON, list[str]], bytes]] = {
    "board": renderer.board_png,
    "hand": renderer.hand_png,
    "outcome": renderer.outcome_png,
}


def render(scene: Scene) -> bytes:
    """PNG bytes of one scene."""
    return PICTURES[scene.picture](view_of(scene), names_for(scene))


def _render_samples(args: argparse.Namespace) -> int:
    out = Path(args.out)
    if out.exists() and not out.is_dir():
        print(f"skald render-samples: --out {out} is a file; give a directory (it is created if missing).",
              file=sys.stderr)
        return 2
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        print(f"skald render-samples: can't make the directory {out}: {error.strerror or error}.", file=sys.stderr)
        return 2
    wanted = set(args.game or registry.names())
    for scene in SCENES:
        if scene.game not in wanted:
            continue
        path = out / f"{scene.name}.png"
        path.write_bytes(render(scene))
        print(f"{path}  ({path.stat().st_size // 1024} KB)")
    return 0


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add `render-samples` to the `skald` command."""
    parser = sub.add_parser("render-samples", help="write sample board pictures of every game")
    parser.add_argument("--out", required=True, help="directory for the PNG files")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.set_defaults(handler=_render_samples)
