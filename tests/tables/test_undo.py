"""Taking a move back (docs/undo.md): each rule, through the table service and its store."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot import replays
from bot.names import name_seats
from bot.tables import Tables
from bot.tables.audit import verify
from bot.tables.errors import CantUndo, NotInGame
from bot.tables.types import NewTable
from engine import registry
from tests.tables.conftest import ALICE, BOB, CARL, CHANNEL, GUILD, Recorder, duel
from tests.tables.duel import games

DAVE = 4


async def _lay(tables: Tables, game_id: int, user_id: int, rune_index: int = 0) -> str:
    view = await tables.table_view(game_id, user_id)
    text = view.legal_moves[rune_index].text
    await tables.play.move(game_id, user_id, view.state_id, text)
    return text


async def test_undo_a_sealed_choice_changes_it_before_the_reveal(tables: Tables, recorder: Recorder) -> None:
    game_id = await duel(tables, players=3)
    first = await _lay(tables, game_id, ALICE, 0)
    await _lay(tables, game_id, BOB)  # another seat's choice in the same step leaves Alice's open
    assert (await tables.table_view(game_id, ALICE)).undo == 1
    result = await tables.undo.take_back(game_id, ALICE)
    assert result.text == first
    view = await tables.table_view(game_id, ALICE)
    assert view.my_turn and first in {m.text for m in view.legal_moves}
    assert view.to_move == (0, 2)  # Bob's rune stays laid
    assert view.undo is None
    # The change is in the log, told to all; what was laid stays secret.
    public = recorder.public[-1]
    assert public.reason == "undo" and [name_seats(e, public.names) for e in public.events] == [
        "Alice takes back their last move."]
    assert first not in " ".join(u for p in recorder.public for u in p.events)
    second = await _lay(tables, game_id, ALICE, 1)
    await _lay(tables, game_id, CARL)
    shown = recorder.public[-1].events
    assert any(second.split()[1] in line for line in shown if line.startswith("Runes shown"))


async def test_undo_refused_after_the_reveal(tables: Tables) -> None:
    game_id = await duel(tables)
    await _lay(tables, game_id, ALICE)
    await _lay(tables, game_id, BOB)  # the last rune: all are shown and everyone draws
    with pytest.raises(CantUndo, match="drew or revealed"):
        await tables.undo.take_back(game_id, BOB)
    with pytest.raises(CantUndo, match=r"has played since|revealed something"):
        await tables.undo.take_back(game_id, ALICE)
    assert (await tables.table_view(game_id, BOB)).undo is None


async def test_undo_refused_without_a_move_or_a_seat(tables: Tables) -> None:
    game_id = await duel(tables)
    with pytest.raises(CantUndo, match="no move to take back"):
        await tables.undo.take_back(game_id, ALICE)
    with pytest.raises(NotInGame):
        await tables.undo.take_back(game_id, DAVE)
    assert (await tables.table_view(game_id, ALICE)).undo is None


async def test_undo_double_click_takes_back_one_move(tables: Tables) -> None:
    game_id = await duel(tables, players=3)
    await _lay(tables, game_id, ALICE)
    target = (await tables.table_view(game_id, ALICE)).undo
    assert target is not None
    outcomes = await asyncio.gather(tables.undo.take_back(game_id, ALICE, target),
                                    tables.undo.take_back(game_id, ALICE, target), return_exceptions=True)
    assert sum(not isinstance(o, BaseException) for o in outcomes) == 1
    refused = next(o for o in outcomes if isinstance(o, BaseException))
    assert isinstance(refused, CantUndo)
    moves = await tables.store.games.moves(game_id)
    assert [m.kind for m in moves] == ["move", "undo"]


async def test_undo_survives_a_restart_and_the_log_verifies(db_path: Path) -> None:
    tables = await Tables.open(db_path, games=games, snapshot_every=4)
    try:
        game_id = await duel(tables, players=3, rounds=1)
        await _lay(tables, game_id, ALICE, 0)
        await _lay(tables, game_id, BOB)
        await tables.undo.take_back(game_id, ALICE)
        before = tables.store
        expected = (await tables.table_view(game_id, ALICE)).view
    finally:
        await tables.close()
    assert before is not None
    tables = await Tables.open(db_path, games=games, snapshot_every=4)
    try:
        assert (await tables.table_view(game_id, ALICE)).view == expected
        # The whole log replays: the move taken back, then Bob's rune again, then on.
        await _lay(tables, game_id, ALICE, 2)
        await _lay(tables, game_id, CARL)
        assert (await tables.game(game_id)).status == "finished"
        audit = await verify(tables.store, games)
        assert audit.ok, audit.findings
    finally:
        await tables.close()


async def _nidavellir(tables: Tables) -> int:
    info = await tables.lobby.create(NewTable(guild_id=GUILD, channel_id=CHANNEL, host_id=ALICE, host_name="Alice",
                                              game="nidavellir"))
    await tables.lobby.join(info.game_id, BOB, "Bob")
    await tables.lobby.join(info.game_id, CARL, "Carl")
    await tables.lobby.start(info.game_id, ALICE, seed=11)
    return info.game_id


USERS = {0: ALICE, 1: BOB, 2: CARL}


async def _act(tables: Tables, game_id: int, seat: int) -> None:
    view = await tables.table_view(game_id, USERS[seat])
    await tables.play.move(game_id, USERS[seat], view.state_id, view.legal_moves[0].text)


async def test_undo_own_last_move_until_another_player_acts(tables: Tables) -> None:
    """Nidavellir: a pick from a face-up tavern can be taken back until the next player picks."""
    game_id = await _nidavellir(tables)
    for seat in (0, 1, 2):  # the bids; the last one reveals the first tavern's
        await _act(tables, game_id, seat)
    picker = (await tables.game(game_id)).to_move[0]
    before = (await tables.table_view(game_id, None)).view
    await _act(tables, game_id, picker)
    assert (await tables.table_view(game_id, USERS[picker])).undo is not None
    await tables.undo.take_back(game_id, USERS[picker])
    assert (await tables.table_view(game_id, None)).view == before
    # Pick again, finish this seat's turn, and let the next player pick: now it stands.
    await _act(tables, game_id, picker)
    while (info := await tables.game(game_id)).to_move == (picker,):
        await _act(tables, game_id, picker)
    other = info.to_move[0]
    await _act(tables, game_id, other)
    with pytest.raises(CantUndo, match="has played since"):
        await tables.undo.take_back(game_id, USERS[picker])


async def test_undo_refused_after_a_draw(tables: Tables) -> None:
    """Tranquility: discarding ends the turn with a draw; the drawn cards can't be unseen."""
    info = await tables.lobby.create(NewTable(guild_id=GUILD, channel_id=CHANNEL, host_id=ALICE, host_name="Alice",
                                              game="tranquility"))
    await tables.lobby.join(info.game_id, BOB, "Bob")
    await tables.lobby.start(info.game_id, ALICE, seed=3)
    game_id = info.game_id
    first = (await tables.game(game_id)).to_move[0]
    view = await tables.table_view(game_id, USERS[first])
    discard = next(m.text for m in view.legal_moves if m.text.startswith("discard"))
    await tables.play.move(game_id, USERS[first], view.state_id, discard)
    with pytest.raises(CantUndo, match="drew or revealed"):
        await tables.undo.take_back(game_id, USERS[first])


async def test_undo_a_place_before_the_rocks_choice(tables: Tables) -> None:
    """Tranquility with the Jagged Rocks moved by hand: placing an island draws nothing yet."""
    info = await tables.lobby.create(NewTable(guild_id=GUILD, channel_id=CHANNEL, host_id=ALICE, host_name="Alice",
                                              game="tranquility", options={"jagged_rocks": "manual"}))
    await tables.lobby.join(info.game_id, BOB, "Bob")
    await tables.lobby.start(info.game_id, ALICE, seed=3)
    game_id = info.game_id
    first = (await tables.game(game_id)).to_move[0]
    view = await tables.table_view(game_id, USERS[first])
    place = next(m.text for m in view.legal_moves if m.text.startswith("place"))
    await tables.play.move(game_id, USERS[first], view.state_id, place)
    after = await tables.table_view(game_id, USERS[first])
    assert after.undo is not None and after.my_turn  # the rocks step is theirs too
    await tables.undo.take_back(game_id, USERS[first])
    again = await tables.table_view(game_id, USERS[first])
    assert again.view == view.view and [m.text for m in again.legal_moves] == [m.text for m in view.legal_moves]


async def test_replay_of_a_game_with_a_takeback_shows_what_stood(db_path: Path) -> None:
    tables = await Tables.open(db_path, snapshot_every=4)
    try:
        info = await tables.lobby.create(NewTable(guild_id=GUILD, channel_id=CHANNEL, host_id=ALICE, host_name="Alice",
                                                  game="tranquility", options={"jagged_rocks": "manual"}))
        await tables.lobby.add_ai(info.game_id, ALICE, "random")
        await tables.lobby.start(info.game_id, ALICE, seed=8)
        game_id = info.game_id
        undone = False
        while (view := await tables.table_view(game_id, ALICE)).info.status == "running":
            if view.my_turn:
                await tables.play.move(game_id, ALICE, view.state_id, view.legal_moves[-1].text)
                if not undone and (await tables.table_view(game_id, ALICE)).undo is not None:
                    await tables.undo.take_back(game_id, ALICE)
                    undone = True
            await tables.drain()
        assert undone
        log = await replays.load_log(tables.store, game_id)
        assert "undo" in {c.kind for c in log.changes}
        standing = replays.standing(log)
        assert "undo" not in {c.kind for c in standing.changes}
        assert len(standing.changes) == len(log.changes) - 2
        rebuilt = replays.rebuild(log)
        assert rebuilt.outcome == (await tables.game(game_id)).outcome
        assert len(rebuilt.views) == len(standing.changes) + 1
        audit = await verify(tables.store, registry.get)
        assert audit.ok, audit.findings
    finally:
        await tables.close()
