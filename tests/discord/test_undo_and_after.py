"""Undo through the panel's button and `/game undo`; after a game: Rematch, Replay, `/game replay`
and `/game export` (docs/undo.md, docs/replays.md)."""

from __future__ import annotations

import json

from tests.discord.harness import Harness, Message, User
from tests.discord.table_play import live_panel, make_move, open_table, resigned_nidavellir

MANUAL_ROCKS = {"jagged_rocks": "manual"}


async def _first_player(h: Harness, game_id: int, people: list[User]) -> User:
    info = await h.client.tables.game(game_id)
    user_id = info.seats[info.to_move[0]].user_id
    return next(p for p in people if p.id == user_id)


async def _a_place(h: Harness, game_id: int, user: User) -> str:
    view = await h.client.tables.table_view(game_id, user.id)
    return next(m.text for m in view.legal_moves if m.text.startswith("place"))


def _labels(message: Message) -> list[str]:
    return [str(c.get("label", "")) for c in message.components() if c["type"] == 2]


async def test_undo_button_on_the_movers_panel_takes_the_move_back(harness: Harness) -> None:
    h = harness
    ann, bob = h.user("ann"), h.user("bob")
    game_id = await open_table(h, ann, "tranquility", [bob], options=MANUAL_ROCKS)
    mover = await _first_player(h, game_id, [ann, bob])
    panel = live_panel(h, mover, game_id)
    text = await _a_place(h, game_id, mover)
    await make_move(h, mover, panel, text)
    panel = h.messages[panel.id]  # redrawn in place: the rocks step, and the Undo button
    assert "Undo" in _labels(panel), _labels(panel)
    undo_id = h.button(panel, "Undo")
    # A double click: both arrive before the panel changes; one move is taken back, once.
    clicked = await h.click(mover, undo_id, message=panel, settle=False)
    again = await h.click(mover, undo_id, message=panel, settle=False)
    await h.settle()
    assert clicked.acknowledged and again.acknowledged
    assert "taken back already" in h.reply_text(clicked) + h.reply_text(again)
    panel = h.messages[panel.id]
    assert "took back" in panel.text() and "Undo" not in _labels(panel)
    view = await h.client.tables.table_view(game_id, mover.id)
    assert text in {m.text for m in view.legal_moves}
    info = await h.client.tables.game(game_id)
    story = "\n".join(m.text() for m in h.channel_messages(info.thread_id or 0))
    assert "takes back their last move" in story
    assert text not in story.replace(f"**{text}**", ""), "what was taken back stays private"
    assert [c.kind for c in await h.client.tables.store.games.moves(game_id)] == ["move", "undo"]


async def test_game_undo_command_and_its_refusals(harness: Harness) -> None:
    h = harness
    ann, bob = h.user("ann"), h.user("bob")
    game_id = await open_table(h, ann, "tranquility", [bob], options=MANUAL_ROCKS)
    mover = await _first_player(h, game_id, [ann, bob])
    other = bob if mover is ann else ann
    refused = await h.slash(mover, "game undo", {"game": game_id})
    assert "no move to take back" in h.reply_text(refused)
    moved = await h.slash(mover, "move", {"text": await _a_place(h, game_id, mover), "game": game_id})
    assert "✅" in h.reply_text(moved)
    stranger = await h.slash(other, "game undo", {"game": game_id})
    assert "no move to take back" in h.reply_text(stranger)
    taken = await h.slash(mover, "game undo", {"game": game_id})
    assert "You took back" in h.reply_text(taken)
    assert (await h.client.tables.game(game_id)).state_id == 2


async def test_no_undo_after_a_draw(harness: Harness) -> None:
    h = harness
    ann, bob = h.user("ann"), h.user("bob")
    game_id = await open_table(h, ann, "tranquility", [bob])
    mover = await _first_player(h, game_id, [ann, bob])
    panel = live_panel(h, mover, game_id)
    view = await h.client.tables.table_view(game_id, mover.id)
    await make_move(h, mover, panel, next(m.text for m in view.legal_moves if m.text.startswith("discard")))
    assert "Undo" not in _labels(h.messages[panel.id])
    refused = await h.slash(mover, "game undo", {"game": game_id})
    assert "drew or revealed" in h.reply_text(refused)




async def test_rematch_opens_a_lobby_with_the_same_seats_and_options(harness: Harness) -> None:
    h = harness
    ann, bob = h.user("ann"), h.user("bob")
    game_id = await resigned_nidavellir(h, ann, bob)
    old = await h.client.tables.game(game_id)
    final = h.last_message(old.thread_id or 0)
    assert {"Rematch", "Replay"} <= set(_labels(final))
    asked = await h.click(bob, h.button(final, "Rematch"), message=final)
    assert "Rematch table #" in h.reply_text(asked)
    lobby = h.last_message(h.channel_id)
    new_id = int(h.button(lobby, "Join").split(":")[1])
    new = await h.client.tables.game(new_id)
    assert new.status == "lobby" and new.host_id == bob.id and new.options == old.options
    assert [(s.user_id, s.ai, s.name) for s in new.seats] == [(s.user_id, s.ai, s.name) for s in old.seats]
    assert ann.mention in lobby.content and bob.mention in lobby.content
    twice = await h.click(ann, h.button(final, "Rematch"), message=final)
    assert f"open already: table #{new_id}" in h.reply_text(twice)
    await h.click(bob, h.button(lobby, "Start"), message=lobby)
    assert (await h.client.tables.game(new_id)).status == "running"


async def test_replay_and_export_of_a_finished_game(harness: Harness) -> None:
    h = harness
    ann, bob = h.user("ann"), h.user("bob")
    game_id = await resigned_nidavellir(h, ann, bob)
    info = await h.client.tables.game(game_id)
    final = h.last_message(info.thread_id or 0)
    clicked = await h.click(bob, h.button(final, "Replay"), message=final)
    reply = h.replies(clicked)[-1]
    assert reply.ephemeral_for == bob.id
    (name, gif), = reply.files.items()
    assert name.endswith(".gif") and gif.startswith(b"GIF8") and len(gif) < 8 * 1024 * 1024
    shared = await h.slash(ann, "game replay", {"game": game_id}, channel_id=info.thread_id)
    post = h.replies(shared)[-1]
    assert post.ephemeral_for is None and any(n.endswith(".gif") for n in post.files)
    exported = await h.slash(ann, "game export", {"game": game_id})
    document = json.loads(next(iter(h.replies(exported)[-1].files.values())))
    assert document["format"] == "skald-game" and document["seed"] is not None
    assert [c["kind"] for c in document["changes"]][-1] == "resign"


async def test_replay_refused_while_the_game_runs_and_export_keeps_secrets(harness: Harness) -> None:
    h = harness
    ann, bob = h.user("ann"), h.user("bob")
    game_id = await open_table(h, ann, "tranquility", [bob])
    refused = await h.slash(ann, "game replay", {"game": game_id})
    assert "not finished" in h.reply_text(refused)
    exported = await h.slash(ann, "game export", {"game": game_id})
    document = json.loads(next(iter(h.replies(exported)[-1].files.values())))
    assert document["seed"] is None and "public lines only" in h.reply_text(exported)
