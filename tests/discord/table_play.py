"""Steps the Discord tests share: open a table, seat people, start, make moves by clicking.

Everything goes through interactions; the database is only read to know whose turn it
is and what the board looks like, never written.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from tests.discord.harness import Harness, Invocation, Message, User


async def open_table(h: Harness, host: User, game: str, others: Sequence[User] = (), ais: int = 0,
                     options: Mapping[str, Any] | None = None) -> int:
    """/play, Join for each of `others`, Add AI `ais` times, Start; returns the game id."""
    inv = await h.slash(host, f"play {game}", dict(options or {}))
    assert inv.acknowledged
    lobby = h.messages[inv.original_id or 0]
    join = h.button(lobby, "Join")
    game_id = int(join.split(":")[1])
    for person in others:
        assert (await h.click(person, join, message=lobby)).acknowledged
    for _ in range(ais):
        await h.click(host, h.button(lobby, "Add AI"), message=lobby)
    await h.click(host, h.button(lobby, "Start"), message=lobby)
    info = await h.client.tables.game(game_id)
    assert info.status == "running", h.reply_text(inv)
    return game_id


def move_controls(message: Message) -> list[dict[str, Any]]:
    """The move buttons and selects of a panel (not Refresh or paging)."""
    return [c for c in message.components() if c["custom_id"].split(":")[3] in ("do", "pick")]


def move_option(message: Message) -> tuple[str, list[str] | None] | None:
    """A control of the panel that makes a move at once: (custom id, select values)."""
    for comp in move_controls(message):
        if comp["type"] == 2:
            return comp["custom_id"], None
        for option in comp["options"]:
            if option["value"].startswith("m:"):
                return comp["custom_id"], [option["value"]]
    return None


async def narrow_to_moves(h: Harness, user: User, panel: Message) -> tuple[str, list[str] | None]:
    """Narrow the panel in place until it offers a move directly; that move's control."""
    for _ in range(10):
        found = move_option(panel)
        if found is not None:
            return found
        comp = move_controls(panel)[0]
        await h.click(user, comp["custom_id"], [comp["options"][0]["value"]], message=panel)
    raise AssertionError("narrowing never reached a move")


async def make_move(h: Harness, user: User, panel: Message, text: str) -> Invocation:
    """Make the move `text` through the panel: its button, or its select entry after narrowing to
    the group of moves that holds it (and paging to it) as a player would."""
    words = text.split()
    for _ in range(12):
        controls = move_controls(panel)
        for comp in controls:
            if comp["type"] == 2 and comp["custom_id"].endswith(f":do:{text}"):
                return await h.click(user, comp["custom_id"], message=panel)
        for comp in controls:
            values = [option["value"] for option in comp.get("options", [])]
            if f"m:{text}" in values:
                return await h.click(user, comp["custom_id"], [f"m:{text}"], message=panel)
            group = next((v for v in values if v.startswith("p:") and words[:len(v[2:].split())] == v[2:].split()),
                         None)
            if group is not None:
                await h.click(user, comp["custom_id"], [group], message=panel)
                break
        else:
            await h.click(user, h.button(panel, "Next ▶"), message=panel)  # on a later page
        panel = h.messages[panel.id]  # narrowed (or paged) in place
    raise AssertionError(f"{user.name}'s panel never offered {text!r}")


async def choose(h: Harness, user: User, panel: Message, rng: random.Random) -> Invocation:
    """Pick a random entry of the panel's controls; narrow until a move is made."""
    for _ in range(10):
        controls = move_controls(panel)
        assert controls, f"{user.name}'s panel has no move controls: {panel.text()}"
        comp = rng.choice(controls)
        if comp["type"] == 2:
            return await h.click(user, comp["custom_id"], message=panel)
        value = rng.choice(comp["options"])["value"]
        inv = await h.click(user, comp["custom_id"], [value], message=panel)
        if value.startswith("m:"):
            return inv
        panel = h.messages[panel.id]  # narrowed in place
    raise AssertionError("narrowing never reached a move")


def live_panel(h: Harness, user: User, game_id: int) -> Message:
    """The newest panel of `game_id` that `user` can act on (a DM, or an ephemeral reply)."""
    for message in reversed(list(h.messages.values())):
        if h.visible(user, message) and message.ephemeral_for in (None, user.id) and \
                any(c["custom_id"].startswith(f"skald:{game_id}:") for c in move_controls(message)):
            return message
    raise AssertionError(f"{user.name} has no live panel for game {game_id}")


async def whose_turn(h: Harness, game_id: int) -> list[int]:
    """User ids of the human seats that must act now."""
    info = await h.client.tables.game(game_id)
    return [user_id for s in info.to_move if (user_id := info.seats[s].user_id) is not None]


async def play_out(h: Harness, game_id: int, people: Sequence[User], *, seed: int = 1, limit: int = 2000,
                   via_hand: Sequence[User] = ()) -> int:
    """Make random moves through panels until the game ends; returns the moves made.

    Users in `via_hand` open their panel with "My hand" under the latest board each time.
    """
    rng = random.Random(seed)
    by_id = {p.id: p for p in people}
    made = 0
    while (await h.client.tables.game(game_id)).status == "running":
        assert made < limit, "game did not end"
        user = by_id[(await whose_turn(h, game_id))[0]]
        if user in via_hand:
            board = h.last_board(game_id)
            opened = await h.click(user, h.button(board, "My hand"), message=board)
            panel = h.replies(opened)[-1]
        else:
            panel = live_panel(h, user, game_id)
        inv = await choose(h, user, panel, rng)
        assert inv.acknowledged
        made += 1
    return made


async def walked_out(h: Harness, host: User, game: str, other: User) -> int:
    """A table of `host` and `other` that `other` leaves, then `host`: the AIs end it (a game
    `other` walked out of, and `host` too)."""
    game_id = await open_table(h, host, game, [other])
    await h.slash(other, "game leave", {"game": game_id})
    await h.slash(host, "game leave", {"game": game_id})
    await h.client.tables.drain()
    await h.settle()
    assert (await h.client.tables.game(game_id)).status == "finished"
    return game_id


async def resigned_nidavellir(h: Harness, ann: User, bob: User) -> int:
    """A Nidavellir table of Ann, Bob and an AI that Ann resigns at once: a finished game."""
    game_id = await open_table(h, ann, "nidavellir", [bob], ais=1)
    asked = await h.slash(ann, "game resign", {"game": game_id})
    await h.click(ann, h.button(h.replies(asked)[-1], f"Resign game #{game_id}"))
    assert (await h.client.tables.game(game_id)).status == "finished"
    return game_id
