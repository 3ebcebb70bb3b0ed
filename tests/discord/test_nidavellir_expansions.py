"""Nidavellir with both expansions through Discord: three people play a whole game through their
panels, take the gods and use their powers with buttons and selects, end on the result with
Idavoll's score lines, and nothing private reaches a channel."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

import renderer
from tests.discord.harness import Harness, User
from tests.discord.privacy import assert_public_board_is_the_spectators, private_lines
from tests.discord.table_play import choose, live_panel, make_move, open_table, whose_turn

BOTH = {"idavoll": True, "thingvellir": True}
POWERS = ("loki", "freya", "frigg", "thor", "odin")
GODS = tuple(f"take {god}" for god in POWERS)


def wanted(moves: Sequence[str]) -> str | None:
    """What these players go for: a god's power whenever it is offered, then a god to take."""
    powers = [m for m in moves if m.split()[0] in POWERS]
    gods = [m for m in moves if m in GODS]
    return next(iter(powers + gods), None)


async def play_turn(h: Harness, game_id: int, people: dict[int, User], rng: random.Random) -> str | None:
    """One move by whoever must act, through their live panel; the power or god it went for, if any."""
    user = people[(await whose_turn(h, game_id))[0]]
    panel = live_panel(h, user, game_id)
    table = await h.client.tables.table_view(game_id, user.id)
    target = wanted([move.text for move in table.legal_moves])
    inv = await (make_move(h, user, panel, target) if target else choose(h, user, panel, rng))
    assert inv.acknowledged and "⛔" not in h.reply_text(inv), h.reply_text(inv)
    return target


async def test_both_expansions_are_played_to_the_end_with_the_gods_powers_used_through_panels(
        harness: Harness) -> None:
    h = harness
    ann, bob, cid = h.user("ann"), h.user("bob"), h.user("cid")
    people = {p.id: p for p in (ann, bob, cid)}
    game_id = await open_table(h, ann, "nidavellir", [bob, cid], options=BOTH)
    info = await h.client.tables.game(game_id)
    assert info.options == BOTH
    names = [s.name for s in info.seats]
    rng = random.Random(3)
    secrets: set[str] = set()
    turns = 0
    while (await h.client.tables.game(game_id)).status == "running":
        assert turns < 600, "the game did not end"
        await play_turn(h, game_id, people, rng)
        turns += 1
        if turns % 40 == 0:
            await assert_public_board_is_the_spectators(h, game_id, h.last_board(game_id), names)
        secrets |= private_lines(h)  # a panel edited later shows only its new private lines
    assert all(inv.acknowledged and not inv.calls_before_ack for inv in h.invocations.values())
    assert not h.unhandled

    moves = [c for c in await h.client.tables.store.games.moves(game_id) if c.kind == "move"]
    assert all(c.user_id is not None for c in moves), "people made every move"
    used = {c.text.split()[0] for c in moves if c.text.split()[0] in POWERS}
    assert len(used) >= 2, f"gods' powers used through the panels: {used}"
    assert any(c.text.startswith("keep ") for c in moves) and any(c.text.startswith("under ") for c in moves), \
        "Frigg's cards were kept and put back"

    info = await h.client.tables.game(game_id)
    assert info.outcome is not None
    last = h.last_message(info.thread_id or 0)
    assert "🏁" in last.text() and "board.png" in last.files
    final = {**(await h.client.tables.table_view(game_id, None)).view, "outcome": info.outcome}
    sheet = renderer.draw(final, names, "outcome")
    assert last.files["board.png"] == sheet.png(), "the final board is the result picture"
    drawn = [d.text for d in sheet.texts]
    for column in ("Gods", "Giants", "Valkyries", "Artefacts", "Mercenaries"):
        assert drawn.count(column) == 3

    # Nothing private in a channel: the lines only one player was shown, the bids placed face
    # down and the cards Frigg put back under the deck (their move texts name them).
    assert secrets, "the players were told their draws and bids privately"
    hidden = [c.text for c in moves if c.text.startswith(("bid ", "under "))]
    for message in h.public_messages():
        text = message.text().replace("**", "")
        assert not any(secret in text for secret in secrets), text
        assert not any(move in text for move in hidden), text


@pytest.mark.parametrize("options", [{"idavoll": True}, BOTH], ids=["idavoll", "both"])
async def test_no_private_value_reaches_a_channel_or_a_public_picture(harness: Harness,
                                                                      options: dict[str, bool]) -> None:
    h = harness
    ann, bob, cid = h.user("ann"), h.user("bob"), h.user("cid")
    people = {p.id: p for p in (ann, bob, cid)}
    game_id = await open_table(h, ann, "nidavellir", [bob, cid], options=options)
    rng = random.Random(11)
    secrets: set[str] = set()
    for _ in range(24):  # the first round: sealed bids, then the mythology tavern picked from
        table = await h.client.tables.table_view(game_id, None)
        assert table.view["viewer"] is None and table.view["mythology"]["drawn"] is None
        names = [s.name for s in table.info.seats]
        await assert_public_board_is_the_spectators(h, game_id, h.last_board(game_id), names)
        await play_turn(h, game_id, people, rng)
        secrets |= private_lines(h)
    assert secrets
    moves = [c.text for c in await h.client.tables.store.games.moves(game_id) if c.kind == "move" and c.user_id]
    assert any(text.startswith("take ") for text in moves)
    hidden = [text for text in moves if text.startswith(("bid ", "under "))]
    for message in h.public_messages():
        text = message.text().replace("**", "")
        assert "You draw" not in text
        assert not any(secret in text for secret in secrets), text
        assert not any(move in text for move in hidden), text
