"""Where cards and expansions join the base game's tables (docs/adding-a-card.md).

A card is declared once, as a `Declared`: its printed data, its effect (the hooks its timing
lives in), the choices it opens with the verbs that read them, its rule steps, what it is worth
to the AI. `declare` puts each part in the table the base flow reads (cards.py, effects.py,
choices.py, steps.py, grammar.py, appraisal.py, view.py).

An expansion joins as an `Expansion` (expansion.py: its moments of a round and its pick verbs)
with its cards and the choices, steps, verbs, AI figures and view parts that belong to it rather
than to one card. The package's __init__ composes the base game with its two expansions; no base
module imports an expansion (tests/test_layers.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from engine.nidavellir import appraisal, cards, effects, grammar, view
from engine.nidavellir.appraisal import ChoiceWorth, MoveWorth, PickWorth, Worth
from engine.nidavellir.choice import Choice
from engine.nidavellir.choices import CHOICES, forget_moves
from engine.nidavellir.components import Card
from engine.nidavellir.expansion import Expansion
from engine.nidavellir.grammar import Parser
from engine.nidavellir.hooks import Effect
from engine.nidavellir.rounds import EXPANSIONS, forget_expansions
from engine.nidavellir.state import TAKE, NidavellirState
from engine.nidavellir.steps import STEPS, Step


@dataclass(frozen=True)
class Declared:
    """One card, everything about it: `effect` (None: it only sits and scores its printed
    points), the `choices` it opens, its rule `steps` by task kind, the `verbs` its choices read
    (a verb of its own; the base verbs need no entry), its `worth` to the AI (None: its place in a
    column), `pending` worth of its choices still to come by task kind, `power_worths` of its
    choices whose effect shows only later and `choice_worths` of its other choices' moves (by
    verb, for the AI's cheap policy), and the expansion it belongs to (`origin`: set by `join`
    for an expansion's cards, '' for a card of the base game or one added from outside)."""

    card: Card
    effect: Effect | None = None
    choices: tuple[Choice, ...] = ()
    steps: Mapping[str, Step] = field(default_factory=dict)
    verbs: Mapping[str, Parser] = field(default_factory=dict)
    worth: Worth | None = None
    pending: Mapping[str, float] = field(default_factory=dict)
    power_worths: Mapping[str, MoveWorth] = field(default_factory=dict)
    choice_worths: Mapping[str, ChoiceWorth] = field(default_factory=dict)
    origin: str = ""

    @property
    def key(self) -> str:
        return self.card.key


def _add_choices(choices: tuple[Choice, ...], steps: Mapping[str, Step], verbs: Mapping[str, Parser]) -> None:
    for choice in choices:
        if choice.kind in CHOICES or choice.kind in STEPS:
            raise ValueError(f"task kind {choice.kind!r} is already taken")
        CHOICES[choice.kind] = choice
    for kind, step in steps.items():
        if kind in CHOICES or kind in STEPS:
            raise ValueError(f"task kind {kind!r} is already taken")
        STEPS[kind] = step
    for verb, parser in verbs.items():
        if verb in grammar.PARSERS:
            raise ValueError(f"verb {verb!r} is already taken")
        grammar.PARSERS[verb] = parser
    grammar.read.cache_clear()  # what a text says depends on the verbs and card names declared
    forget_moves()  # and a move's label on its card's


def declare(*entries: Declared) -> None:
    """Put each card, and everything declared with it, in the base game's tables."""
    for entry in entries:
        if entry.key in cards.CARDS:
            raise ValueError(f"card {entry.key!r} is already declared")
        cards.index_card(entry.card, entry.origin)
        grammar.index_card(entry.card)
        view.forget(entry.key)
        if entry.effect is not None:
            if entry.effect.key != entry.key:
                raise ValueError(f"the effect of {entry.key!r} is made for {entry.effect.key!r}")
            effects.index_effect(entry.effect)
        _add_choices(entry.choices, entry.steps, entry.verbs)
        if entry.worth is not None:
            appraisal.WORTHS[entry.key] = entry.worth
        appraisal.PENDING_WORTH.update(entry.pending)
        appraisal.POWER_WORTHS.update(entry.power_worths)
        appraisal.CHOICE_WORTHS.update(entry.choice_worths)


@dataclass(frozen=True)
class Joined:
    """An expansion and what belongs to it as a whole: its cards, its choices and steps that
    are no one card's, their verbs, the AI's figures (choices still to come by task kind, its
    pick verbs' worth, what taking a tavern card gives up, choices whose effect shows later,
    what a position promises) and its parts of the view (of a card, a seat, a tavern, the table)."""

    rules: Expansion
    cards: tuple[Declared, ...] = ()
    choices: tuple[Choice, ...] = ()
    steps: Mapping[str, Step] = field(default_factory=dict)
    verbs: Mapping[str, Parser] = field(default_factory=dict)
    pending: Mapping[str, float] = field(default_factory=dict)
    pick_worth: Mapping[str, PickWorth] = field(default_factory=dict)
    take_losses: tuple[PickWorth, ...] = ()
    power_worths: Mapping[str, MoveWorth] = field(default_factory=dict)
    choice_worths: Mapping[str, ChoiceWorth] = field(default_factory=dict)
    outlooks: tuple[Callable[[NidavellirState, int], float], ...] = ()
    piece_parts: tuple[Callable[[Card], dict[str, Any]], ...] = ()
    seat_parts: tuple[Callable[[NidavellirState, int], dict[str, Any]], ...] = ()
    tavern_parts: tuple[Callable[[NidavellirState, int], dict[str, Any]], ...] = ()
    table_parts: tuple[Callable[[NidavellirState, int | None], dict[str, Any]], ...] = ()


def join(expansion: Joined) -> None:
    """Register an expansion: its moments of the round (rounds.EXPANSIONS), its pick verbs on
    the tavern pick, its cards and everything else it brings."""
    rules = expansion.rules
    if rules.name in EXPANSIONS:
        raise ValueError(f"expansion {rules.name!r} has already joined")
    EXPANSIONS[rules.name] = rules
    forget_expansions()
    pick = CHOICES[TAKE]
    pick.verbs = (*pick.verbs, *rules.pick_verbs)
    _add_choices(expansion.choices, expansion.steps, expansion.verbs)
    declare(*(replace(card, origin=rules.name) for card in expansion.cards))  # its cards are its own
    appraisal.PENDING_WORTH.update(expansion.pending)
    appraisal.PICK_WORTH.update(expansion.pick_worth)
    appraisal.TAKE_LOSSES.extend(expansion.take_losses)
    appraisal.POWER_WORTHS.update(expansion.power_worths)
    appraisal.CHOICE_WORTHS.update(expansion.choice_worths)
    appraisal.OUTLOOKS.extend(expansion.outlooks)
    view.PIECE_PARTS.extend(expansion.piece_parts)
    view.SEAT_PARTS.extend(expansion.seat_parts)
    view.TAVERN_PARTS.extend(expansion.tavern_parts)
    view.TABLE_PARTS.extend(expansion.table_parts)
