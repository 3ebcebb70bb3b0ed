"""What each seat may see (schema in docs/views/nidavellir.md), and the determinization that
redeals everything it may not."""

from __future__ import annotations

from typing import Any

from engine.nidavellir.cards import (
    DISTINCTION_LABELS,
    DISTINCTION_ORDER,
    PIECES,
    SUITS,
    TAVERN_LABELS,
    TAVERNS,
    coin_order,
    coin_token,
    coin_value,
    is_trading,
    rounds_per_age,
)
from engine.nidavellir.coins import seat_name
from engine.nidavellir.moves import prompt
from engine.nidavellir.scoring import column_bravery, column_ranks, lines, sheet_rows
from engine.nidavellir.state import BID, CHOICES, NO_BID, NOT_DECIDED, PIONEER, NidavellirState, SeatState
from engine.nidavellir.turns import bidders
from engine.rng import Rng


def pouch_public(state: NidavellirState, seat: SeatState) -> bool:
    return seat.pouch_shown or all(state.revealed)


def coin_view(coin: int, seat: SeatState) -> dict[str, Any]:
    return {"value": coin_value(coin), "token": coin_token(coin), "bronze": coin in seat.bronze,
            "trading": is_trading(coin)}


def _piece_view(piece_id: int) -> dict[str, Any]:
    piece = PIECES[piece_id]
    out: dict[str, Any] = {
        "key": piece.key, "label": piece.label, "suit": None if piece.suit is None else SUITS[piece.suit],
        "ranks": piece.ranks, "hero": piece.hero,
    }
    if piece.hero:
        out.update({"bravery": list(piece.bravery), "points": piece.points, "text": piece.text})
    else:
        out.update({"bravery": piece.bravery_sum, "offering": piece.offering})
    return out


_PIECE_VIEWS = tuple(_piece_view(i) for i in range(len(PIECES)))


def piece_view(piece_id: int) -> dict[str, Any]:
    """A card or hero as the view shows it (a fresh copy: views are the caller's to keep)."""
    out = dict(_PIECE_VIEWS[piece_id])
    if isinstance(out["bravery"], list):
        out["bravery"] = out["bravery"][:]
    return out


def _seat_view(state: NidavellirState, index: int, viewer: int | None, score: int) -> dict[str, Any]:
    seat = state.seats[index]
    own = viewer == index
    bids = [
        None if c == NO_BID or not (own or state.revealed[t]) else coin_view(c, seat)
        for t, c in enumerate(seat.bids)
    ]
    pouch = [coin_view(c, seat) for c in sorted(seat.pouch, key=coin_order)]
    army = {
        SUITS[s]: {"items": [piece_view(p) for p in column], "ranks": column_ranks(column),
                   "bravery": column_bravery(column, s)}
        for s, column in enumerate(seat.army)
    }
    return {
        "seat": index, "gem": seat.gem,
        "coins": [coin_view(c, seat) for c in sorted(seat.coins(), key=coin_order)],
        "has_bid": seat.has_bid, "bids": bids,
        "pouch": pouch if own or pouch_public(state, seat) else None,
        "uline": state.uline_seat() == index, "army": army,
        "command": [piece_view(h) for h in seat.command], "hero_count": len(seat.heroes),
        "lines": lines(seat), "distinctions": [SUITS[s] for s in seat.distinctions], "score": score,
    }


def view(state: NidavellirState, viewer: int | None, to_move: list[int], outcome: Any) -> dict[str, Any]:
    """The JSON-ready view of `viewer` (None = spectator)."""
    taverns = []
    for t in range(3):
        bids = [
            coin_view(s.bids[t], s) if s.bids[t] != NO_BID and (state.revealed[t] or viewer == i) else None
            for i, s in enumerate(state.seats)
        ]
        taverns.append({
            "key": TAVERNS[t], "label": TAVERN_LABELS[t], "cards": [piece_view(c) for c in state.taverns[t]],
            "revealed": state.revealed[t], "resolved": state.revealed[t] and t < state.tavern,
            "bids": bids, "order": state.orders[t] or None, "picked": state.picked[t][:],
        })
    task: dict[str, Any] | None = None
    hint = "The game is over."
    if state.tasks and state.tasks[0].kind in CHOICES:
        first = state.tasks[0]
        task = {"seat": first.seat, "kind": first.kind, "text": prompt(first)}
        hint = f"{seat_name(first.seat)}: {prompt(first)}."
    elif state.phase == BID:
        task = {"seat": None, "kind": "bid", "text": "place one coin on each tavern"}
        waiting = ", ".join(seat_name(s) for s in sorted(bidders(state)))
        hint = f"Bidding: waiting for {waiting}."
    pioneer = None
    if state.tasks and state.tasks[0].kind == PIONEER and state.tasks[0].seat == viewer:
        pioneer = [piece_view(c) for c in state.pioneer]
    scores = [row.total for row in sheet_rows(state)]
    return {
        "game": "nidavellir", "viewer": viewer, "players": state.players, "to_move": to_move,
        "outcome": outcome, "age": state.age, "round": state.round, "rounds": rounds_per_age(state.players),
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
        "task": task, "pioneer": pioneer, "log_hint": hint,
    }


def determinize(state: NidavellirState, viewer: int | None, seed: int) -> NidavellirState:
    """Redeal what `viewer` can't see: others' unrevealed bids and hidden pouches, deck order,
    the Pioneer's drawn cards, and the PRNG."""
    rng = Rng.from_seed(seed)
    out = state.copy()
    for index, seat in enumerate(out.seats):
        if index == viewer:
            continue
        places = [t for t in range(3) if seat.bids[t] != NO_BID and not state.revealed[t]]
        hidden = [seat.bids[t] for t in places]
        in_pouch = not pouch_public(state, seat)
        if in_pouch:
            hidden += seat.pouch
        if len(hidden) < 2:
            continue
        rng.shuffle(hidden)
        for t in places:
            seat.bids[t] = hidden.pop()
        if in_pouch:
            seat.pouch = sorted(hidden)
    pioneer_hidden = bool(out.pioneer) and not (out.tasks and out.tasks[0].kind == PIONEER
                                                and out.tasks[0].seat == viewer)
    if pioneer_hidden:
        pool = out.pioneer + out.decks[1]
        rng.shuffle(pool)
        out.pioneer = pool[:len(out.pioneer)]
        out.decks[1] = pool[len(out.pioneer):]
    for deck in out.decks:
        rng.shuffle(deck)
    out.rng = rng.next64()
    return out
