"""A whole Tranquility game in a server: two people and an AI seat, only interactions."""

from __future__ import annotations

from tests.discord.harness import Harness
from tests.discord.table_play import open_table, play_out


async def test_tranquility_is_played_to_the_end_through_panels(harness: Harness) -> None:
    h = harness
    ann, bob = h.user("ann"), h.user("bob")
    game_id = await open_table(h, ann, "tranquility", [bob], ais=1)
    info = await h.client.tables.game(game_id)
    assert info.thread_id is not None and info.thread_id in h.threads
    start = h.channel_messages(info.thread_id)[0]
    assert "begins" in start.text() and "board.png" in start.files
    assert h.dms(ann) and h.dms(bob)
    moves = await play_out(h, game_id, [ann, bob])
    info = await h.client.tables.game(game_id)
    assert info.status == "finished" and info.outcome is not None
    last = h.last_message(info.thread_id or 0)
    assert "🏁" in last.text() and "board.png" in last.files
    assert moves > 3
    assert not h.unhandled
    assert all(inv.acknowledged for inv in h.invocations.values())
    assert all(not inv.calls_before_ack for inv in h.invocations.values()), "acknowledge first"


async def test_where_no_thread_can_be_made_the_game_plays_in_the_channel(harness: Harness) -> None:
    h = harness
    h.thread_creation_allowed = False
    ann = h.user("ann")
    game_id = await open_table(h, ann, "tranquility")
    info = await h.client.tables.game(game_id)
    assert info.thread_id is None and not h.threads
    assert "begins" in h.last_board(game_id).text()
    assert h.last_board(game_id).channel_id == h.channel_id
    await play_out(h, game_id, [ann])
    assert "🏁" in h.last_message(h.channel_id).text()
