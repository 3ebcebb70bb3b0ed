"""Playing through controls: "My hand", the move buttons and selects, narrowing and paging.

A move quotes the state id its panel was drawn for; the table service refuses a stale
one (`StaleBoard`) and the player gets the current panel instead, privately.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING

import discord

from bot.discord.choices import MOVE, read_value, under
from bot.discord.context import Interaction
from bot.discord.controls import handles
from bot.discord.ids import ControlId
from bot.discord.panels import Panel, named, seat_panel
from bot.discord.replies import ack, say
from bot.store.records import PanelMark
from bot.tables.errors import CantUndo, StaleBoard
from bot.tables.types import GameInfo, TableView

if TYPE_CHECKING:
    from bot.discord.app import SkaldBot


def limit_of(interaction: Interaction) -> int:
    """The attachment size this interaction's replies may carry."""
    return int(interaction.filesize_limit)


async def send_private(interaction: Interaction, panel: Panel) -> None:
    """The panel as an ephemeral reply (My hand, stale clicks, /game hand)."""
    await say(interaction, ephemeral=True, **panel.send_kwargs(limit_of(interaction)))


async def edit_in_place(interaction: Interaction, panel: Panel) -> None:
    """Replace the clicked panel message with `panel` (works in DMs and ephemeral replies)."""
    await interaction.edit_original_response(**panel.edit_kwargs(limit_of(interaction)))


BOARD = re.compile(r"board (\d+)")


def shown_picture(interaction: Interaction, table: TableView, before: TableView | None = None) -> str | None:
    """The URL of the hand picture the clicked panel shows, when it shows what `table` would:
    the same board (narrowing a move list, paging, Refresh with nothing new), or `before`, a
    board whose view of the seat is the same (a move that changed nothing it pictures). An edit
    keeps that picture instead of drawing and uploading it again."""
    message = interaction.message
    if message is None or not message.embeds or table.seat is None or not table.info.active:
        return None
    embed = message.embeds[0]
    shown = BOARD.match(embed.footer.text or "")
    if shown is None or not embed.image.url:
        return None
    same = int(shown.group(1)) == table.state_id or (
        before is not None and int(shown.group(1)) == before.state_id and before.seat == table.seat
        and before.view == table.view and [s.name for s in before.info.seats] == [s.name for s in table.info.seats])
    return embed.image.url if same else None


async def my_view(bot: SkaldBot, interaction: Interaction, game_id: int) -> TableView:
    return await bot.tables.table_view(game_id, interaction.user.id)


@handles("hand")
async def on_hand(interaction: Interaction, control_id: ControlId, values: Sequence[str]) -> None:
    """"My hand" under a board: the clicker's own panel, seen by nobody else."""
    bot = interaction.client
    await ack(interaction, ephemeral=True)
    table = await my_view(bot, interaction, control_id.game_id)
    await send_private(interaction, await seat_panel(table))


@handles("panel", "page")
async def on_refresh(interaction: Interaction, control_id: ControlId, values: Sequence[str]) -> None:
    """Redraw the clicked panel for the current board (Refresh), or another page/prefix of moves."""
    bot = interaction.client
    await ack(interaction, update=True)
    page_text, _, prefix = control_id.arg.partition(":")
    page = int(page_text) if page_text.isdigit() else 0
    table = await my_view(bot, interaction, control_id.game_id)
    await edit_in_place(interaction, await seat_panel(table, prefix=prefix, page=page,
                                                      kept=shown_picture(interaction, table)))


@handles("pick")
async def on_pick(interaction: Interaction, control_id: ControlId, values: Sequence[str]) -> None:
    """A select choice: either a whole move, or a group of moves to narrow to."""
    if not values:
        await ack(interaction, update=True)
        return
    kind, text = read_value(values[0])
    if kind == MOVE:
        await play(interaction, control_id, text)
        return
    bot = interaction.client
    await ack(interaction, update=True)
    table = await my_view(bot, interaction, control_id.game_id)
    await edit_in_place(interaction, await seat_panel(table, prefix=text, kept=shown_picture(interaction, table)))


@handles("do")
async def on_do(interaction: Interaction, control_id: ControlId, values: Sequence[str]) -> None:
    await play(interaction, control_id, control_id.arg)


async def play(interaction: Interaction, control_id: ControlId, text: str) -> None:
    """Make the move `text` on the board the control was drawn for."""
    bot = interaction.client
    game_id = control_id.game_id

    async def act() -> tuple[str, tuple[str, ...]]:
        result = await bot.tables.play.move(game_id, interaction.user.id, control_id.state_id, text)
        private = tuple(named(line, result.names) for line in result.private_events)
        return f"✅ You played **{result.label or text}**.", private

    await _on_own_panel(interaction, game_id, act)


@handles("undo")
async def on_undo(interaction: Interaction, control_id: ControlId, values: Sequence[str]) -> None:
    """The Undo button: take back the move it names (a second click finds it taken back)."""
    bot = interaction.client
    target = int(control_id.arg) if control_id.arg.isdigit() else -1

    async def act() -> tuple[str, tuple[str, ...]]:
        result = await bot.tables.undo.take_back(control_id.game_id, interaction.user.id, target)
        return f"↩️ You took back **{result.text}**.", ()

    await _on_own_panel(interaction, control_id.game_id, act)


@handles("back")
async def on_back(interaction: Interaction, control_id: ControlId, values: Sequence[str]) -> None:
    """"Take my seat back" on a panel an AI plays for: the person plays their seat again."""
    bot = interaction.client

    async def act() -> tuple[str, tuple[str, ...]]:
        await bot.tables.seating.come_back(control_id.game_id, interaction.user.id)
        return "✅ Your seat is yours again.", ()

    await _on_own_panel(interaction, control_id.game_id, act)


async def _on_own_panel(interaction: Interaction, game_id: int,
                        act: Callable[[], Awaitable[tuple[str, tuple[str, ...]]]]) -> None:
    """Do what a control on the clicker's own panel asks (`act` returns the note and the
    private lines to show, named), then redraw that panel through this interaction, so the player's
    own panel costs no extra call to Discord; the DM announcer leaves it alone meanwhile."""
    bot = interaction.client
    await ack(interaction, update=True)
    message = interaction.message
    in_dm = message is not None and not message.flags.ephemeral and interaction.guild_id is None
    info = await bot.tables.game(game_id)
    seat = info.seat_of(interaction.user.id)
    claim = bot.notifier.panels.claim(game_id, seat) if in_dm and seat is not None else contextlib.nullcontext()
    before = await my_view(bot, interaction, game_id)
    async with claim:
        try:
            note, private = await act()
        except (StaleBoard, CantUndo) as stale:
            table = await my_view(bot, interaction, game_id)
            panel = await seat_panel(table, note=f"⛔ {stale.reason} Here is the board as it is now:")
            await send_private(interaction, panel)
            return
        if message is None or not (message.flags.ephemeral or in_dm):
            return
        table = await my_view(bot, interaction, game_id)
        if in_dm and not table.info.active:  # the end comes as its own DM, once per seat
            await interaction.edit_original_response(content=f"{note} The game is over.",
                                                     view=discord.ui.View(timeout=None))
            return
        await edit_in_place(interaction, await seat_panel(table, note=note, private_lines=private,
                                                          kept=shown_picture(interaction, table, before)))
        if in_dm and seat is not None and table.info.active:
            await bot.tables.outbox.panels_shown(game_id, [PanelMark(
                seat=seat, state_id=table.state_id, channel_id=message.channel.id, message_id=message.id,
                offered_moves=bool(table.legal_moves))])


async def reply_move(interaction: Interaction, info: GameInfo, text: str) -> None:
    """`/move`: the move on the board `info` shows; the answer says what was played.

    Text that is only the start of some legal moves ("discard") answers with those moves to
    choose from, privately. The table service refuses a caller without a seat (NotInGame) and
    a board that moved on.
    """
    bot = interaction.client
    table = await my_view(bot, interaction, info.game_id)
    prefix = " ".join(text.lower().split())
    if table.my_turn and prefix and all(m.text != prefix for m in table.legal_moves) and under(table.legal_moves,
                                                                                              prefix):
        count = len(under(table.legal_moves, prefix))
        note = f"“{prefix}” is the start of {count} move{'s' if count != 1 else ''}: choose one."
        await send_private(interaction, await seat_panel(table, prefix=prefix, note=note))
        return
    result = await bot.tables.play.move(info.game_id, interaction.user.id, info.state_id, text)
    lines = ("\n".join(f"• {named(line, result.names)}" for line in result.events)
             or f"You played **{result.label or result.text}**.")
    await say(interaction, f"✅ {lines}", ephemeral=True)
