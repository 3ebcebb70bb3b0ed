"""Building exact Nidavellir positions for rule tests, by name: a seeded game, then what matters.

A rule test reads like the rulebook: build the position (seats' cards, coins, piles, whose step
it is), make the move by its text, assert what the players see (`texts`, `asked`, views). The
helpers here are the only place that knows how the state stores a position; in particular
`now` is the one place that sets the engine's task queue, so the tests never do.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from engine.nidavellir import GAME
from engine.nidavellir.cards import GRID_BONUS, KINGS_HAND, KINGS_HAND_BONUS
from engine.nidavellir.components import BRONZE_FIVE, COIN_IDENTITY, SUIT_BY_NAME, TAVERNS
from engine.nidavellir.heroes import Discarder
from engine.nidavellir.hooks import Effect
from engine.nidavellir.idavoll.effects import OLRUN_CLASS
from engine.nidavellir.recruiting import UNCOUNTED_RECRUIT
from engine.nidavellir.state import (
    CARD_DISCARD,
    DISCARD,
    DOUBLE_MOVE,
    END_TAVERN,
    ENLIST,
    GULLINBURSTI_MOVE,
    NO_BID,
    PICK,
    RECOVER,
    RECRUIT,
    TAKE,
    THRUD_MOVE,
    TRADE,
    TRANSFORM,
    YLUD_MOVE,
    NidavellirState,
    SeatState,
    Task,
)
from engine.nidavellir.steps import settle
from engine.nidavellir.thingvellir.effects import ALL_COLUMNS, BRISINGAMENS_MINIMUM, FREE_RECRUIT

CARDS = GAME.ruleset.cards  # the shipped game's
EFFECTS = GAME.ruleset.effects

TavernName = Literal["goblin", "dragon", "horse"]
SuitName = Literal["blacksmith", "hunter", "explorer", "miner", "warrior"]


def piece(key: str) -> str:
    """A card by its name (checked: a typo fails here, not deep in a rule)."""
    assert key in CARDS, f"no card called {key!r}"
    return key


def fresh(players: int = 2, seed: int = 1, thingvellir: bool = False, idavoll: bool = False,
          version: int | None = None) -> NidavellirState:
    """A new seeded game, round 1 of Age 1 dealt, everyone about to bid; `version`: the history
    version it is set up under (None: the newest; 2 plays rules 2, components.RULES)."""
    return GAME.setup(players, {"thingvellir": thingvellir, "idavoll": idavoll}, seed, version)


# --- Seats' cards -----------------------------------------------------------------------------


def _take_out(state: NidavellirState, key: str) -> None:
    """A card given to a seat leaves where it waits: a hero the reserve, a card set aside
    (an Olwyn double, Gullinbursti) the pile of set-aside cards; so no card is in two places."""
    if CARDS[key].hero and key in state.reserve:
        state.reserve.remove(key)
    elif key in state.aside:
        state.aside.remove(key)


def give_army(state: NidavellirState, seat: int, **columns: list[str]) -> None:
    """Set whole columns, e.g. give_army(s, 0, warrior=["warrior 7", "kraal"]); heroes among
    them are the seat's recruits."""
    _set_columns(state, seat, columns, recruited=True)


def give_ranks(state: NidavellirState, seat: int, **columns: list[str]) -> None:
    """Set whole columns whose heroes are ranks only (they cover their column) and are not
    counted as the seat's recruits: for a test about columns that must not owe or spend a line."""
    _set_columns(state, seat, columns, recruited=False)


def _set_columns(state: NidavellirState, seat: int, columns: dict[str, list[str]], recruited: bool) -> None:
    for suit, keys in columns.items():
        state.seats[seat].army[SUIT_BY_NAME[suit]] = [piece(k) for k in keys]
    for key in (k for keys in columns.values() for k in keys):
        if CARDS[key].hero and recruited:
            state.seats[seat].heroes.append(key)
        _take_out(state, key)


def hold(state: NidavellirState, seat: int, *keys: str) -> None:
    """Give a seat heroes, camp cards (mercenaries waiting to enlist, artefacts), mythology cards
    or Gullinbursti straight into its command zone, out of the reserve or the set-aside cards."""
    for key in keys:
        state.seats[seat].command.append(piece(key))
        if CARDS[key].hero:
            state.seats[seat].heroes.append(key)
        _take_out(state, key)


def unrecruit(state: NidavellirState, seat: int, *heroes: str) -> None:
    """These heroes stay where they are but no longer count as the seat's recruits (no hero
    total, no line owed for them): for a test about a column, not about lines. No names: all."""
    player = state.seats[seat]
    player.heroes = [h for h in player.heroes if h not in heroes] if heroes else []


def olrun_watches(state: NidavellirState, seat: int, suit: SuitName) -> None:
    """Ölrun's class token is on `suit` (as chosen when she arrived)."""
    state.seats[seat].marks[OLRUN_CLASS] = SUIT_BY_NAME[suit] + 1


def used(state: NidavellirState, seat: int, card: str) -> None:
    """A once-only card's power is spent (Zolkur's trade, a god's token)."""
    state.seats[seat].marks[piece(card)] = 1


def captured(state: NidavellirState, seat: int, giant: str, dwarf: str) -> None:
    """The seat's giant (held already) has captured this dwarf."""
    state.seats[seat].captured[piece(giant)] = piece(dwarf)


def set_gems(state: NidavellirState, *gems: int, first_seat: int = 0) -> None:
    """The seats' gems, from `first_seat` on (they break ties of bids: the higher gem picks first)."""
    assert first_seat + len(gems) <= state.players, "more gems than seats"
    for seat, gem in enumerate(gems, start=first_seat):
        state.seats[seat].gem = gem


# --- Coins ------------------------------------------------------------------------------------


def set_coins(state: NidavellirState, seat: int | None = None, *, pouch: list[int] | None = None,
              bronze: list[int] | None = None, bids: list[int] | None = None,
              treasure: list[int] | None = None, out_of_treasure: tuple[int, ...] = ()) -> None:
    """The one place a test sets coins, all given as ints (their value), so a change in how the
    engine represents coins is made here only. For `seat`: its `pouch`, the values it still
    holds as `bronze` (the others it holds are gold), its `bids` on the three taverns (-1: none;
    all three set: it has bid). For the Royal Treasure: the whole `treasure`, or coins taken
    `out_of_treasure` (the seat holds the only one of that value)."""
    if seat is not None:
        player = state.seats[seat]
        if pouch is not None:
            player.pouch = sorted(pouch)
        if bronze is not None:
            player.bronze = sorted(bronze)
        if bids is not None:
            player.bids = list(bids)
            player.has_bid = NO_BID not in bids
        if state.rules >= COIN_IDENTITY:
            _bronze_five(player)
    if treasure is not None:
        state.treasure = sorted(treasure)
    for coin in out_of_treasure:
        state.treasure.remove(coin)


def _bronze_five(player: SeatState) -> None:
    """Under rules 3 the bronze 5 is its own coin: a 5 the seat holds as bronze becomes it (in
    the pouch first, else on a tavern), the other 5s stay gold."""
    if 5 in player.bronze:
        player.bronze[player.bronze.index(5)] = BRONZE_FIVE
        player.bronze.sort()
    if BRONZE_FIVE not in player.bronze or BRONZE_FIVE in player.coins():
        return
    if 5 in player.pouch:
        player.pouch[player.pouch.index(5)] = BRONZE_FIVE
        player.pouch.sort()
    elif 5 in player.bids:
        player.bids[player.bids.index(5)] = BRONZE_FIVE


# --- Taverns, camp, piles, decks ---------------------------------------------------------------


def set_taverns(state: NidavellirState, *taverns: list[str], **by_name: list[str]) -> None:
    """The cards of the Goblin, the Dragon and the Horse, in this order, or of the taverns
    named (set_taverns(s, horse=["miner 2", "hunter"]))."""
    for index, keys in [*enumerate(taverns), *((TAVERNS.index(name), keys) for name, keys in by_name.items())]:
        state.taverns[index] = [piece(k) for k in keys]


def set_camp(state: NidavellirState, *keys: str, decks: tuple[list[str], list[str]] | None = None) -> None:
    """The face-up camp (Thingvellir) and, if given, the Age 1 and Age 2 camp decks that refill
    it (empty decks: nothing but the position counts)."""
    state.camp = [piece(k) for k in keys]
    if decks is not None:
        state.camp_decks = [[piece(k) for k in deck] for deck in decks]


def set_discard(state: NidavellirState, *keys: str) -> None:
    """The discard pile, bottom first."""
    state.discard = [piece(k) for k in keys]


def set_reserve(state: NidavellirState, *heroes: str) -> None:
    """The heroes still in the reserve (no others can be recruited)."""
    state.reserve = [piece(h) for h in heroes]


def deck_top(state: NidavellirState, age: int, *keys: str) -> None:
    """These cards are on top of an age's deck, the last named drawn first. A card in the deck
    is moved there; a card that isn't (dealt already, or not in this player count) replaces a
    top card, so the deck keeps its size."""
    deck = state.decks[age - 1]
    missing = 0
    for key in keys:
        if piece(key) in deck:
            deck.remove(key)
        else:
            missing += 1
    if missing:
        del deck[-missing:]
    deck.extend(keys)


def myth_reserve_top(state: NidavellirState, *keys: str) -> None:
    """The top cards of the mythology reserve (Idavoll) are these, the last named drawn first."""
    state.myth_reserve[-len(keys):] = [piece(k) for k in keys]


def set_round(state: NidavellirState, round: int | Literal["last"] | None = None, age: int | None = None) -> None:
    """The age and the round being played (`"last"`: the last round of the age); what is not
    given stays as it is."""
    if age is not None:
        state.age = age
    if round is not None:
        state.round = state.rounds_this_age if round == "last" else round


# --- Whose step it is ------------------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    """A step for `now`: the choice a seat must make, as the engine queues it (`task`), and
    for a pick the tavern being resolved."""

    task: Task
    tavern: int = -1


def picks(seat: int, tavern: TavernName = "goblin") -> Step:
    """The seat takes a card in this tavern (its bids are revealed; the next taverns follow)."""
    return Step(Task(TAKE, seat), TAVERNS.index(tavern))


def transforms(seat: int, source: str = "offering 3", amount: int | None = None) -> Step:
    """The seat chooses a coin to transform for a Royal Offering, Grid or the King's Hand
    (`source`: "offering 3", "grid", "kings hand"); `amount` defaults to the source's."""
    bonus = {"grid": GRID_BONUS, KINGS_HAND: KINGS_HAND_BONUS}.get(source)
    if bonus is None:
        bonus = CARDS[source].offering
    return Step(Task(TRANSFORM, seat, bonus if amount is None else amount, card=source))


def chooses_column(seat: int, hero: Literal["thrud", "ylud"]) -> Step:
    """The seat chooses Thrud's column (she waits in the command zone) or Ylud's (age end)."""
    return Step(Task(THRUD_MOVE if hero == "thrud" else YLUD_MOVE, seat))


def discards_for(seat: int, hero: Literal["dagda", "bonfur"], count: int | None = None) -> Step:
    """The seat discards the top card of other columns for Dagda (2) or Bonfur (1)."""
    found: Effect = EFFECTS[hero]
    assert isinstance(found, Discarder)
    return Step(Task(DISCARD, seat, found.count if count is None else count, (found.own,)))


def recruits(seat: int, through: Literal["a line", "gjallarhorn", "thrivaldi"] = "a line") -> Step:
    """The seat recruits a hero: for a complete line, through Gjallarhorn (whatever the lines,
    counted), or through Thrivaldi (whatever the lines, never counted against them)."""
    if through == "gjallarhorn":
        return Step(Task(RECRUIT, seat, FREE_RECRUIT, card=through))
    if through == "thrivaldi":
        return Step(Task(RECRUIT, seat, UNCOUNTED_RECRUIT, card=through))
    return Step(Task(RECRUIT, seat))


def trades(seat: int) -> Step:
    """Uline's owner chooses the two coins of her hand to trade."""
    return Step(Task(TRADE, seat))


def enlists(seat: int) -> Step:
    """The seat enlists the mercenaries waiting in its command zone, one at a time."""
    return Step(Task(ENLIST, seat))


def recovers(seat: int, through: Literal["andumia", "brisingamens"]) -> Step:
    """The seat takes cards from the discard pile: one for Andumia, two for Brisingamens."""
    return Step(Task(RECOVER, seat, BRISINGAMENS_MINIMUM if through == "brisingamens" else 1, card=through))


def discards_card_for(seat: int, source: Literal["hofud", "brisingamens"]) -> Step:
    """The seat discards a card of its warrior column (another seat's Höfud) or of its whole
    army (its own Brisingamens at the end of the game)."""
    columns = (SUIT_BY_NAME["warrior"],) if source == "hofud" else ALL_COLUMNS
    return Step(Task(CARD_DISCARD, seat, args=columns, card=source))


def places_double(seat: int, doubles: int = 1) -> Step:
    """The seat puts Olwyn's doubles (waiting in its command zone) in different columns."""
    return Step(Task(DOUBLE_MOVE, seat, doubles))


def places_gullinbursti(seat: int) -> Step:
    """The seat chooses Gullinbursti's column (it waits in the command zone)."""
    return Step(Task(GULLINBURSTI_MOVE, seat))


def now(state: NidavellirState, *steps: Step) -> None:
    """These steps, in order, are all that is left to do now; then the game runs on as the
    engine does, so a choice with nothing to choose is dropped unasked. Picks put the game in
    that tavern's picks; after them the tavern ends as in play."""
    taverns = {step.tavern for step in steps if step.tavern >= 0}
    assert len(taverns) <= 1, "picks happen in one tavern at a time"
    state.tasks = [step.task for step in steps]
    if taverns:
        tavern = taverns.pop()
        state.phase = PICK
        state.tavern = tavern
        state.revealed = [t <= tavern for t in range(3)]
        state.tasks.append(Task(END_TAVERN))
    settle(state)


def asked(state: NidavellirState) -> tuple[int | None, str] | None:
    """The choice the table is waiting for, as every player sees it: (seat, kind), the kind as
    the engine names it ("pick", "recruit", "thrud", ...); (None, "bid") while everyone bids;
    None when nothing is asked (the game is over)."""
    task = GAME.view(state, None)["task"]
    if task is None:
        return None
    seat = task["seat"]
    return (None if seat is None else int(seat), str(task["kind"]))


# --- Playing ----------------------------------------------------------------------------------


def texts(state: NidavellirState, seat: int) -> list[str]:
    """The seat's legal moves, as text, sorted."""
    return [m.text for m in GAME.legal_moves(state, seat)]


def apply(state: NidavellirState, seat: int, text: str) -> NidavellirState:
    """The seat plays a move given as text (refused as in play when it isn't legal)."""
    return GAME.apply(state, seat, text).state


def play_first_moves(state: NidavellirState, until: Callable[[NidavellirState], bool],
                     choose: Callable[[list[str]], str] = lambda moves: moves[0]) -> NidavellirState:
    """The seat to move (the lowest while bidding) plays `choose` of its legal moves (the first)
    until `until` holds: for moves a rule test does not care about."""
    while not until(state):
        seat = min(GAME.to_move(state))
        state = apply(state, seat, choose(texts(state, seat)))
    return state


def play_until_asked(state: NidavellirState, kind: str) -> NidavellirState:
    """First legal moves until a seat is asked for a choice of this kind."""
    return play_first_moves(state, lambda s: (a := asked(s)) is not None and a[1] == kind)


def bid_all(state: NidavellirState, first: str = "bid 5 4 3", others: str = "bid 4 3 2") -> NidavellirState:
    """Seat 0 bids `first`, every other seat `others` (seat 0 picks first where its coin is higher)."""
    state = apply(state, 0, first)
    for seat in range(1, state.players):
        state = apply(state, seat, others)
    return state


def seat0_first_at_goblin(state: NidavellirState, goblin: list[str]) -> NidavellirState:
    """Everyone bids (seat 0 highest everywhere, no trading coin on a tavern); seat 0 picks first."""
    filler = ["hunter"] * len(state.taverns[0])
    set_taverns(state, goblin + filler[len(goblin):], filler, filler)
    return bid_all(state)


def last_round_of_offerings(state: NidavellirState) -> NidavellirState:
    """Jump to the last round of the age with Royal Offerings in every tavern (armies stay as set)."""
    set_round(state, "last")
    n = len(state.taverns[0])
    set_taverns(state, ["offering 3"] * n, ["offering 3"] * n, ["offering 3"] * n)
    return state


def play_first_moves_until_age_ends(state: NidavellirState) -> NidavellirState:
    """Everyone plays its first legal move until the age is over (end-of-age choices left open)."""
    age = state.age
    return play_first_moves(state, lambda s: s.phase not in ("bid", "pick") or s.age != age)


def end_of_age(state: NidavellirState) -> NidavellirState:
    """The last tavern of the age was just resolved: coins go back and the end-of-age steps run
    until the first choice."""
    from engine.nidavellir.rounds import end_round

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
        seat.bids = [NO_BID] * 3
        seat.has_bid = False
    state.round += 1
    start_round(state)
    return state
