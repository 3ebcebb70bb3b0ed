"""The relay's send queue and backoff: coalescing, bounds, order, republish."""

from __future__ import annotations

import pytest

from bot.relay.backoff import backoff_delay
from bot.relay.outbox import Outbox, Outgoing


def drain(outbox: Outbox) -> list[Outgoing]:
    sent = []
    while (message := outbox.peek()) is not None:
        outbox.done(message)
        sent.append(message)
    return sent


def test_only_the_latest_state_per_game_stays_pending() -> None:
    outbox = Outbox(state_limit=10, event_limit=10)
    for seq in range(5):
        outbox.put_state((1, 7), "skald/1/7/state", f"{seq}".encode())
    outbox.put_state((1, 8), "skald/1/8/state", b"other")
    assert outbox.pending_states == 2
    assert outbox.counters.coalesced_states == 4
    assert [m.payload for m in drain(outbox)] == [b"4", b"other"]


def test_events_keep_their_order_and_a_state_follows_its_events() -> None:
    outbox = Outbox(state_limit=10, event_limit=10)
    outbox.put_event("skald/1/7/events", b"e1")
    outbox.put_state((1, 7), "skald/1/7/state", b"s1")
    outbox.put_event("skald/1/7/events", b"e2")
    outbox.put_state((1, 7), "skald/1/7/state", b"s2")
    assert [m.payload for m in drain(outbox)] == [b"e1", b"e2", b"s2"]


def test_oldest_event_is_dropped_at_the_limit_and_counted() -> None:
    outbox = Outbox(state_limit=10, event_limit=3)
    for n in range(5):
        outbox.put_event("skald/1/7/events", f"e{n}".encode())
    assert outbox.counters.dropped_events == 2
    assert [m.payload for m in drain(outbox)] == [b"e2", b"e3", b"e4"]


def test_oldest_pending_state_is_dropped_at_the_limit_but_the_game_stays_live() -> None:
    outbox = Outbox(state_limit=2, event_limit=10)
    for game in range(3):
        outbox.put_state((1, game), f"skald/1/{game}/state", b"s")
    assert outbox.counters.dropped_states == 1 and outbox.pending_states == 2
    assert [m.topic for m in drain(outbox)] == ["skald/1/1/state", "skald/1/2/state"]
    assert outbox.live_games == 3  # its latest state is kept for the next republish


def test_a_failed_publish_stays_pending_and_a_replaced_state_is_not_forgotten() -> None:
    outbox = Outbox(state_limit=10, event_limit=10)
    outbox.put_state((1, 7), "skald/1/7/state", b"s1")
    in_flight = outbox.peek()
    assert in_flight is not None
    outbox.put_state((1, 7), "skald/1/7/state", b"s2")  # arrives while s1 is being published
    outbox.done(in_flight)
    assert [m.payload for m in drain(outbox)] == [b"s2"]
    outbox.put_event("skald/1/7/events", b"e")
    assert outbox.peek() is outbox.peek()  # nothing is removed until done()


def test_a_deleted_game_is_cleared_and_no_longer_republished() -> None:
    outbox = Outbox(state_limit=10, event_limit=10)
    outbox.put_state((1, 7), "skald/1/7/state", b"s1")
    outbox.put_clear((1, 7), "skald/1/7/state")
    assert [(m.payload, m.retain) for m in drain(outbox)] == [(b"", True)]
    outbox.republish_latest()
    assert outbox.peek() is None and outbox.live_games == 0


def test_republish_skips_games_whose_state_is_already_pending() -> None:
    outbox = Outbox(state_limit=10, event_limit=10)
    outbox.put_state((1, 7), "skald/1/7/state", b"s1")
    outbox.put_state((2, 9), "skald/2/9/state", b"t1")
    drain(outbox)
    outbox.put_state((1, 7), "skald/1/7/state", b"s2")
    outbox.republish_latest()
    assert outbox.counters.republished_states == 1
    assert sorted(m.payload for m in drain(outbox)) == [b"s2", b"t1"]


def test_only_the_most_recently_ended_games_are_remembered_for_republishing() -> None:
    outbox = Outbox(state_limit=10, event_limit=10, ended_limit=2)
    outbox.put_state((1, 0), "skald/1/0/state", b"running")
    for game in range(1, 4):
        outbox.put_state((1, game), f"skald/1/{game}/state", b"running")
        outbox.put_state((1, game), f"skald/1/{game}/state", b"finished", ended=True)
    drain(outbox)
    assert (outbox.live_games, outbox.ended_games) == (1, 2)
    outbox.republish_latest()
    assert sorted(m.topic for m in drain(outbox)) == ["skald/1/0/state", "skald/1/2/state", "skald/1/3/state"]


def test_backoff_doubles_up_to_the_cap_with_jitter_in_the_upper_half() -> None:
    lows = [backoff_delay(n, initial=0.5, cap=30.0, jitter=0.0) for n in range(10)]
    assert lows[:4] == [0.25, 0.5, 1.0, 2.0]
    assert lows[-1] == 15.0
    assert backoff_delay(3, initial=0.5, cap=30.0, jitter=0.999) < 4.0
    assert backoff_delay(10_000, initial=0.5, cap=30.0, jitter=0.5) == 22.5
    with pytest.raises(ValueError):
        backoff_delay(0, initial=0.5, cap=30.0, jitter=1.0)
