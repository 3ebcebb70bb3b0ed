"""Turn clocks: presets, and what a change does to the seats' clocks (pure; docs/async.md).

A seat to act has its move's time plus whatever is left of its bank: its deadline is when the
turn began plus both. Time used beyond the move's allowance comes out of the bank; the bank
never grows back. In a simultaneous step every waiting seat's clock runs at once. A paused clock
(the host paused the game, or its player is away) keeps the seconds it had left instead of a
deadline. Reminders fall due when half of a turn's time is gone and when a tenth remains.
"""

from __future__ import annotations

from collections.abc import Mapping, Set
from dataclasses import dataclass, replace

from bot.store.clocks import ClockWrites, TimerSpec
from bot.store.records import SeatClock

HOUR = 3600.0
DAY = 24 * HOUR


@dataclass(frozen=True)
class Preset:
    """A table's clock: seconds for each move, and the bank each seat starts with."""

    name: str
    label: str
    per_move: float
    bank: float


PRESETS: dict[str, Preset] = {
    preset.name: preset for preset in (
        Preset("live", "live — 3 minutes a move, 15 minutes in the bank", 3 * 60, 15 * 60),
        Preset("daily", "daily — 24 hours a move, 3 days in the bank", DAY, 3 * DAY),
        Preset("relaxed", "relaxed — 72 hours a move, a week in the bank", 3 * DAY, 7 * DAY),
    )
}
CLOCKS = ("none", *PRESETS)  # "none": no clock at all
CLOCK_LABELS = {"none": "none — no clock", **{name: preset.label for name, preset in PRESETS.items()}}
POLICIES = ("stand_in", "vote")
POLICY_LABELS = {"stand_in": "an AI stands in until they are back", "vote": "the table decides"}
VOTE_WINDOW = DAY  # the table decides within a day; undecided, an AI stands in
WAIT_MORE = DAY  # "wait 24 hours more"


def preset(name: str) -> Preset | None:
    return PRESETS.get(name)


def used(clock: SeatClock, now: float) -> float:
    """Seconds of its current turn the seat has used."""
    if clock.allowed is None:
        return 0.0
    left = clock.remaining if clock.remaining is not None else max(0.0, (clock.deadline or now) - now)
    return max(0.0, clock.allowed - left)


def stop(clock: SeatClock, rules: Preset, now: float) -> SeatClock:
    """The seat's turn ends: time beyond the move's allowance comes out of the bank."""
    over = max(0.0, used(clock, now) - rules.per_move)
    return SeatClock(seat=clock.seat, bank=max(0.0, clock.bank - over))


def start(seat: int, clock: SeatClock | None, rules: Preset, now: float, state_id: int, paused: bool) -> SeatClock:
    """The seat's turn begins: its move's time plus its bank, running (or kept, if paused)."""
    bank = clock.bank if clock is not None else rules.bank
    allowed = rules.per_move + bank
    if paused:
        return SeatClock(seat=seat, bank=bank, started=now, allowed=allowed, remaining=allowed, state_id=state_id)
    return SeatClock(seat=seat, bank=bank, started=now, allowed=allowed, deadline=now + allowed, state_id=state_id)


def pause(clock: SeatClock, now: float) -> SeatClock:
    if clock.deadline is None:
        return clock
    return replace(clock, deadline=None, remaining=max(0.0, clock.deadline - now))


def resume(clock: SeatClock, now: float) -> SeatClock:
    if clock.remaining is None:
        return clock
    return replace(clock, deadline=now + clock.remaining, remaining=None)


def extend(clock: SeatClock, seconds: float, now: float) -> SeatClock:
    """More time for a seat whose time ran out ("wait 24 hours more")."""
    base = max(now, clock.deadline or now)
    return replace(clock, deadline=base + seconds, remaining=None, allowed=(clock.allowed or 0.0) + seconds)


def timers(clock: SeatClock, now: float) -> list[TimerSpec]:
    """The reminders still ahead of a running clock, and its timeout."""
    if clock.deadline is None or clock.allowed is None:
        return []
    found = []
    for kind, share_left in (("half", 0.5), ("tenth", 0.1)):
        due = clock.deadline - clock.allowed * share_left
        if due > now:
            found.append(TimerSpec(kind, clock.seat, due, clock.state_id))
    found.append(TimerSpec("timeout", clock.seat, clock.deadline, clock.state_id))
    return found


def transition(rules: Preset | None, clocks: Mapping[int, SeatClock], before: Set[int], after: Set[int],
               timed: Set[int], paused: Set[int], now: float, state_id: int) -> ClockWrites:
    """What a change from seats `before` to seats `after` to act does to the clocks.

    Seats that stopped acting stop their clocks; seats that began acting and play for
    themselves (`timed`: people without a stand-in) start theirs, paused for those in `paused`.
    Seats acting before and after keep running: a simultaneous step runs every waiting clock."""
    if rules is None:
        return ClockWrites()
    changed: list[SeatClock] = []
    cleared: list[int] = []
    specs: list[TimerSpec] = []
    for seat in sorted(before - after):
        clock = clocks.get(seat)
        if clock is not None and clock.allowed is not None:
            changed.append(stop(clock, rules, now))
            cleared.append(seat)
    for seat in sorted((after - before) & timed):
        clock = start(seat, clocks.get(seat), rules, now, state_id, seat in paused)
        changed.append(clock)
        cleared.append(seat)
        specs += timers(clock, now)
    return ClockWrites(changed, cleared, specs)


def stop_all(clocks: Mapping[int, SeatClock], rules: Preset | None, now: float) -> ClockWrites:
    """The game is over (or a seat no longer plays for itself): every running clock stops."""
    if rules is None:
        return ClockWrites()
    stopped = [stop(c, rules, now) for c in clocks.values() if c.allowed is not None]
    return ClockWrites(stopped, [c.seat for c in stopped], ())
