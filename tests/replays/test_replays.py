"""A finished game's replay shows only what a spectator saw: every frame is the spectator view of a
state the game went through, no seat's hand, bid, pouch or face-down card is in it, and captions
are public lines only. Checked on a real game of every registered game, stored through the table
service, plus a resignation."""

from __future__ import annotations

import io
from itertools import pairwise
from typing import Any

import pytest
from PIL import Image, ImageChops
from PIL.GifImagePlugin import GifImageFile

import renderer
from bot import games
from bot.names import name_seats, result_line
from bot.replays import (
    Change,
    GameLog,
    NoLongerReplays,
    NotReplayable,
    Player,
    rebuild,
    replay_animation,
    replay_file,
    stills,
)
from bot.store import open_store
from engine import registry
from renderer.replay import Still
from tests.conformance import leaves, secrets_of
from tests.replays.conftest import FINISHED, RESIGNED, RUNNING, Stored
from tests.replays.games import Played, spectator_views

REPLAYED = [case.name for case in FINISHED] + [RESIGNED.name]


def test_every_registered_game_has_a_finished_case_and_key_moments() -> None:
    key_moments = {name for name in registry.names() if games.get(name).key_moment is not None}
    assert {case.game for case in FINISHED} == set(registry.names()) == key_moments


def _state_of(played: Played, still: Still, views: list[dict[str, Any]]) -> Any:
    """The state a frame shows: the first state whose spectator view it is exactly."""
    view = still.view
    if still.kind == "outcome":
        view = {**view, "outcome": views[-1]["outcome"]}
    assert view in views, f"{still.label}: not the spectator view of any state of the game"
    return played.states[views.index(view)]


@pytest.mark.parametrize("name", REPLAYED)
def test_every_frame_is_a_spectator_view_with_no_seat_secret_in_it(stored: Stored, name: str) -> None:
    played = stored(name)
    engine = registry.get(played.case.game)
    views = spectator_views(played)
    pictures = stills(played.log)
    secrets_kept = 0
    for still in pictures:
        state = _state_of(played, still, views)
        assert still.view["viewer"] is None and "hand" not in still.view and still.view.get("pioneer") is None
        shown = dict(leaves(still.view))
        spectator = engine.view(state, None)
        for seat in range(played.case.players):
            secrets = secrets_of(engine.view(state, seat), spectator)
            secrets_kept += len(secrets)
            leaked = {path: value for path, value in secrets.items() if shown.get(path) == value}
            assert not leaked, f"{still.label}: seat {seat + 1}'s {leaked}"
    assert secrets_kept > 0  # there were hands, bids or pouches to keep out
    assert pictures[0].label == "Start" and all(still.kind == "board" for still in pictures[:-1])
    if played.case.resign_at is None:
        assert pictures[-1].kind == "outcome" and pictures[-2].view == views[-1]


@pytest.mark.parametrize("name", REPLAYED)
def test_captions_are_the_public_lines_named_and_nothing_else(stored: Stored, name: str) -> None:
    played = stored(name)
    names = played.names
    public = [name_seats(text, names) for row in played.rows for text, seats in row.events if seats is None]
    pictures = stills(played.log)
    told = [line for still in pictures for line in still.caption]
    assert told == [*public, result_line(played.log.outcome or {}, names)]  # every public line, once, in order
    secret = played.private_lines() | {name_seats(line, names) for line in played.private_lines()}
    texts = played.move_texts()
    for line in told:
        assert line not in secret
        assert not any(text in line for text in texts if " " in text), line  # no move text, e.g. "bid 5 2 0"
    assert not any("Seat " in line for line in told)  # named, as the thread names them


def test_key_moments_tranquility_a_frame_per_island_placed_and_the_start_card(stored: Stored) -> None:
    played = stored("tranquility")
    views = spectator_views(played)
    boards = [still.view for still in stills(played.log)[1:-1]]
    grids = [tuple(view["cells"]) for view in boards]
    changed = {(tuple(b["cells"]), b["start_played"]) for a, b in pairwise(views)
               if (a["cells"], a["start_played"]) != (b["cells"], b["start_played"])}
    assert changed <= {(tuple(view["cells"]), view["start_played"]) for view in boards}
    filled = [sum(cell is not None for cell in grid) for grid in grids]
    assert filled == sorted(filled) and filled[-1] == 36  # a won game: one frame per island, in order
    assert len(boards) < len(played.log.changes)  # discards and draws are told, not shown


def test_key_moments_nidavellir_a_frame_per_tavern_resolved_and_per_age(stored: Stored) -> None:
    played = stored("nidavellir")
    pictures = stills(played.log)
    boards = [still.view for still in pictures[1:-1]]
    marks = [(v["age"], v["round"], sum(t["resolved"] for t in v["taverns"]), v["phase"]) for v in boards]
    assert all(a != b for a, b in pairwise(marks))  # no two frames of one moment
    assert marks[-1][3] == "over" and any("Age 1 ends." in still.caption for still in pictures)  # each age's end
    rounds = {(age, rnd) for age, rnd, _, _ in marks}
    assert {1, 2} <= {age for age, _ in rounds}
    # Three taverns a round: about three frames a round, far fewer than the changes (bids, picks).
    assert 2 * len(rounds) <= len(boards) <= 4 * len(rounds) + 2
    assert len(boards) * 3 < len(played.log.changes)
    assert any("revealed" in line for still in pictures for line in still.caption)


def test_a_resigned_game_ends_on_its_last_board_captioned_with_the_tables_result(stored: Stored) -> None:
    played = stored(RESIGNED.name)
    assert played.rows[-1].kind == "resign" and played.log.outcome is not None
    rebuilt = rebuild(played.log)
    assert rebuilt.outcome == played.log.outcome and rebuilt.views[-1] == rebuilt.views[-2]
    pictures = stills(played.log)
    # The rules never scored it: no score sheet, the board as it was left and the table's word.
    assert pictures[-1].kind == "board" and pictures[-1].view == rebuilt.views[-1]
    assert pictures[-1].caption[-2:] == (f"{played.names[0]} resigned.", result_line(played.log.outcome, played.names))
    assert replay_animation(played.log).durations[-1] >= 5000


def test_the_gif_holds_exactly_the_spectator_pictures_at_a_readable_pace(stored: Stored) -> None:
    played = stored("nidavellir-thingvellir")
    pictures = stills(played.log)
    animation = replay_animation(played.log)
    assert animation.fits and animation.scale == 1.0 and animation.shown == tuple(range(len(pictures)))
    sheets = [renderer.draw(still.view, played.names, still.kind) for still in pictures]
    with Image.open(io.BytesIO(animation.data)) as gif:
        assert isinstance(gif, GifImageFile) and gif.n_frames == len(pictures)
        band = gif.height - max(sheet.height for sheet in sheets)
        for index in (0, len(pictures) // 2, len(pictures) - 1):
            gif.seek(index)
            frame = gif.convert("RGB").crop((0, band, gif.width, band + sheets[index].height))
            off = ImageChops.difference(frame, sheets[index].rgb()).convert("L").point(lambda v: v > 24 and 255)
            assert off.histogram()[255] < 0.002 * frame.width * frame.height  # palette rounding only
    durations = animation.durations
    assert durations[-1] == max(durations) >= 5000 and min(durations) >= 1000


def test_only_a_finished_game_has_a_replay(stored: Stored) -> None:
    with pytest.raises(NotReplayable, match="not finished"):
        rebuild(stored(RUNNING.name).log)


def test_a_log_that_no_longer_replays_is_refused_without_the_engines_reason(stored: Stored) -> None:
    played = stored("tranquility")
    changes = list(played.log.changes)
    changes[5] = type(changes[5])(6, changes[5].seat, "move", "place 80 at 1", changes[5].public)
    broken = type(played.log)(**{**played.log.__dict__, "changes": tuple(changes)})
    with pytest.raises(NoLongerReplays, match=r"^Change 6 no longer replays .*\((IllegalMove|NotYourTurn)\)\.$"):
        rebuild(broken)
    told = list(played.log.changes)
    told[3] = type(told[3])(4, told[3].seat, "move", told[3].text, ("Ann wins at once.",))
    with pytest.raises(NoLongerReplays, match="other public lines"):
        rebuild(type(played.log)(**{**played.log.__dict__, "changes": tuple(told)}))


async def test_replay_file_reads_the_store_once_and_refuses_what_has_no_replay(stored: Stored) -> None:
    played, running = stored("tranquility"), stored(RUNNING.name)
    store = await open_store(played.db, exclusive=False)
    try:
        attachment = await replay_file(store, played.game_id)
        with pytest.raises(NotReplayable, match="There is no game #999"):
            await replay_file(store, 999)
    finally:
        await store.close()
    assert attachment.filename == f"skald-tranquility-{played.game_id}-replay.gif"
    assert attachment.media_type == "image/gif" and attachment.data.startswith(b"GIF89a")
    assert attachment.fits and attachment.frames == len(stills(played.log))
    store = await open_store(running.db, exclusive=False)
    try:
        with pytest.raises(NotReplayable, match="not finished"):
            await replay_file(store, running.game_id)
    finally:
        await store.close()


def test_a_game_is_set_up_again_under_its_own_rules_version() -> None:
    """Tranquility 1 drew everything from one stream: a game stored under it replays under it."""
    engine = registry.get("tranquility")
    ai = engine.ai_players()["heuristic"]
    state = engine.setup(2, {"jagged_rocks": "auto"}, 31, version=1)
    changes: list[Change] = []
    while engine.outcome(state) is None:
        seat = min(engine.to_move(state))
        move = ai.choose(state, seat, len(changes))
        step = engine.apply(state, seat, move)
        public = tuple(event.text for event in step.events if event.public)
        changes.append(Change(len(changes) + 1, seat, "move", move.text, public))
        state = step.state
    log = GameLog("tranquility", "Tranquility", "finished", {"jagged_rocks": "auto"}, 1, 31,
                  (Player(0, "Ann", None), Player(1, "Bo", None)), tuple(changes), None)
    assert rebuild(log).views[-1] == engine.view(state, None)
    with pytest.raises(NoLongerReplays):
        rebuild(GameLog(**{**log.__dict__, "engine_version": 2}))
