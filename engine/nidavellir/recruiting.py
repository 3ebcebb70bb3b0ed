"""Getting cards: putting one in a column, gaining a card from anywhere, recruiting heroes.

Every way a card reaches a player (a tavern pick, the camp, the Pioneer, the discard pile)
goes through `gain`, and every hero through `recruit`; what the card then does is its effect's
business (effects.py). Both return the tasks that follow, for the caller to queue.
"""

from __future__ import annotations

from engine.core import Event
from engine.nidavellir.army import lines_above
from engine.nidavellir.cards import DWERGS
from engine.nidavellir.components import DOUBLE, HERO, MERCENARY, OFFERING, SPECIAL, TWIN_COLUMNS, seat_label
from engine.nidavellir.effects import blocks_line_heroes, effect, notify
from engine.nidavellir.hooks import HERO_RECRUITED, PLACED
from engine.nidavellir.state import (
    CHECK_HEROES,
    DOUBLE_MOVE,
    ENLIST,
    GULLINBURSTI_MOVE,
    TRANSFORM,
    NidavellirState,
    Task,
)

FREE_HEROES = "thrivaldi hero"  # marks: heroes recruited that don't count against complete lines
UNCOUNTED_RECRUIT = 2  # a recruit task's n: the hero comes whatever the lines and never counts for them


def place(state: NidavellirState, index: int, card: str, suit: int) -> list[Task]:
    """Put a card on top of a column; the card it covers may react (Thrud steps aside). A card
    with a rank of that class (a mercenary enlisted there too) is news for Ölrun."""
    column = state.seats[index].army[suit]
    column.append(card)
    rules = state.ruleset
    if rules.observers:  # only Idavoll's valkyries watch
        piece = rules.cards[card]
        if piece.suit == suit or piece.kind == MERCENARY:
            notify(state, index, PLACED, suit=suit)
    if len(column) > 1:
        # Only a card with an effect can react (effects.effect: the others do nothing).
        covered = rules.effects.get(column[-2])
        if covered is not None:
            return covered.covered(state, index, suit)
    return []


def gain(state: NidavellirState, index: int, card: str) -> tuple[list[Task], list[Event]]:
    """A card (not a hero) reaches a player: where it goes follows from its kind.

    A Royal Offering is used (a transform) and goes to the discard pile; a mercenary waits in
    the command zone (enlisted at once during the end-of-age window); a double waits there
    for its column; an artefact acts (its effect) and stays in the command zone unless it has a
    column (Vegvisir); a dwarf or the Armorer's card goes on top of its column.
    """
    rules = state.ruleset
    piece = rules.cards[card]
    seat = state.seats[index]
    kind = piece.kind
    if kind == OFFERING:
        state.discard.append(card)
        return [Task(TRANSFORM, index, piece.offering, card=card)], []
    if kind == MERCENARY:
        seat.command.append(card)
        return ([Task(ENLIST, index)] if state.window else []), []
    if kind == DOUBLE:
        seat.command.append(card)
        # Rules 3: a double coming back (Andumia, Brisingamens) keeps out of its twin's column.
        twin = tuple(s for s, column in enumerate(seat.army) if card in column) \
            if state.rules >= TWIN_COLUMNS else ()
        return [Task(DOUBLE_MOVE, index, 1, twin)], []
    if kind == SPECIAL:  # Gullinbursti, back from the discard pile: a column of its owner's choice
        seat.command.append(card)
        return [Task(GULLINBURSTI_MOVE, index)], []
    if kind == HERO:
        raise ValueError(f"{card} is a hero: heroes are recruited")
    if piece.suit is None:
        seat.command.append(card)
    acts = rules.effects.get(card)  # most dwarves have no effect (effects.effect)
    tasks, events = acts.gained(state, index) if acts is not None else ([], [])
    if piece.suit is not None:
        tasks += place(state, index, card, piece.suit)
    return tasks, events


def hero_total(state: NidavellirState, index: int) -> int:
    """Heroes that count against complete lines (not those Thrivaldi brought)."""
    seat = state.seats[index]
    return len(seat.heroes) - seat.marks.get(FREE_HEROES, 0)


def recruitable(state: NidavellirState, index: int) -> list[str]:
    """Heroes this seat may take now, one Dwerg brother standing for all of them."""
    out: list[str] = []
    dwerg_seen = False
    rules = state.ruleset
    unrefused = rules.unrefused
    for hero in sorted(state.reserve, key=rules.hero_order.__getitem__):
        if hero in DWERGS:
            if dwerg_seen:
                continue
            dwerg_seen = True
        if hero in unrefused or not effect(state, hero).refusal(state, index):
            out.append(hero)
    return out


def can_recruit(state: NidavellirState, index: int) -> bool:
    """Whether `recruitable` lists any hero, asking the heroes in any order and only until one
    answers (the Dwerg brother it would ask is the first in the reserve's order, as there)."""
    reserve = state.reserve
    unrefused = state.ruleset.unrefused
    if not unrefused.isdisjoint(reserve) and unrefused >= DWERGS:
        return True  # a hero nothing refuses (a Dwerg brother stands for the first of them)
    dwerg = min((h for h in reserve if h in DWERGS), key=state.ruleset.hero_order.__getitem__, default="")
    return any(hero in unrefused or not effect(state, hero).refusal(state, index)
               for hero in reserve if hero == dwerg or hero not in DWERGS)


def owes_hero(state: NidavellirState, index: int) -> bool:
    """A complete line without its hero, and a hero that can answer it: recruiting is mandatory."""
    seat = state.seats[index]
    heroes = hero_total(state, index)
    # An empty column: no complete line (asked after every card, so the columns are looked at first).
    if heroes >= 0 and not all(seat.army):
        return False
    if not lines_above(state.ruleset, seat, heroes) or blocks_line_heroes(state, index):
        return False
    return can_recruit(state, index)


def recruit(state: NidavellirState, index: int, hero: str, by_odin: bool = False) -> tuple[list[Task], list[Event]]:
    """Take `hero` from the reserve: a class hero joins its column, a neutral one the command
    zone; its effect's tasks come first, then Thrud's if the hero covered her, then a check for
    a further hero (recruiting chains). Odin's swap is the one way that Sigrdrífa doesn't count."""
    seat = state.seats[index]
    state.reserve.remove(hero)
    seat.heroes.append(hero)
    piece = state.cards[hero]
    events = [Event(f"{seat_label(index)} recruits {piece.label}.")]
    if not by_odin:
        notify(state, index, HERO_RECRUITED)
    if piece.suit is None:
        seat.command.append(hero)
    tasks, said = effect(state, hero).gained(state, index)
    events += said
    if piece.suit is not None:
        tasks += place(state, index, hero, piece.suit)
    tasks.append(Task(CHECK_HEROES, index))
    return tasks, events
