"""A game's own choice of thread pings (issue 46): the host sets `/game pings`, the server's
`thread_pings` is the default; another game of the server keeps pinging."""

from __future__ import annotations

import pytest

from tests.discord.clocked import Clock
from tests.discord.harness import Harness
from tests.discord.table_play import open_table
from tests.discord.told import a_step


@pytest.fixture
def harness(clocked: Harness) -> Harness:
    return clocked


async def test_the_host_turns_their_games_pings_off_and_another_game_still_pings(harness: Harness,
                                                                                 clock: Clock) -> None:
    """Ann turns her game's pings off: its thread names Cy (DMs closed) without a ping, while Bob's
    game on the same server pings him; `server` follows the server's setting again."""
    h = harness
    ann, bob, cy = h.user("ann"), h.user("bob"), h.user("cy", dm_closed=True)
    hushed = await open_table(h, ann, "wonderful", [bob, cy], options={"clock": "daily"})
    loud = await open_table(h, bob, "wonderful", [ann, cy], options={"clock": "daily"})
    thread = (await h.client.tables.game(hushed)).thread_id
    assert thread is not None
    shown = await h.slash(cy, "game pings", {}, channel_id=thread)
    assert "pings those who must act" in h.reply_text(shown) and "this server's" in h.reply_text(shown)
    turned = await h.slash(ann, "game pings", {"choice": "off"}, channel_id=thread)
    assert f"Game #{hushed}'s thread names those who must act without pinging" in h.reply_text(turned)
    assert (await h.client.tables.game(hushed)).thread_pings == "off"
    assert (await h.client.tables.game(loud)).thread_pings is None

    before = len(h.channel_messages(thread))
    told = await a_step(h, clock, [cy, ann, bob], hushed)
    assert told[cy.id, "ping"] == 0, told
    named = [m.content for m in h.channel_messages(thread)[before:] if "cy" in m.content]
    assert named, "the thread still names who must act"
    told = await a_step(h, clock, [cy, ann, bob], loud)
    assert told[cy.id, "ping"] >= 1, told

    back = await h.slash(ann, "game pings", {"choice": "server"}, channel_id=thread)
    assert "this server's `thread_pings`" in h.reply_text(back), h.reply_text(back)
    assert (await h.client.tables.game(hushed)).thread_pings is None
    told = await a_step(h, clock, [cy, ann, bob], hushed)
    assert told[cy.id, "ping"] >= 1, told


async def test_only_the_host_chooses_a_games_pings_and_nothing_else_is_taken(harness: Harness) -> None:
    """Someone else (a player, even) is refused by name; so is a value that is no choice; neither
    changes anything, nor spends the host's budget (`pings`: 4 a minute)."""
    h = harness
    h.client.cooldowns.control_factor = 1.0
    ann, bob = h.user("ann"), h.user("bob")
    mod = h.user("mod", manage_guild=True)
    game_id = await open_table(h, ann, "wonderful", [bob, h.user("cy")])
    thread = (await h.client.tables.game(game_id)).thread_id
    refused = await h.slash(bob, "game pings", {"choice": "off"}, channel_id=thread)
    assert "Only the host (ann) or an admin can choose this game's thread pings" in h.reply_text(refused), \
        h.reply_text(refused)
    bad = await h.slash(ann, "game pings", {"choice": "loudly"}, channel_id=thread)
    assert "not 'loudly'" in h.reply_text(bad), h.reply_text(bad)
    assert (await h.client.tables.game(game_id)).thread_pings is None
    await h.slash(mod, "game pings", {"choice": "off"}, channel_id=thread)
    assert (await h.client.tables.game(game_id)).thread_pings == "off", "Manage Server may, as for pausing"
    for choice in ("to_act", "off", "to_act", "off"):
        answer = await h.slash(ann, "game pings", {"choice": choice}, channel_id=thread)
        assert "Easy there" not in h.reply_text(answer), h.reply_text(answer)
    late = await h.slash(ann, "game pings", {"choice": "to_act"}, channel_id=thread)
    assert "Easy there" in h.reply_text(late), h.reply_text(late)
    assert (await h.client.tables.game(game_id)).thread_pings == "off", "refused: nothing changed"


async def test_a_rematch_keeps_the_tables_choice_of_pings(harness: Harness) -> None:
    """Like its clock, the table's thread pings carry over to its rematch."""
    h = harness
    ann, bob = h.user("ann"), h.user("bob")
    game_id = await open_table(h, ann, "nidavellir", [bob], ais=1)
    thread = (await h.client.tables.game(game_id)).thread_id
    assert thread is not None
    await h.slash(ann, "game pings", {"choice": "off"}, channel_id=thread)
    asked = await h.slash(ann, "game resign", {"game": game_id})
    await h.click(ann, h.button(h.replies(asked)[-1], f"Resign game #{game_id}"), message=h.replies(asked)[-1])
    assert (await h.client.tables.game(game_id)).status == "finished"
    final = h.last_message(thread)
    again = await h.click(bob, h.button(final, "Rematch"), message=final)
    assert "Rematch table #" in h.reply_text(again), h.reply_text(again)
    new_id = int(h.button(h.last_message(h.channel_id), "Join").split(":")[1])
    assert new_id != game_id and (await h.client.tables.game(new_id)).thread_pings == "off"
