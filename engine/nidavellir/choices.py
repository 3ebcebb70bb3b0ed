"""The base game's choices, one spec each (grammar in docs/nidavellir.md), and the registry of
every choice: the expansions' and cards' own join it when they are declared (catalogue.py)."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import combinations, permutations
from operator import attrgetter
from typing import TYPE_CHECKING

from engine.core import Event, Move
from engine.nidavellir.army import discard_columns, discard_top
from engine.nidavellir.cards import DWERGS, source_label
from engine.nidavellir.choice import Choice, ColumnChoice
from engine.nidavellir.coins import (
    both_fives,
    coin_word,
    marked_word,
    named_coin,
    no_such_coin,
    trade,
    transform,
    transformable,
)
from engine.nidavellir.components import (
    HUNTER,
    HUNTER_COIN,
    PLACES,
    POUCH_PLACE,
    SUITS,
    TAVERN_LABELS,
    coin_order,
    coin_value,
    seat_label,
)
from engine.nidavellir.effects import cancel_discard, cancel_moves, effect, trade_terms, transform_bonus
from engine.nidavellir.grammar import NidavellirMove, said, word_order
from engine.nidavellir.recruiting import (
    FREE_HEROES,
    UNCOUNTED_RECRUIT,
    can_recruit,
    gain,
    place,
    recruit,
    recruitable,
)
from engine.nidavellir.rounds import bidders, expansions, first_bidder, order_tavern, pick_tasks, reveal
from engine.nidavellir.state import (
    BID,
    CHECK_HEROES,
    DISCARD,
    PIONEER,
    RECRUIT,
    TAKE,
    TRADE,
    TRANSFORM,
    ULINE_BID,
    NidavellirState,
    Task,
)
from engine.rng import Rng

if TYPE_CHECKING:
    from engine.nidavellir.ruleset import Ruleset

_TEXT = attrgetter("text")  # moves sort by text; comparing texts directly is much faster
_TAKE = "take "  # the start of a tavern pick's take
LOWEST_ONLY = (1,)  # a transform task's args: only the lowest coin may be chosen (Khrad)


def bid_moves(rules: Ruleset, pouch: tuple[int, ...], marked: bool) -> tuple[Move, ...]:
    """Every way to put three of these coins on the three taverns, sorted by text; `marked`: the
    seat holds a bronze and a gold 5, so its moves say which (coins.coin_word)."""
    # The bids depend on the pouch's coins, not on their order: cache by the sorted coins.
    return _bid_moves(rules, tuple(sorted(pouch)), marked)


@lru_cache(maxsize=4096)
def _bid_moves(rules: Ruleset, coins: tuple[int, ...], marked: bool) -> tuple[Move, ...]:
    """bid_moves for a sorted pouch (pure, so cached). A bid's label is worded only when read
    (NidavellirMove.word): most of the dozens made per pouch never are."""
    texts = {f"bid {a} {b} {c}" for a, b, c in permutations([marked_word(coin, marked) for coin in coins], 3)}
    return tuple(NidavellirMove(text, rules=rules) for text in sorted(texts))


def card_moves(rules: Ruleset, verb: str, cards: Sequence[str]) -> list[Move]:
    """A move `verb card` for each card named in `cards`, once each, sorted by text."""
    return list(_card_moves(rules, verb, tuple(sorted(set(cards)))))


# The moves below are pure given their rules (a Ruleset is read-only, hashed by identity), so
# each is made once per ruleset: a cache of values, never cleared because nothing changes.
@lru_cache(maxsize=4096)
def _card_moves(rules: Ruleset, verb: str, cards: tuple[str, ...]) -> tuple[Move, ...]:
    """card_moves for sorted distinct cards; the texts share `verb`, so they sort as the cards
    do, and each card's move is made once (card_move)."""
    return tuple(card_move(rules, verb + " {}", verb.capitalize() + " {}", card) for card in cards)


@lru_cache(maxsize=1024)
def recruit_move(rules: Ruleset, hero: str) -> Move:
    """The move recruiting `hero` (any Dwerg brother is 'dwerg')."""
    return NidavellirMove(f"recruit {'dwerg' if hero in DWERGS else hero}", f"Recruit {rules.cards[hero].label}",
                          rules=rules)


@lru_cache(maxsize=4096)
def card_move(rules: Ruleset, text: str, label: str, card: str) -> Move:
    """A move naming one card: its `text` and `label` formats filled with the card's key and label."""
    return NidavellirMove(text.format(card), label.format(rules.cards[card].label), rules=rules)


class Bidding(Choice):
    """Everyone at once puts one coin face down on each tavern (no task: the phase says so)."""

    kind = BID
    verbs = ("bid",)
    prompt = "place one coin on each tavern"

    def moves(self, state: NidavellirState, task: Task) -> list[Move]:
        seat = state.seats[task.seat]
        return list(bid_moves(state.ruleset, tuple(seat.pouch), both_fives(seat)))

    def sorted_moves(self, state: NidavellirState, task: Task) -> Sequence[Move]:
        seat = state.seats[task.seat]
        return bid_moves(state.ruleset, tuple(seat.pouch), both_fives(seat))  # sorted already

    def is_legal(self, state: NidavellirState, task: Task, move: Move) -> bool:
        """Same answer as looking through `moves`, without listing every bid."""
        words = said(move).coins
        if said(move).verb != "bid" or len(words) != 3:
            return False
        seat = state.seats[task.seat]
        left = list(seat.pouch)
        for token in words:
            coin = named_coin(seat, token)
            if coin not in left or coin_word(seat, coin) != token:
                return False
            left.remove(coin)
        return True

    def refusal(self, state: NidavellirState, task: Task, move: Move) -> str:
        words = said(move).coins
        seat = state.seats[task.seat]
        pouch = seat.pouch
        if len(words) != 3:
            return "Everyone is bidding: put one coin on each tavern, e.g. 'bid 5 2 0'."
        left = list(pouch)
        for tavern, token in enumerate(words):
            coin = named_coin(seat, token)
            if coin in left and coin_word(seat, coin) == token:
                left.remove(coin)
                continue
            if coin in pouch and coin_word(seat, coin) == token:
                before = TAVERN_LABELS[words.index(token)]
                return f"You can't bid coin {token} on the {TAVERN_LABELS[tavern]}: it is already on the {before}."
            mine = ", ".join(coin_word(seat, c) for c in sorted(pouch, key=coin_order))
            return f"{no_such_coin(seat, token)} Your coins are {mine}."
        return "That bid isn't possible."

    def apply(self, state: NidavellirState, task: Task, move: Move) -> list[Event]:
        seat = task.seat
        player = state.seats[seat]
        coins = [named_coin(player, t) for t in said(move).coins]
        events = [Event(f"{seat_label(seat)} has placed their bids.")]
        mine = ", ".join(f"{coin_word(player, c)} on the {TAVERN_LABELS[t]}" for t, c in enumerate(coins))
        events.append(Event(f"Your bids: {mine}.", frozenset({seat})))
        return events + place_bids(state, seat, coins)


def place_bids(state: NidavellirState, seat: int, coins: list[int]) -> list[Event]:
    """`seat` puts these pouch coins on the taverns, in order; the first tavern is revealed once
    everyone has bid (its events: the bids' own are the caller's to word)."""
    player = state.seats[seat]
    for tavern, coin in enumerate(coins):
        player.pouch.remove(coin)
        player.bids[tavern] = coin
    player.has_bid = True
    player.pouch_shown = False
    return reveal(state, 0) if first_bidder(state) < 0 else []


class FaceUpBid(Choice):
    """Uline's owner bids one coin from hand, face up, on the tavern just revealed."""

    kind = ULINE_BID
    verbs = ("bid",)
    prompt = "bid one coin face up"

    def moves(self, state: NidavellirState, task: Task) -> list[Move]:
        seat = state.seats[task.seat]
        words = {coin_word(seat, c) for c in seat.pouch}
        return [NidavellirMove(f"bid {word}", f"Bid {word} face up", rules=state.ruleset) for word in words]

    def refusal(self, state: NidavellirState, task: Task, move: Move) -> str:
        words = said(move).coins
        if len(words) != 1:
            return "Uline bids one coin at a time: 'bid <coin>'."
        return no_such_coin(state.seats[task.seat], words[0], " in hand")

    def apply(self, state: NidavellirState, task: Task, move: Move) -> list[Event]:
        (token,) = said(move).coins
        coin = named_coin(state.seats[task.seat], token)
        state.seats[task.seat].pouch.remove(coin)
        state.seats[task.seat].bids[state.tavern] = coin
        order_tavern(state)
        return [Event(f"{seat_label(task.seat)} bids {token} face up on the {TAVERN_LABELS[state.tavern]}.")]


class TavernPick(Choice):
    """A seat's pick in the tavern being resolved: a tavern card, or what an expansion allows
    instead (its `pick_verbs`: the camp, a capture, Frigg); then heroes, the coin trade, and the
    expansions' after-pick steps."""

    kind = TAKE
    verbs: tuple[str, ...] = ("take",)  # a ruleset's own pick adds its expansions' (tavern_pick)
    prompt = "take a card"

    def takeable(self, state: NidavellirState, seat: int) -> Sequence[str]:
        """The tavern's cards this seat may take (a card Loki reserved for another is not): the
        tavern's own list unless one is withheld (read it, don't change it)."""
        cards = state.taverns[state.tavern]
        for rules in state.ruleset.hooked["withheld"]:
            withheld = rules.withheld(state, seat)
            if withheld:
                cards = list(cards)
                for card in withheld:
                    cards.remove(card)
        return cards

    def moves(self, state: NidavellirState, task: Task) -> list[Move]:
        moves = card_moves(state.ruleset, "take", self.takeable(state, task.seat))
        for rules in expansions(state):
            moves += rules.pick_moves(state, task.seat)
        return moves

    def sorted_moves(self, state: NidavellirState, task: Task) -> Sequence[Move]:
        # The takes come sorted (one cached tuple per set of cards); only an expansion's
        # alternatives, when there are any, need sorting in among them.
        takes = _card_moves(state.ruleset, "take", tuple(sorted(set(self.takeable(state, task.seat)))))
        others = [move for rules in state.ruleset.hooked["pick_moves"] for move in rules.pick_moves(state, task.seat)]
        return sorted([*takes, *others], key=_TEXT) if others else takes

    def is_legal(self, state: NidavellirState, task: Task, move: Move) -> bool:
        # Most picks take a tavern card: that one is legal without listing the alternatives.
        told = said(move)
        if told.verb == "take" and told.card in self.takeable(state, task.seat):
            return True
        # An expansion's pick is found among that expansion's moves alone (the full list decides
        # when it isn't there, so a move listed by another still counts).
        verb = told.verb
        for rules in expansions(state):
            if verb in rules.pick_verbs and any(m.text == move.text for m in rules.pick_moves(state, task.seat)):
                return True
        return super().is_legal(state, task, move)

    def skip(self, state: NidavellirState, task: Task) -> bool:
        # A card to take is enough: the expansions' alternatives need listing only without one.
        if self.takeable(state, task.seat):
            return False
        return not self.moves(state, task)

    def prompt_text(self, state: NidavellirState, task: Task) -> str:
        """'take a card', and each alternative open now in the words of its expansion."""
        open_now = {said(m).verb: rules for rules in expansions(state) for m in rules.pick_moves(state, task.seat)}
        if len(open_now) == 1:
            ((verb, rules),) = open_now.items()
            alone = rules.pick_prompt(verb)
            if alone:
                return alone
        others = [open_now[verb].pick_wording(verb) for verb in self.verbs if verb in open_now]
        return ", or ".join([self.prompt, *others])

    def refusal(self, state: NidavellirState, task: Task, move: Move) -> str:
        verb, card = said(move).verb, said(move).card
        if verb == "take":
            if card in state.taverns[state.tavern]:
                for rules in expansions(state):
                    reason = rules.withheld_refusal(state, task.seat, card)
                    if reason:
                        return reason
            return f"There is no {card} left in the {TAVERN_LABELS[state.tavern]}."
        for rules in expansions(state):
            if verb in rules.pick_verbs:
                return rules.pick_refusal(state, task.seat, move) or super().refusal(state, task, move)
        owner = next((rules for rules in state.ruleset.known if verb in rules.pick_verbs), None)
        return owner.absent_refusal(verb) if owner is not None else super().refusal(state, task, move)

    def apply(self, state: NidavellirState, task: Task, move: Move, told: bool = True) -> list[Event]:
        """`told=False` (a playout's pick) leaves out the line of the card taken, the move's most
        frequent event; the state reached is the same."""
        told_move = said(move)
        if told_move.verb == "take":
            return self.take(state, task.seat, told_move.card, told)
        seat = task.seat
        events: list[Event] = []
        for rules in state.ruleset.hooked["pick_started"]:
            events += rules.pick_started(state, seat)
        state.picked[state.tavern].append(seat)
        verb = told_move.verb
        rules = next(r for r in expansions(state) if verb in r.pick_verbs)
        tasks, more = rules.pick(state, seat, move)
        events += more
        self._after_pick(state, seat, tasks)
        return events

    def take(self, state: NidavellirState, seat: int, card: str, told: bool = True) -> list[Event]:
        """`apply` of the move taking `card` from the tavern, given the card (a playout draws it
        without making the move)."""
        tavern = state.tavern
        hooked = state.ruleset.hooked
        events: list[Event] = []
        for rules in hooked["pick_started"]:
            events += rules.pick_started(state, seat)
        state.picked[tavern].append(seat)
        state.taverns[tavern].remove(card)
        if told:
            events.append(Event(f"{seat_label(seat)} takes {state.cards[card].label} from the "
                                f"{TAVERN_LABELS[tavern]}."))
        for rules in hooked["took"]:
            events += rules.took(state, seat, card)
        tasks, more = gain(state, seat, card)
        if more:
            events += more
        self._after_pick(state, seat, tasks)
        return events

    def playout_pick(self, state: NidavellirState, task: Task, rng: Rng) -> None:
        """A playout's pick, its task taken off the queue: the move `rng.choice(sorted_moves)`
        draws, with the same draw; a tavern card drawn is taken without making its move."""
        seat = task.seat
        cards = sorted(set(self.takeable(state, seat)))
        found = state.ruleset.hooked["pick_moves"]
        others = [move for rules in found for move in rules.pick_moves(state, seat)] if found else ()
        del state.tasks[0]
        if not others:
            self.take(state, seat, cards[rng.below(len(cards))], told=False)
            return
        # Sorted by text, the takes ("take <card>") stand together: a text not starting "take "
        # sorts before all of them when it is below "take ", after all of them otherwise.
        others = sorted(others, key=_TEXT)
        below = bisect_left(others, _TAKE, key=_TEXT)
        index = rng.below(len(others) + len(cards))
        if below <= index < below + len(cards):
            self.take(state, seat, cards[index - below], told=False)
        else:
            self.apply(state, task, others[index if index < below else index - len(cards)], told=False)

    def _after_pick(self, state: NidavellirState, seat: int, tasks: list[Task]) -> None:
        """The pick's own tasks, then heroes, the coin trade and the expansions' after-pick
        steps, put in front of the queue."""
        tasks = pick_tasks(state, seat, tasks)
        for rules in state.ruleset.hooked["after_pick"]:
            tasks += rules.after_pick(state, seat)
        state.tasks[0:0] = tasks


class Transform(Choice):
    """Royal Offering, Grid, King's Hand, Khrad's lowest coin: which coin (and where) gains."""

    kind = TRANSFORM
    verbs = ("transform",)
    prompt = "choose a coin to transform"

    def targets(self, state: NidavellirState, task: Task) -> list[tuple[int, int]]:
        pairs = transformable(state.seats[task.seat])
        if task.args == LOWEST_ONLY and pairs:
            lowest = min(coin_value(c) for c, _ in pairs)
            pairs = [(c, p) for c, p in pairs if coin_value(c) == lowest]
        return pairs

    def moves(self, state: NidavellirState, task: Task) -> list[Move]:
        amount = task.n + transform_bonus(state, task.seat)
        seat = state.seats[task.seat]
        return [NidavellirMove(f"transform {coin_word(seat, c)} {PLACES[p]}",
                     f"+{amount} on the {coin_word(seat, c)} ({PLACES[p]})", rules=state.ruleset)
                for c, p in self.targets(state, task)]

    def refusal(self, state: NidavellirState, task: Task, move: Move) -> str:
        told = said(move)
        seat = state.seats[task.seat]
        coin = named_coin(seat, told.coins[0])
        if coin in (0, HUNTER_COIN):
            return "Trading coins (the 0 and the Hunter's 3) can never be transformed."
        if told.amount:
            return "This transform has no amount to choose: write 'transform <coin> <place>'."
        if task.args == LOWEST_ONLY and (coin, told.place) in transformable(seat):
            lowest = ", ".join(f"the {coin_word(seat, c)} ({PLACES[p]})" for c, p in self.targets(state, task))
            return f"{source_label(state, task.card)} transforms your lowest coin: {lowest}."
        place_name = "in the pouch" if told.place == POUCH_PLACE else f"on the {TAVERN_LABELS[told.place]}"
        return no_such_coin(seat, told.coins[0], f" {place_name}")

    def apply(self, state: NidavellirState, task: Task, move: Move) -> list[Event]:
        told = said(move)
        amount = task.n + transform_bonus(state, task.seat)
        coin = named_coin(state.seats[task.seat], told.coins[0])
        return transform(state, task.seat, coin, told.place, amount, source_label(state, task.card))


class Trade(Choice):
    """Uline's owner trades two coins of her choice from hand."""

    kind = TRADE
    verbs = ("trade",)
    prompt = "choose the two coins to trade"

    def moves(self, state: NidavellirState, task: Task) -> list[Move]:
        seat = state.seats[task.seat]
        pairs = {tuple(sorted((coin_word(seat, a), coin_word(seat, b)), key=word_order))
                 for a, b in combinations(seat.pouch, 2)}
        return [NidavellirMove(f"trade {a} {b}", f"Trade {a} + {b}", rules=state.ruleset) for a, b in pairs]

    def refusal(self, state: NidavellirState, task: Task, move: Move) -> str:
        seat = state.seats[task.seat]
        for word in said(move).coins:
            if named_coin(seat, word) not in seat.pouch or word not in {coin_word(seat, c) for c in seat.pouch}:
                return no_such_coin(seat, word, " in hand")
        return "Trade two different coins from your hand."

    def apply(self, state: NidavellirState, task: Task, move: Move) -> list[Event]:
        seat = state.seats[task.seat]
        first, second = (named_coin(seat, word) for word in said(move).coins)
        return trade(state, task.seat, first, second, trade_terms(state, task.seat))


class Recruit(Choice):
    """A hero for a complete line (or Gjallarhorn's hero, whatever the lines)."""

    kind = RECRUIT
    verbs = ("recruit",)
    prompt = "recruit a hero"

    def moves(self, state: NidavellirState, task: Task) -> list[Move]:
        return [recruit_move(state.ruleset, h) for h in recruitable(state, task.seat)]

    def skip(self, state: NidavellirState, task: Task) -> bool:
        return not can_recruit(state, task.seat)

    def is_legal(self, state: NidavellirState, task: Task, move: Move) -> bool:
        # A hero other than a Dwerg is listed exactly when it is in the reserve and its effect
        # allows it (recruitable): no need to try every other hero.
        told = said(move)
        hero = told.card if told.verb == "recruit" else ""
        if hero in state.reserve and hero not in DWERGS:
            return not effect(state, hero).refusal(state, task.seat)
        return super().is_legal(state, task, move)

    def refusal(self, state: NidavellirState, task: Task, move: Move) -> str:
        hero = state.ruleset.hero_tokens[said(move).card]
        label = state.cards[hero].label
        origin = state.ruleset.origin.get(hero, "")
        if origin and origin not in state.expansions:
            return f"{label} is not in this game: the {origin.capitalize()} expansion is not in play."
        if hero not in state.reserve and not (hero in DWERGS and DWERGS & set(state.reserve)):
            return f"{label} is no longer in the reserve."
        return effect(state, hero).refusal(state, task.seat) or super().refusal(state, task, move)

    def apply(self, state: NidavellirState, task: Task, move: Move) -> list[Event]:
        hero = state.ruleset.hero_tokens[said(move).card]
        if hero not in state.reserve:  # "dwerg" names whichever brother is left
            hero = min(h for h in state.reserve if h in DWERGS)
        if task.n == UNCOUNTED_RECRUIT:  # Thrivaldi's hero never counts against complete lines
            marks = state.seats[task.seat].marks
            marks[FREE_HEROES] = marks.get(FREE_HEROES, 0) + 1
        tasks, events = recruit(state, task.seat, hero)
        state.tasks[0:0] = tasks
        return events


class ColumnFor(ColumnChoice):
    """Thrud's column (placed, or pushed aside) and Ylud's at the end of an age."""

    def __init__(self, kind: str, hero: str) -> None:
        self.kind = kind
        self.hero = hero
        self.verbs: tuple[str, ...] = (kind,)

    def prompt_text(self, state: NidavellirState, task: Task) -> str:
        return f"choose {state.cards[self.hero].label}'s column"

    def label(self, state: NidavellirState, task: Task, suit: int) -> str:
        return f"{state.cards[self.hero].label} to {SUITS[suit]}"

    def put(self, state: NidavellirState, task: Task, suit: int) -> list[Event]:
        seat = state.seats[task.seat]
        if self.hero == "thrud":
            seat.command.remove(self.hero)
            seat.army[suit].append(self.hero)
            state.tasks.insert(0, Task(CHECK_HEROES, task.seat))
        elif self.hero not in seat.army[suit]:  # naming her own column keeps Ylud where she is
            if self.hero in seat.command:
                seat.command.remove(self.hero)
            else:
                for column in seat.army:
                    if self.hero in column:
                        column.remove(self.hero)
            state.tasks[0:0] = [*place(state, task.seat, self.hero, suit), Task(CHECK_HEROES, task.seat)]
        label = state.cards[self.hero].label
        return [Event(f"{seat_label(task.seat)} puts {label} in the {SUITS[suit]} column.")]


class TopDiscard(Choice):
    """Dagda's (2) and Bonfur's (1) discards: the top card of other columns, one at a time;
    Thor's owner may cancel one (and must, when a column is missing: rules sheet Q19)."""

    kind = DISCARD
    verbs = ("discard", "thor")
    prompt = "choose a column to discard from"

    def moves(self, state: NidavellirState, task: Task) -> list[Move]:
        moves = [NidavellirMove(f"discard {SUITS[s]}", f"Discard the top {SUITS[s]}", rules=state.ruleset)
                 for s in discard_columns(state.ruleset, state.seats[task.seat], task.args)]
        return moves + cancel_moves(state, task.seat)

    def skip(self, state: NidavellirState, task: Task) -> bool:
        return not self.moves(state, task)

    def refusal(self, state: NidavellirState, task: Task, move: Move) -> str:
        if move.text == "thor":
            return "You can't cancel this discard: you have no Thor with his power token."
        told = said(move)
        if told.card:
            return "Now discard the top card of a column: 'discard <column>'."
        if told.column in task.args:
            return f"This discard must come from a column other than {', '.join(SUITS[s] for s in task.args)}."
        return (f"There is no dwarf on top of your {SUITS[told.column]} column: a hero or a mythical animal on "
                f"top can't be discarded.")

    def apply(self, state: NidavellirState, task: Task, move: Move) -> list[Event]:
        if move.text == "thor":
            if task.n > 1:
                state.tasks.insert(0, Task(DISCARD, task.seat, task.n - 1, task.args))
            # the first excluded column is the hero's own: hunter for Dagda, blacksmith for Bonfur
            return cancel_discard(state, task.seat, "Dagda" if task.args[0] == HUNTER else "Bonfur")
        suit = said(move).column
        card = discard_top(state, task.seat, suit)
        excluded = (*task.args, suit)
        if task.n > 1:
            state.tasks.insert(0, Task(DISCARD, task.seat, task.n - 1, excluded))
        return [Event(f"{seat_label(task.seat)} discards {state.cards[card].label}.")]


Rest = Callable[[NidavellirState, Task], tuple[list[Task], list[Task], list[Event]]]


class KeepDrawn(Choice):
    """A seat keeps one of the cards it drew and gains it in full; what differs between the
    drawers (the Pioneer, Frigg, Skymir) is given: where the drawn cards lie (`pile`), what
    becomes of the others (`rest`: tasks to queue before and after the kept card's, and what
    is said), whether heroes are checked after it (not for Frigg: her keep is a pick, which
    checks them), and the words of the refusal and of the event ({key}, {label}, {seat})."""

    verbs = ("keep",)

    def __init__(self, kind: str, prompt: str, pile: Callable[[NidavellirState], list[str]], rest: Rest, *,
                 refused: str, kept: str, check_heroes: bool = True) -> None:
        self.kind = kind
        self.prompt = prompt
        self.pile = pile
        self.rest = rest
        self.refused = refused
        self.kept = kept
        self.check_heroes = check_heroes

    def moves(self, state: NidavellirState, task: Task) -> list[Move]:
        return card_moves(state.ruleset, "keep", self.pile(state))

    def is_legal(self, state: NidavellirState, task: Task, move: Move) -> bool:
        told = said(move)  # as in `moves`: 'keep <card>' for a card of the pile
        return told.verb == "keep" and told.card in self.pile(state)

    def refusal(self, state: NidavellirState, task: Task, move: Move) -> str:
        card = said(move).card
        return self.refused.format(key=card, label=state.cards[card].label)

    def apply(self, state: NidavellirState, task: Task, move: Move) -> list[Event]:
        card = said(move).card
        self.pile(state).remove(card)
        before, after, told_of_rest = self.rest(state, task)
        tasks, told = gain(state, task.seat, card)
        if self.check_heroes:
            tasks.append(Task(CHECK_HEROES, task.seat))
        state.tasks[0:0] = [*before, *tasks, *after]
        kept = Event(self.kept.format(seat=seat_label(task.seat), label=state.cards[card].label))
        return [kept, *told_of_rest, *told]


def _pioneer_rest(state: NidavellirState, task: Task) -> tuple[list[Task], list[Task], list[Event]]:
    """The Pioneer's other cards go back into the Age 2 deck, which is shuffled."""
    state.decks[1] += state.pioneer
    state.pioneer = []
    rng = Rng(state.rng)
    rng.shuffle(state.decks[1])
    state.rng = rng.state
    return [], [], []


PIONEER_KEEP = KeepDrawn(
    PIONEER, "keep one of the cards drawn", lambda state: state.pioneer, _pioneer_rest,
    refused="{key} is not among the cards you drew.",
    kept="{seat} keeps {label}; the other cards go back into the Age 2 deck, which is shuffled.",
)


BIDDING = Bidding()
TAVERN_PICK = TavernPick()
# The base game's choices, the tavern pick among them (ruleset.py builds a game's choices from
# them, with a tavern pick of its own in TAVERN_PICK's place).
BASE_CHOICES: tuple[Choice, ...] = (
    FaceUpBid(), TAVERN_PICK, Transform(), Trade(), Recruit(), TopDiscard(), PIONEER_KEEP,
)


def tavern_pick(pick_verbs: tuple[str, ...]) -> TavernPick:
    """A tavern pick that also reads these expansions' pick verbs (ruleset.py: one per ruleset)."""
    pick = TavernPick()
    pick.verbs = ("take", *pick_verbs)
    return pick


def pending(state: NidavellirState, seat: int) -> tuple[Choice, Task] | None:
    """The choice `seat` must make now, with its task (bidding gets one made up for the seat)."""
    if state.tasks:
        task = state.tasks[0]
        if task.seat != seat:
            return None
        choice = state.ruleset.choices.get(task.kind)
        return None if choice is None else (choice, task)
    if state.phase == BID and seat in bidders(state):
        return BIDDING, Task(BID, seat)
    return None

