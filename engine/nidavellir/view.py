"""What each seat may see (schema in docs/views/nidavellir.md); what is hidden from whom is
declared in hidden.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from engine.nidavellir.army import column_bravery, column_ranks, lines
from engine.nidavellir.cards import DISTINCTION_LABELS, DISTINCTION_ORDER
from engine.nidavellir.choices import BIDDING
from engine.nidavellir.coins import coin_word
from engine.nidavellir.components import (
    ARTEFACT,
    DOUBLE,
    MERCENARY,
    MYTHOLOGY_KINDS,
    SPECIAL,
    SUITS,
    TAVERN_LABELS,
    TAVERNS,
    coin_order,
    coin_value,
    is_trading,
    seat_label,
)
from engine.nidavellir.hidden import bid_seer, pioneer_seer, pouch_seer, seen
from engine.nidavellir.rounds import bidders
from engine.nidavellir.scoring import sheet_rows
from engine.nidavellir.state import (
    BID,
    NO_BID,
    NOT_DECIDED,
    NidavellirState,
    SeatState,
    Task,
)
from engine.views import OutcomeView

if TYPE_CHECKING:
    from engine.nidavellir.ruleset import Ruleset
from engine.views.nidavellir import (
    CoinView,
    ColumnView,
    NidavellirView,
    PieceView,
    SeatView,
    TaskView,
    TavernView,
)


def coin_view(coin: int, seat: SeatState) -> CoinView:
    return {"value": coin_value(coin), "token": coin_word(seat, coin), "bronze": coin in seat.bronze,
            "trading": is_trading(coin)}


def _piece_view(rules: Ruleset, key: str) -> PieceView:
    piece = rules.cards[key]
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
    for part in rules.piece_parts:
        out.update(part(rules, piece))  # type: ignore[typeddict-item]
    if piece.options:
        out["options"] = [{"suit": SUITS[suit], "bravery": bravery} for suit, bravery in piece.options]
    return out


def piece_view(rules: Ruleset, key: str, suit: int | None = None) -> PieceView:
    """A card or hero of these rules as the view shows it (a fresh copy: views are the caller's to
    keep). In a column (`suit`), a mercenary or a double takes that column's class and bravery
    points."""
    views = rules.piece_views  # each card's made once per ruleset
    cached = views.get(key)
    if cached is None:
        cached = views[key] = _piece_view(rules, key)
    out = cached.copy()
    if isinstance(out["bravery"], list):
        out["bravery"] = list(out["bravery"])
    if "options" in out:
        out["options"] = [option.copy() for option in out["options"]]
    if suit is not None and rules.cards[key].kind in (MERCENARY, DOUBLE, SPECIAL):
        out["suit"] = SUITS[suit]
        out["bravery"] = column_bravery(rules, [key], suit)
    return out


def _seat_view(state: NidavellirState, index: int, viewer: int | None, score: int) -> SeatView:
    seat = state.seats[index]
    rules = state.ruleset
    bids = [
        None if c == NO_BID or not seen(bid_seer(state, index, t), viewer) else coin_view(c, seat)
        for t, c in enumerate(seat.bids)
    ]
    pouch = [coin_view(c, seat) for c in sorted(seat.pouch, key=coin_order)]
    army: dict[str, ColumnView] = {
        SUITS[s]: {"items": [piece_view(rules, p, s) for p in column], "ranks": column_ranks(rules, column),
                   "bravery": column_bravery(rules, column, s)}
        for s, column in enumerate(seat.army)
    }
    cards = rules.cards
    kinds = {card: cards[card].kind for card in seat.command}
    out = {
        "seat": index, "gem": seat.gem,
        "coins": [coin_view(c, seat) for c in sorted(seat.coins(), key=coin_order)],
        "has_bid": seat.has_bid, "bids": bids,
        "pouch": pouch if seen(pouch_seer(state, index), viewer) else None,
        "uline": "uline" in seat.heroes, "army": army,
        "command": [piece_view(rules, h) for h in seat.command if cards[h].hero], "hero_count": len(seat.heroes),
        "lines": lines(state.ruleset, seat), "distinctions": [SUITS[s] for s in seat.distinctions], "score": score,
        "artefacts": [piece_view(state.ruleset, c) for c in seat.command if kinds[c] == ARTEFACT],
        "mercenaries": [piece_view(state.ruleset, c) for c in seat.command if kinds[c] == MERCENARY],
        "placing": [piece_view(state.ruleset, c) for c in seat.command if kinds[c] == DOUBLE],
    }
    for part in state.ruleset.seat_parts:
        out.update(part(state, index))
    return cast(SeatView, out)


def view(state: NidavellirState, viewer: int | None, to_move: list[int], outcome: OutcomeView | None) -> NidavellirView:
    """The JSON-ready view of `viewer` (None = spectator)."""
    taverns: list[TavernView] = []
    for t in range(3):
        bids = [
            coin_view(s.bids[t], s) if s.bids[t] != NO_BID and seen(bid_seer(state, i, t), viewer) else None
            for i, s in enumerate(state.seats)
        ]
        tavern: dict[str, Any] = {
            "key": TAVERNS[t], "label": TAVERN_LABELS[t],
            "cards": [piece_view(state.ruleset, c) for c in state.taverns[t]],
            "revealed": state.revealed[t], "resolved": state.revealed[t] and t < state.tavern,
            "bids": bids, "order": state.orders[t] or None, "picked": state.picked[t][:],
        }
        for tavern_part in state.ruleset.tavern_parts:
            tavern.update(tavern_part(state, t))
        taverns.append(cast(TavernView, tavern))
    task: TaskView | None = None
    hint = "The game is over."
    if state.tasks and state.tasks[0].kind in state.ruleset.choices:
        first = state.tasks[0]
        prompt = state.ruleset.choices[first.kind].prompt_text(state, first)
        task = {"seat": first.seat, "kind": first.kind, "text": prompt}
        hint = f"{seat_label(first.seat)}: {prompt}."
    elif state.phase == BID:
        task = {"seat": None, "kind": "bid", "text": BIDDING.prompt_text(state, Task(BID))}
        waiting = ", ".join(seat_label(s) for s in sorted(bidders(state)))
        hint = f"Bidding: waiting for {waiting}."
    pioneer = None
    if seen(pioneer_seer(state), viewer):
        pioneer = [piece_view(state.ruleset, c) for c in state.pioneer]
    scores = [row.total for row in sheet_rows(state)]
    out: dict[str, Any] = {
        "game": "nidavellir", "viewer": viewer, "players": state.players, "to_move": to_move,
        "outcome": outcome, "age": state.age, "round": state.round, "rounds": state.rounds_this_age,
        "phase": state.phase, "tavern": state.tavern if state.tavern >= 0 else None, "taverns": taverns,
        "decks": {"age1": len(state.decks[0]), "age2": len(state.decks[1])},
        "discard": [piece_view(state.ruleset, c) for c in state.discard], "treasure": state.treasure[:],
        "heroes": [piece_view(state.ruleset, h) for h in state.reserve],
        "distinctions": [
            {"key": SUITS[s], "label": DISTINCTION_LABELS[s],
             "winner": state.winners[i] if state.winners[i] >= 0 else None,
             "done": state.winners[i] != NOT_DECIDED}
            for i, s in enumerate(DISTINCTION_ORDER)
        ],
        "seats": [_seat_view(state, i, viewer, scores[i]) for i in range(state.players)],
        "task": task, "pioneer": pioneer, "log_hint": hint, "expansions": state.expansions[:],
    }
    for table_part in state.ruleset.table_parts:
        out.update(table_part(state, viewer))
    return cast(NidavellirView, out)

