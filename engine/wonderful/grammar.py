"""Move texts: the legal list, reading a text, which card a text means, and why a move is refused.

    draft <card>                         pick a card from the hand (draft)
    construct <card>                     slate a drafted card for construction (planning)
    recycle <card>                       recycle a drafted card, else a copy under construction
    place <resource> on <card>           put an available resource on a card under construction
    place <resource> on krystallium      put it on the Empire card (5 make a krystallium)
    place krystallium on <card> [as <resource>]   krystallium from stock, for its own slot or a resource
    place financier|general on <card>    a character token for a character slot
    take krystallium from <card> [as <resource>]  a krystallium back to stock (rules 2)
    take financier|general from <card>   a character token back (rules 2)
    choose financier|general             the science supremacy's token
    set autopass on|off                  pass, or not, the production steps producing nothing (rules 2)
    done                                 end this step (what is left goes onto the Empire card)

Cards are named by their keys (engine/wonderful/cards.py): `draft wind-turbines`. Under rules 2,
when the copies of a card a move could mean differ (what lies on them, or one is in the draft
area), each is named: `<key>:<n>` is the n-th copy under construction, oldest first, and the
key alone the copy in the draft area (`recycle zeppelin:2`). Alike copies are one move, on the
oldest. Rules 1 chose for the player: the oldest copy missing the item, and for `recycle` the
drafted copy, else the one with the least on it.

The setting's verb, `set`, sorts after the moves that take the game on (`choose`, `construct`,
`done`, `draft`), so a player who always makes the first legal move can't flip it for ever.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from engine.core import Move
from engine.errors import BadMove, IllegalMove
from engine.wonderful.cards import CARDS, CHARACTERS, KRYSTALLIUM, RESOURCES, title
from engine.wonderful.construction import copies, holds, missing, sites_of
from engine.wonderful.state import DRAFT, OVER, PLANNING, Board, Site, WonderfulState

ITEMS = (*RESOURCES, KRYSTALLIUM, *CHARACTERS)
TOKENS = (KRYSTALLIUM, *CHARACTERS)  # what may be taken back from a card (rules 2)
SWITCH = ("on", "off")


def token(card: str, number: int | None = None) -> str:
    """A card as a move names it: its key, or `<key>:<n>` for its n-th copy under construction."""
    return card if number is None else f"{card}:{number}"


def split(word: str) -> tuple[str, int | None]:
    """A card word read back: (key, copy number or None)."""
    key, colon, number = word.partition(":")
    return key, int(number) if colon else None


def _site_words(site: Site) -> str:
    """What lies on a site, for a button: "2 gold, 1 krystallium" ("nothing on it")."""
    placed = Counter(site.covered)
    placed.subtract(site.stand_ins)
    placed[KRYSTALLIUM] += len(site.stand_ins)
    said = ", ".join(f"{count} {item}" for item, count in placed.items() if count > 0) or "nothing on it"
    return said + ("; slated now" if site.fresh else "")


def _card_words(word: str, board: Board | None) -> str:
    key, number = split(word)
    if number is None:
        return title(key)
    named = f"{title(key)} #{number}"
    places = sites_of(board, key) if board is not None else []
    if 0 < number <= len(places):
        assert board is not None
        named += f" ({_site_words(board.sites[places[number - 1]])})"
    return named


def label(text: str, board: Board | None = None) -> str:
    """A friendlier wording for buttons: card keys as printed names, a numbered copy with what
    lies on it (when `board`, the mover's, is given), what a krystallium stands in for before the
    card (a long label is cut at its end)."""
    words = text.split()
    if words[0] == "set":
        return ("Pass the production steps I produce nothing in" if words[2] == "on"
                else "Act in every production step again")
    if len(words) == 6:  # place/take krystallium on/from <card> as <resource>
        words = [words[0], words[1], words[4], words[5], words[2], words[3]]
    said = " ".join(_card_words(w, board) if split(w)[0] in CARDS else w for w in words)
    if words[0] == "recycle" and board is not None and words[1] in board.drafted and sites_of(board, words[1]):
        said += " (drafted)"
    return said[:1].upper() + said[1:]  # not str.capitalize: it would lower-case the printed names


class WonderfulMove(Move):
    """A move read into its parts: `verb`; `item` (the card drafted, slated or recycled, the
    resource or token placed or taken, the character chosen, autopass's on or off); `target`
    (the card word placed on or taken from, or krystallium); `stand_in` (the resource a
    krystallium stands in for). Its label is worded from the mover's `board` when read."""

    __slots__ = ("board", "item", "stand_in", "target", "verb")

    def __init__(self, text: str, verb: str, item: str = "", target: str = "", stand_in: str | None = None,
                 board: Board | None = None) -> None:
        self.text = text  # Move's own fields set here: a playout makes tens of thousands
        self._label: str | None = None
        self.verb = verb
        self.item = item
        self.target = target
        self.stand_in = stand_in
        self.board = board

    def word(self) -> str:
        return label(self.text, self.board)

    def parts(self) -> tuple[str, str, str, str | None]:
        return self.verb, self.item, self.target, self.stand_in

    @property
    def card(self) -> str:
        """The card word the move names: the target's, else the item's (draft, construct, recycle)."""
        return self.target or self.item

    @property
    def slot(self) -> str:
        """The slot a placement fills: the resource a krystallium stands in for, else the item."""
        return self.stand_in or self.item

    def with_card(self, word: str) -> WonderfulMove:
        """The same move naming the card by `word` instead (another copy, or the key alone)."""
        if self.target:
            return _placing(self.verb, self.item, word, self.stand_in, self.board)
        return _verb(self.verb, word, self.board)


def _verb(verb: str, item: str, board: Board | None = None) -> WonderfulMove:
    """`draft|construct|recycle|choose <item>`."""
    return WonderfulMove(f"{verb} {item}", verb, item, board=board)


def _placing(verb: str, item: str, target: str, stand_in: str | None, board: Board | None) -> WonderfulMove:
    """`place <item> on <target> [as <stand_in>]` or `take <item> from <target> [as <stand_in>]`."""
    text = f"{verb} {item} {'on' if verb == 'place' else 'from'} {target}" + (f" as {stand_in}" if stand_in else "")
    return WonderfulMove(text, verb, item, target, stand_in, board)


DONE = WonderfulMove("done", "done")


# -- the legal texts ----------------------------------------------------------------------


def _named(board: Board, card: str, chosen: list[int], drafted: bool = False) -> list[str]:
    """The card words for a move that may go to any of the `chosen` copies under construction:
    the key alone when they are alike (and no drafted copy competes), else one numbered copy
    of each kind."""
    if not chosen:
        return []
    groups = copies(board, card, chosen) if len(chosen) > 1 else [chosen]
    if len(groups) == 1 and not drafted:
        return [card]
    places = sites_of(board, card)
    return [token(card, places.index(group[0]) + 1) for group in groups]


def _printed_moves(board: Board) -> list[WonderfulMove]:
    """Rules 2's construction moves: recycling, placing and taking back, each copy named when
    copies differ."""
    moves: list[WonderfulMove] = []
    drafted = set(board.drafted)
    for card in drafted:
        moves += [_verb("construct", card, board), _verb("recycle", card, board)]
    by_card: dict[str, list[int]] = {}
    for index, site in enumerate(board.sites):
        by_card.setdefault(site.card, []).append(index)
    takings = _takings(board)
    for card, indices in by_card.items():
        moves += [_verb("recycle", word, board) for word in _named(board, card, indices, drafted=card in drafted)]
        wanted: dict[str, list[int]] = {}
        for index in indices:
            for slot in set(missing(board.sites[index])):
                wanted.setdefault(slot, []).append(index)
        for slot, chosen in wanted.items():
            words = _named(board, card, chosen)
            if slot in RESOURCES:
                if board.available.get(slot):
                    moves += [_placing("place", slot, w, None, board) for w in words]
                if board.krystallium:
                    moves += [_placing("place", KRYSTALLIUM, w, slot, board) for w in words]
            elif slot == KRYSTALLIUM:
                if board.krystallium:
                    moves += [_placing("place", KRYSTALLIUM, w, None, board) for w in words]
            elif _held(board, slot):
                moves += [_placing("place", slot, w, None, board) for w in words]
        for item, stand_in in takings:
            for word in _named(board, card, [i for i in indices if holds(board.sites[i], item, stand_in)]):
                moves.append(_placing("take", item, word, stand_in, board))
    for resource in board.available:
        moves.append(_placing("place", resource, KRYSTALLIUM, None, board))
    return moves


def _takings(board: Board) -> set[tuple[str, str | None]]:
    """What could be taken back from some card, as (token, the resource a krystallium stands in
    for): a krystallium in its own slot, one standing in for each resource, each character."""
    found: set[tuple[str, str | None]] = set()
    for site in board.sites:
        if site.krystallium > len(site.stand_ins):
            found.add((KRYSTALLIUM, None))
        found.update((KRYSTALLIUM, resource) for resource in site.stand_ins)
        found.update((character, None) for character in CHARACTERS if character in site.covered)
    return found


def _rules1_moves(board: Board) -> list[WonderfulMove]:
    """Rules 1's construction moves: a card by its key alone, the engine choosing the copy."""
    moves: list[WonderfulMove] = []
    drafted = set(board.drafted)
    for card in drafted:
        moves += [_verb("construct", card, board), _verb("recycle", card, board)]
    for card in {s.card for s in board.sites} - drafted:
        moves.append(_verb("recycle", card, board))
    needs: dict[str, set[str]] = {}
    for site in board.sites:
        needs.setdefault(site.card, set()).update(missing(site))
    for resource in board.available:
        moves.append(_placing("place", resource, KRYSTALLIUM, None, board))
        moves += [_placing("place", resource, card, None, board) for card, need in needs.items() if resource in need]
    if board.krystallium:
        for card, need in needs.items():
            if KRYSTALLIUM in need:
                moves.append(_placing("place", KRYSTALLIUM, card, None, board))
            moves += [_placing("place", KRYSTALLIUM, card, r, board) for r in need if r in RESOURCES]
    for character in CHARACTERS:
        if _held(board, character):
            moves += [_placing("place", character, card, None, board) for card, need in needs.items()
                      if character in need]
    return moves


def _autopass(state: WonderfulState, seat: int) -> list[WonderfulMove]:
    if state.rules < 2:
        return []
    return [SWITCHED[not state.autopass[seat]]]


SWITCHED = {on: WonderfulMove(f"set autopass {word}", "set", word) for on, word in ((True, "on"), (False, "off"))}
CHOICES = [_verb("choose", c) for c in CHARACTERS]


def _by_text(move: Move) -> str:
    return move.text


def legal_moves(state: WonderfulState, seat: int) -> list[WonderfulMove]:
    """Every legal move of `seat`, sorted by text."""
    if state.phase == OVER:
        return []
    if state.phase == DRAFT:
        if state.picks[seat] is not None:
            return []
        moves = [_verb("draft", card) for card in set(state.hands[seat])] + _autopass(state, seat)
    else:
        if state.done[seat]:
            return []
        board = state.board(seat)
        moves = _printed_moves(board) if state.rules >= 2 else _rules1_moves(board)
        moves += _autopass(state, seat)
        if board.choosing:
            moves += CHOICES
        elif state.phase != PLANNING or not board.drafted:
            moves.append(DONE)
    moves.sort(key=_by_text)
    return moves


def is_legal(state: WonderfulState, seat: int, move: WonderfulMove) -> bool:
    """Whether `move` is among `legal_moves(state, seat)`: the moves that name no copy of a card
    are judged on their own; the rest (recycling, placing, taking back) against the list."""
    verb, item = move.verb, move.item
    if state.phase == OVER or (state.picks[seat] is not None if state.phase == DRAFT else state.done[seat]):
        return False
    if verb == "set":
        return state.rules >= 2 and (item == "on") != state.autopass[seat]
    if state.phase == DRAFT:
        return verb == "draft" and item in state.hands[seat]
    board = state.board(seat)
    if verb == "choose":
        return board.choosing
    if verb == "done":
        return not board.choosing and (state.phase != PLANNING or not board.drafted)
    if verb == "construct":
        return item in board.drafted
    if verb == "draft":
        return False
    return move.text in legal_texts(state, seat)


def legal_texts(state: WonderfulState, seat: int) -> list[str]:
    """Every legal move text of `seat`, sorted."""
    return [move.text for move in legal_moves(state, seat)]


def _held(board: Board, character: str) -> int:
    return board.financiers if character == "financier" else board.generals


# -- which copy a text means ----------------------------------------------------------------


def site_index(board: Board, word: str, holds: Callable[[Site], bool]) -> int:
    """The site a legal move's card word means: its numbered copy, else the oldest copy of the
    card that `holds` (misses the item placed, holds the token taken back)."""
    key, number = split(word)
    places = sites_of(board, key)
    if number is not None:
        return places[number - 1]
    return next(i for i in places if holds(board.sites[i]))


# -- reading a text ---------------------------------------------------------------------------


def _shown(text: str) -> str:
    return repr(text[:40])


def _card(word: str) -> None:
    """BadMove unless `word` names a card (with a copy number or not)."""
    key, colon, number = word.partition(":")
    if key not in CARDS:
        raise BadMove(f"There is no card {_shown(key)}; cards are named like wind-turbines.")
    if colon and not (number.isdigit() and int(number) >= 1 and number == str(int(number))):
        raise BadMove(f"{_shown(word)}: a copy is named by its number under construction, like {key}:2.")


def read(text: str) -> list[str]:
    """The words of a well-formed move text; BadMove when it is no move of this game."""
    words = text.strip().lower().split()
    if not words:
        raise BadMove("Say a move: draft, construct, recycle, place, take, choose, set autopass or done.")
    verb, rest = words[0], words[1:]
    if verb == "done" and not rest:
        return words
    if verb in ("draft", "construct", "recycle") and len(rest) == 1:
        _card(rest[0])
        if verb != "recycle" and ":" in rest[0]:
            raise BadMove(f"Only cards under construction are numbered: {verb} {split(rest[0])[0]}.")
        return words
    if verb == "choose" and len(rest) == 1:
        if rest[0] not in CHARACTERS:
            raise BadMove("Choose a financier or a general: `choose financier` or `choose general`.")
        return words
    if verb == "set" and len(rest) == 2 and rest[0] == "autopass":
        if rest[1] not in SWITCH:
            raise BadMove("Say `set autopass on` (pass the production steps you produce nothing in) or "
                          "`set autopass off`.")
        return words
    if verb == "place" and len(rest) in (3, 5) and rest[1] == "on":
        item, target = rest[0], rest[2]
        if item not in ITEMS:
            raise BadMove(f"There is nothing called {_shown(item)} to place; place a resource, krystallium, "
                          "a financier or a general.")
        if target != KRYSTALLIUM:
            _card(target)
        if len(rest) == 5 and (item != KRYSTALLIUM or rest[3] != "as" or rest[4] not in RESOURCES
                               or target == KRYSTALLIUM):
            raise BadMove("Only krystallium stands in for a resource: `place krystallium on <card> as <resource>`.")
        return words
    if verb == "take" and len(rest) in (3, 5) and rest[1] == "from":
        item, target = rest[0], rest[2]
        if item not in TOKENS:
            raise BadMove(f"Only krystallium and character tokens are taken back, not {_shown(item)}.")
        _card(target)
        if len(rest) == 5 and (item != KRYSTALLIUM or rest[3] != "as" or rest[4] not in RESOURCES):
            raise BadMove("Say which resource the krystallium stands in for: "
                          "`take krystallium from <card> as <resource>`.")
        return words
    raise BadMove(f"{_shown(text)} is not a move here: try draft <card>, construct <card>, recycle <card>, "
                  "place <resource> on <card>, take <token> from <card>, choose financier|general, set autopass on|off "
                  "or done.")


def parse(text: str, board: Board | None = None) -> WonderfulMove:
    """A person's text read once into its move (`board`, the mover's, words its label)."""
    words = read(text)
    verb = words[0]
    if verb == "done":
        return DONE
    if verb == "set":
        return SWITCHED[words[2] == "on"]
    if len(words) == 2:
        return _verb(verb, words[1], board)
    return _placing(verb, words[1], words[3], words[5] if len(words) == 6 else None, board)


# -- why a move is refused ---------------------------------------------------------------------


def _copy_refusal(state: WonderfulState, seat: int, board: Board, move: WonderfulMove) -> IllegalMove | None:
    """Why a move's card word names no copy it could: a number past the copies; a number where
    the copies are alike (the key alone is the move); the key alone where they differ."""
    word = move.card
    if move.verb not in ("recycle", "place", "take") or split(word)[0] not in CARDS:
        return None
    key, number = split(word)
    count = len(sites_of(board, key))
    if number is not None and number > count:
        have = f"{count} {'copy' if count == 1 else 'copies'}" if count else "none"
        return IllegalMove(f"There is no {title(key)} #{number} under construction ({have}).")
    legal = legal_texts(state, seat)
    if number is not None:
        # A copy like another: the move is offered once, on the oldest of the alike copies.
        places = sites_of(board, key)
        signature = board.sites[places[number - 1]].signature()
        first = next(n for n, i in enumerate(places, 1) if board.sites[i].signature() == signature)
        for other in (key, token(key, first)):
            same = move.with_card(other).text
            if same in legal and other != word:
                like = "every other copy" if other == key else f"#{first}"
                return IllegalMove(f"{title(key)} #{number} is like {like} for this: say `{same}`.")
        return None
    offered = [t for t in (move.with_card(token(key, n)).text for n in range(1, count + 1)) if t in legal]
    if offered:
        return IllegalMove(f"Your copies of {title(key)} differ: say which, " + " or ".join(f"`{t}`" for t in offered)
                           + ".")
    return None


def refusal(state: WonderfulState, seat: int, move: WonderfulMove) -> IllegalMove:
    """Why a well-formed move is not legal now, in the player's terms."""
    verb = move.verb
    phase = state.phase
    if state.rules < 2 and (verb in ("take", "set") or ":" in move.card):
        return IllegalMove("This game plays by the rules it began with (rules 1, before 2026-12-06): taking "
                           "tokens back, autopass and naming a copy came later.")
    if verb == "set":
        if phase == OVER:
            return IllegalMove("The game is over.")
        return IllegalMove(f"Autopass is {move.item} already.")
    if verb == "draft":
        if phase != DRAFT:
            return IllegalMove("The draft is over for this round.")
        if state.picks[seat] is not None:
            return IllegalMove("You have picked already; wait for the others.")
        return IllegalMove(f"{title(move.item)} is not in your hand.")
    if phase == DRAFT:
        return IllegalMove("It's the draft: pick a card from your hand with `draft <card>`.")
    board = state.board(seat)
    if verb == "construct":
        if phase != PLANNING:
            return IllegalMove("Cards are slated for construction during planning only.")
        return IllegalMove(f"{title(move.item)} is not in your draft area.")
    if verb == "choose":
        return IllegalMove("You have no supremacy token to choose.")
    if verb == "done":
        if board.choosing:
            return IllegalMove("Choose your science supremacy token first: a financier or a general.")
        return IllegalMove(f"Slate or recycle every drafted card first ({len(board.drafted)} left).")
    wrong = _copy_refusal(state, seat, board, move)
    if wrong is not None:
        return wrong
    target = move.card
    key = split(target)[0]
    if verb == "recycle":
        return IllegalMove(f"{title(key)} is neither in your draft area nor under construction.")
    if verb == "take":
        if not sites_of(board, key):
            return IllegalMove(f"{title(key)} is not under construction.")
        what = move.item + (f" standing in for {move.stand_in}" if move.stand_in else "")
        return IllegalMove(f"{_card_words(target, board)} holds no {what} to take back.")
    item = move.item
    if item in RESOURCES and board.available.get(item, 0) == 0:
        return IllegalMove(f"You have no {item} to place.")
    if item == KRYSTALLIUM and board.krystallium == 0:
        return IllegalMove("You have no krystallium.")
    if item in CHARACTERS and _held(board, item) == 0:
        return IllegalMove(f"You have no {item} token.")
    if target == KRYSTALLIUM:
        return IllegalMove("Krystallium itself doesn't go onto the krystallium pile.")
    if not sites_of(board, key):
        return IllegalMove(f"{title(key)} is not under construction.")
    return IllegalMove(f"{_card_words(target, board)} needs no more {move.slot}.")
