"""The relay's bounded send queue: retained messages coalesced per topic, events kept in order.

Plain synchronous data: putting never waits and never fails, so a move that notifies the
relay is never held up by the broker. The sender peeks the oldest entry, publishes it and
only then marks it done, so an entry whose publish failed is sent again after reconnecting.

A game has up to two retained topics, its state and (when pictures are on) its picture; both
are remembered per game for republishing and forgotten together.
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
    game: GameKey | None = None  # set for retained messages (states, pictures, clears), which coalesce per topic


@dataclass
class OutboxCounters:
    """What happened to queued messages; published counts are kept by the relay."""

    coalesced_states: int = 0  # a pending retained message replaced by a newer one on its topic
    dropped_states: int = 0  # oldest pending retained message dropped at the limit (republished on reconnect)
    dropped_events: int = 0  # oldest pending event message dropped at the limit
    republished_states: int = 0  # latest retained messages queued again after a (re)connect


class Outbox:
    """Pending messages plus the latest retained messages of every game, for republishing.

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
        # By topic, ordered by `order`: a coalesced message moves to the end, after the events it follows.
        self._retained: OrderedDict[str, Outgoing] = OrderedDict()
        self._events: deque[Outgoing] = deque()
        # game -> topic -> latest retained message
        self._latest: dict[GameKey, dict[str, Outgoing]] = {}  # games in play
        self._ended: OrderedDict[GameKey, dict[str, Outgoing]] = OrderedDict()  # most recently ended last

    # -- putting ------------------------------------------------------------------------
    def put_state(self, game: GameKey, topic: str, payload: bytes, *, ended: bool = False) -> None:
        """Queue the newest retained state of `game`, replacing any pending older one."""
        message = Outgoing(topic, payload, retain=True, order=next(self._order), game=game)
        remembered = {**self._ended.pop(game, {}), **self._latest.pop(game, {}), topic: message}
        if ended:
            self._ended[game] = remembered
            while len(self._ended) > self.ended_limit:
                self._ended.popitem(last=False)
        else:
            self._latest[game] = remembered
        self._queue_retained(message)

    def put_picture(self, game: GameKey, topic: str, payload: bytes) -> bool:
        """Queue a retained picture of a game whose state was put; False (nothing queued) when the
        game was deleted or forgotten meanwhile, so a late picture can't bring a game back."""
        remembered = self._latest.get(game)
        if remembered is None:
            remembered = self._ended.get(game)
        if remembered is None:
            return False
        message = Outgoing(topic, payload, retain=True, order=next(self._order), game=game)
        remembered[topic] = message
        self._queue_retained(message)
        return True

    def put_clear(self, game: GameKey, *topics: str) -> None:
        """Queue empty retained payloads, which remove the game's retained messages from the broker:
        on `topics` and on every other topic remembered for the game."""
        remembered = {**self._ended.pop(game, {}), **self._latest.pop(game, {})}
        for topic in dict.fromkeys([*topics, *remembered]):
            self._queue_retained(Outgoing(topic, b"", retain=True, order=next(self._order), game=game))

    def put_event(self, topic: str, payload: bytes) -> None:
        """Queue a non-retained event message; beyond the limit the oldest one goes."""
        self._events.append(Outgoing(topic, payload, retain=False, order=next(self._order)))
        while len(self._events) > self.event_limit:
            self._events.popleft()
            self.counters.dropped_events += 1

    def republish_latest(self) -> None:
        """After a (re)connect: queue the latest retained messages of every remembered game not
        already pending.

        The broker may have lost its retained messages (restart without persistence), and a
        state whose publish failed mid-way must reach subscribers anyway.
        """
        for game, remembered in [*self._ended.items(), *self._latest.items()]:
            for topic, message in remembered.items():
                if topic not in self._retained:
                    self._queue_retained(Outgoing(topic, message.payload, retain=True,
                                                  order=next(self._order), game=game))
                    self.counters.republished_states += 1

    def _queue_retained(self, message: Outgoing) -> None:
        if message.topic in self._retained:
            self.counters.coalesced_states += 1
            del self._retained[message.topic]
        self._retained[message.topic] = message
        while len(self._retained) > self.state_limit:
            self._retained.popitem(last=False)
            self.counters.dropped_states += 1

    # -- sending ------------------------------------------------------------------------
    def peek(self) -> Outgoing | None:
        """The oldest pending message, or None when there is nothing to send."""
        retained = next(iter(self._retained.values()), None)
        event = self._events[0] if self._events else None
        if retained is None or (event is not None and event.order < retained.order):
            return event
        return retained

    def done(self, message: Outgoing) -> None:
        """`message` was published; forget it unless it was replaced or dropped meanwhile."""
        if message.retain:
            if self._retained.get(message.topic) is message:
                del self._retained[message.topic]
        elif self._events and self._events[0] is message:
            self._events.popleft()

    # -- looking ------------------------------------------------------------------------
    @property
    def pending_states(self) -> int:
        """Retained messages (states, pictures, clears) waiting to go out."""
        return len(self._retained)

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
        return len(self._retained) + len(self._events)
