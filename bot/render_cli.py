"""`skald render-samples`: sample pictures of every game at several phases and player counts.

The scenes are real games, listed in each game's descriptor (bot/games/<game>.py): set up with a
fixed seed and played forward by the game's scene policy or by one of the engine's AI players
(seeded per move), so the same scene always gives the same view. The renderer's golden tests
and its benchmark draw these same scenes.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import renderer
from bot import files, games
from bot.files import PNG_HEADER
from bot.games import Scene
from bot.terminal.text import printable
from engine import registry
from engine.core import Game, Move
from engine.errors import BadOptions
from engine.rng import Rng

JSON = dict[str, Any]

NAMES = ("Astrid", "Bjorn", "Sigrid", "Ulfhild the Far-Travelled", "Eirik")

# Every game's scenes (from its descriptor): the CLI, the renderer's goldens and its benchmark draw these.
SCENES: tuple[Scene, ...] = games.scenes()


def _scene_move(game: Game[Any], state: Any, seat: int, seed: int, scene: Scene) -> Move:
    if scene.ai is not None:
        return game.ai_players()[scene.ai].choose(state, seat, seed)
    moves = game.legal_moves(state, seat)
    policy = games.get(scene.game).scene_policy
    return Rng.from_seed(seed).choice(moves) if policy is None else policy(moves, seed)


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
                move = _scene_move(game, state, seat, scene.seed * 7919 + step * 31 + seat, scene)
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


def wanted_games(asked: list[str] | None) -> set[str]:
    """The keys of the games `--game` names (in any case: a title typed with capitals is the same game; none:
    every game with sample scenes); BadOptions names the games there are, or the ones without scenes."""
    with_scenes = {scene.game for scene in games.scenes()}  # as registered now (a game from outside the tree too)
    if not asked:
        return with_scenes
    wanted = {registry.get(name).name for name in asked}
    if missing := sorted(wanted - with_scenes):
        titles = ", ".join(registry.get(key).title for key in missing)
        raise BadOptions(f"{titles} {'has' if len(missing) == 1 else 'have'} no sample scenes; "
                         f"games with scenes: {', '.join(sorted(with_scenes))}.")
    return wanted


def _render_samples(args: argparse.Namespace) -> int:
    try:
        wanted = wanted_games(args.game)
    except BadOptions as refused:
        print(f"skald render-samples: {printable(refused.reason)}", file=sys.stderr)
        return 2
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
    chosen = [scene for scene in games.scenes() if scene.game in wanted]
    # Its own pictures of an earlier run are replaced; any other file of a sample's name is kept.
    for scene in chosen:
        path = out / f"{scene.name}.png"
        if (problem := files.problem(path, replaces=PNG_HEADER, instead="it is no picture: give another --out")):
            print(f"skald render-samples: {problem}", file=sys.stderr)
            return 2
    for scene in chosen:
        picture = render(scene)
        try:  # made-up games, no one's data: readable by all
            written = files.write(out / f"{scene.name}.png", picture, replace=True, mode=files.SHARED)
        except files.Unwritten as failed:
            print(f"skald render-samples: {failed.reason}", file=sys.stderr)
            return 2
        print(f"{written}  ({len(picture) // 1024} KB)")
    return 0


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add `render-samples` to the `skald` command."""
    parser = sub.add_parser("render-samples", help="write sample board pictures of every game")
    parser.add_argument("--out", required=True, help="directory for the PNG files")
    parser.add_argument("--game", action="append",
                        help=f"only this game (repeatable): one of {', '.join(registry.names())}")
    parser.set_defaults(handler=_render_samples)
