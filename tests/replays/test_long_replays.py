"""Audit of 2026-12-02: "A replay keeps a view per logged change: a 20,000-change log took 29 s and
1.9 GB." A replay is now built in one pass that keeps the views of the pictures it shows (at most
MAX_FRAMES), `rebuild` keeps a state every CHECKPOINT_EVERY changes and makes views when asked,
and the animation draws only the frames it shows. Checked on a long Rune Duel (counting the views
and states alive at once) and on the stored games. The figures are benchmarks/replay.py's."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from itertools import pairwise
from typing import Any

import pytest

import renderer
from bot.names import name_seats, result_line
from bot.replays import CHECKPOINT_EVERY, GameLog, rebuild, stills
from renderer import replay as animation_module
from renderer.replay import MAX_FRAMES, Still, animate
from tests.replays import long_game
from tests.replays.conftest import Stored
from tests.replays.games import spectator_views

CHANGES = 4_000  # 1,000 rounds: 1,000 key moments, eight times the pictures a replay shows


@pytest.fixture(scope="module")
def long_log() -> Iterator[GameLog]:
    with long_game.registered():
        yield long_game.long_log(CHANGES)


def _move(still: Still) -> int:
    """The number of changes a board still shows (0: the start)."""
    found = re.fullmatch(r"Move (\d+) of \d+", still.label)
    return int(found.group(1)) if found else 0


def test_a_replay_keeps_a_view_per_picture_shown_not_per_logged_change(long_log: GameLog) -> None:
    with long_game.counting():
        pictures = stills(long_log)
        assert long_game.CountedView.alive == len(pictures) - 1  # the result shares the final board's view
    assert long_game.CountedView.most <= MAX_FRAMES + 2, "views held at once"
    assert long_game.LongDuel.most_states <= 3, "states held at once: no move remembered for an undo"
    assert MAX_FRAMES // 2 <= len(pictures) <= MAX_FRAMES
    boards = pictures[:-1]
    assert boards[0].label == "Start" and _move(boards[-1]) == CHANGES and pictures[-1].kind == "outcome"
    moves = [_move(still) for still in boards]
    assert moves == sorted(set(moves)), "in order, each once"
    # Spread evenly over the game, not bunched at its start or end.
    gaps = [b - a for a, b in pairwise(moves[1:-1])]
    assert max(gaps) <= 2 * min(gaps)


def test_a_thinned_replay_still_tells_every_public_line_once_in_order(long_log: GameLog) -> None:
    pictures = stills(long_log)
    public = [name_seats(line, long_log.names) for change in long_log.changes for line in change.public]
    told = [line for still in pictures for line in still.caption]
    assert told == [*public, result_line(long_log.outcome or {}, long_log.names)]


def test_each_picture_kept_is_the_spectator_view_after_its_change(long_log: GameLog) -> None:
    rebuilt = rebuild(long_log)
    pictures = stills(long_log)
    for still in pictures[:-1]:
        assert still.view == rebuilt.views[_move(still)], still.label
    assert pictures == stills(long_log, rebuilt), "the same pictures from a rebuilt game"


def test_rebuild_keeps_a_state_every_checkpoint_and_makes_views_when_asked(long_log: GameLog) -> None:
    with long_game.counting():
        rebuilt = rebuild(long_log)
        assert long_game.CountedView.most == 0, "no view made while rebuilding"
        kept_states = long_game.LongDuel.alive_states
        assert kept_states <= CHANGES // CHECKPOINT_EVERY + 2
        in_order = [rebuilt.views[index]["round"] for index in range(0, len(rebuilt.views), 97)]
        assert long_game.CountedView.alive == 0 and long_game.CountedView.most == 1
    assert len(rebuilt.views) == CHANGES + 1
    # Any order gives the same views as going through in order.
    picked = list(range(0, len(rebuilt.views), 97))
    random.Random(3).shuffle(picked)
    assert {index: rebuilt.views[index]["round"] for index in picked} == dict(
        zip(range(0, len(rebuilt.views), 97), in_order, strict=True))
    assert rebuilt.views[-1] == rebuilt.views[CHANGES] and rebuilt.views[-1]["outcome"] == rebuilt.outcome
    with pytest.raises(IndexError):
        rebuilt.views[CHANGES + 1]


def test_rebuilt_views_are_every_state_the_stored_game_went_through(stored: Stored) -> None:
    played = stored("nidavellir")  # 100+ changes: past the first kept state
    rebuilt = rebuild(played.log)
    assert list(rebuilt.views) == spectator_views(played)
    assert rebuilt.views[3] == spectator_views(played)[3] and rebuilt.views[-2:] == spectator_views(played)[-2:]


def test_the_animation_draws_only_the_frames_it_shows(long_log: GameLog, monkeypatch: pytest.MonkeyPatch) -> None:
    # More stills than a replay ever shows, as a caller might hand them in: one per round.
    rebuilt = rebuild(long_log)
    many = [Still(rebuilt.views[index], (f"line {index}",), f"Move {index} of {CHANGES}")
            for index in range(0, CHANGES, 16)]
    many.append(Still(rebuilt.views[-1], ("result",), "Result", "outcome"))
    drawn: list[Any] = []
    draw = renderer.draw

    def counted(view: dict[str, Any], names: Any, kind: Any = "board") -> renderer.Sheet:
        drawn.append(view)
        return draw(view, names, kind)

    monkeypatch.setattr(renderer, "draw", counted)
    result = animate(many, long_log.names)
    assert len(drawn) <= MAX_FRAMES and result.frames <= MAX_FRAMES
    assert {0, len(many) - 2, len(many) - 1} <= set(result.shown)
    told = animation_module.captions(many, result.shown)
    assert [line for caption in told for line in caption] == [line for still in many for line in still.caption]
