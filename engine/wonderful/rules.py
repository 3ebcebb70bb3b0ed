"""The rules: what a board produces and scores, and the round's flow (deal, draft, planning, the
five production steps, the end). How cards are built and recycled is construction.py.

Functions on a `Board` change that board only; functions on the state run the table's steps.
Every step that all seats take together is revealed by the move that completes it.
"""

from __future__ import annotations

from collections import Counter

from engine.core import Event, seat_label
from engine.wonderful.cards import (
    CARDS,
    CHARACTERS,
    FINANCIER,
    GENERAL,
    PICKS,
    RESOURCES,
    ROUNDS,
    SCIENCE,
    SUPREMACY,
    TYPES,
    deal_size,
    empire_face,
    pass_left,
    title,
)
from engine.wonderful.construction import can_act, give, placeable, to_pile
from engine.wonderful.state import DRAFT, OVER, PLANNING, PRODUCTION, Board, WonderfulState

# -- a board ---------------------------------------------------------------------------


def production(board: Board, resource: str, face: str) -> int:
    """What the board produces of `resource` in its step: its Empire and its built cards."""
    total = dict(empire_face(board.empire, face).produces).get(resource, 0)
    types = Counter(CARDS[c].type for c in board.built)
    for key in board.built:
        card = CARDS[key]
        total += dict(card.produces).get(resource, 0)
        if card.produces_per is not None and card.produces_per[0] == resource:
            total += types[card.produces_per[1]]
    return max(0, total)


def productions(board: Board, face: str) -> dict[str, int]:
    """`production` of every resource in one pass over the built cards (the view shows all five)."""
    totals = dict.fromkeys(RESOURCES, 0)
    for resource, count in empire_face(board.empire, face).produces:
        totals[resource] += count
    types = Counter(CARDS[c].type for c in board.built)
    for key in board.built:
        card = CARDS[key]
        for resource, count in card.produces:
            totals[resource] += count
        if card.produces_per is not None:
            totals[card.produces_per[0]] += types[card.produces_per[1]]
    return {resource: max(0, total) for resource, total in totals.items()}


# -- scoring ---------------------------------------------------------------------------


def combos(board: Board, face: str) -> list[tuple[int, str]]:
    """Every (points, per what) the board scores: 1 per character token, the Empire's, the cards'."""
    out = [(1, FINANCIER), (1, GENERAL)]
    empire = empire_face(board.empire, face)
    if empire.points_per is not None:
        out.append(empire.points_per)
    out.extend(CARDS[c].points_per for c in board.built if CARDS[c].points_per is not None)  # type: ignore[misc]
    return out


def counts(board: Board) -> dict[str, int]:
    """What multipliers count: built cards by type and the character tokens held (not on cards)."""
    result = {t: 0 for t in TYPES}
    for key in board.built:
        result[CARDS[key].type] += 1
    result[FINANCIER] = board.financiers
    result[GENERAL] = board.generals
    return result


def score_sheet(board: Board, face: str) -> dict[str, int]:
    """Points by source: printed points, each multiplier's points, the total."""
    have = counts(board)
    sheet = {"cards": sum(CARDS[c].points for c in board.built)}
    for key in (*TYPES, *CHARACTERS):
        sheet[key] = 0
    for points, per in combos(board, face):
        sheet[per] += points * have[per]
    sheet["total"] = sum(sheet.values())
    return sheet


def score(board: Board, face: str) -> int:
    return score_sheet(board, face)["total"]


def tie_break(board: Board) -> tuple[int, int]:
    """Ties go to the most built cards, then the most character tokens."""
    return len(board.built), board.financiers + board.generals


# -- the table ---------------------------------------------------------------------------


def deal(state: WonderfulState) -> list[Event]:
    """Start a round: every seat is dealt its hand from the deck (face down)."""
    size = deal_size(state.players)
    for seat in range(state.players):
        state.hands[seat] = sorted(state.deck[-size:])
        del state.deck[-size:]
    state.picks = [None] * state.players
    state.phase = DRAFT
    state.work = [None] * state.players
    state.done = [False] * state.players
    state.last_supremacy = [None] * len(RESOURCES)
    way = "left" if pass_left(state.round) else "right"
    return [Event(f"Round {state.round} of {ROUNDS}: {size} cards dealt to each empire; hands pass {way}.")]


def draft(state: WonderfulState, seat: int, card: str) -> list[Event]:
    """`seat` picks a card face down; once every seat has, the picks are revealed together."""
    state.hands[seat].remove(card)
    state.picks[seat] = card
    events = [Event(f"You draft {title(card)}.", frozenset({seat})),
              Event(f"{seat_label(seat)} has picked a card.")]
    if all(p is not None for p in state.picks):
        events += reveal_picks(state)
    return events


def reveal_picks(state: WonderfulState) -> list[Event]:
    """Turn the picks face up, then pass the hands on, or end the draft."""
    state.reveals += 1
    shown = []
    for seat, card in enumerate(state.picks):
        assert card is not None
        state.boards[seat].drafted.append(card)
        shown.append(f"{seat_label(seat)} {title(card)}")
    state.picks = [None] * state.players
    events = [Event("Drafted: " + ", ".join(shown) + ".")]
    if len(state.boards[0].drafted) == PICKS:
        left = [card for hand in state.hands for card in hand]
        if left and state.rules >= 2:
            # As printed: discarded, face up like every card in the discard pile. Both seats held
            # both hands, so it tells them nothing; the line names no card all the same, since
            # what a move says in public never rests on hands the mover is not shown.
            state.discard.extend(left)
            events.append(Event(f"The {len(left)} cards left over go to the discard pile."))
        else:  # rules 1: set aside face down
            state.leftovers.extend(left)
        for hand in state.hands:
            hand.clear()
        return events + start_planning(state)
    n = state.players
    if pass_left(state.round):
        state.hands = [state.hands[(seat - 1) % n] for seat in range(n)]
    else:
        state.hands = [state.hands[(seat + 1) % n] for seat in range(n)]
    return events


def start_planning(state: WonderfulState) -> list[Event]:
    state.phase = PLANNING
    state.work = [b.copy() for b in state.boards]
    state.done = [False] * state.players
    return [Event(f"Planning, round {state.round}: each empire slates its drafted cards for construction "
                  "or recycles them.")]


def finish(state: WonderfulState, seat: int) -> list[Event]:
    """`seat` is done with this step: what it has not placed goes onto its Empire card."""
    board = state.work[seat]
    assert board is not None
    left = sum(board.available.values())
    board.available.clear()
    made = to_pile(board, left)
    state.done[seat] = True
    mine = f"You put {left} resource{'s' if left != 1 else ''} on your Empire card." if left else "You are done."
    if made:
        mine += f" {made} krystallium made."
    events = [Event(mine, frozenset({seat})), Event(f"{seat_label(seat)} is done.")]
    if all(state.done):
        events += reveal_boards(state)
    return events


def reveal_boards(state: WonderfulState) -> list[Event]:
    """Every seat is done: the working boards become the table's, then the next step begins."""
    state.reveals += 1
    events = []
    for seat in range(state.players):
        before = state.boards[seat]
        after = state.work[seat] or before  # a seat that skipped the step kept its board
        said = []
        built = after.built[len(before.built):]
        if built:
            said.append("builds " + ", ".join(title(c) for c in built))
        new_sites = Counter(s.card for s in after.sites) - Counter(s.card for s in before.sites)
        if state.phase == PLANNING and new_sites:
            said.append("slates " + ", ".join(title(c) for c in sorted(new_sites.elements())))
        if after.recycled:
            said.append("recycles " + ", ".join(title(c) for c in after.recycled))
        if said:
            events.append(Event(f"{seat_label(seat)} " + "; ".join(said) + "."))
        state.discard.extend(after.recycled)
        after.recycled.clear()
        if state.phase == PLANNING:
            for site in after.sites:  # slated this round no longer: planning is over
                site.fresh = False
        state.boards[seat] = after
    state.work = [None] * state.players
    if state.phase == PLANNING:
        return events + start_production(state, 0)
    if state.step + 1 < len(RESOURCES):
        return events + start_production(state, state.step + 1)
    return events + end_round(state)


def start_production(state: WonderfulState, step: int) -> list[Event]:
    """A production step: every empire produces the step's resource at once; the only top
    producer (no tie) wins the step's character. Resources no card could take go onto the Empire
    card. Under rules 2 every seat that could change its board acts (construction.can_act), but a
    seat that chose autopass and produced nothing; under rules 1 only the seats with something to
    place or choose did."""
    resource = RESOURCES[step]
    state.phase = PRODUCTION
    state.step = step
    made = [production(board, resource, state.face) for board in state.boards]
    parts = []
    for seat, board in enumerate(state.boards):
        if made[seat]:
            give(board, resource, made[seat])
            parts.append(f"{seat_label(seat)} {made[seat]}")
    line = f"{resource.capitalize()} production: " + (", ".join(parts) if parts else "nobody produces any")
    best = max(made)
    winners = [seat for seat, m in enumerate(made) if m == best]
    if best > 0 and len(winners) == 1:
        winner = winners[0]
        state.last_supremacy[step] = winner
        character = SUPREMACY[resource]
        board = state.boards[winner]
        if character == FINANCIER:
            board.financiers += 1
        elif character == GENERAL:
            board.generals += 1
        else:
            board.choosing = True
        said = f"a {character}" if character else "the choice of a financier or a general"
        line += f"; supremacy: {seat_label(winner)} takes {said}."
    elif best > 0:
        line += "; supremacy tied: no token."
    else:
        line += "."
    printed = state.rules >= 2
    for board in state.boards:
        for res in list(board.available):
            if not placeable(board, res, freed=printed):
                to_pile(board, board.available.pop(res))
    if printed:
        busy = [can_act(b) and not (state.autopass[seat] and not made[seat]) for seat, b in enumerate(state.boards)]
    else:
        busy = [bool(b.available) or b.choosing for b in state.boards]
    state.work = [b.copy() if busy[seat] else None for seat, b in enumerate(state.boards)]
    state.done = [not b for b in busy]
    events = [Event(line)]
    if all(state.done):
        state.work = [b.copy() for b in state.boards]
        return events + reveal_boards(state)
    return events


def end_round(state: WonderfulState) -> list[Event]:
    if state.round == ROUNDS:
        state.phase = OVER
        state.done = [True] * state.players
        return [Event("The fourth round is over: the game ends.")]
    state.round += 1
    return deal(state)


def choose(board: Board, character: str) -> None:
    """The science supremacy's winner takes the character it chose."""
    board.choosing = False
    if character == FINANCIER:
        board.financiers += 1
    else:
        board.generals += 1


__all__ = ["SCIENCE", "choose", "deal", "draft", "finish", "production", "score", "score_sheet", "start_production",
           "tie_break"]
