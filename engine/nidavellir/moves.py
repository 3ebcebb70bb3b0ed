"""Move texts (grammar in docs/nidavellir.md): which moves are legal, reading them, why one is not.

    bid <goblin> <dragon> <horse>    three coins, e.g. "bid 5 2 0" ("h3" is the Hunter's 3)
    bid <coin>                       Uline's owner, face up, on the tavern being resolved
    take <card>                      "take warrior 7", "take blacksmith", "take offering 3"
    transform <coin> <place>         place: goblin, dragon, horse or pouch
    trade <coin> <coin>              Uline's owner picks the two coins of a trade
    recruit <hero>                   "recruit thrud", "recruit dwerg"
    thrud to <column> / ylud to <column>
    discard <column>                 Dagda's and Bonfur's discards
    keep <card>                      the Pioneer keeps one of the cards drawn
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, permutations

from engine.core import Move
from engine.errors import BadMove
from engine.nidavellir.cards import (
    DWERGS,
    HERO_IDS,
    HUNTER_COIN,
    HUNTER_TOKEN,
    PIECE_BY_KEY,
    PIECES,
    POUCH,
    SUIT_BY_NAME,
    SUITS,
    TAVERN_BY_NAME,
    TAVERN_LABELS,
    TAVERNS,
    coin_token,
    coin_value,
)
from engine.nidavellir.coins import transformable
from engine.nidavellir.heroes import discard_columns, hero_key, recruitable
from engine.nidavellir.state import (
    BID,
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
from engine.nidavellir.turns import bidders

PLACES = (*TAVERNS, POUCH)
HERO_TOKENS = {hero_key(h): h for h in HERO_IDS if h not in DWERGS} | {"dwerg": min(DWERGS)}
CARD_TOKENS = {p.key: i for i, p in enumerate(PIECES) if not p.hero and p.key != "armorer"}
VERBS = ("bid", "take", "transform", "trade", "recruit", "thrud", "ylud", "discard", "keep")


def current_task(state: NidavellirState, seat: int) -> Task | None:
    """The choice `seat` must make now, if it is the seat's turn to choose."""
    if state.tasks and state.tasks[0].seat == seat:
        return state.tasks[0]
    return None


@lru_cache(maxsize=4096)
def bid_moves(pouch: tuple[int, ...]) -> tuple[Move, ...]:
    """Every way to put three of these coins on the three taverns (pure, so cached)."""
    seen: dict[str, Move] = {}
    for triple in permutations(pouch, 3):
        tokens = [coin_token(c) for c in triple]
        text = "bid " + " ".join(tokens)
        if text not in seen:
            label = " · ".join(f"{TAVERN_LABELS[t].split()[1]} {tokens[t]}" for t in range(3))
            seen[text] = Move(text, label)
    return tuple(sorted(seen.values()))


def _card_moves(verb: str, cards: list[int]) -> list[Move]:
    return [Move(f"{verb} {PIECES[c].key}", f"{verb.capitalize()} {PIECES[c].label}") for c in set(cards)]


def legal_moves(state: NidavellirState, seat: int) -> list[Move]:
    """Every legal move of `seat`, sorted by text."""
    moves: list[Move] = []
    if state.phase == OVER:
        return moves
    task = current_task(state, seat)
    player = state.seats[seat]
    if not state.tasks and state.phase == BID:
        if seat in bidders(state):
            moves = list(bid_moves(tuple(player.pouch)))
    elif task is None:
        return moves
    elif task.kind == TAKE:
        moves = _card_moves("take", state.taverns[state.tavern])
    elif task.kind == ULINE_BID:
        moves = [Move(f"bid {coin_token(c)}", f"Bid {coin_token(c)} face up") for c in set(player.pouch)]
    elif task.kind == TRANSFORM:
        moves = [Move(f"transform {coin_token(c)} {PLACES[p]}", f"+{task.n} on the {coin_token(c)} ({PLACES[p]})")
                 for c, p in transformable(player)]
    elif task.kind == TRADE:
        pairs = {tuple(sorted(pair, key=coin_value)) for pair in combinations(player.pouch, 2)}
        moves = [Move(f"trade {coin_token(a)} {coin_token(b)}", f"Trade {coin_token(a)} + {coin_token(b)}")
                 for a, b in pairs]
    elif task.kind == RECRUIT:
        moves = [Move(f"recruit {hero_key(h)}", f"Recruit {PIECES[h].label}") for h in recruitable(state, seat)]
    elif task.kind in (THRUD_MOVE, YLUD_MOVE):
        moves = [Move(f"{task.kind} to {name}", f"{task.kind.capitalize()} to {name}") for name in SUITS]
    elif task.kind == DISCARD:
        moves = [Move(f"discard {SUITS[s]}", f"Discard the top {SUITS[s]}")
                 for s in discard_columns(player, task.args)]
    elif task.kind == PIONEER:
        moves = _card_moves("keep", state.pioneer)
    return sorted(moves)


def coin_of_token(token: str) -> int:
    """The coin a token names: a number, or h3 for the Hunter's 3."""
    if token == HUNTER_TOKEN:
        return HUNTER_COIN
    if token.isdigit() and len(token) <= 2:
        return int(token)
    raise BadMove(f"{token!r} is not a coin: coins are written as numbers, the Hunter's 3 as h3.")


def parse(text: str) -> Move:
    """Read a move text into its canonical form; BadMove if it is not Nidavellir grammar."""
    tokens = text.lower().split()
    if not tokens or tokens[0] not in VERBS:
        raise BadMove(f"Moves start with one of: {', '.join(VERBS)} (e.g. 'bid 5 2 0', 'take warrior 7').")
    verb, rest = tokens[0], tokens[1:]
    if verb == "bid":
        if len(rest) not in (1, 3):
            raise BadMove("Bid one coin per tavern: 'bid <goblin> <dragon> <horse>', e.g. 'bid 5 2 0'.")
        return Move("bid " + " ".join(coin_token(coin_of_token(t)) for t in rest))
    if verb in ("take", "keep"):
        key = " ".join(rest)
        if key not in CARD_TOKENS:
            raise BadMove(f"{key!r} is not a card: write e.g. 'take warrior 7', 'take hunter', 'take offering 3'.")
        return Move(f"{verb} {key}")
    if verb == "transform":
        if len(rest) != 2 or rest[1] not in PLACES:
            raise BadMove("Write 'transform <coin> <goblin|dragon|horse|pouch>', e.g. 'transform 5 pouch'.")
        return Move(f"transform {coin_token(coin_of_token(rest[0]))} {rest[1]}")
    if verb == "trade":
        if len(rest) != 2:
            raise BadMove("Write 'trade <coin> <coin>', e.g. 'trade 3 4'.")
        a, b = sorted((coin_of_token(t) for t in rest), key=coin_value)
        return Move(f"trade {coin_token(a)} {coin_token(b)}")
    if verb == "recruit":
        key = " ".join(rest)
        if key not in HERO_TOKENS:
            raise BadMove(f"{key!r} is not a hero; heroes are: {', '.join(sorted(HERO_TOKENS))}.")
        return Move(f"recruit {key}")
    if verb in ("thrud", "ylud"):
        if len(rest) == 1:
            rest = ["to", *rest]
        if len(rest) != 2 or rest[0] != "to" or rest[1] not in SUIT_BY_NAME:
            raise BadMove(f"Write '{verb} to <column>': blacksmith, hunter, explorer, miner or warrior.")
        return Move(f"{verb} to {rest[1]}")
    if len(rest) != 1 or rest[0] not in SUIT_BY_NAME:
        raise BadMove("Write 'discard <column>': blacksmith, hunter, explorer, miner or warrior.")
    return Move(f"discard {rest[0]}")


_PROMPTS = {
    TAKE: "take a card",
    ULINE_BID: "bid one coin face up",
    TRANSFORM: "choose a coin to transform",
    TRADE: "choose the two coins to trade",
    RECRUIT: "recruit a hero",
    THRUD_MOVE: "choose Thrud's column",
    YLUD_MOVE: "choose Ylud's column",
    DISCARD: "choose a column to discard from",
    PIONEER: "keep one of the cards drawn",
}


def prompt(task: Task) -> str:
    return _PROMPTS.get(task.kind, task.kind)


def is_legal(state: NidavellirState, seat: int, move: Move) -> bool:
    """Same answer as `move in legal_moves(...)`, without listing every bid."""
    if not state.tasks and state.phase == BID:
        tokens = move.text.split()
        if tokens[0] != "bid" or len(tokens) != 4 or seat not in bidders(state):
            return False
        left = list(state.seats[seat].pouch)
        for token in tokens[1:]:
            coin = coin_of_token(token)
            if coin not in left:
                return False
            left.remove(coin)
        return True
    return any(m.text == move.text for m in legal_moves(state, seat))


def why_illegal(state: NidavellirState, seat: int, move: Move) -> str:
    """A reason a player can read for a move that is not among the legal ones."""
    tokens = move.text.split()
    verb = tokens[0]
    player = state.seats[seat]
    task = current_task(state, seat)
    if task is None:
        if state.phase != BID:
            return "You have nothing to choose right now."
        if verb != "bid" or len(tokens) != 4:
            return "Everyone is bidding: put one coin on each tavern, e.g. 'bid 5 2 0'."
        left = list(player.pouch)
        for tavern, token in enumerate(tokens[1:]):
            coin = coin_of_token(token)
            if coin in left:
                left.remove(coin)
                continue
            if coin in player.pouch:
                before = TAVERN_LABELS[tokens[1:].index(token)]
                return f"You can't bid coin {token} on the {TAVERN_LABELS[tavern]}: it is already on the {before}."
            return f"You have no coin {token}; your coins are {', '.join(coin_token(c) for c in player.pouch)}."
        return "That bid isn't possible."
    wanted = prompt(task)
    expected = {TAKE: "take", ULINE_BID: "bid", TRANSFORM: "transform", TRADE: "trade", RECRUIT: "recruit",
                THRUD_MOVE: "thrud", YLUD_MOVE: "ylud", DISCARD: "discard", PIONEER: "keep"}[task.kind]
    if verb != expected:
        return f"Now you must {wanted} ('{expected} ...')."
    if verb == "take":
        return f"There is no {' '.join(tokens[1:])} left in the {TAVERN_LABELS[state.tavern]}."
    if verb == "keep":
        return f"{' '.join(tokens[1:])} is not among the cards you drew."
    if verb == "bid":
        if len(tokens) != 2:
            return "Uline bids one coin at a time: 'bid <coin>'."
        return f"You have no coin {tokens[1]} in hand."
    if verb == "transform":
        coin = coin_of_token(tokens[1])
        if coin in (0, HUNTER_COIN):
            return "Trading coins (the 0 and the Hunter's 3) can never be transformed."
        where = "in the pouch" if tokens[2] == POUCH else f"on the {TAVERN_LABELS[TAVERN_BY_NAME[tokens[2]]]}"
        return f"You have no {tokens[1]} {where}."
    if verb == "trade":
        return "Trade two different coins from your hand."
    if verb == "recruit":
        hero = HERO_TOKENS[" ".join(tokens[1:])]
        if hero not in state.reserve and not (hero in DWERGS and DWERGS & set(state.reserve)):
            return f"{PIECES[hero].label} is no longer in the reserve."
        if hero == PIECE_BY_KEY["hourya"]:
            return "Hourya needs at least 5 explorer ranks."
        return f"You can't recruit {PIECES[hero].label} now: there aren't enough dwarves to discard."
    if verb == "discard":
        suit = SUIT_BY_NAME[tokens[1]]
        if suit in task.args:
            return f"This discard must come from a column other than {', '.join(SUITS[s] for s in task.args)}."
        return f"There is no dwarf on top of your {tokens[1]} column: a hero on top can't be discarded."
    return "That move isn't possible now."


def tavern_of(token: str) -> int:
    return TAVERN_BY_NAME[token]
