"""The relay's bounded send queue: states coalesced per game, events kept in order.

Plain synchronous data: putting never waits and never fails, so a move that notifies the
relay is never held up by the broker. The sender peeks the oldest entry, publishes it and
only then marks it done, so an entry whose publish failed is sent again after reconnecting.
"""

from __future__ import annotations

import itertools
from collections import OrderedDict, deque
from dataclasses import dataclass

GameKey = tuple[int, int]  # (guild_id, game_id)


@dataclass(frozen=True, eq=False)
class Outgoing:
    """One MQTT message waiting to go out. Identity matters: a replaced state is a new object."""

    topic: str
    payload: bytes
    retain: bool
    order: int
    game: GameKey | None = None  # set for state messages (and clears), which coalesce per game


@dataclass
class OutboxCounters:
    """What happened to queued messages; published counts are kept by the relay."""

    coalesced_states: int = 0  # a pending state replaced by a newer one of the same game
    dropped_states: int = 0  # oldest pending state dropped at the limit (still republished on reconnect)
    dropped_events: int = 0  # oldest pending event message dropped at the limit
    republished_states: int = 0  # latest states queued again after a (re)connect


class Outbox:
    """Pending messages plus the latest state of every game, for republishing.

    Games still in play are all remembered; of the games that ended (finished, abandoned,
    cancelled) only the `ended_limit` most recent, so a bot that runs for months does not
    keep every game it ever hosted.
    """

    def __init__(self, state_limit: int, event_limit: int, ended_limit: int = 200) -> None:
        if min(state_limit, event_limit, ended_limit) < 1:
            raise ValueError("Outbox limits must be at least 1.")
        self.state_limit = state_limit
        self.event_limit = event_limit
        self.ended_limit = ended_limit
        self.counters = OutboxCounters()
        self._order = itertools.count()
        # Ordered by `order`: a coalesced state moves to the end, after the events it follows.
        self._states: OrderedDict[GameKey, Outgoing] = OrderedDict()
        self._events: deque[Outgoing] = deque()
        self._latest: dict[GameKey, Outgoing] = {}  # games in play
        self._ended: OrderedDict[GameKey, Outgoing] = OrderedDict()  # most recently ended last

    # -- putting ------------------------------------------------------------------------
    def put_state(self, game: GameKey, topic: str, payload: bytes, *, ended: bool = False) -> None:
        """Queue the newest retained state of `game`, replacing any pending older one."""
        message = Outgoing(topic, payload, retain=True, order=next(self._order), game=game)
        if ended:
            self._latest.pop(game, None)
            self._ended.pop(game, None)
            self._ended[game] = message
            while len(self._ended) > self.ended_limit:
                self._ended.popitem(last=False)
        else:
            self._ended.pop(game, None)
            self._latest[game] = message
        self._queue_state(message)

    def put_clear(self, game: GameKey, topic: str) -> None:
        """Queue an empty retained payload, which removes the game's retained state."""
        self._latest.pop(game, None)
        self._ended.pop(game, None)
        self._queue_state(Outgoing(topic, b"", retain=True, order=next(self._order), game=game))

    def put_event(self, topic: str, payload: bytes) -> None:
        """Queue a non-retained event message; beyond the limit the oldest one goes."""
        self._events.append(Outgoing(topic, payload, retain=False, order=next(self._order)))
        while len(self._events) > self.event_limit:
            self._events.popleft()
            self.counters.dropped_events += 1

    def republish_latest(self) -> None:
        """After a (re)connect: queue the latest state of every remembered game not already pending.

        The broker may have lost its retained messages (restart without persistence), and a
        state whose publish failed mid-way must reach subscribers anyway.
        """
        for game, message in [*self._ended.items(), *self._latest.items()]:
            if game not in self._states:
                self._queue_state(Outgoing(message.topic, message.payload, retain=True,
                                           order=next(self._order), game=game))
                self.counters.republished_states += 1

    def _queue_state(self, message: Outgoing) -> None:
        assert message.game is not None
        if message.game in self._states:
            self.counters.coalesced_states += 1
            del self._states[message.game]
        self._states[message.game] = message
        while len(self._states) > self.state_limit:
            self._states.popitem(last=False)
            self.counters.dropped_states += 1

    # -- sending ------------------------------------------------------------------------
    def peek(self) -> Outgoing | None:
        """The oldest pending message, or None when there is nothing to send."""
        state = next(iter(self._states.values()), None)
        event = self._events[0] if self._events else None
        if state is None or (event is not None and event.order < state.order):
            return event
        return state

    def done(self, message: Outgoing) -> None:
        """`message` was published; forget it unless it was replaced or dropped meanwhile."""
        if message.game is not None:
            if self._states.get(message.game) is message:
                del self._states[message.game]
        elif self._events and self._events[0] is message:
            self._events.popleft()

    # -- looking ------------------------------------------------------------------------
    @property
    def pending_states(self) -> int:
        return len(self._states)

    @property
    def pending_events(self) -> int:
        return len(self._events)

    @property
    def live_games(self) -> int:
        """Games in play whose latest state is remembered."""
        return len(self._latest)

    @property
    def ended_games(self) -> int:
        """Ended games whose final state is still remembered for republishing."""
        return len(self._ended)

    def __len__(self) -> int:
        return len(self._states) + len(self._events)
