"""Restarts lose nothing; wrong people and old panels are refused with the reason."""

from __future__ import annotations

import copy
import random

from tests.discord.harness import Harness
from tests.discord.table_play import choose, live_panel, move_controls, narrow_to_moves, open_table, whose_turn


async def test_buttons_sent_before_a_restart_still_work(harness: Harness) -> None:
    h = harness
    ann, bob = h.user("ann"), h.user("bob")
    game_id = await open_table(h, ann, "tranquility", [bob])
    rng = random.Random(3)
    people = {ann.id: ann, bob.id: bob}
    for _ in range(2):
        user = people[(await whose_turn(h, game_id))[0]]
        await choose(h, user, live_panel(h, user, game_id), rng)
    before = (await h.client.tables.game(game_id)).state_id
    old_board = h.last_board(game_id)

    await h.restart()  # a new bot process over the same database

    user = people[(await whose_turn(h, game_id))[0]]
    panel = live_panel(h, user, game_id)
    assert int(move_controls(panel)[0]["custom_id"].split(":")[2]) == before
    inv = await choose(h, user, panel, rng)
    assert inv.acknowledged
    assert (await h.client.tables.game(game_id)).state_id == before + 1
    opened = await h.click(ann, h.button(old_board, "My hand"), message=old_board)
    assert opened.acknowledged and "view (seat 1)" in h.reply_text(opened)


async def test_a_non_player_is_refused_with_the_reason(harness: Harness) -> None:
    h = harness
    ann, bob, carl = h.user("ann"), h.user("bob"), h.user("carl")
    inv = await h.slash(ann, "play tranquility")
    lobby = h.messages[inv.original_id or 0]
    await h.click(bob, h.button(lobby, "Join"), message=lobby)
    refused = await h.click(carl, h.button(lobby, "Start"), message=lobby)
    assert "Only the host" in h.reply_text(refused)
    cancel = await h.click(carl, h.button(lobby, "Cancel"), message=lobby)
    assert "Only the host" in h.reply_text(cancel)
    start = h.button(lobby, "Start")
    as_it_was = copy.deepcopy(lobby.payload)
    await h.click(ann, start, message=lobby)
    game_id = 1
    threads = len(h.threads)
    lobby.payload = as_it_was  # a second click from a client that still shows the buttons
    twice = await h.click(ann, start, message=lobby)
    assert "already started" in h.reply_text(twice) and len(h.threads) == threads
    info = await h.client.tables.game(game_id)
    assert info.status == "running"

    user = ann if (await whose_turn(h, game_id))[0] == ann.id else bob
    panel = live_panel(h, user, game_id)
    custom_id, values = await narrow_to_moves(h, user, panel)
    intruder = await h.click(carl, custom_id, values, message=panel)
    # A DM control acts only for a seat holder; to anyone else the game isn't there at all.
    assert "There is no game #1 here" in h.reply_text(intruder)
    typed = await h.slash(carl, "move", {"text": "discard finish finish", "game": game_id},
                          channel_id=info.thread_id)
    assert "no seat" in h.reply_text(typed)
    answers = [h.messages[i] for i in intruder.followups + typed.followups]
    assert answers and all(m.ephemeral_for == carl.id for m in answers)
    abandon = await h.slash(carl, "game abandon", {"game": game_id})
    assert "Only the host" in h.reply_text(abandon)


async def test_a_click_on_an_old_panel_gets_the_current_one(harness: Harness) -> None:
    h = harness
    ann, bob = h.user("ann"), h.user("bob")
    game_id = await open_table(h, ann, "tranquility", [bob])
    user = ann if (await whose_turn(h, game_id))[0] == ann.id else bob
    panel = live_panel(h, user, game_id)
    custom_id, values = await narrow_to_moves(h, user, panel)
    as_it_was = copy.deepcopy(panel.payload)
    first = await h.click(user, custom_id, values, message=panel)
    assert first.acknowledged and (await h.client.tables.game(game_id)).state_id == 1
    panel.payload = as_it_was  # the same panel before the move: a double click, a second device
    again = await h.click(user, custom_id, values, message=panel)
    text = h.reply_text(again)
    assert "moved on" in text, text
    reply = h.replies(again)[-1]
    assert reply.ephemeral_for == user.id
    assert "hand.png" in reply.files or "board.png" in reply.files
    assert (await h.client.tables.game(game_id)).state_id == 1


async def test_a_lobby_opened_before_a_restart_still_fills_and_starts(harness: Harness) -> None:
    h = harness
    ann, bob = h.user("ann"), h.user("bob")
    inv = await h.slash(ann, "play nidavellir")
    lobby = h.messages[inv.original_id or 0]
    await h.restart()
    await h.click(bob, h.button(lobby, "Join"))
    await h.click(ann, h.button(lobby, "Start"))
    info = await h.client.tables.game(1)
    assert info.status == "running" and [s.name for s in info.seats] == ["ann", "bob"]
    assert "Game on!" in h.messages[lobby.id].text()
