"""What each seat may see (schema in docs/views/nidavellir.md), and the determinization that
redeals everything it may not."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from engine.nidavellir.army import column_bravery, column_ranks, lines
from engine.nidavellir.cards import CARDS, DISTINCTION_LABELS, DISTINCTION_ORDER
from engine.nidavellir.choices import BIDDING, CHOICES
from engine.nidavellir.components import (
    ARTEFACT,
    DOUBLE,
    MERCENARY,
    MYTHOLOGY_KINDS,
    SPECIAL,
    SUITS,
    TAVERN_LABELS,
    TAVERNS,
    Card,
    coin_order,
    coin_token,
    coin_value,
    is_trading,
    seat_label,
)
from engine.nidavellir.rounds import bidders
from engine.nidavellir.scoring import sheet_rows
from engine.nidavellir.state import (
    BID,
    FRIGG_KEEP,
    FRIGG_ORDER,
    NO_BID,
    NOT_DECIDED,
    PIONEER,
    SKYMIR_KEEP,
    NidavellirState,
    SeatState,
    Task,
)
from engine.rng import Rng
from engine.views import OutcomeView
from engine.views.nidavellir import (
    CoinView,
    ColumnView,
    NidavellirView,
    PieceView,
    SeatView,
    TaskView,
    TavernView,
)

# What the expansions (and declared cards) add to the view, in the order they registered
# (catalogue.py): keys of a card, of a seat, of a tavern, of the table.
PIECE_PARTS: list[Callable[[Card], dict[str, Any]]] = []
SEAT_PARTS: list[Callable[[NidavellirState, int], dict[str, Any]]] = []
TAVERN_PARTS: list[Callable[[NidavellirState, int], dict[str, Any]]] = []
TABLE_PARTS: list[Callable[[NidavellirState, int | None], dict[str, Any]]] = []

DRAWING_TASKS = frozenset({FRIGG_KEEP, FRIGG_ORDER, SKYMIR_KEEP})
FRIGG_BOTTOM = 3  # the tavern card Frigg put under the Age deck, and below it the two she put back


def pouch_public(state: NidavellirState, seat: SeatState) -> bool:
    return seat.pouch_shown or all(state.revealed)


def coin_view(coin: int, seat: SeatState) -> CoinView:
    return {"value": coin_value(coin), "token": coin_token(coin), "bronze": coin in seat.bronze,
            "trading": is_trading(coin)}


def _piece_view(key: str) -> PieceView:
    piece = CARDS[key]
    out: PieceView = {
        "key": piece.key, "label": piece.label, "suit": None if piece.suit is None else SUITS[piece.suit],
        "ranks": piece.ranks, "hero": piece.hero, "kind": piece.kind,
        "bravery": list(piece.bravery) if piece.hero else piece.bravery_sum,
    }
    if piece.hero:
        out.update({"points": piece.points, "text": piece.text})
    else:
        out.update({"offering": piece.offering})
    if piece.kind in (ARTEFACT, MERCENARY, DOUBLE):
        out.update({"text": piece.text, "points": piece.points, "age": piece.age})
    if piece.kind in MYTHOLOGY_KINDS or piece.kind == SPECIAL:
        out.update({"text": piece.text, "points": piece.points})
    for part in PIECE_PARTS:
        out.update(part(piece))  # type: ignore[typeddict-item]
    if piece.options:
        out["options"] = [{"suit": SUITS[suit], "bravery": bravery} for suit, bravery in piece.options]
    return out


_PIECE_VIEWS: dict[str, PieceView] = {}  # filled as cards are first shown; `forget` drops one


def piece_view(key: str, suit: int | None = None) -> PieceView:
    """A card or hero as the view shows it (a fresh copy: views are the caller's to keep). In a
    column (`suit`), a mercenary or a double takes that column's class and bravery points."""
    cached = _PIECE_VIEWS.get(key)
    if cached is None:
        cached = _PIECE_VIEWS[key] = _piece_view(key)
    out = cached.copy()
    if isinstance(out["bravery"], list):
        out["bravery"] = list(out["bravery"])
    if "options" in out:
        out["options"] = [option.copy() for option in out["options"]]
    if suit is not None and CARDS[key].kind in (MERCENARY, DOUBLE, SPECIAL):
        out["suit"] = SUITS[suit]
        out["bravery"] = column_bravery([key], suit)
    return out


def _seat_view(state: NidavellirState, index: int, viewer: int | None, score: int) -> SeatView:
    seat = state.seats[index]
    own = viewer == index
    bids = [
        None if c == NO_BID or not (own or state.revealed[t]) else coin_view(c, seat)
        for t, c in enumerate(seat.bids)
    ]
    pouch = [coin_view(c, seat) for c in sorted(seat.pouch, key=coin_order)]
    army: dict[str, ColumnView] = {
        SUITS[s]: {"items": [piece_view(p, s) for p in column], "ranks": column_ranks(column),
                   "bravery": column_bravery(column, s)}
        for s, column in enumerate(seat.army)
    }
    kinds = {card: CARDS[card].kind for card in seat.command}
    out = {
        "seat": index, "gem": seat.gem,
        "coins": [coin_view(c, seat) for c in sorted(seat.coins(), key=coin_order)],
        "has_bid": seat.has_bid, "bids": bids,
        "pouch": pouch if own or pouch_public(state, seat) else None,
        "uline": "uline" in seat.heroes, "army": army,
        "command": [piece_view(h) for h in seat.command if CARDS[h].hero], "hero_count": len(seat.heroes),
        "lines": lines(seat), "distinctions": [SUITS[s] for s in seat.distinctions], "score": score,
        "artefacts": [piece_view(c) for c in seat.command if kinds[c] == ARTEFACT],
        "mercenaries": [piece_view(c) for c in seat.command if kinds[c] == MERCENARY],
        "placing": [piece_view(c) for c in seat.command if kinds[c] == DOUBLE],
    }
    for part in SEAT_PARTS:
        out.update(part(state, index))
    return cast(SeatView, out)


def forget(key: str) -> None:
    """Drop a card's cached view (its card was declared again, or withdrawn)."""
    _PIECE_VIEWS.pop(key, None)


def drawing_seat(state: NidavellirState) -> int:
    """The seat that drew Frigg's or Skymir's cards still to be kept or put back, or -1."""
    return next((t.seat for t in state.tasks if t.kind in DRAWING_TASKS), -1)


def view(state: NidavellirState, viewer: int | None, to_move: list[int], outcome: OutcomeView | None) -> NidavellirView:
    """The JSON-ready view of `viewer` (None = spectator)."""
    taverns: list[TavernView] = []
    for t in range(3):
        bids = [
            coin_view(s.bids[t], s) if s.bids[t] != NO_BID and (state.revealed[t] or viewer == i) else None
            for i, s in enumerate(state.seats)
        ]
        tavern: dict[str, Any] = {
            "key": TAVERNS[t], "label": TAVERN_LABELS[t], "cards": [piece_view(c) for c in state.taverns[t]],
            "revealed": state.revealed[t], "resolved": state.revealed[t] and t < state.tavern,
            "bids": bids, "order": state.orders[t] or None, "picked": state.picked[t][:],
        }
        for tavern_part in TAVERN_PARTS:
            tavern.update(tavern_part(state, t))
        taverns.append(cast(TavernView, tavern))
    task: TaskView | None = None
    hint = "The game is over."
    if state.tasks and state.tasks[0].kind in CHOICES:
        first = state.tasks[0]
        prompt = CHOICES[first.kind].prompt_text(state, first)
        task = {"seat": first.seat, "kind": first.kind, "text": prompt}
        hint = f"{seat_label(first.seat)}: {prompt}."
    elif state.phase == BID:
        task = {"seat": None, "kind": "bid", "text": BIDDING.prompt_text(state, Task(BID))}
        waiting = ", ".join(seat_label(s) for s in sorted(bidders(state)))
        hint = f"Bidding: waiting for {waiting}."
    pioneer = None
    if state.tasks and state.tasks[0].kind == PIONEER and state.tasks[0].seat == viewer:
        pioneer = [piece_view(c) for c in state.pioneer]
    scores = [row.total for row in sheet_rows(state)]
    out: dict[str, Any] = {
        "game": "nidavellir", "viewer": viewer, "players": state.players, "to_move": to_move,
        "outcome": outcome, "age": state.age, "round": state.round, "rounds": state.rounds_this_age,
        "phase": state.phase, "tavern": state.tavern if state.tavern >= 0 else None, "taverns": taverns,
        "decks": {"age1": len(state.decks[0]), "age2": len(state.decks[1])},
        "discard": [piece_view(c) for c in state.discard], "treasure": state.treasure[:],
        "heroes": [piece_view(h) for h in state.reserve],
        "distinctions": [
            {"key": SUITS[s], "label": DISTINCTION_LABELS[s],
             "winner": state.winners[i] if state.winners[i] >= 0 else None,
             "done": state.winners[i] != NOT_DECIDED}
            for i, s in enumerate(DISTINCTION_ORDER)
        ],
        "seats": [_seat_view(state, i, viewer, scores[i]) for i in range(state.players)],
        "task": task, "pioneer": pioneer, "log_hint": hint, "expansions": state.expansions[:],
    }
    for table_part in TABLE_PARTS:
        out.update(table_part(state, viewer))
    return cast(NidavellirView, out)


def _redeal_coins(state: NidavellirState, seat: SeatState, rng: Rng) -> None:
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


def determinize(state: NidavellirState, viewer: int | None, seed: int) -> NidavellirState:
    """Redeal what `viewer` can't see: others' unrevealed bids and hidden pouches, deck order
    (the camp decks and the mythology deck and reserve too), the Pioneer's, Frigg's and
    Skymir's drawn cards, and the PRNG."""
    rng = Rng.from_seed(seed)
    out = state.copy()
    for index, seat in enumerate(out.seats):
        if index != viewer:
            _redeal_coins(state, seat, rng)
    pioneer_hidden = bool(out.pioneer) and not (out.tasks and out.tasks[0].kind == PIONEER
                                                and out.tasks[0].seat == viewer)
    if pioneer_hidden:
        pool = sorted(out.pioneer + out.decks[1])
        rng.shuffle(pool)
        out.pioneer = pool[:len(out.pioneer)]
        out.decks[1] = pool[len(out.pioneer):]
    drawer = drawing_seat(out)
    if out.drawn and drawer != viewer:
        _redeal_drawn(out, viewer, rng)
    for age, deck in enumerate(out.decks, start=1):
        _shuffle_deck(out, deck, age, viewer, rng)
    for deck in out.camp_decks:
        deck.sort()
        rng.shuffle(deck)
    _redeal_mythology(out, viewer, rng)
    out.rng = rng.next64()
    return out


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


def _redeal_drawn(state: NidavellirState, viewer: int | None, rng: Rng) -> None:
    """Cards drawn by another seat (Frigg from the Age deck, Skymir from the mythology
    reserve) are any cards of the pile they came from."""
    skymir = any(t.kind == SKYMIR_KEEP for t in state.tasks)
    pile = state.myth_reserve if skymir else state.decks[state.age - 1]
    pool = sorted(state.drawn + pile)
    rng.shuffle(pool)
    state.drawn = pool[:len(state.drawn)]
    pile[:] = pool[len(state.drawn):]


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
