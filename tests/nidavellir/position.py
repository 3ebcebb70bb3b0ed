"""Building exact Nidavellir positions for rule tests: a seeded game, then set what matters."""

from __future__ import annotations

from engine.nidavellir import GAME
from engine.nidavellir.cards import CARDS
from engine.nidavellir.components import SUIT_BY_NAME
from engine.nidavellir.state import NidavellirState


def piece(key: str) -> str:
    """A card by its name (checked: a typo fails here, not deep in a rule)."""
    assert key in CARDS, f"no card called {key!r}"
    return key


def fresh(players: int = 2, seed: int = 1, thingvellir: bool = False, idavoll: bool = False) -> NidavellirState:
    return GAME.setup(players, {"thingvellir": thingvellir, "idavoll": idavoll}, seed)


def give_army(state: NidavellirState, seat: int, **columns: list[str]) -> None:
    """Set whole columns, e.g. give_army(s, 0, warrior=["warrior 7", "kraal"])."""
    for suit, keys in columns.items():
        state.seats[seat].army[SUIT_BY_NAME[suit]] = [piece(k) for k in keys]
    for key in (k for keys in columns.values() for k in keys):
        if CARDS[key].hero:
            state.seats[seat].heroes.append(piece(key))
            if piece(key) in state.reserve:
                state.reserve.remove(piece(key))


def set_taverns(state: NidavellirState, *taverns: list[str]) -> None:
    for index, keys in enumerate(taverns):
        state.taverns[index] = [piece(k) for k in keys]


def texts(state: NidavellirState, seat: int) -> list[str]:
    return [m.text for m in GAME.legal_moves(state, seat)]


def apply(state: NidavellirState, seat: int, text: str) -> NidavellirState:
    return GAME.apply(state, seat, text).state


def seat0_first_at_goblin(state: NidavellirState, goblin: list[str]) -> NidavellirState:
    """Everyone bids (seat 0 highest everywhere, no trading coin on a tavern); seat 0 picks first."""
    filler = ["hunter"] * len(state.taverns[0])
    set_taverns(state, goblin + filler[len(goblin):], filler, filler)
    state = apply(state, 0, "bid 5 4 3")
    for seat in range(1, state.players):
        state = apply(state, seat, "bid 4 3 2")
    return state


def last_round_of_offerings(state: NidavellirState) -> NidavellirState:
    """Jump to the last round of the age with Royal Offerings in every tavern (armies stay as set)."""
    state.round = state.rounds_this_age
    n = len(state.taverns[0])
    set_taverns(state, ["offering 3"] * n, ["offering 3"] * n, ["offering 3"] * n)
    return state


def play_first_moves_until_age_ends(state: NidavellirState) -> NidavellirState:
    """Everyone plays its first legal move until the age is over (end-of-age choices left open)."""
    age = state.age
    while state.phase in ("bid", "pick") and state.age == age:
        seat = min(GAME.to_move(state))
        state = apply(state, seat, texts(state, seat)[0])
    return state


def set_camp(state: NidavellirState, *keys: str) -> None:
    state.camp = [piece(k) for k in keys]


def hold(state: NidavellirState, seat: int, *keys: str) -> None:
    """Give a seat heroes, camp cards or mythology cards straight into its command zone (out of
    the reserve)."""
    for key in keys:
        state.seats[seat].command.append(piece(key))
        if CARDS[key].hero:
            state.seats[seat].heroes.append(key)
            state.reserve.remove(key)


def end_of_age(state: NidavellirState) -> NidavellirState:
    """The last tavern of the age was just resolved: coins go back and the end-of-age steps run
    until the first choice."""
    from engine.nidavellir.rounds import end_round
    from engine.nidavellir.steps import settle

    state.round = state.rounds_this_age
    state.taverns = [[], [], []]
    state.tasks = []
    end_round(state)
    settle(state)
    return state


def next_round(state: NidavellirState) -> NidavellirState:
    """Deal the next round as the flow does at round start (Loki's and Freya's owners choose first)."""
    from engine.nidavellir.rounds import start_round

    state.tasks = []
    for seat in state.seats:
        seat.pouch = sorted(seat.coins())
        seat.bids = [-1] * 3
        seat.has_bid = False
    state.round += 1
    start_round(state)
    return state


def bid_all(state: NidavellirState, first: str = "bid 5 4 3", others: str = "bid 4 3 2") -> NidavellirState:
    """Seat 0 bids `first`, every other seat `others` (seat 0 picks first where its coin is higher)."""
    state = apply(state, 0, first)
    for seat in range(1, state.players):
        state = apply(state, seat, others)
    return state
