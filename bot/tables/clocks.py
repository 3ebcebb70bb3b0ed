"""Turn clocks: presets, custom clocks, and what a change does to the seats' clocks (pure;
docs/async.md).

A seat to act has its move's time plus whatever is left of its bank: its deadline is when the
turn began plus both. Time used beyond the move's allowance comes out of the bank; a clock with
an increment adds it to the bank each time the seat ends its turn by moving, up to the bank's
starting size (or one move's time, if that is more), as Board Game Arena's turn-based clocks
refill. In a simultaneous step every waiting seat's clock runs at once. A paused clock (the host
paused the game, or its player is away) keeps the seconds it had left instead of a deadline.
Reminders fall due when half of a turn's time is gone and when a tenth remains.

A table's clock is a preset's name (`daily`) or a custom clock, per move + bank + increment:
`12h+2d+1h` (units s, m, h, d, decimals allowed; `0` for none). It is read exactly, to the second
(`1.5m` is 90 seconds; a time that is not a whole number of seconds is refused, never rounded),
within the bounds below, and stored canonically by `Preset.name` (`1m30s`), which reads back to
the same clock. Anything else is a BadClock saying why, whatever its length (docs/async.md).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Set
from dataclasses import dataclass, replace
from decimal import Decimal

from bot.store.clocks import ClockWrites, TimerSpec
from bot.store.records import SeatClock

SECOND = 1.0
MINUTE = 60.0
HOUR = 3600.0
DAY = 24 * HOUR
UNITS = {"s": SECOND, "m": MINUTE, "h": HOUR, "d": DAY}
UNIT_WORDS = (("day", DAY), ("hour", HOUR), ("minute", MINUTE), ("second", SECOND))
# What a custom clock may be: a move's time, the bank and the increment, in seconds.
PER_MOVE_RANGE = (MINUTE, 30 * DAY)
BANK_MAX = 60 * DAY
INCREMENT_MAX = 7 * DAY
EXAMPLE = "12h+2d+1h"


class BadClock(ValueError):
    """A clock that is neither a preset nor a custom clock Skald can run; says why."""


@dataclass(frozen=True)
class Preset:
    """A table's clock: seconds for each move, the bank each seat starts with, and the seconds
    added to the bank after each turn a seat ends by moving."""

    name: str
    label: str
    per_move: float
    bank: float
    increment: float = 0.0

    @property
    def bank_cap(self) -> float:
        """The most an increment fills the bank to."""
        return max(self.bank, self.per_move)


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
_SPAN = re.compile(r"(\d+(?:\.\d+)?)([smhd])")
SHOWN = 20  # characters of what was typed that a refusal quotes


def _parts(seconds: float) -> list[tuple[int, int]]:
    """A duration, rounded to the second, in whole days, hours, minutes and seconds: (count, unit
    index in UNIT_WORDS) of each unit that isn't zero, largest first."""
    parts: list[tuple[int, int]] = []
    left = float(round(seconds))
    for index, (_, size) in enumerate(UNIT_WORDS):
        count = int(left // size)
        if count:
            parts.append((count, index))
            left -= count * size
    return parts


def span(seconds: float, units: int = 2) -> str:
    """A duration in words, in at most `units` units: "2 days 3 hours", "45 minutes", "0 minutes"."""
    words = [f"{count} {UNIT_WORDS[unit][0]}{'s' if count != 1 else ''}" for count, unit in _parts(seconds)[:units]]
    return " ".join(words) or "0 minutes"


def compact(seconds: float) -> str:
    """A duration as a custom clock writes it: "1d12h", "45m", "1m30s", "0"."""
    return "".join(f"{count}{UNIT_WORDS[unit][0][0]}" for count, unit in _parts(seconds)) or "0"


def _quoted(text: str) -> str:
    return repr(text if len(text) <= SHOWN else text[:SHOWN - 1] + "…")


def duration(text: str, what: str) -> Decimal:
    """The exact seconds of a duration such as `12h`, `1d12h`, `1.5m`, `90s` or `0` (`what`: how
    a refusal names it); BadClock says what is wrong. In decimal, so `1.5m` is exactly 90 seconds
    and a number of any length is only ever compared, never made a float."""
    text = text.strip().lower()
    if text == "0":
        return Decimal(0)
    pieces = _SPAN.findall(text)
    if not pieces or "".join(n + u for n, u in pieces) != text:
        raise BadClock(f"{what} {_quoted(text)} isn't a time: write a number and a unit (s, m, h or d), like 12h, "
                       "1d12h or 1.5m.")
    return sum((Decimal(number) * int(UNITS[unit]) for number, unit in pieces), Decimal(0))


def _seconds(text: str, what: str, low: float, high: float, bounds: str) -> float:
    """A part of a custom clock in whole seconds from `low` to `high`; `bounds`: how a refusal
    says them ("must be from 1 minute to 30 days")."""
    seconds = duration(text, what)
    if not low <= seconds <= high:
        said = span(float(seconds)) if seconds <= 1000 * high else _quoted(text.strip())  # a length span can say
        raise BadClock(f"{what} {bounds}, not {said}.")
    if seconds != seconds.to_integral_value():
        raise BadClock(f"{what} {_quoted(text.strip())} is {seconds.normalize():f} seconds: a clock counts whole "
                       "seconds.")
    return float(seconds)


def custom(spec: str) -> Preset:
    """A custom clock from `per move+bank[+increment]`; BadClock says what is wrong."""
    parts = spec.strip().lower().replace(" ", "").split("+")
    if not 2 <= len(parts) <= 3:
        raise BadClock(f"A clock is a preset ({', '.join(CLOCKS)}) or per move + bank + increment, like {EXAMPLE} "
                       "(12 hours a move, 2 days in the bank, an hour added per move).")
    low, high = PER_MOVE_RANGE
    per_move = _seconds(parts[0], "The time per move", low, high, f"must be from {span(low)} to {span(high)}")
    bank = _seconds(parts[1], "The bank", 0, BANK_MAX, f"can hold at most {span(BANK_MAX)}")
    increment = (_seconds(parts[2], "The increment", 0, INCREMENT_MAX, f"can be at most {span(INCREMENT_MAX)}")
                 if len(parts) == 3 else 0.0)
    name = "+".join(compact(x) for x in ((per_move, bank, increment) if increment else (per_move, bank)))
    whole = len(UNIT_WORDS)  # the label says the clock exactly, as its name does
    label = f"custom — {span(per_move, whole)} a move, {span(bank, whole)} in the bank"
    if increment:
        label += f", +{span(increment, whole)} a move"
    return Preset(name, label, per_move, bank, increment)


def check(name: str) -> str:
    """The clock as stored: a preset's name, or a custom clock written canonically."""
    name = name.strip().lower()
    if name in CLOCKS:
        return name
    return custom(name).name


def label(name: str) -> str:
    """A clock as a table's header says it."""
    if name in CLOCK_LABELS:
        return CLOCK_LABELS[name]
    try:
        return custom(name).label
    except BadClock:
        return name


def preset(name: str) -> Preset | None:
    """The clock a table's `clock` names (None: no clock)."""
    if name == "none":
        return None
    found = PRESETS.get(name)
    if found is not None:
        return found
    try:
        return custom(name)
    except BadClock:
        return None  # a stored clock this version can't read: the table plays without one


def used(clock: SeatClock, now: float) -> float:
    """Seconds of its current turn the seat has used."""
    if clock.allowed is None:
        return 0.0
    left = clock.remaining if clock.remaining is not None else max(0.0, (clock.deadline or now) - now)
    return max(0.0, clock.allowed - left)


def stop(clock: SeatClock, rules: Preset, now: float, moved: bool = False) -> SeatClock:
    """The seat's turn ends: time beyond the move's allowance comes out of the bank, and (`moved`:
    it ended the turn by moving) the increment goes in, up to the bank's cap. The turn's start,
    allowance and starting bank are kept for an undo (`restore`)."""
    over = max(0.0, used(clock, now) - rules.per_move)
    bank = max(0.0, clock.bank - over)
    if moved and rules.increment and bank < rules.bank_cap:
        bank = min(rules.bank_cap, bank + rules.increment)
    return SeatClock(seat=clock.seat, bank=bank, started=clock.started, allowed=clock.allowed,
                     state_id=clock.state_id, turn_bank=clock.bank if clock.turn_bank is None else clock.turn_bank)


def start(seat: int, clock: SeatClock | None, rules: Preset, now: float, state_id: int, paused: bool) -> SeatClock:
    """The seat's turn begins: its move's time plus its bank, running (or kept, if paused)."""
    bank = clock.bank if clock is not None else rules.bank
    allowed = rules.per_move + bank
    if paused:
        return SeatClock(seat=seat, bank=bank, started=now, allowed=allowed, remaining=allowed, state_id=state_id,
                         turn_bank=bank)
    return SeatClock(seat=seat, bank=bank, started=now, allowed=allowed, deadline=now + allowed, state_id=state_id,
                     turn_bank=bank)


def restore(clock: SeatClock, rules: Preset, now: float, state_id: int, paused: bool) -> SeatClock:
    """The seat's turn given back by an undo: as it stood before the move taken back, its time
    running on from when the turn began (the bank as it was then; the increment the move earned
    taken back). A clock that kept no turn starts afresh."""
    if clock.started is None or clock.allowed is None or clock.turn_bank is None:
        return start(clock.seat, clock, rules, now, state_id, paused)
    deadline = clock.started + clock.allowed
    back = replace(clock, bank=clock.turn_bank, state_id=state_id)
    if paused:
        return replace(back, deadline=None, remaining=max(0.0, deadline - now))
    return replace(back, deadline=deadline, remaining=None)


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


def reminder_due(clock: SeatClock, share_left: float) -> float | None:
    """When the reminder for `share_left` of the turn's time falls due (None: no running turn)."""
    if clock.deadline is None or clock.allowed is None:
        return None
    return clock.deadline - clock.allowed * share_left


def timers(clock: SeatClock, now: float) -> list[TimerSpec]:
    """The reminders still ahead of a running clock, and its timeout."""
    if clock.deadline is None or clock.allowed is None:
        return []
    found = []
    for kind, share_left in (("half", 0.5), ("tenth", 0.1)):
        due = reminder_due(clock, share_left)
        if due is not None and due > now:
            found.append(TimerSpec(kind, clock.seat, due, clock.state_id))
    found.append(TimerSpec("timeout", clock.seat, clock.deadline, clock.state_id))
    return found


@dataclass(frozen=True)
class Handover:
    """Who must act before change `state_id` and after it; `mover`: the seat that moved (its
    clock earns the increment); `given_back`: seats an undo gave their turn back; `new_step`:
    the change began a new step of the game (the engine's `step` changed)."""

    before: Set[int]
    after: Set[int]
    state_id: int
    mover: int | None = None
    given_back: Set[int] = frozenset()
    new_step: bool = False

    def renewed(self) -> set[int]:
        """Seats acting before and after that begin a new turn: all of them when a new step
        began; else the mover, when its move brought other seats in (it completed a step
        whose next one it acts in too)."""
        both = set(self.before & self.after)
        if self.new_step:
            return both
        if self.mover in both and self.after - self.before:
            return {self.mover}
        return set()


def transition(rules: Preset | None, clocks: Mapping[int, SeatClock], handover: Handover, timed: Set[int],
               paused: Set[int], now: float) -> ClockWrites:
    """What a change from the seats `handover.before` to `handover.after` to act does to the clocks.

    Seats that stopped acting stop their clocks (the mover's earns the increment); seats that
    began acting and play for themselves (`timed`: people without a stand-in) start theirs,
    paused for those in `paused` — or, for seats given back, restore the turn as it stood.
    Seats acting before and after keep running (a simultaneous step runs every waiting clock),
    except those beginning a new turn (`Handover.renewed`): each seat of a step gets the step's
    own allowance, whoever's move began it."""
    if rules is None:
        return ClockWrites()
    before, after, state_id = handover.before, handover.after, handover.state_id
    mover, given_back = handover.mover, handover.given_back
    changed: list[SeatClock] = []
    cleared: list[int] = []
    specs: list[TimerSpec] = []
    renewed = handover.renewed()
    known_clocks = dict(clocks)
    for seat in sorted((before - after) | renewed):
        clock = clocks.get(seat)
        if clock is not None and clock.active:
            known_clocks[seat] = stopped = stop(clock, rules, now, moved=seat == mover)
            if seat not in renewed or seat not in timed:
                changed.append(stopped)
                cleared.append(seat)
    for seat in sorted(((after - before) | renewed) & timed):
        known = known_clocks.get(seat)
        if seat in given_back and known is not None:
            clock = restore(known, rules, now, state_id, seat in paused)
        else:
            clock = start(seat, known, rules, now, state_id, seat in paused)
        changed.append(clock)
        cleared.append(seat)
        specs += timers(clock, now)
    return ClockWrites(changed, cleared, specs)


def stop_all(clocks: Mapping[int, SeatClock], rules: Preset | None, now: float) -> ClockWrites:
    """The game is over (or a seat no longer plays for itself): every running clock stops."""
    if rules is None:
        return ClockWrites()
    stopped = [stop(c, rules, now) for c in clocks.values() if c.active]
    return ClockWrites(stopped, [c.seat for c in stopped], ())
