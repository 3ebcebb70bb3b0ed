"""A whole Nidavellir game in a server: three people, sealed bids, only interactions."""

from __future__ import annotations

import random

from tests.discord.harness import Harness, Message
from tests.discord.table_play import choose, live_panel, move_controls, move_option, open_table, play_out, whose_turn


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
    assert "placed their bids" in story[1].text() and "<@" not in story[1].content, \
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


async def test_thingvellir_is_played_to_the_end_with_the_camp_picked_through_panels(harness: Harness) -> None:
    h = harness
    people = [h.user("ann"), h.user("bob"), h.user("cid")]
    game_id = await open_table(h, people[0], "nidavellir", people[1:], options={"thingvellir": True})
    by_id = {p.id: p for p in people}
    rng = random.Random(4)
    camp_clicks = 0
    while (await h.client.tables.game(game_id)).status == "running":
        user = by_id[(await whose_turn(h, game_id))[0]]
        panel = live_panel(h, user, game_id)
        camp = camp_control(panel)
        if camp is not None and camp_clicks < 6:
            custom_id, values = camp
            inv = await h.click(user, custom_id, values, message=panel)
            if values and values[0].startswith("p:"):  # a group "camp …": narrowed in place, then pick
                panel = h.messages[panel.id]
                found = camp_control(panel) or move_option(panel)
                assert found is not None
                inv = await h.click(user, found[0], found[1], message=panel)
            camp_clicks += 1
        else:
            inv = await choose(h, user, panel, rng)
        assert inv.acknowledged and "⛔" not in h.reply_text(inv)
    changes = await h.client.tables.outbox.changes(game_id, after=0)
    assert sum(c.text.startswith("camp ") for c in changes) >= 3, "camp cards were taken through the panels"
    info = await h.client.tables.game(game_id)
    assert info.outcome is not None and "artefacts" in str(info.outcome.get("sheet"))
    last = h.last_message(info.thread_id or 0)
    assert "🏁" in last.text() and "board.png" in last.files


def camp_control(panel: Message) -> tuple[str, list[str] | None] | None:
    """The panel's control that takes a camp card (or narrows to them), if it offers one."""
    for comp in move_controls(panel):
        if comp["type"] == 2 and ":do:camp " in comp["custom_id"]:
            return comp["custom_id"], None
        for option in comp.get("options", []):
            if option["value"].startswith(("m:camp ", "p:camp")):
                return comp["custom_id"], [option["value"]]
    return None
