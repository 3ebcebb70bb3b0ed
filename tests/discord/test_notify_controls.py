"""The 🔔 Notifications button of a seat's panel (issue 46): how a person is told and this game's
mute, chosen by clicks that store exactly what `/notify` stores, on the same cooldown, applied
once however often clicked."""

from __future__ import annotations

import asyncio

import pytest

from bot.discord.ids import ControlId
from bot.tables import notify
from tests.discord.clocked import Clock
from tests.discord.harness import Harness, Message, User
from tests.discord.table_play import open_table
from tests.discord.told import a_step


@pytest.fixture
def harness(clocked: Harness) -> Harness:
    return clocked


def bell(h: Harness, user: User, game_id: int) -> tuple[Message, str]:
    """The person's newest panel of the game carrying the 🔔 button, and that button's custom id."""
    for message in reversed(list(h.messages.values())):
        if not h.visible(user, message):
            continue
        for comp in message.components():
            parsed = ControlId.parse(comp["custom_id"])
            if parsed is not None and parsed.game_id == game_id and parsed.action == "notify" and not parsed.arg:
                return message, comp["custom_id"]
    raise AssertionError(f"{user.name} sees no 🔔 button of game {game_id}")


async def choices(h: Harness, user: User, game_id: int) -> Message:
    """Press the panel's 🔔: the private answer with the choices."""
    panel, custom_id = bell(h, user, game_id)
    pressed = await h.click(user, custom_id, message=panel)
    answer = h.replies(pressed)
    assert answer and answer[-1].ephemeral_for == user.id, h.reply_text(pressed)
    return answer[-1]


def control_of(message: Message, arg: str) -> str:
    for comp in message.components():
        parsed = ControlId.parse(comp["custom_id"])
        if parsed is not None and parsed.action == "notify" and parsed.arg == arg:
            return str(comp["custom_id"])
    raise AssertionError(f"no notify:{arg} control on {message.text()}: {message.components()}")


async def choose(h: Harness, user: User, message: Message, value: str) -> Message:
    """Choose `value` in the answer's "How you are told" select; the answer as edited."""
    await h.click(user, control_of(message, "how"), [value], message=message)
    return h.messages[message.id]


async def test_the_panels_bell_chooses_as_notify_does_and_the_notices_follow(harness: Harness,
                                                                            clock: Clock) -> None:
    """Bob chooses "only near a deadline" and Ann mutes the game from their DM panels; Cy keeps
    every turn. What is stored is what `/notify` stores; a step later Cy was told by a new DM and
    Ann and Bob by nothing; Bob choosing every turn again and Ann unmuting are told again."""
    h = harness
    ann, bob, cy, dee = h.user("ann"), h.user("bob"), h.user("cy"), h.user("dee")
    game_id = await open_table(h, ann, "wonderful", [bob, cy], options={"clock": "daily"})
    await h.settle()
    offered = await choices(h, bob, game_id)
    assert "every turn" in offered.text() and f"Game #{game_id} is not muted" in offered.text(), offered.text()
    select = next(c for c in offered.components() if c["type"] == 3)
    assert [o["value"] for o in select["options"]] == list(notify.CHOICES), "the choices are notify.CHOICES"
    chosen = await choose(h, bob, offered, notify.NEAR_DEADLINE)
    assert "only near a deadline" in chosen.text() and "✅" in chosen.text(), chosen.text()
    await h.slash(dee, "notify how", {"choice": "deadline"})
    stored = await h.client.tables.store.settings.person_settings([bob.id, dee.id])
    assert stored[bob.id] == stored[dee.id] == {notify.NOTIFY: notify.NEAR_DEADLINE}

    offered = await choices(h, ann, game_id)
    muted = await h.click(ann, control_of(offered, "mute"), message=offered)
    assert f"Game #{game_id} is muted" in h.messages[offered.id].text(), h.reply_text(muted)
    assert await h.client.tables.servers.muted(game_id) == {ann.id}
    assert control_of(h.messages[offered.id], "unmute"), "the answer now offers the way back"

    # Whoever completes a step is there for the next one (not told): each step, someone else.
    told = await a_step(h, clock, [bob, cy, ann], game_id)
    assert told[cy.id, "dm"] >= 1, told
    assert told[bob.id, "dm"] + told[bob.id, "ping"] == 0, told
    told = await a_step(h, clock, [cy, ann, bob], game_id)
    assert told[cy.id, "dm"] >= 1, told
    assert told[ann.id, "dm"] + told[ann.id, "ping"] == 0 and told[bob.id, "dm"] + told[bob.id, "ping"] == 0, told

    await choose(h, bob, await choices(h, bob, game_id), notify.EVERY_TURN)
    offered = await choices(h, ann, game_id)
    await h.click(ann, control_of(offered, "unmute"), message=offered)
    assert await h.client.tables.servers.muted(game_id) == set()
    assert await h.client.tables.servers.notify_choice(bob.id) == notify.EVERY_TURN
    told = await a_step(h, clock, [ann, bob, cy], game_id)
    assert told[ann.id, "dm"] >= 1 and told[bob.id, "dm"] >= 1, told


async def test_clicks_at_once_apply_once_and_share_the_notify_cooldown(harness: Harness) -> None:
    """Two clicks on Mute at once mute the game once; the clicks and `/notify` draw on one budget,
    and a click past it is answered with the wait and changes nothing."""
    h = harness
    h.client.cooldowns.control_factor = 1.0
    ann, bob, cy = h.user("ann"), h.user("bob"), h.user("cy")
    game_id = await open_table(h, ann, "wonderful", [bob, cy])
    await h.settle()
    offered = await choices(h, bob, game_id)  # 1 use
    mute = control_of(offered, "mute")
    both = [await h.click(bob, mute, message=offered, settle=False) for _ in range(2)]  # 2 uses
    await asyncio.gather(*(inv.answered.wait() for inv in both))
    await h.settle()
    assert await h.client.tables.servers.muted(game_id) == {bob.id}
    rows = await h.client.tables.store.settings.muted(game_id)
    assert rows == {bob.id}
    await h.slash(bob, "notify how", {"choice": "deadline"})  # 4
    await h.slash(bob, "notify how")  # 5
    await h.click(bob, control_of(h.messages[offered.id], "how"), [notify.EVERY_TURN],
                  message=h.messages[offered.id])  # 6: the last use of the minute
    assert await h.client.tables.servers.notify_choice(bob.id) == notify.EVERY_TURN
    late = await h.click(bob, control_of(h.messages[offered.id], "how"), [notify.NEAR_DEADLINE],
                         message=h.messages[offered.id])
    assert "Easy there" in h.reply_text(late), h.reply_text(late)
    assert await h.client.tables.servers.notify_choice(bob.id) == notify.EVERY_TURN, "refused: nothing changed"
    command = await h.slash(bob, "notify how", {"choice": "deadline"})
    assert "Easy there" in h.reply_text(command), "the command shares the buttons' budget"


async def test_the_bell_refuses_what_it_cannot_do(harness: Harness) -> None:
    """A choice that is none of notify.CHOICES, a game that is over: refused by name, nothing stored.
    The private panel of a person whose DMs are closed ("My hand") has the 🔔 too."""
    h = harness
    ann, bob, cy = h.user("ann"), h.user("bob"), h.user("cy", dm_closed=True)
    game_id = await open_table(h, ann, "wonderful", [bob, cy])
    await h.settle()
    board = h.last_board(game_id)
    await h.click(cy, h.button(board, "My hand"), message=board)
    offered = await choices(h, cy, game_id)
    assert bell(h, cy, game_id)[0].ephemeral_for == cy.id
    await h.click(cy, control_of(offered, "mute"), message=offered)
    assert await h.client.tables.servers.muted(game_id) == {cy.id}
    offered = await choices(h, bob, game_id)
    bad = await h.click(bob, control_of(offered, "how"), ["loudly"], message=offered)
    assert "There is no way of being told called 'loudly'" in h.reply_text(bad), h.reply_text(bad)
    assert await h.client.tables.store.settings.person_settings([bob.id]) == {}
    mute = control_of(offered, "mute")
    asked = await h.slash(ann, "game abandon", {"game": game_id})
    await h.click(ann, h.button(h.replies(asked)[-1], f"Abandon game #{game_id}"), message=h.replies(asked)[-1])
    assert (await h.client.tables.game(game_id)).status == "abandoned"
    over = await h.click(bob, mute, message=offered)
    assert f"Game #{game_id} is over" in h.reply_text(over), h.reply_text(over)
    assert await h.client.tables.servers.muted(game_id) == {cy.id}
