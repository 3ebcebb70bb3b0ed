"""Nothing private reaches a channel; closed DMs never stop a player."""

from __future__ import annotations

import dataclasses
import random

import pytest

from bot.discord import reach
from tests.discord.harness import Harness
from tests.discord.privacy import assert_public_board_is_the_spectators, private_lines
from tests.discord.table_play import choose, live_panel, open_table, play_out, whose_turn


@pytest.mark.parametrize(("game", "ais"), [("tranquility", 1), ("nidavellir", 0)])
async def test_no_private_value_reaches_a_channel_or_a_public_picture(harness: Harness, game: str,
                                                                      ais: int) -> None:
    h = harness
    ann, bob, cid = h.user("ann"), h.user("bob"), h.user("cid")
    game_id = await open_table(h, ann, game, [bob, cid], ais=ais)
    people = {ann.id: ann, bob.id: bob, cid.id: cid}
    rng = random.Random(11)
    secrets: set[str] = set()
    for _ in range(8):
        table = await h.client.tables.table_view(game_id, None)
        assert table.view["viewer"] is None and "hand" not in table.view
        names = [s.name for s in table.info.seats]
        await assert_public_board_is_the_spectators(h, game_id, h.last_board(game_id), names)
        user = people[(await whose_turn(h, game_id))[0]]
        await choose(h, user, live_panel(h, user, game_id), rng)
        secrets |= private_lines(h)  # a panel edited later shows only its new private lines
    assert secrets, "the players were told their draws or bids privately"
    # A move text can name face-down cards or a hidden bid: the thread tells only the events.
    moves = [change.text for change in await h.client.tables.store.games.moves(game_id)
             if change.kind == "move" and change.user_id is not None]
    assert moves
    for message in h.public_messages():
        text = message.text().replace("**", "")
        assert "You draw" not in text
        assert not any(secret in text for secret in secrets), text
        assert not any(move in text for move in moves), text


async def test_players_with_closed_dms_finish_the_game_through_my_hand(harness: Harness,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    h = harness
    # Every turn is a new DM, as for players coming back after a while (live play edits panels
    # in place, which would not meet the closed DMs until the game's last message).
    monkeypatch.setattr(reach, "AWAY", 0.0)
    ann, bob = h.user("ann"), h.user("bob")
    dan = h.user("dan", dm_closed=True)
    inv = await h.slash(ann, "play tranquility")
    lobby = h.messages[inv.original_id or 0]
    joined = await h.click(dan, h.button(lobby, "Join"), message=lobby)
    told = h.reply_text(joined)
    assert "can't send you direct messages" in told and "My hand" in told
    assert all(m.ephemeral_for == dan.id for m in (h.messages[i] for i in joined.followups))
    assert "no DMs" in h.messages[lobby.id].text()
    await h.click(bob, h.button(lobby, "Join"), message=lobby)
    await h.click(ann, h.button(lobby, "Start"), message=lobby)
    game_id = 1
    # Bob's DMs close in the middle of the game: Skald notices at the next DM and says so.
    h.users[bob.id] = dataclasses.replace(bob, dm_closed=True)
    moves = await play_out(h, game_id, [ann, bob, dan], seed=4, via_hand=[dan, bob])
    info = await h.client.tables.game(game_id)
    assert info.status == "finished" and moves > 0
    assert not h.dms(dan)
    notices = [m for m in h.public_messages() if f"<@{bob.id}> I can't send you direct messages" in m.text()]
    assert len(notices) == 1
    assert info.seats[info.seat_of(bob.id) or 0].dm_ok is False
