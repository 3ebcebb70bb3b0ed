"""The slash commands around a game: /move with autocomplete, /game …, /help, the lobby."""

from __future__ import annotations

import re
from importlib import metadata

import pytest

from bot.discord.replies import APOLOGY
from tests.discord.harness import Harness, Message
from tests.discord.table_play import open_table, whose_turn


async def test_move_autocomplete_offers_the_callers_legal_moves_and_plays_one(harness: Harness) -> None:
    h = harness
    ann, bob = h.user("ann"), h.user("bob")
    game_id = await open_table(h, ann, "tranquility", [bob])
    info = await h.client.tables.game(game_id)
    mover = ann if (await whose_turn(h, game_id))[0] == ann.id else bob
    waiting = bob if mover is ann else ann
    thread = info.thread_id
    everything = await h.autocomplete(mover, "move", {"text": ""}, "text", channel_id=thread)
    assert 0 < len(everything) <= 25
    legal = {m.text for m in (await h.client.tables.table_view(game_id, mover.id)).legal_moves}
    discards = await h.autocomplete(mover, "move", {"text": "discard"}, "text", channel_id=thread)
    assert discards and all(c["value"] in legal and c["value"].startswith("discard") for c in discards)
    assert await h.autocomplete(waiting, "move", {"text": ""}, "text", channel_id=thread) == []
    played = await h.slash(mover, "move", {"text": discards[0]["value"]}, channel_id=thread)
    assert "✅" in h.reply_text(played)
    assert (await h.client.tables.game(game_id)).state_id == 1
    wrong = await h.slash(waiting, "move", {"text": discards[0]["value"]}, channel_id=thread)
    assert "⛔" in h.reply_text(wrong)
    nonsense = await h.slash(mover, "move", {"text": "fly to the moon"}, channel_id=thread)
    assert "⛔" in h.reply_text(nonsense)


def told(message: Message) -> list[str]:
    """The "• " lines of a message: the story in the thread, the lines a ✅ reply tells."""
    texts = [message.content, *(str(e.get("description") or "") for e in message.payload.get("embeds") or [])]
    return [line.removeprefix("✅ ") for text in texts for line in text.splitlines()
            if line.removeprefix("✅ ").startswith("• ")]


async def test_names_the_move_reply_names_the_player_as_the_thread_does(harness: Harness) -> None:
    """Issue 30: the ✅ reply to `/move` said "• Seat 2 discards 2 cards…" while the thread named the
    player. Whoever moves (the second and third seats too, and a person given a seat mid-game),
    the reply tells the change's public lines as the thread does, names in bold, never "Seat N"."""
    h = harness
    ann, bob, cy, dee = h.user("ann"), h.user("bob"), h.user("cy"), h.user("dee")
    game_id = await open_table(h, ann, "tranquility", [bob, cy])
    thread = (await h.client.tables.game(game_id)).thread_id or 0
    people = {u.id: u for u in (ann, bob, cy, dee)}
    for turn in range(8):
        if turn == 4:  # cy leaves; the host gives the seat to dee, who plays it from then on
            await h.slash(cy, "game leave", {"game": game_id})
            given = await h.slash(ann, "game seat", {"player": dee.id, "game": game_id})
            assert "now plays" in h.reply_text(given)
        mover = people[(await whose_turn(h, game_id))[0]]
        offered = await h.autocomplete(mover, "move", {"text": "discard"}, "text", channel_id=thread)
        offered = offered or await h.autocomplete(mover, "move", {"text": ""}, "text", channel_id=thread)
        reply = h.replies(await h.slash(mover, "move", {"text": offered[0]["value"]}, channel_id=thread))[-1]
        public = [line for line in told(reply) if not line.startswith("• You ")]  # "You draw …" is the mover's own
        story = [line for message in h.channel_messages(thread) for line in told(message)]
        assert public and all(line in story for line in public), (public, story[-6:])
        assert f"**{mover.name}**" in public[0] and not re.search(r"\bSeat \d", reply.text()), reply.text()
    assert any(f"**{dee.name}**" in line for line in story)


async def test_game_commands_answer_privately(harness: Harness) -> None:
    h = harness
    ann, bob, eve = h.user("ann"), h.user("bob"), h.user("eve")
    game_id = await open_table(h, ann, "tranquility", [bob])
    thread = (await h.client.tables.game(game_id)).thread_id
    for user, name in ((eve, "game board"), (ann, "game hand"), (ann, "game log"), (eve, "game list"),
                       (eve, "help")):
        inv = await h.slash(user, name, channel_id=thread)
        replies = h.replies(inv)
        assert replies and all(m.ephemeral_for == user.id for m in replies), name
    hand = await h.slash(ann, "game hand", channel_id=thread)
    assert "hand.png" in h.replies(hand)[-1].files
    board = await h.slash(eve, "game board", {"game": game_id})
    assert "board.png" in h.replies(board)[-1].files and "spectating" in h.reply_text(board)
    listed = await h.slash(eve, "game list")
    assert f"#{game_id} Tranquility" in h.reply_text(listed)
    log = await h.slash(ann, "game log", channel_id=thread)
    assert "story so far" in h.reply_text(log)


async def test_whats_running_help_shows_the_version(harness: Harness) -> None:
    """Issue 30: nothing in Discord said which Skald answers. `/help` ends with the installed version."""
    h = harness
    shown = h.replies(await h.slash(h.user("eve"), "help"))[-1]
    assert shown.payload["embeds"][0]["footer"]["text"] == f"Skald {metadata.version('skald')}"


async def test_resign_and_abandon_need_a_confirmation_and_the_right_person(harness: Harness) -> None:
    h = harness
    ann, bob, mod = h.user("ann"), h.user("bob"), h.user("mod", manage_guild=True)
    first = await open_table(h, ann, "tranquility", [bob])
    asked = await h.slash(bob, "game resign", {"game": first})
    assert (await h.client.tables.game(first)).status == "running"
    assert "An AI takes your seat" in h.reply_text(asked), "resigning a cooperative game is explained"
    await h.click(bob, h.button(h.replies(asked)[-1], f"Resign game #{first}"))
    info = await h.client.tables.game(first)
    assert info.status == "running" and info.seats[1].stand_in is not None, "the crew plays on"
    assert "resigned" in h.last_message(info.thread_id or 0).text()

    second = await open_table(h, ann, "tranquility", [bob])
    refused = await h.slash(bob, "game abandon", {"game": second})
    assert "Only the host" in h.reply_text(refused)
    asked = await h.slash(mod, "game abandon", {"game": second})
    await h.click(mod, h.button(h.replies(asked)[-1], f"Abandon game #{second}"))
    assert (await h.client.tables.game(second)).status == "abandoned"


async def test_lobby_leave_and_cancel(harness: Harness) -> None:
    h = harness
    ann, bob, mod = h.user("ann"), h.user("bob"), h.user("mod", manage_guild=True)
    inv = await h.slash(ann, "play nidavellir", {"thingvellir": True})
    lobby = h.messages[inv.original_id or 0]
    assert "Thingvellir: **on**" in lobby.text()
    await h.click(bob, h.button(lobby, "Join"))
    assert f"<@{bob.id}>" in h.messages[lobby.id].text()
    again = await h.click(bob, h.button(lobby, "Join"))
    assert "already have seat 2" in h.reply_text(again)
    await h.click(bob, h.button(lobby, "Leave"))
    assert f"<@{bob.id}>" not in h.messages[lobby.id].text()
    early = await h.click(ann, h.button(lobby, "Start"), message=lobby)
    assert "at least 2 players" in h.reply_text(early)
    await h.click(mod, h.button(lobby, "Cancel"))
    assert "called off" in h.messages[lobby.id].text()
    assert h.messages[lobby.id].components() == []


async def test_a_picture_over_the_size_limit_is_left_out_not_the_panel(tmp_path: object) -> None:
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    async with Harness.open(tmp_path / "skald.sqlite3", size_limit=1000) as h:
        ann, bob = h.user("ann"), h.user("bob")
        game_id = await open_table(h, ann, "tranquility", [bob])
        inv = await h.slash(ann, "game hand", {"game": game_id})
        reply = h.replies(inv)[-1]
        assert reply.files == {} and "view (seat 1)" in reply.text()


async def test_an_unexpected_error_is_logged_and_answered_with_an_apology(harness: Harness,
                                                                          monkeypatch: pytest.MonkeyPatch,
                                                                          caplog: pytest.LogCaptureFixture) -> None:
    h = harness
    ann = h.user("ann")

    async def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(h.client.tables, "list_games", broken)
    inv = await h.slash(ann, "game list")
    text = h.reply_text(inv)
    assert APOLOGY in text and "disk on fire" not in text and "Traceback" not in text
    assert "disk on fire" in caplog.text


async def test_commands_people_can_spam_have_a_per_user_cooldown(harness: Harness) -> None:
    h = harness
    ann, bob = h.user("ann"), h.user("bob")
    answers = [h.reply_text(await h.slash(ann, "game list")) for _ in range(5)]
    assert "Easy there" not in "".join(answers[:4]) and "Easy there" in answers[4]
    assert "Easy there" not in h.reply_text(await h.slash(bob, "game list"))


async def test_the_log_shows_each_player_only_their_own_private_lines(harness: Harness) -> None:
    h = harness
    ann, bob = h.user("ann"), h.user("bob")
    game_id = await open_table(h, ann, "tranquility", [bob])
    mover = ann if (await whose_turn(h, game_id))[0] == ann.id else bob
    other = bob if mover is ann else ann
    move = (await h.client.tables.table_view(game_id, mover.id)).legal_moves[0].text
    await h.slash(mover, "move", {"text": move, "game": game_id})
    mine = h.reply_text(await h.slash(mover, "game log", {"game": game_id}))
    theirs = h.reply_text(await h.slash(other, "game log", {"game": game_id}))
    private = [line for line in mine.splitlines() if line.startswith("🔒")]
    assert private and "You draw" in mine
    assert "🔒" not in theirs and "You draw" not in theirs
