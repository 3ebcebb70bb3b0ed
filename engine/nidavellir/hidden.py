"""What Nidavellir keeps hidden, from whom, and how `determinize` redeals it: declared once, in
`HIDDEN`, and read by the views (view.py), `determinize`, the undo check (`reveals_nothing`) and,
through `piles`, the conformance suite.

Hidden from everyone: the order of the Age decks and the camp decks, the mythology deck and
reserve, and the PRNG. Hidden from everyone but one seat: its bids on taverns not revealed yet
and its pouch after it bid; the Pioneer's cards; Frigg's or Skymir's drawn cards.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from engine.core import Pile
from engine.nidavellir.state import (
    FRIGG_KEEP,
    FRIGG_ORDER,
    NO_BID,
    NOBODY,
    PIONEER,
    SKYMIR_KEEP,
    NidavellirState,
    SeatState,
)
from engine.rng import Rng

EVERYONE = -2  # who sees a pile: EVERYONE, one seat, or NOBODY
DRAWING_TASKS = frozenset({FRIGG_KEEP, FRIGG_ORDER, SKYMIR_KEEP})
FRIGG_BOTTOM = 3  # the tavern card Frigg put under the Age deck, and below it the two she put back


def seen(seer: int, viewer: int | None) -> bool:
    """Whether `viewer` (None = spectator) sees a pile whose seer is `seer`."""
    return seer in (EVERYONE, viewer)


def pouch_public(state: NidavellirState, seat: SeatState) -> bool:
    return seat.pouch_shown or all(state.revealed)


def bid_seer(state: NidavellirState, seat: int, tavern: int) -> int:
    """A bid is its seat's until its tavern is revealed."""
    return EVERYONE if state.revealed[tavern] else seat


def pouch_seer(state: NidavellirState, seat: int) -> int:
    """A pouch is public before bidding, after a trade, and once every tavern is revealed."""
    return EVERYONE if pouch_public(state, state.seats[seat]) else seat


def pioneer_seer(state: NidavellirState) -> int:
    """The Pioneer sees the cards drawn for them while choosing one."""
    return state.tasks[0].seat if state.tasks and state.tasks[0].kind == PIONEER else NOBODY


def drawing_seat(state: NidavellirState) -> int:
    """The seat that drew Frigg's or Skymir's cards still to be kept or put back, or -1."""
    return next((t.seat for t in state.tasks if t.kind in DRAWING_TASKS), NOBODY)


@dataclass(frozen=True)
class Hidden:
    """One kind of hidden pile: the piles it is in a state (`piles`, public ones included while
    revealed: a move that turns one face up reveals it), how `determinize` redeals them for a
    viewer (`redeal`, on the copy, drawing from the one shuffle stream), and what those piles are
    made of as a mover's move may change them without revealing anything (`held`: the same
    before and after exactly when no pile changed, the mover's own coins aside, which its bid
    rearranges). The undo check compares `held`, built from the state's lists as they are: it
    runs on every move the service may let a player take back, too often to build the piles."""

    name: str
    piles: Callable[[NidavellirState], Iterator[Pile]]
    redeal: Callable[[NidavellirState, int | None, Rng], None]
    held: Callable[[NidavellirState, int], object]


def _pile(name: str, cards: list[str] | list[int], seer: int, pool: str = "") -> Pile:
    return Pile(name, tuple(cards), public=seer == EVERYONE, seat=seer if seer >= 0 else None, pool=pool)


def coins_pool(seat: int) -> str:
    return f"coins {seat}"


def _coin_piles(state: NidavellirState) -> Iterator[Pile]:
    """Per seat: its bids on taverns not revealed yet (a missing bid, Jarnglofi's, among them),
    its bids on revealed taverns, and its pouch. Its hidden coins may be in any of its hidden places."""
    for index, seat in enumerate(state.seats):
        pool = coins_pool(index)
        hidden = [t for t in range(3) if bid_seer(state, index, t) != EVERYONE]
        yield _pile(f"bids {index}", [seat.bids[t] for t in hidden], index, pool)
        yield _pile(f"revealed bids {index}", [c for t, c in enumerate(seat.bids) if t not in hidden], EVERYONE, pool)
        yield _pile(f"pouch {index}", seat.pouch, pouch_seer(state, index), pool)


def _redeal_coins(state: NidavellirState, viewer: int | None, rng: Rng) -> None:
    for index, seat in enumerate(state.seats):
        if index != viewer:
            _redeal_seat_coins(state, seat, rng)


def _redeal_seat_coins(state: NidavellirState, seat: SeatState, rng: Rng) -> None:
    """Shuffle a seat's coins among the places another seat can't see: its bids on taverns not
    revealed yet and, while hidden, its pouch. A tavern left without a bid (Jarnglofi) is a
    hidden place too: the missing bid may be on any of them."""
    slots = [t for t in range(3) if not state.revealed[t] and (seat.bids[t] != NO_BID or seat.has_bid)]
    holes = sum(1 for t in slots if seat.bids[t] == NO_BID)
    slots_with_coins = [t for t in slots if seat.bids[t] != NO_BID]
    hidden = [seat.bids[t] for t in slots_with_coins]
    in_pouch = not pouch_public(state, seat)
    if in_pouch:
        hidden += seat.pouch
    hidden.sort()  # where each coin lay must not steer the shuffle: the redeal depends on the coins only
    if not holes:
        if len(hidden) < 2:
            return
        rng.shuffle(hidden)
        for t in slots_with_coins:
            seat.bids[t] = hidden.pop()
        if in_pouch:
            seat.pouch = sorted(hidden)
        return
    if not in_pouch:
        return  # every coin of the seat is known; only where its missing bid is, which is public
    rng.shuffle(hidden)
    rng.shuffle(slots)
    for position, t in enumerate(slots):
        seat.bids[t] = NO_BID if position < holes else hidden.pop()
    seat.pouch = sorted(hidden)


def _pioneer_piles(state: NidavellirState) -> Iterator[Pile]:
    yield _pile("pioneer", state.pioneer, pioneer_seer(state), "age 2")


def _redeal_pioneer(state: NidavellirState, viewer: int | None, rng: Rng) -> None:
    """The Pioneer's cards, for anyone else, are any cards of the Age 2 deck."""
    if state.pioneer and not seen(pioneer_seer(state), viewer):
        pool = sorted(state.pioneer + state.decks[1])
        rng.shuffle(pool)
        state.pioneer = pool[:len(state.pioneer)]
        state.decks[1] = pool[len(state.pioneer):]


def _skymir_drew(state: NidavellirState) -> bool:
    return any(t.kind == SKYMIR_KEEP for t in state.tasks)


def _drawn_piles(state: NidavellirState) -> Iterator[Pile]:
    if state.idavoll:
        yield _pile("drawn", state.drawn, drawing_seat(state),
                    "mythology" if _skymir_drew(state) else f"age {state.age}")


def _redeal_drawn(state: NidavellirState, viewer: int | None, rng: Rng) -> None:
    """Cards drawn by another seat (Frigg from the Age deck, Skymir from the mythology
    reserve) are any cards of the pile they came from."""
    if not state.drawn or seen(drawing_seat(state), viewer):
        return
    pile = state.myth_reserve if _skymir_drew(state) else state.decks[state.age - 1]
    pool = sorted(state.drawn + pile)
    rng.shuffle(pool)
    state.drawn = pool[:len(state.drawn)]
    pile[:] = pool[len(state.drawn):]


def _deck_piles(state: NidavellirState) -> Iterator[Pile]:
    for age, deck in enumerate(state.decks, start=1):
        yield _pile(f"age {age} deck", deck, NOBODY, f"age {age}")


def _shuffle_decks(state: NidavellirState, viewer: int | None, rng: Rng) -> None:
    for age, deck in enumerate(state.decks, start=1):
        _shuffle_deck(state, deck, age, viewer, rng)


def _shuffle_deck(state: NidavellirState, deck: list[str], age: int, viewer: int | None, rng: Rng) -> None:
    """An Age deck's order is hidden, except its bottom after Frigg: everyone saw the tavern card
    she put under (third from the bottom), and her user knows the two put under it."""
    user = state.holder("frigg")
    if user < 0 or state.seats[user].marks.get("frigg") != age or len(deck) < FRIGG_BOTTOM:
        deck.sort()  # the redeal must not depend on the hidden order it replaces
        rng.shuffle(deck)
        return
    if any(t.kind in (FRIGG_KEEP, FRIGG_ORDER) for t in state.tasks):
        kept: tuple[int, ...] = (0,)  # her two other cards are not back under it yet
    else:
        kept = tuple(range(FRIGG_BOTTOM)) if viewer == user else (FRIGG_BOTTOM - 1,)
    loose = sorted(card for i, card in enumerate(deck) if i not in kept)
    rng.shuffle(loose)
    cards = iter(loose)
    deck[:] = [deck[i] if i in kept else next(cards) for i in range(len(deck))]


def _camp_deck_piles(state: NidavellirState) -> Iterator[Pile]:
    if state.thingvellir:
        for age, deck in enumerate(state.camp_decks, start=1):
            yield _pile(f"camp age {age} deck", deck, NOBODY)


def _shuffle_camp_decks(state: NidavellirState, viewer: int | None, rng: Rng) -> None:
    for deck in state.camp_decks:
        deck.sort()
        rng.shuffle(deck)


def _mythology_piles(state: NidavellirState) -> Iterator[Pile]:
    if state.idavoll:
        yield _pile("mythology deck", state.myth_deck, NOBODY, "mythology")
        yield _pile("mythology reserve", state.myth_reserve, NOBODY, "mythology")


def _redeal_mythology(state: NidavellirState, viewer: int | None, rng: Rng) -> None:
    """The mythology deck and reserve are face down: any unseen mythology card may be in either.
    Skymir's owner knows the 3 cards they put under the reserve (and the reserve is never drawn
    from again: there is one Skymir), so those stay."""
    if not state.idavoll:
        return
    known = 0
    if viewer is not None and state.seats[viewer].captured.get("skymir") and not state.drawn:
        known = min(3, len(state.myth_reserve))
    pool = sorted(state.myth_deck + state.myth_reserve[known:])
    rng.shuffle(pool)
    size = len(state.myth_deck)
    state.myth_reserve[known:] = pool[size:]
    state.myth_deck[:] = pool[:size]


# Everything hidden, in the order `determinize` redeals it (the order its draws from the stream
# are made in: changing it changes every determinized state, and the search players with them).
HIDDEN: tuple[Hidden, ...] = (
    Hidden("coins", _coin_piles, _redeal_coins,
           lambda s, mover: (s.revealed, [(seat.bids, seat.pouch, seat.pouch_shown)
                                          for i, seat in enumerate(s.seats) if i != mover])),
    Hidden("pioneer", _pioneer_piles, _redeal_pioneer, lambda s, mover: (s.pioneer, pioneer_seer(s))),
    Hidden("drawn", _drawn_piles, _redeal_drawn, lambda s, mover: (s.drawn, drawing_seat(s), _skymir_drew(s))),
    Hidden("age decks", _deck_piles, _shuffle_decks, lambda s, mover: s.decks),
    Hidden("camp decks", _camp_deck_piles, _shuffle_camp_decks, lambda s, mover: s.camp_decks),
    Hidden("mythology", _mythology_piles, _redeal_mythology, lambda s, mover: (s.myth_deck, s.myth_reserve)),
)


def determinize(state: NidavellirState, viewer: int | None, seed: int) -> NidavellirState:
    """Redeal what `viewer` can't see (`HIDDEN`, in order), then the PRNG."""
    rng = Rng.from_seed(seed)
    out = state.copy()
    for hidden in HIDDEN:
        hidden.redeal(out, viewer, rng)
    out.rng = rng.next64()
    return out


def reveals_nothing(before: NidavellirState, mover: int, after: NidavellirState) -> bool:
    """True when a move of `mover` left everything hidden as it was: every hidden pile (whether
    face down or turned up), save the mover's own coins, which a bid rearranges, and the PRNG."""
    return after.rng == before.rng and all(hidden.held(before, mover) == hidden.held(after, mover) for hidden in HIDDEN)


def piles(state: NidavellirState) -> tuple[Pile, ...]:
    """Every hidden pile (`HIDDEN`), then the public ones."""
    public = [
        *(_pile(f"tavern {t + 1}", cards, EVERYONE) for t, cards in enumerate(state.taverns)),
        _pile("discard", state.discard, EVERYONE), _pile("heroes", state.reserve, EVERYONE),
        _pile("treasure", state.treasure, EVERYONE), _pile("camp", state.camp, EVERYONE),
        _pile("aside", state.aside, EVERYONE),
        *(_pile(f"command {i}", seat.command, EVERYONE) for i, seat in enumerate(state.seats)),
    ]
    return (*(pile for hidden in HIDDEN for pile in hidden.piles(state)), *public)
