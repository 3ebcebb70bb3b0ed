"""A seat's private panel: the picture of its own view plus controls for its legal moves.

The same panel goes to a DM, an ephemeral "My hand" reply, or an in-place edit when the
player narrows a long move list. Controls quote the state id they were drawn for, so the
table service can tell a fresh click from a stale one.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.discord import pictures
from bot.discord.choices import PAGE, SELECT, Menu, menu
from bot.discord.controls import control
from bot.discord.ids import ControlId
from bot.holders import LEFT, RESIGNED, TABLE, TIMEOUT
from bot.names import name_seats, result_line
from bot.notify import SeatInfo
from bot.tables.clocks import label as clock_label
from bot.tables.clocks import span
from bot.tables.types import JSON, LOBBY, RUNNING, GameInfo, TableView
from engine.core import Move

BUTTON_MOVES = 5  # this few moves show as buttons; more go into a select
ROW_WIDTH = 5  # buttons in one of a message's five rows (Discord's limit)
COLOURS = {"turn": discord.Colour.gold(), "wait": discord.Colour.blurple(), "over": discord.Colour.dark_grey()}


@dataclass
class Panel:
    """A message ready to send or edit: text, embed, picture and controls."""

    content: str
    embed: discord.Embed
    png: bytes | None = None
    filename: str = "hand.png"
    view: discord.ui.View | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    kept: str | None = None  # an edit keeps the picture the message shows (its URL): what it shows is unchanged

    def send_kwargs(self, limit: int = pictures.DEFAULT_LIMIT) -> dict[str, Any]:
        """Keyword arguments for `send`/`followup.send`."""
        kwargs: dict[str, Any] = {"content": self.content, "embed": self.embed}
        file = pictures.attach(self.png, self.filename, limit)
        if file is not None:
            self.embed.set_image(url=f"attachment://{self.filename}")
            kwargs["file"] = file
        if self.view is not None:
            kwargs["view"] = self.view
        return kwargs

    def edit_kwargs(self, limit: int = pictures.DEFAULT_LIMIT) -> dict[str, Any]:
        """Keyword arguments for editing a message into this panel (replacing its picture)."""
        kwargs = self.send_kwargs(limit)
        file = kwargs.pop("file", None)
        if self.kept is not None:  # no upload: the message keeps its attachment
            self.embed.set_image(url=self.kept)
        else:
            kwargs["attachments"] = [file] if file is not None else []
        kwargs["view"] = self.view if self.view is not None else discord.ui.View(timeout=None)
        return kwargs


def bold(text: str) -> str:
    return f"**{text}**"


def named(line: str, names: Sequence[str]) -> str:
    """A log line with the engine's "Seat N" replaced by that seat's name, in bold."""
    return name_seats(line, names, mark=bold)


def summary(outcome: JSON, names: Sequence[str]) -> str:
    """How the game ended, plainly, with the players' names in bold."""
    return result_line(outcome, names, bold)


def names_of(info: GameInfo) -> list[str]:
    return [seat.name for seat in info.seats]


def who(info: GameInfo, seats: Sequence[int]) -> str:
    names = names_of(info)
    return ", ".join(f"**{names[s]}**" for s in seats if 0 <= s < len(names)) or "nobody"


def move_controls(game_id: int, state_id: int, moves: Sequence[Move], prefix: str = "",
                  page: int = 0) -> discord.ui.View:
    """Buttons for a handful of moves; otherwise a select, narrowed and paged as needed."""
    view = discord.ui.View(timeout=None)
    shown = menu(moves, prefix, page)
    as_buttons = (not prefix and len(moves) <= BUTTON_MOVES
                  and all(ControlId(game_id, state_id, "do", m.text).fits for m in moves))
    if as_buttons:
        for move in moves:
            view.add_item(control(ControlId(game_id, state_id, "do", move.text), label=move.label or move.text,
                                  style=discord.ButtonStyle.primary, row=0))
    else:
        for index in range(0, len(shown.options), SELECT):
            chunk = shown.options[index:index + SELECT]
            view.add_item(control(ControlId(game_id, state_id, "pick", str(index // SELECT)),
                                  placeholder=_placeholder(shown, index, len(chunk)),
                                  options=[discord.SelectOption(label=o.label, value=o.value) for o in chunk],
                                  row=index // SELECT))
    _navigation(view, game_id, state_id, shown)
    return view


def _placeholder(shown: Menu, index: int, count: int) -> str:
    start = f"{shown.prefix} … " if shown.prefix else ""
    what = "your move" if shown.moves_only else "a move or a group of moves"
    text = f"{start}choose {what}"
    if len(shown.options) > SELECT or shown.pages > 1:
        first = shown.page * PAGE + index + 1
        text += f" ({first}–{first + count - 1})"
    else:
        text += f" ({shown.total})"
    return text[:150]


def _navigation(view: discord.ui.View, game_id: int, state_id: int, shown: Menu) -> None:
    if shown.pages > 1 and shown.page > 0:
        view.add_item(control(ControlId(game_id, state_id, "page", f"{shown.page - 1}:{shown.prefix}"),
                              label="◀ Previous", row=4))
    if shown.pages > 1 and shown.page + 1 < shown.pages:
        view.add_item(control(ControlId(game_id, state_id, "page", f"{shown.page + 1}:{shown.prefix}"),
                              label="Next ▶", row=4))
    if shown.prefix:
        view.add_item(control(ControlId(game_id, state_id, "page", "0:"), label="All moves", row=4))
    view.add_item(control(ControlId(game_id, state_id, "panel"), label="Refresh",
                          style=discord.ButtonStyle.secondary, row=4))


STOOD_IN = {TIMEOUT: "since your time ran out", TABLE: "as the table decided when your time ran out",
            LEFT: "since you left the table", RESIGNED: "since you resigned"}


def status_of(info: GameInfo, to_move: Sequence[int], seat: int | None) -> tuple[str, str]:
    """A one-line status for `seat` and its colour key."""
    if info.outcome is not None:
        return f"🏁 {summary(info.outcome, names_of(info))}", "over"
    if info.status == LOBBY:
        return "This table hasn't started yet.", "wait"
    if info.status != RUNNING:
        return f"This game is {info.status}.", "over"
    if seat is not None and info.seats[seat].stand_in is not None:
        why = STOOD_IN.get(info.seats[seat].why or "", "for now")
        return (f"🤖 An AI plays your seat {why}. **Take my seat back** below (or `/game back game:{info.game_id}`) "
                "and you play it again.", "wait")
    if seat is not None and seat in to_move:
        mine = info.seats[seat]
        when = " (your clock is paused)" if mine.paused else (
            f" Your time runs out <t:{mine.deadline:.0f}:R>." if mine.deadline is not None else "")
        return f"⚔️ **Your move.**{when}", "turn"
    return f"⏳ Waiting for {who(info, to_move)}.", "wait"


def seat_clock(seat: SeatInfo) -> str:
    """A seat's clock as the table may see it: time left and bank, away, or played by an AI."""
    if seat.played_by_ai:
        return "🤖 an AI plays at once"
    if seat.away_until is not None:
        state = f"🏖️ away until <t:{seat.away_until:.0f}:R>"
    elif seat.deadline is not None:
        state = f"⏰ to move, time runs out <t:{seat.deadline:.0f}:R>"
    elif seat.paused:
        state = "⏸️ to move, clock paused" + (f" with {span(seat.left)} left" if seat.left is not None else "")
    else:
        state = "waiting"
    return state if seat.bank is None else f"{state} · bank {span(seat.bank)}"


def clock_lines(info: GameInfo) -> list[str]:
    """Each seat's clock, a line each (`/game board`, a panel)."""
    return [f"**{seat.name}**: {seat_clock(seat)}" for seat in info.seats]


async def seat_panel(table: TableView, *, prefix: str = "", page: int = 0, note: str = "",
                     private_lines: Sequence[str] = (), urgent: bool = True, kept: str | None = None) -> Panel:
    """The panel of `table.seat` (or a spectator's board when the viewer has no seat).

    `urgent=False`: nobody is waiting for this one right now (a DM panel brought up to date),
    so under load its picture yields to those someone is waiting for. `kept`: the URL of the
    picture the edited message shows, which shows this board already: not drawn again."""
    info = table.info
    names = names_of(info)
    status, colour = status_of(info, table.to_move, table.seat)
    if table.seat is None:
        title = f"{info.title} #{info.game_id} — spectating"
    else:
        title = f"{info.title} #{info.game_id} — {names[table.seat]}'s view (seat {table.seat + 1})"
    lines = [f"🔒 {line}" for line in private_lines]
    if table.seat is None and info.active:
        lines.append("You have no seat at this table; this is what everyone can see.")
    embed = discord.Embed(title=title, description="\n".join(lines) or None, colour=COLOURS[colour])
    if info.status == RUNNING and info.clock != "none":
        embed.add_field(name=f"Clocks · {clock_label(info.clock)}"[:256], value="\n".join(clock_lines(info))[:1024],
                        inline=False)
    embed.set_footer(text=f"board {table.state_id} · /move, /game log, /rules")
    content = "\n".join(part for part in (note, status) if part)
    finished = info.outcome is not None or not info.active
    if table.seat is None or finished:
        png = await pictures.board(table.view, names) if table.view else None
        return Panel(content, embed, png, "board.png")
    if kept is not None:
        return Panel(content, embed, None, "hand.png", _hand_controls(table, prefix, page), kept=kept)
    png = await pictures.hand(table.view, names, urgent) if table.view else None
    return Panel(content, embed, png, "hand.png", _hand_controls(table, prefix, page))


def _hand_controls(table: TableView, prefix: str, page: int) -> discord.ui.View:
    """A seat's controls: its moves (or Refresh), Undo while it may, the way back from a stand-in."""
    info = table.info
    assert table.seat is not None
    view = move_controls(info.game_id, table.state_id, table.legal_moves, prefix, page) if table.legal_moves else None
    if view is None:
        view = discord.ui.View(timeout=None)
        view.add_item(control(ControlId(info.game_id, table.state_id, "panel"), label="Refresh",
                              style=discord.ButtonStyle.secondary, row=4))
    if table.undo is not None:  # shown only while the move may be taken back (docs/undo.md)
        view.add_item(control(ControlId(info.game_id, table.state_id, "undo", str(table.undo)), label="Undo",
                              emoji="↩️", style=discord.ButtonStyle.danger, row=4))
    if info.seats[table.seat].stand_in is not None:  # an AI plays it: the way back, never stale moves
        view.add_item(control(ControlId(info.game_id, table.state_id, "back"), label="Take my seat back",
                              emoji="🪑", style=discord.ButtonStyle.success, row=4))
    row = notify_row(view)
    if row is not None:  # how its person is told, and this game's mute: settings_cog.on_notify
        view.add_item(control(ControlId(info.game_id, table.state_id, "notify"), label="Notifications", emoji="🔔",
                              row=row))
    return view


def notify_row(view: discord.ui.View) -> int | None:
    """The row for a panel's 🔔 Notifications button: beside Refresh, or, when the moves' paging
    fills that row, the first row no select or move button uses; None when all five are full (a
    long move list paged and narrowed, with Undo: the next panel has it)."""
    used = Counter(item.row for item in view.children)
    if used[4] < ROW_WIDTH:
        return 4
    return next((row for row in range(4) if not used[row]), None)
