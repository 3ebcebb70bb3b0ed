"""The smallest text of every sample picture once a phone shows it 400 px wide.

    python -m benchmarks.legibility [--game NAME] [--quick] [--under]

The measure (renderer/legibility.py, docs/renderer.md 2026-12-02): the height of a text's capitals
and digits, from the shipped fonts' outlines at the size it was painted, times 400 / the picture's
width. Target: every text at least 9 px.

The pictures:
- every sample scene of `skald render-samples` (bot/render_cli.py `SCENES`);
- every registered game at every player count it allows and every option set of a covering set
  (all of them when there are at most 8 combinations, else: the defaults, every option's every
  value at least once, and every option at its last value), played by the game's default AI from
  a fixed seed and drawn at several moments and at the end: the table for spectators, the table
  and the hand of a seat to act, then the result. The fullest option set at the largest table
  is drawn once more with long names that start alike (how names are shortened);
- the records' pictures (leaderboard, rating, crew records, summary, standings of 8 and 64) from the
  records tests' data, and a replay's caption band.

`--quick` draws the representative subset tests/renderer/test_legibility.py checks; `--under`
prints only the pictures under the target.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

import renderer
import renderer.records
from bot import games
from bot.games import Scene
from bot.render_cli import NAMES, SCENES, names_for, play, view_of
from engine import registry
from engine.core import OptionSpec
from renderer.canvas import Sheet
from renderer.legibility import PHONE_TEXT, smallest
from renderer.replay import caption_band
from tests.renderer.records_samples import SCENES as RECORDS
from tests.renderer.records_samples import STANDINGS, standing_rows

JSON = dict[str, Any]

# Moments (steps played) at which a generated game is drawn, then once more at its end.
MOMENTS = (0, 3, 8, 16, 28, 44, 64, 90, 120)
QUICK_MOMENTS = (8, 44)
# Names that start alike and run long: shortening must keep them apart.
LONG_NAMES = ("Ulfhild the Far-Travelled", "Ulfhild the Fair-Haired", "Sigrid Storråda of Svealand",
              "Ragnhild Sigurdsdottir", "Ragnhild Sigurdsdottir the Younger")


@dataclass(frozen=True)
class Sample:
    """One picture to measure: its name and how to draw it."""

    name: str
    draw: Callable[[], Sheet]


def option_sets(specs: Sequence[OptionSpec]) -> list[JSON]:
    """Every combination when there are at most 8; else a covering set: the defaults, each
    option's values in turn (so every value appears at least once), and every option at its last
    value (the most of everything)."""
    choices = [spec.choices for spec in specs]
    combinations = 1
    for values in choices:
        combinations *= len(values)
    if combinations <= 8:
        return [dict(zip((spec.name for spec in specs), values, strict=True)) for values in itertools.product(*choices)]
    sets = [{spec.name: spec.default for spec in specs}]
    for turn in range(max(len(values) for values in choices)):
        sets.append({spec.name: spec.choices[turn % len(spec.choices)] for spec in specs})
    sets.append({spec.name: spec.choices[-1] for spec in specs})
    unique: list[JSON] = []
    for chosen in sets:
        if chosen not in unique:
            unique.append(chosen)
    return unique


def options_label(specs: Sequence[OptionSpec], chosen: JSON) -> str:
    changed = [spec for spec in specs if chosen[spec.name] != spec.default]
    if not changed:
        return "defaults"
    return "+".join(spec.name if chosen[spec.name] is True else f"{spec.name}={chosen[spec.name]}"
                    for spec in changed)


def _drawing(view: JSON, names: Sequence[str], kind: renderer.Kind) -> Callable[[], Sheet]:
    return partial(renderer.draw, view, names, kind)


def _moment_pictures(label: str, view_of_seat: Callable[[int | None], JSON], players: int,
                     names: Sequence[str], turn: int) -> Iterator[Sample]:
    """The table for spectators, then a seat's table and hand (a seat to act, else seats in turn);
    at the end the result too."""
    public = view_of_seat(None)
    over = public.get("outcome") is not None
    acting = [seat for seat in range(players) if seat in _acting(public)]
    seat = acting[turn % len(acting)] if acting else turn % players
    yield Sample(f"{label}-board", _drawing(public, names, "board"))
    mine = view_of_seat(seat)
    yield Sample(f"{label}-board-seat{seat + 1}", _drawing(mine, names, "board"))
    yield Sample(f"{label}-hand-seat{seat + 1}", _drawing(mine, names, "hand"))
    if over:
        yield Sample(f"{label}-outcome", _drawing(public, names, "outcome"))


def _acting(view: JSON) -> list[int]:
    """The seats a view says must act (`to_move` in every game's view), if it says."""
    seats = view.get("to_move")
    return [int(seat) for seat in seats] if isinstance(seats, list) else []


def game_samples(key: str, *, quick: bool = False) -> Iterator[Sample]:
    """A game at every player count and option set, drawn at several moments and at its end."""
    game = registry.get(key)
    specs = game.options()
    sets = option_sets(specs)
    ai = games.default_ai(key)
    counts = range(game.min_players, game.max_players + 1)
    for players, (number, chosen) in itertools.product(counts, enumerate(sets)):
        if quick and number != (players - game.min_players) % len(sets) and number != len(sets) - 1:
            continue  # quick: each player count with one option set in turn, and the fullest set
        seed = 100 * players + number
        label = f"{key}-{players}p-{options_label(specs, chosen)}"
        names = list(NAMES[:players])
        seen: set[str] = set()
        for turn, moves in enumerate([*(QUICK_MOMENTS if quick else MOMENTS), 10_000]):
            scene = Scene(label, key, players, seed, moves, options=chosen, ai=ai)
            state = play(scene)
            public = game.view(state, None)
            fingerprint = json.dumps(public, sort_keys=True)
            if fingerprint in seen:
                continue  # the game was over before this moment
            seen.add(fingerprint)
            over = public.get("outcome") is not None
            yield from _moment_pictures(f"{label}-{'over' if over else f'step{moves}'}",
                                        partial(game.view, state), players, names, turn)
        if chosen == sets[-1] and players == game.max_players:
            state = play(Scene(label, key, players, seed, 10_000, options=chosen, ai=ai))
            long_names = list(itertools.islice(itertools.cycle(LONG_NAMES), players))
            yield from _moment_pictures(f"{label}-over-long-names", partial(game.view, state),
                                        players, long_names, 0)


def scene_samples() -> Iterator[Sample]:
    """`skald render-samples`' scenes."""
    for scene in SCENES:
        yield Sample(scene.name, _drawing(view_of(scene), names_for(scene), scene.picture))


def records_samples() -> Iterator[Sample]:
    """The records' pictures and a replay's caption band."""
    for kind, data in RECORDS.items():
        yield Sample(f"records-{kind}", partial(renderer.records.draw, kind, data))
    field = {**STANDINGS, "rows": standing_rows(64)}
    yield Sample("records-standings-64", lambda: renderer.records.draw("standings", field))
    caption = [f"{name} places {10 + turn} in cell {turn + 2}." for turn, name in enumerate(NAMES * 2)]
    yield Sample("replay-caption-band", lambda: caption_band("Move 12 of 48", caption))


def samples(*, quick: bool = False, only: Sequence[str] = ()) -> Iterator[Sample]:
    """Every sample picture (`quick`: the representative subset the tests check)."""
    wanted = set(only or registry.names())
    if not quick:
        yield from (sample for sample in scene_samples() if sample.name.split("-")[0] in wanted)
    for key in registry.names():
        if key in wanted:
            yield from game_samples(key, quick=quick)
    if not only:
        yield from records_samples()


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", action="append", default=[], help="only this game (repeatable)")
    parser.add_argument("--quick", action="store_true", help="the tests' representative subset")
    parser.add_argument("--under", action="store_true", help="print only pictures under the target")
    args = parser.parse_args(argv)
    least: tuple[float, str, str] | None = None
    count = 0
    print(f"{'picture':64} {'width':>5} {'smallest':>8}  text")
    for sample in samples(quick=args.quick, only=args.game):
        sheet = sample.draw()
        found = smallest(sheet)
        count += 1
        if found is None:
            continue
        height, drawn = found
        if least is None or height < least[0]:
            least = (height, sample.name, drawn.text)
        if args.under and height >= PHONE_TEXT:
            continue
        print(f"{sample.name:64} {sheet.width:5} {height:6.2f}px  {drawn.text!r} ({drawn.face} {drawn.size} px, "
              f"{drawn.role})")
    if least is None:
        print("no text drawn")
        return 1
    print(f"{count} pictures; the smallest in {least[1]}: {least[2]!r}")
    print(f"smallest: {least[0]:.2f} px (target {PHONE_TEXT:g})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
