"""Publishing: what the table service tells its adapters after a change is committed.

The service commits, then hands the table here. The publisher builds the public update (the
spectator view only) and each concerned seat's private update, and calls every attached
notifier in turn: the public update for all, the private ones only for those that take them
(`PrivateListener`: never the relay). A notifier that fails is logged and never undoes the
change nor silences the others (the announcement outbox catches the thread and panels up later,
docs/storage.md).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable

from bot.kinds import UpdateReason
from bot.notify import Notice, NoticeListener, Notifier, PrivateListener, PrivateUpdate, PublicUpdate
from bot.tables.table import Table
from engine.core import Event

log = logging.getLogger(__name__)


def public_update(table: Table, *, reason: UpdateReason, events: Iterable[Event] = (),
                  actor: int | None = None) -> PublicUpdate:
    """What anyone may know of the table as it is now: the spectator view, and of `events` the
    public lines only. The one place a public update is made (the web pages read games this way
    too, bot/web/reading.py)."""
    row = table.row
    return PublicUpdate(
        game_id=row.id, guild_id=row.guild_id, channel_id=row.channel_id, thread_id=row.thread_id,
        game=row.game, title=table.engine.title, status=row.status, state_id=row.state_id,
        seats=table.seat_infos(), to_move=table.to_move(), view=table.view_of(None)[0],
        events=tuple(e.text for e in events if e.public), actor=actor, outcome=row.outcome,
        updated_at=row.updated_at, reason=reason, names=tuple(table.names_at(row.state_id)),
    )


class Publisher:
    """The notifiers attached to the service, and the updates they are told."""

    def __init__(self) -> None:
        self._notifiers: list[Notifier] = []

    def attach(self, notifier: Notifier) -> None:
        self._notifiers.append(notifier)

    def detach(self, notifier: Notifier) -> None:
        self._notifiers.remove(notifier)

    async def publish(self, table: Table, *, reason: UpdateReason, events: Iterable[Event] = (),
                      actor: int | None = None, private_to: Iterable[int] = ()) -> None:
        """Tell every notifier of the table as it is now: the public update, then, to those that
        take them, a private one for each seat of `private_to` that a person holds."""
        notifiers = list(self._notifiers)
        if not notifiers:
            return
        events = tuple(events)
        row, state = table.row, table.state
        public = public_update(table, reason=reason, events=events, actor=actor)
        # A seat's view is built only if some notifier takes it.
        if not any(isinstance(notifier, PrivateListener) for notifier in notifiers):
            private_to = ()
        privates: list[PrivateUpdate] = []
        for seat in sorted(set(private_to)):
            info = table.seats[seat]
            if info.user_id is None or state is None:
                continue
            view, legal = table.view_of(seat)
            privates.append(PrivateUpdate(
                game_id=row.id, guild_id=row.guild_id, game=row.game, state_id=row.state_id, seat=seat,
                user_id=info.user_id, view=view,
                events=tuple(e.text for e in events if not e.public and e.visible_to(seat)),
                legal_moves=tuple(m.text for m in legal), labels={m.text: m.label or m.text for m in legal},
            ))
        for notifier in notifiers:
            try:
                await notifier.on_public(public)
                if isinstance(notifier, PrivateListener):
                    for update in privates:
                        await notifier.on_private(update)
            except Exception:
                log.exception("Notifier %r failed on game %d state %d", notifier, row.id, row.state_id)

    async def notice(self, notice: Notice) -> None:
        """A reminder or a vote call, for the notifiers that take notices."""
        for notifier in list(self._notifiers):
            if isinstance(notifier, NoticeListener):
                try:
                    await notifier.on_notice(notice)
                except Exception:
                    log.exception("Notifier %r failed on a %s of game %d", notifier, notice.kind, notice.game_id)

    async def deleted(self, guild_id: int, game_id: int) -> None:
        """A lobby was cancelled: its messages go."""
        for notifier in list(self._notifiers):
            try:
                await notifier.on_deleted(guild_id, game_id)
            except Exception:
                log.exception("Notifier %r failed on the deletion of game %d", notifier, game_id)
