"""A whole Nidavellir game in a server: three people, sealed bids, only interactions."""

from __future__ import annotations

import random

from tests.discord.harness import Harness, Message
from tests.discord.table_play import (
    choose,
    live_panel,
    make_move,
    move_controls,
    move_option,
    open_table,
    play_out,
    whose_turn,
)


async def test_nidavellir_is_played_to_the_end_through_panels(harness: Harness) -> None:
    h = harness
    ann, bob, cid = h.user("ann"), h.user("bob"), h.user("cid")
    game_id = await open_table(h, ann, "nidavellir", [bob, cid])
    info = await h.client.tables.game(game_id)
    assert sorted(info.to_move) == [0, 1, 2], "the first bids are sealed and simultaneous"
    start = h.last_message(info.thread_id or 0)
    # Each is told of the first bids once: by their new DM panel, so the thread names them unpinged.
    assert all(f"**{p.name}**" in start.content and p.mention not in start.content for p in (ann, bob, cid))
    assert all(sum("Your move" in m.content for m in h.dms(p)) == 1 for p in (ann, bob, cid))
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


async def test_a_seat_holding_the_bronze_and_a_gold_5_is_offered_5b_and_5g(harness: Harness) -> None:
    """Ann trades 2 + 3 for a gold 5 in round 1 while her bronze 5 is bid: in round 2 autocomplete,
    the panel and /move all name the metal (rules 3, docs/nidavellir.md)."""
    h = harness
    ann, bob = h.user("ann"), h.user("bob")
    game_id = await open_table(h, ann, "nidavellir", [bob])
    thread = (await h.client.tables.game(game_id)).thread_id or 0
    await h.slash(ann, "move", {"text": "bid 0 4 5"}, channel_id=thread)
    await h.slash(bob, "move", {"text": "bid 2 3 4"}, channel_id=thread)
    people = {ann.id: ann, bob.id: bob}
    while True:  # plain picks (no offering: its transform could take a 5 away) until round 2's bids
        movers = await whose_turn(h, game_id)
        legal = [m.text for m in (await h.client.tables.table_view(game_id, ann.id)).legal_moves]
        if ann.id in movers and legal[0].startswith("bid "):
            break
        user = people[movers[0]]
        texts = [m.text for m in (await h.client.tables.table_view(game_id, user.id)).legal_moves]
        await h.slash(user, "move", {"text": next(t for t in texts if "offering" not in t)}, channel_id=thread)
    offered = [c["value"] for c in await h.autocomplete(ann, "move", {"text": "bid 0 5"}, "text", channel_id=thread)]
    assert "bid 0 5b 5g" in offered and "bid 0 5g 5b" in offered and "bid 0 5 2" not in offered
    vague = await h.slash(ann, "move", {"text": "bid 0 5 2"}, channel_id=thread)
    assert "⛔" in h.reply_text(vague) and "name one, 5b or 5g" in h.reply_text(vague)
    assert "✅" in h.reply_text(await make_move(h, ann, live_panel(h, ann, game_id), "bid 0 5g 5b"))
    assert not (await h.client.tables.table_view(game_id, ann.id)).legal_moves  # her bid is in
