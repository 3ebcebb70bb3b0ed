"""A whole Nidavellir game in a server: three people, sealed bids, only interactions."""

from __future__ import annotations

from tests.discord.harness import Harness
from tests.discord.table_play import open_table, play_out


async def test_nidavellir_is_played_to_the_end_through_panels(harness: Harness) -> None:
    h = harness
    ann, bob, cid = h.user("ann"), h.user("bob"), h.user("cid")
    game_id = await open_table(h, ann, "nidavellir", [bob, cid])
    info = await h.client.tables.game(game_id)
    assert sorted(info.to_move) == [0, 1, 2], "the first bids are sealed and simultaneous"
    start = h.last_message(info.thread_id or 0)
    assert all(f"<@{p.id}>" in start.content for p in (ann, bob, cid))
    moves = await play_out(h, game_id, [ann, bob, cid], seed=2)
    story = h.channel_messages(info.thread_id or 0)
    assert "placed their bids" in story[1].content and "<@" not in story[1].content, \
        "a seat still bidding is not pinged again"
    assert all(not inv.calls_before_ack for inv in h.invocations.values()), "acknowledge first"
    info = await h.client.tables.game(game_id)
    assert info.status == "finished" and info.outcome is not None and info.outcome["scores"]
    last = h.last_message(info.thread_id or 0)
    assert "🏁" in last.text() and "board.png" in last.files
    assert "points" in last.text()
    assert moves > 20
    assert all(inv.acknowledged for inv in h.invocations.values())
    assert not h.unhandled
