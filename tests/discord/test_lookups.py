"""Keyed lookups: the game a command means is found from its thread or channel without
listing the server, also after a restart, a join, the thread's creation and the game's end;
and a player's DM channel is opened once, ever."""

from __future__ import annotations

import random

from tests.discord.harness import Harness
from tests.discord.table_play import choose, live_panel, open_table, play_out, whose_turn


async def test_the_game_of_a_thread_is_found_after_start_and_after_a_restart(harness: Harness) -> None:
    h = harness
    ann, bob = h.user("ann"), h.user("bob")
    first = await open_table(h, ann, "tranquility", [bob])
    second = await open_table(h, bob, "tranquility", [ann])
    for game_id in (first, second):
        thread = (await h.client.tables.game(game_id)).thread_id
        assert thread is not None, "the thread was made at Start"
        board = await h.slash(h.user(f"guest{game_id}"), "game board", channel_id=thread)
        assert f"#{game_id} — spectating" in h.reply_text(board)
    await h.restart()
    thread = (await h.client.tables.game(second)).thread_id
    board = await h.slash(ann, "game board", channel_id=thread)
    assert f"#{second} — spectating" in h.reply_text(board), "found by its thread after a restart"


async def test_a_lobby_joined_in_the_channel_is_the_callers_game_there(harness: Harness) -> None:
    h = harness
    ann, bob = h.user("ann"), h.user("bob")
    inv = await h.slash(ann, "play tranquility")
    lobby = h.messages[inv.original_id or 0]
    await h.click(bob, h.button(lobby, "Join"), message=lobby)
    game_id = int(h.button(lobby, "Join").split(":")[1])
    hand = await h.slash(bob, "game hand")
    assert f"#{game_id}" in h.reply_text(hand) and "hasn't started" in h.reply_text(hand)


async def test_a_finished_game_is_still_found_by_its_thread_and_leaves_the_lists(harness: Harness) -> None:
    h = harness
    ann = h.user("ann")
    game_id = await open_table(h, ann, "tranquility")
    await play_out(h, game_id, [ann], seed=3)
    info = await h.client.tables.game(game_id)
    assert info.status == "finished" and info.thread_id is not None
    moved = await h.slash(ann, "move", {"text": "discard none"}, channel_id=info.thread_id)
    assert "finished" in h.reply_text(moved) and "takes no more moves" in h.reply_text(moved)
    listed = await h.slash(ann, "game list")
    assert f"#{game_id} " not in h.reply_text(listed)


async def test_a_players_dm_channel_is_opened_once_even_across_restarts(harness: Harness) -> None:
    h = harness
    ann, bob = h.user("ann"), h.user("bob")
    people = {ann.id: ann, bob.id: bob}
    rng = random.Random(2)

    async def some_moves(game_id: int) -> None:
        for _ in range(4):
            if (await h.client.tables.game(game_id)).status != "running":
                return
            user = people[(await whose_turn(h, game_id))[0]]
            await choose(h, user, live_panel(h, user, game_id), rng)

    await some_moves(await open_table(h, ann, "tranquility", [bob]))
    await h.restart()
    await some_moves(await open_table(h, bob, "tranquility", [ann]))
    opened = [r for r in h.requests if r.path == "/users/@me/channels"]
    assert sorted(int(r.json["recipient_id"]) for r in opened) == sorted([ann.id, bob.id]), \
        "each player's DM channel was opened once; every later DM reused the stored id"
