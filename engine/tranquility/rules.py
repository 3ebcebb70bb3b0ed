"""Tranquility's rules: where an island may go and what it costs, which actions a seat has,
why an action is refused, and how an action changes the state."""

from __future__ import annotations

from bisect import bisect_left
from itertools import combinations, pairwise

from engine.core import Event, seat_label
from engine.errors import IllegalMove
from engine.rng import Rng
from engine.tranquility.cards import (
    CELLS,
    COLUMNS,
    FINISH,
    FINISH_CARDS,
    HAND_SIZE,
    ISLAND_MAX,
    MONSTER,
    ROWS,
    START,
    START_DISCARD_TOTAL,
    card_name,
    counted,
    is_island,
    listing,
    row_cells,
    row_of,
)
from engine.tranquility.moves import Action, Kind, public
from engine.tranquility.state import OVER, PLAY, ROCKS, START_PHASE, LastMove, TranquilityState

COMPLETE_ROWS_TO_CLEAR_ROCKS = 4
NO_CEILING = ISLAND_MAX + 1


def _are(count: int) -> str:
    return "is" if count == 1 else "are"


# -- the sea grid --------------------------------------------------------------------------
def bounds(grid: list[int]) -> tuple[list[int], list[int]]:
    """Per cell: the largest island before it in the sequence (0 if none) and the smallest after it."""
    below = [0] * CELLS
    above = [NO_CEILING] * CELLS
    best = 0
    for i in range(CELLS):
        below[i] = best
        if grid[i]:
            best = grid[i]
    best = NO_CEILING
    for i in range(CELLS - 1, -1, -1):
        above[i] = best
        if grid[i]:
            best = grid[i]
    return below, above


def cost(grid: list[int], card: int, index: int) -> int:
    """Discards owed for `card` at `index`: the difference to the neighbour in the sequence,
    the smaller one when both neighbours hold islands; 0 without neighbours."""
    diffs = []
    if index > 0 and grid[index - 1]:
        diffs.append(abs(card - grid[index - 1]))
    if index < CELLS - 1 and grid[index + 1]:
        diffs.append(abs(grid[index + 1] - card))
    return min(diffs) if diffs else 0


def sequence(grid: list[int]) -> list[int] | None:
    """The 0-based cells that hold islands, when their islands ascend (as play keeps them); else None."""
    filled = [i for i in range(CELLS) if grid[i]]
    for before, after in pairwise(filled):
        if grid[before] >= grid[after]:
            return None
    return filled


def placements(grid: list[int], card: int, rocks_row: int | None,
               filled: list[int] | None = None) -> list[tuple[int, int]]:
    """Each (0-based cell, discards owed) where island `card` may go: an empty cell, outside the
    Jagged Rocks' row, with only smaller islands before it and only larger ones after it.
    `filled`: the grid's `sequence`, when the caller has it."""
    if filled is None:
        filled = sequence(grid)
    place = -1 if filled is None else bisect_left(filled, card, key=grid.__getitem__)
    if filled is None or (place < len(filled) and grid[filled[place]] == card):
        return _placements_by_scan(grid, card, rocks_row)
    # The islands in the grid ascend, so the cells `card` may take are the empty run between
    # the last smaller island and the first larger one; only its two ends have a neighbour.
    low = filled[place - 1] if place else -1
    high = filled[place] if place < len(filled) else CELLS
    spots = []
    for index in range(low + 1, high):
        if index // COLUMNS == rocks_row:
            continue
        owed = card - grid[low] if index == low + 1 and low >= 0 else NO_CEILING
        if index == high - 1 and high < CELLS:
            owed = min(owed, grid[high] - card)
        spots.append((index, 0 if owed == NO_CEILING else owed))
    return spots


def _placements_by_scan(grid: list[int], card: int, rocks_row: int | None) -> list[tuple[int, int]]:
    """`placements` cell by cell, for a grid whose islands don't ascend (only built by hand)."""
    below, above = bounds(grid)
    return [(index, cost(grid, card, index)) for index in range(CELLS)
            if not grid[index] and below[index] < card < above[index] and row_of(index) != rocks_row]


def open_rows(state: TranquilityState) -> list[int]:
    """0-based rows the Jagged Rocks may move to: other rows with an empty cell."""
    grid, rocks = state.grid, state.rocks_row
    return [r for r in range(ROWS) if r != rocks and 0 in grid[r * COLUMNS:(r + 1) * COLUMNS]]


def complete_rows(grid: list[int]) -> int:
    return sum(all(grid[i] for i in row_cells(r)) for r in range(ROWS))


def finish_discarded(state: TranquilityState) -> int:
    return sum(d.count(FINISH) for d in state.discards)


def monsters_discarded(state: TranquilityState) -> int:
    return sum(d.count(MONSTER) for d in state.discards)


def monsters_left(state: TranquilityState) -> int:
    """Sea Monsters still in hands or draw piles."""
    return state.sea_monsters - state.monsters_played - monsters_discarded(state)


def start_forced_to_discard(state: TranquilityState) -> bool:
    """Whether the declarer must discard at least one card: nobody has discarded in this pass and
    nobody after the declarer in it holds a card, so every pass moves the Start discard on."""
    if state.pass_discarded:
        return False
    seat = (state.declarer + 1) % state.players
    while seat != state.turn:
        if state.hands[seat]:
            return False
        seat = (seat + 1) % state.players
    return True


def _missing(hand: list[int], cards: tuple[int, ...]) -> int | None:
    """The first card of `cards` the hand can't supply (counting duplicates), or None."""
    held = list(hand)
    for card in cards:
        if card not in held:
            return card
        held.remove(card)
    return None


def _subsets(cards: list[int], size: int) -> set[tuple[int, ...]]:
    return set(combinations(cards, size))


# -- which actions a seat has -----------------------------------------------------------------
def legal_actions(state: TranquilityState, seat: int) -> list[Action]:
    """Every allowed action of `seat` now (unsorted; the game sorts by text)."""
    if state.over:
        return []
    hand = state.hands[seat]
    if state.phase == START_PHASE:
        if seat != state.declarer:
            return []
        most = min(len(hand), START_DISCARD_TOTAL - state.start_total)
        least = 1 if start_forced_to_discard(state) else 0
        return [Action(Kind.DISCARD, cards=c) for k in range(least, most + 1) for c in _subsets(hand, k)]
    if seat != state.turn:
        return []
    if state.phase == ROCKS:
        actions = [Action(Kind.ROCKS_TO, row=r + 1) for r in open_rows(state)]
        actions += [Action(Kind.ROCKS_KEEP, cards=c) for c in _subsets(hand, 2)]
        return actions
    if START in hand and not state.start_played:
        return [Action(Kind.PLAY_START)]
    actions = [Action(Kind.DISCARD, cards=c) for c in _subsets(hand, 2)]
    grid = state.grid
    filled = sequence(grid)
    for card in set(hand):
        if not is_island(card):
            continue
        rest = hand.copy()
        rest.remove(card)
        for index, owed in placements(grid, card, state.rocks_row, filled):
            if owed <= len(rest):
                actions += [Action(Kind.PLACE, card=card, cell=index + 1, cards=c) for c in _subsets(rest, owed)]
    if MONSTER in hand:
        actions += [Action(Kind.SEA_MONSTER, cell=i + 1) for i in range(CELLS) if grid[i]]
    if FINISH in hand and finish_allowed(state) is None:
        actions.append(Action(Kind.PLAY_FINISH))
    return actions


def finish_allowed(state: TranquilityState) -> str | None:
    """Why the Finish card can't be played now, or None when it can."""
    empty = state.grid.count(0)
    if empty:
        return f"The Finish card needs a full grid: {counted(empty, 'cell')} {_are(empty)} still empty."
    if not state.start_played:
        return "The Finish card needs a Start card down first."
    left = monsters_left(state)
    if left:
        return (f"The Finish card can't be played while {counted(left, 'Sea Monster')} {_are(left)} still in hands "
                "or draw piles.")
    return None


# -- why an action is refused -----------------------------------------------------------------
def check(state: TranquilityState, seat: int, action: Action) -> None:
    """Raise IllegalMove naming the rule that forbids `action`; return if it is allowed."""
    hand = state.hands[seat]
    kind = action.kind
    if state.phase == START_PHASE:
        _check_start_discard(state, seat, action)
        return
    if state.phase == ROCKS:
        _check_rocks(state, seat, action)
        return
    if kind in (Kind.ROCKS_TO, Kind.ROCKS_KEEP):
        raise IllegalMove(
            "The Jagged Rocks move only after an action, and you choose where only with manual Jagged Rocks."
        )
    if START in hand and not state.start_played and kind != Kind.PLAY_START:
        raise IllegalMove("You hold a Start card and none is down yet: you must play it now ('start').")
    if kind == Kind.PLAY_START:
        if START not in hand:
            raise IllegalMove("You don't hold a Start card.")
        if state.start_played:
            raise IllegalMove("A Start card is already down: later Start cards are dead and can only be discarded.")
        return
    if kind == Kind.DISCARD:
        if len(action.cards) != 2:
            raise IllegalMove("A discard action is exactly two cards of your choice, e.g. 'discard 40 41'.")
        _check_held(hand, action.cards)
        return
    if kind == Kind.PLAY_FINISH:
        if FINISH not in hand:
            raise IllegalMove("You don't hold a Finish card.")
        reason = finish_allowed(state)
        if reason:
            raise IllegalMove(reason)
        return
    if kind == Kind.SEA_MONSTER:
        if MONSTER not in hand:
            raise IllegalMove("You don't hold a Sea Monster.")
        index = _cell_index(action.cell)
        if not state.grid[index]:
            raise IllegalMove(f"Cell {action.cell} holds no island for the Sea Monster to sink.")
        return
    _check_place(state, hand, action)


def _cell_index(cell: int) -> int:
    if not 1 <= cell <= CELLS:
        raise IllegalMove(f"There is no cell {cell}: cells are numbered 1–36 from the bottom-left.")
    return cell - 1


def _check_held(hand: list[int], cards: tuple[int, ...]) -> None:
    lacking = _missing(hand, cards)
    if lacking is not None:
        many = cards.count(lacking) > 1
        raise IllegalMove(f"You don't hold {'that many of ' if many else ''}{card_name(lacking)}.")


def _check_place(state: TranquilityState, hand: list[int], action: Action) -> None:
    card = action.card
    if not is_island(card):
        raise IllegalMove(f"Only island cards go in the grid; play {card_name(card)} with its own move.")
    if card not in hand:
        raise IllegalMove(f"You don't hold {card}.")
    index = _cell_index(action.cell)
    grid = state.grid
    if grid[index]:
        raise IllegalMove(f"Cell {action.cell} already holds {grid[index]}.")
    if row_of(index) == state.rocks_row:
        raise IllegalMove(f"Row {row_of(index) + 1} is closed by the Jagged Rocks: no island may go there now.")
    for j in range(index - 1, -1, -1):
        if grid[j]:
            if grid[j] > card:
                raise IllegalMove(
                    f"You can't place {card} at cell {action.cell}: it must be above {grid[j]} (cell {j + 1})."
                )
            break
    for j in range(index + 1, CELLS):
        if grid[j]:
            if grid[j] < card:
                raise IllegalMove(
                    f"You can't place {card} at cell {action.cell}: it must be below {grid[j]} (cell {j + 1})."
                )
            break
    owed = cost(grid, card, index)
    rest = hand.copy()
    rest.remove(card)
    if owed > len(rest):
        raise IllegalMove(
            f"Placing {card} at cell {action.cell} costs {owed} discards (the difference to its neighbour "
            f"in the sequence), but only {counted(len(rest))} would be left in your hand to pay with."
        )
    if len(action.cards) != owed:
        example = " ".join(str(c) for c in rest[:owed])
        hint = f" e.g. 'place {card} at {action.cell} discard {example}'"
        hint = hint if owed else f" 'place {card} at {action.cell}'"
        raise IllegalMove(
            f"Placing {card} at cell {action.cell} costs {counted(owed, 'discard')}: "
            f"name exactly {counted(owed, 'other card')} from your hand,{hint}."
        )
    _check_held(rest, action.cards)


def _check_rocks(state: TranquilityState, seat: int, action: Action) -> None:
    if action.kind == Kind.ROCKS_TO:
        rows = open_rows(state)
        if action.row - 1 not in rows:
            listed = ", ".join(str(r + 1) for r in rows)
            raise IllegalMove(
                f"The Jagged Rocks can't move to row {action.row}: they move to another row with an empty cell "
                f"({listed})."
            )
        return
    if action.kind == Kind.ROCKS_KEEP:
        if len(action.cards) != 2:
            raise IllegalMove("Keeping the Jagged Rocks where they are costs exactly two cards.")
        _check_held(state.hands[seat], action.cards)
        return
    raise IllegalMove("First choose where the Jagged Rocks go: 'rocks to 3', or 'rocks keep discard 40 41'.")


def _check_start_discard(state: TranquilityState, seat: int, action: Action) -> None:
    if action.kind != Kind.DISCARD:
        raise IllegalMove(
            "The team is discarding 8 cards for the Start card: discard some cards ('discard 40 41') or "
            "'discard none'."
        )
    needed = START_DISCARD_TOTAL - state.start_total
    if len(action.cards) > needed:
        raise IllegalMove(
            f"Only {counted(needed, 'more card')} {_are(needed)} needed for the Start discard; "
            "the total can't go past 8."
        )
    if not action.cards and start_forced_to_discard(state):
        raise IllegalMove(
            "Nobody has discarded in this pass, and you close it: discard at least one card so the Start discard "
            "moves on."
        )
    _check_held(state.hands[seat], action.cards)


# -- carrying actions out ---------------------------------------------------------------------
def _take(hand: list[int], cards: tuple[int, ...]) -> None:
    for card in cards:
        hand.remove(card)


def _discard_story(cards: tuple[int, ...]) -> str:
    """How a face-down discard is told publicly: a count, plus any Start, Finish or Sea Monster in it."""
    told = f"{counted(len(cards))} face down"
    specials = []
    for card, one, many in ((START, "a Start card", "Start cards"), (FINISH, "a Finish card", "Finish cards"),
                            (MONSTER, "a Sea Monster", "Sea Monsters")):
        same = cards.count(card)
        if same:
            specials.append(one if same == 1 else f"{same} {many}")
    if specials:
        told += " (" + ", ".join(specials) + ")"
    return told


def _discard(state: TranquilityState, seat: int, cards: tuple[int, ...], events: list[Event] | None) -> None:
    _take(state.hands[seat], cards)
    state.discards[seat].extend(cards)
    if FINISH in cards and finish_discarded(state) >= FINISH_CARDS:
        _end(state, False, "All five Finish cards have been discarded: the voyage can't be finished.", events)


def _end(state: TranquilityState, won: bool, reason: str, events: list[Event] | None) -> None:
    state.won = won
    state.end_reason = reason
    state.phase = OVER
    if events is not None:
        _tell(events, reason)


def _tell(events: list[Event] | None, text: str, seats: frozenset[int] | None = None) -> None:
    """Add an event line, unless nobody is told (a playout: `events` is None)."""
    if events is not None:
        events.append(Event(text, seats))


def perform(state: TranquilityState, seat: int, action: Action, told: bool = True) -> list[Event]:
    """Carry out a checked action in place; return its events. A playout, which reads no event,
    passes `told=False`: the state reached is the same, without the lines' wording."""
    events: list[Event] | None = [] if told else None
    who = seat_label(seat) if told else ""
    kind = action.kind
    text = public(action)
    cells: list[int] = []
    if state.phase == START_PHASE:
        state.last = LastMove(seat, text)
        _declare(state, seat, action.cards, events)
        return events or []
    if state.phase == ROCKS:
        state.last = LastMove(seat, text)
        if kind == Kind.ROCKS_TO:
            state.rocks_row = action.row - 1
            _tell(events, f"{who} moves the Jagged Rocks to row {action.row}.")
        else:
            _tell(events, f"{who} keeps the Jagged Rocks in row {(state.rocks_row or 0) + 1} "
                          f"and discards {_discard_story(action.cards)}.")
            _discard(state, seat, action.cards, events)
        if not state.over:
            _after_rocks(state, events)
        return events or []
    hand = state.hands[seat]
    if kind == Kind.PLACE:
        index = action.cell - 1
        hand.remove(action.card)
        state.grid[index] = action.card
        cells = [index]
        if told:
            paid = f" and discards {_discard_story(action.cards)}" if action.cards else ""
            _tell(events, f"{who} places {action.card} in cell {action.cell}{paid}.")
        _discard(state, seat, action.cards, events)
        if state.rocks_row is not None and complete_rows(state.grid) >= COMPLETE_ROWS_TO_CLEAR_ROCKS:
            state.rocks_row = None
            state.rocks_gone = True
            _tell(events, "Four rows are complete: the Jagged Rocks leave the game.")
    elif kind == Kind.DISCARD:
        if told:
            _tell(events, f"{who} discards {_discard_story(action.cards)}.")
        _discard(state, seat, action.cards, events)
    elif kind == Kind.PLAY_START:
        hand.remove(START)
        state.start_played_by = seat
        state.start_pending = True
        _tell(events, f"{who} plays the Start card.")
    elif kind == Kind.SEA_MONSTER:
        index = action.cell - 1
        sunk = state.grid[index]
        hand.remove(MONSTER)
        state.grid[index] = 0
        state.monsters_played += 1
        cells = [index]
        _tell(events, f"{who} plays a Sea Monster: island {sunk} in cell {action.cell} sinks, "
                      "and both leave the game.")
    else:
        hand.remove(FINISH)
        state.last = LastMove(seat, text)
        _tell(events, f"{who} plays the Finish card.")
        _end(state, True, "The grid is complete and the Finish card is down: everybody wins!", events)
        return events or []
    state.last = LastMove(seat, text, cells)
    if not state.over:
        _after_action(state, events)
    return events or []


def _after_action(state: TranquilityState, events: list[Event] | None) -> None:
    """The Jagged Rocks step that follows every action, then the rest of the turn."""
    if state.rocks_row is not None:
        rows = open_rows(state)
        if rows and state.jagged_rocks == "manual":
            state.phase = ROCKS
            return
        if rows:
            if state.rng_public is None:  # a game begun before version 2: one stream for all
                rng = Rng(state.rng)
                state.rocks_row = rng.choice(rows)
                state.rng = rng.state
            else:
                rng = Rng(state.rng_public)
                state.rocks_row = rng.choice(rows)
                state.rng_public = rng.state
            _tell(events, f"The Jagged Rocks move to row {state.rocks_row + 1}.")
    _after_rocks(state, events)


def _after_rocks(state: TranquilityState, events: list[Event] | None) -> None:
    if state.start_pending:
        state.start_pending = False
        state.phase = START_PHASE
        state.declarer = state.turn
        state.start_total = 0
        state.pass_discarded = 0
        _tell(events, f"The team now discards {START_DISCARD_TOTAL} cards face down, "
                      f"declaring in turn from {seat_label(state.turn)}.")
        _check_declarer(state)
        return
    _end_turn(state, events)


def _declare(state: TranquilityState, seat: int, cards: tuple[int, ...], events: list[Event] | None) -> None:
    """One declaration of the group Start discard."""
    state.start_total += len(cards)
    state.pass_discarded += len(cards)
    told = _discard_story(cards) if cards else "nothing"
    running = f"{state.start_total} of {START_DISCARD_TOTAL}"
    _tell(events, f"{seat_label(seat)} discards {told} for the Start ({running}).")
    _discard(state, seat, cards, events)
    if state.over:
        return
    if state.start_total >= START_DISCARD_TOTAL:
        _everyone_draws(state, events)
        _end_turn(state, events)
        return
    state.declarer = (seat + 1) % state.players
    if state.declarer == state.turn:
        state.pass_discarded = 0
        _everyone_draws(state, events)
    _check_declarer(state)


def _check_declarer(state: TranquilityState) -> None:
    # Forced with an empty hand means no seat of the pass holds a card (an earlier one would
    # have been forced), and hands are refilled between passes: the 8 can't be reached.
    if start_forced_to_discard(state) and not state.hands[state.declarer]:
        _end(state, False, f"Nobody has a card left for the Start discard ({state.start_total} of "
                           f"{START_DISCARD_TOTAL} down): the ship is lost.", None)


def _everyone_draws(state: TranquilityState, events: list[Event] | None) -> None:
    for offset in range(state.players):
        _draw(state, (state.turn + offset) % state.players, events)


def _draw(state: TranquilityState, seat: int, events: list[Event] | None) -> None:
    hand, pile = state.hands[seat], state.piles[seat]
    wanted = HAND_SIZE - len(hand)
    if wanted <= 0 or not pile:
        return
    drawn = pile[-wanted:]
    del pile[-wanted:]
    hand.extend(drawn)
    hand.sort()
    if events is not None:
        _tell(events, f"{seat_label(seat)} draws {counted(len(drawn))}.")
        _tell(events, f"You draw {listing(sorted(drawn))}.", frozenset({seat}))


def _end_turn(state: TranquilityState, events: list[Event] | None) -> None:
    """Draw back up to five, pass the turn on, and end the game if the next player can't act."""
    _draw(state, state.turn, events)
    state.turn_number += 1
    state.turn = (state.turn + 1) % state.players
    state.phase = PLAY
    hand = state.hands[state.turn]
    # Detected at the start of the turn so the game ends without a move from the stuck player;
    # told through the outcome only, because whether a card fits depends on that player's hidden hand.
    if len(hand) < 2 and not legal_actions(state, state.turn):
        _end(state, False, f"{seat_label(state.turn)} can't act with {counted(len(hand))} in hand "
                           "(nothing playable, too few to discard two): the ship is lost.", None)
