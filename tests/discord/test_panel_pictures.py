"""A click redraws the hand picture only when what it shows changed (issue 46): narrowing a long
move list edits the panel in place and keeps its picture; a move that changes the seat's view
draws and uploads it again."""

from __future__ import annotations

from bot.discord.ids import ControlId
from tests.discord.harness import Harness
from tests.discord.table_play import live_panel, move_controls, move_option, open_table


async def test_narrowing_keeps_the_picture_and_a_move_draws_it_again(harness: Harness) -> None:
    h = harness
    ann = h.user("ann")
    game_id = await open_table(h, ann, "nidavellir", ais=2)
    await h.client.tables.drain()
    await h.settle()
    panel = live_panel(h, ann, game_id)
    picture = panel.files["hand.png"]
    assert move_option(panel) is None, "the bids are a long list, narrowed in steps"
    uploads = 0
    for _ in range(10):
        found = move_option(panel)
        if found is not None:
            break
        comp = move_controls(panel)[0]
        # On a busy machine the AI seats' bids may come in after her panel was drawn (they think
        # outside the lock and her panel is not redrawn for them): a click on a panel showing an
        # older board is answered with the board as it is now, drawn again. Every click on a panel
        # showing the current board keeps its picture.
        shown = ControlId.parse(comp["custom_id"])
        assert shown is not None
        current = shown.state_id == (await h.client.tables.game(game_id)).state_id
        before = len(h.requests)
        await h.click(ann, comp["custom_id"], [comp["options"][0]["value"]], message=panel)
        uploads += sum("hand.png" in r.files for r in h.requests[before:]) if current else 0
        panel = h.messages[panel.id]
        if current:
            assert panel.files.get("hand.png") == picture, "the panel keeps its picture"
        picture = panel.files["hand.png"]
        assert panel.payload["embeds"][0]["image"]["url"], "and shows it"
    assert found is not None and uploads == 0, "narrowing uploads no picture"
    before = len(h.requests)
    await h.click(ann, found[0], found[1], message=panel)
    assert sum("hand.png" in r.files for r in h.requests[before:]) >= 1, "the move changed her view: drawn again"
    assert h.messages[panel.id].files["hand.png"] != picture
