"""Move texts: the legal list, reading a text, and why a move is refused.

    draft <card>                         pick a card from the hand (draft)
    construct <card>                     slate a drafted card for construction (planning)
    recycle <card>                       recycle a drafted card, else the copy under construction
    place <resource> on <card>           put an available resource on a card under construction
    place <resource> on krystallium      put it on the Empire card (5 make a krystallium)
    place krystallium on <card> [as <resource>]   krystallium from stock, for its own slot or a resource
    place financier|general on <card>    a character token for a character slot
    choose financier|general             the science supremacy's token
    done                                 end this step (what is left goes onto the Empire card)

Cards are named by their keys (engine/wonderful/cards.py): `draft wind-turbines`.
"""

from __future__ import annotations

from engine.core import Move
from engine.errors import BadMove, IllegalMove
from engine.wonderful.cards import CARDS, CHARACTERS, KRYSTALLIUM, RESOURCES, title
from engine.wonderful.rules import missing
from engine.wonderful.state import DRAFT, OVER, PLANNING, Board, WonderfulState

ITEMS = (*RESOURCES, KRYSTALLIUM, *CHARACTERS)


def label(text: str) -> str:
    """A friendlier wording for buttons: card keys as printed names."""
    words = " ".join(title(w) if w in CARDS else w for w in text.split())
    return words[:1].upper() + words[1:]  # not str.capitalize: it would lower-case the printed names


def _move(text: str) -> Move:
    return Move(text, label(text))


def legal_texts(state: WonderfulState, seat: int) -> list[str]:
    """Every legal move text of `seat`, sorted."""
    if state.phase == OVER:
        return []
    if state.phase == DRAFT:
        if state.picks[seat] is not None:
            return []
        return [f"draft {card}" for card in sorted(set(state.hands[seat]))]
    if state.done[seat]:
        return []
    board = state.board(seat)
    texts: list[str] = []
    drafted = set(board.drafted)
    for card in drafted:
        texts += [f"construct {card}", f"recycle {card}"]
    for card in {s.card for s in board.sites} - drafted:
        texts.append(f"recycle {card}")
    needs: dict[str, set[str]] = {}
    for site in board.sites:
        needs.setdefault(site.card, set()).update(missing(site))
    for resource in board.available:
        texts.append(f"place {resource} on krystallium")
        texts += [f"place {resource} on {card}" for card, need in needs.items() if resource in need]
    if board.krystallium:
        for card, need in needs.items():
            if KRYSTALLIUM in need:
                texts.append(f"place krystallium on {card}")
            texts += [f"place krystallium on {card} as {r}" for r in need if r in RESOURCES]
    for character in CHARACTERS:
        if _held(board, character):
            texts += [f"place {character} on {card}" for card, need in needs.items() if character in need]
    if board.choosing:
        texts += [f"choose {c}" for c in CHARACTERS]
    elif state.phase != PLANNING or not board.drafted:
        texts.append("done")
    return sorted(texts)


def _held(board: Board, character: str) -> int:
    return board.financiers if character == "financier" else board.generals


def legal_moves(state: WonderfulState, seat: int) -> list[Move]:
    return [_move(t) for t in legal_texts(state, seat)]


def _shown(text: str) -> str:
    return repr(text[:40])


def read(text: str) -> list[str]:
    """The words of a well-formed move text; BadMove when it is no move of this game."""
    words = text.strip().lower().split()
    if not words:
        raise BadMove("Say a move: draft, construct, recycle, place, choose or done.")
    verb, rest = words[0], words[1:]
    if verb == "done" and not rest:
        return words
    if verb in ("draft", "construct", "recycle") and len(rest) == 1:
        if rest[0] not in CARDS:
            raise BadMove(f"There is no card {_shown(rest[0])}; cards are named like wind-turbines.")
        return words
    if verb == "choose" and len(rest) == 1:
        if rest[0] not in CHARACTERS:
            raise BadMove("Choose a financier or a general: `choose financier` or `choose general`.")
        return words
    if verb == "place" and len(rest) in (3, 5) and rest[1] == "on":
        item, target = rest[0], rest[2]
        if item not in ITEMS:
            raise BadMove(f"There is nothing called {_shown(item)} to place; place a resource, krystallium, "
                          "a financier or a general.")
        if target != KRYSTALLIUM and target not in CARDS:
            raise BadMove(f"There is no card {_shown(target)} to place on.")
        if len(rest) == 5 and (item != KRYSTALLIUM or rest[3] != "as" or rest[4] not in RESOURCES
                               or target == KRYSTALLIUM):
            raise BadMove("Only krystallium stands in for a resource: `place krystallium on <card> as <resource>`.")
        return words
    raise BadMove(f"{_shown(text)} is not a move here: try draft <card>, construct <card>, recycle <card>, "
                  "place <resource> on <card>, choose financier|general or done.")


def parse(text: str) -> Move:
    return _move(" ".join(read(text)))


def refusal(state: WonderfulState, seat: int, move: Move) -> IllegalMove:
    """Why a well-formed move is not legal now, in the player's terms."""
    words = move.text.split()
    verb = words[0]
    phase = state.phase
    if verb == "draft":
        if phase != DRAFT:
            return IllegalMove("The draft is over for this round.")
        if state.picks[seat] is not None:
            return IllegalMove("You have picked already; wait for the others.")
        return IllegalMove(f"{title(words[1])} is not in your hand.")
    if phase == DRAFT:
        return IllegalMove("It's the draft: pick a card from your hand with `draft <card>`.")
    board = state.board(seat)
    if verb == "construct":
        if phase != PLANNING:
            return IllegalMove("Cards are slated for construction during planning only.")
        return IllegalMove(f"{title(words[1])} is not in your draft area.")
    if verb == "recycle":
        return IllegalMove(f"{title(words[1])} is neither in your draft area nor under construction.")
    if verb == "choose":
        return IllegalMove("You have no supremacy token to choose.")
    if verb == "done":
        if board.choosing:
            return IllegalMove("Choose your science supremacy token first: a financier or a general.")
        return IllegalMove(f"Slate or recycle every drafted card first ({len(board.drafted)} left).")
    item, target = words[1], words[3]
    if item in RESOURCES and board.available.get(item, 0) == 0:
        return IllegalMove(f"You have no {item} to place.")
    if item == KRYSTALLIUM and board.krystallium == 0:
        return IllegalMove("You have no krystallium.")
    if item in CHARACTERS and _held(board, item) == 0:
        return IllegalMove(f"You have no {item} token.")
    if target == KRYSTALLIUM:
        return IllegalMove("Krystallium itself doesn't go onto the krystallium pile.")
    if all(site.card != target for site in board.sites):
        return IllegalMove(f"{title(target)} is not under construction.")
    slot = words[5] if len(words) == 6 else item
    return IllegalMove(f"{title(target)} needs no more {slot}.")
