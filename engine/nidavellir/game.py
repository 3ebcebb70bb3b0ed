"""The Nidavellir `Game`: the engine contract wired to the rules modules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import AIPlayer, Event, Game, Move, OptionSpec, Outcome, validate_options
from engine.errors import BadOptions, IllegalMove
from engine.nidavellir.cards import (
    GRID,
    PIECES,
    SUIT_BY_NAME,
    TAVERN_LABELS,
    coin_token,
)
from engine.nidavellir.coins import seat_name, trade, transform
from engine.nidavellir.heroes import discard_columns, discard_top, move_thrud, move_ylud, place_in_army, recruit
from engine.nidavellir.moves import (
    CARD_TOKENS,
    HERO_TOKENS,
    PLACES,
    coin_of_token,
    current_task,
    is_legal,
    legal_moves,
    parse,
    why_illegal,
)
from engine.nidavellir.scoring import ranks_of, sheet, totals
from engine.nidavellir.setup import new_game
from engine.nidavellir.state import (
    BID,
    CHECK_HEROES,
    DISCARD,
    OVER,
    PIONEER,
    RECRUIT,
    TAKE,
    THRUD_MOVE,
    TRADE,
    TRANSFORM,
    ULINE_BID,
    YLUD_MOVE,
    NidavellirState,
    Task,
)
from engine.nidavellir.turns import after_take, bidders, order_tavern, reveal, settle, shuffle
from engine.nidavellir.view import determinize, view

_OPTIONS = (
    OptionSpec("thingvellir", False, (False, True), "Thingvellir expansion (not available yet)"),
    OptionSpec("idavoll", False, (False, True), "Idavoll expansion (not available yet)"),
)


class Nidavellir(Game[NidavellirState]):
    """Nidavellir, base game, 2–5 players."""

    name = "nidavellir"
    title = "Nidavellir"
    min_players = 2
    max_players = 5

    def options(self) -> tuple[OptionSpec, ...]:
        return _OPTIONS

    def option_sets(self) -> list[dict[str, Any]]:
        """Only the base game is playable: the expansions are refused at setup."""
        return [{"thingvellir": False, "idavoll": False}]

    def setup(self, players: int, options: Mapping[str, Any] | None, seed: int) -> NidavellirState:
        self.check_players(players)
        chosen = validate_options(_OPTIONS, options)
        for expansion in ("thingvellir", "idavoll"):
            if chosen[expansion]:
                raise BadOptions(f"The {expansion.capitalize()} expansion isn't playable yet; "
                                 f"only the base game is.")
        return new_game(players, seed)

    def to_move(self, state: NidavellirState) -> frozenset[int]:
        if state.phase == OVER:
            return frozenset()
        if state.tasks:
            return frozenset({state.tasks[0].seat})
        return bidders(state)

    def legal_moves(self, state: NidavellirState, seat: int) -> list[Move]:
        return legal_moves(state, seat)

    def parse_move(self, state: NidavellirState, seat: int, text: str) -> Move:
        return parse(text)

    def check_move(self, state: NidavellirState, seat: int, move: Move) -> None:
        if not is_legal(state, seat, move):
            raise IllegalMove(why_illegal(state, seat, move))

    def clone(self, state: NidavellirState) -> NidavellirState:
        return state.copy()

    def _apply(self, state: NidavellirState, seat: int, move: Move) -> tuple[Event, ...]:
        return tuple(play(state, seat, move.text))

    def view(self, state: NidavellirState, seat: int | None) -> dict[str, Any]:
        result = self.outcome(state)
        return view(state, seat, sorted(self.to_move(state)), None if result is None else result.to_dict())

    def outcome(self, state: NidavellirState) -> Outcome | None:
        if state.phase != OVER:
            return None
        scores = totals(state)
        places = ranks_of(scores)
        winners = tuple(i for i, p in enumerate(places) if p == 1)
        names = " and ".join(seat_name(w) for w in winners)
        summary = f"{names} {'share the win' if len(winners) > 1 else 'wins'} with {max(scores)} points."
        return Outcome(winners, summary, scores=tuple(scores), ranks=tuple(places), sheet=sheet(state))

    def encode(self, state: NidavellirState) -> dict[str, Any]:
        return state.encode()

    def decode(self, data: Mapping[str, Any]) -> NidavellirState:
        return NidavellirState.decode(data)

    def determinize(self, state: NidavellirState, seat: int | None, seed: int) -> NidavellirState:
        return determinize(state, seat, seed)

    def ai_players(self) -> Mapping[str, AIPlayer[NidavellirState]]:
        from engine.nidavellir.ai import players

        return players(self)


def play(state: NidavellirState, seat: int, text: str) -> list[Event]:
    """Carry out a legal move (by canonical text) in place and run the rules that follow."""
    tokens = text.split()
    verb = tokens[0]
    player = state.seats[seat]
    task = current_task(state, seat)
    events: list[Event] = []
    if task is None and state.phase == BID:
        coins = [coin_of_token(t) for t in tokens[1:]]
        for tavern, coin in enumerate(coins):
            player.pouch.remove(coin)
            player.bids[tavern] = coin
        player.has_bid = True
        player.pouch_shown = False
        events.append(Event(f"{seat_name(seat)} has placed their bids."))
        mine = ", ".join(f"{coin_token(c)} on the {TAVERN_LABELS[t]}" for t, c in enumerate(coins))
        events.append(Event(f"Your bids: {mine}.", frozenset({seat})))
        if not bidders(state):
            events += reveal(state, 0)
        return events + settle(state)
    assert task is not None
    state.tasks.pop(0)
    if task.kind == ULINE_BID:
        coin = coin_of_token(tokens[1])
        player.pouch.remove(coin)
        player.bids[state.tavern] = coin
        events.append(Event(f"{seat_name(seat)} bids {tokens[1]} face up on the {TAVERN_LABELS[state.tavern]}."))
        order_tavern(state)
    elif task.kind == TAKE:
        card = CARD_TOKENS[" ".join(tokens[1:])]
        state.taverns[state.tavern].remove(card)
        state.picked[state.tavern].append(seat)
        events += after_take(state, seat, card)
    elif task.kind == TRANSFORM:
        coin = coin_of_token(tokens[1])
        source = task.args[0]
        why = "Grid" if source == GRID else "King's Hand" if source < 0 else PIECES[source].label
        events += transform(state, seat, coin, PLACES.index(tokens[2]), task.n, why)
    elif task.kind == TRADE:
        events += trade(state, seat, coin_of_token(tokens[1]), coin_of_token(tokens[2]))
    elif task.kind == RECRUIT:
        hero = HERO_TOKENS[" ".join(tokens[1:])]
        if hero not in state.reserve:  # "dwerg" names whichever brother is left
            hero = min(h for h in state.reserve if PIECES[h].key.startswith("dwerg"))
        tasks, said = recruit(state, seat, hero)
        state.tasks[0:0] = tasks
        events += said
    elif task.kind in (THRUD_MOVE, YLUD_MOVE):
        suit = SUIT_BY_NAME[tokens[2]]
        mover = move_thrud if task.kind == THRUD_MOVE else move_ylud
        state.tasks[0:0] = mover(state, seat, suit)
        events.append(Event(f"{seat_name(seat)} puts {task.kind.capitalize()} in the {tokens[2]} column."))
    elif task.kind == DISCARD:
        suit = SUIT_BY_NAME[tokens[1]]
        card = discard_top(state, seat, suit)
        events.append(Event(f"{seat_name(seat)} discards {PIECES[card].label}."))
        excluded = (*task.args, suit)
        if task.n > 1 and discard_columns(player, excluded):
            state.tasks.insert(0, Task(DISCARD, seat, task.n - 1, excluded))
    elif task.kind == PIONEER:
        card = CARD_TOKENS[" ".join(tokens[1:])]
        state.pioneer.remove(card)
        state.decks[1] += state.pioneer
        state.pioneer = []
        shuffle(state, state.decks[1])
        events.append(Event(f"{seat_name(seat)} keeps {PIECES[card].label}; the other cards go back "
                            f"into the Age 2 deck, which is shuffled."))
        piece = PIECES[card]
        if piece.offering:
            state.discard.append(card)
            state.tasks[0:0] = [Task(TRANSFORM, seat, piece.offering, (card,)), Task(CHECK_HEROES, seat)]
        else:
            assert piece.suit is not None
            state.tasks[0:0] = [*place_in_army(state, seat, card, piece.suit), Task(CHECK_HEROES, seat)]
    else:
        raise ValueError(f"unexpected task {task.kind} for {verb}")
    return events + settle(state)


GAME = Nidavellir()
