"""What a card and an expansion bring to a game's rules, as values (docs/adding-a-card.md).

A card is declared once, as a `Declared`: its printed data, its effect (the hooks its timing
lives in), the choices it opens with the verbs that read them, its rule steps, what it is worth
to the AI. An expansion is a `Joined`: its `Expansion` (expansion.py: its moments of a round and
its pick verbs) with its cards and the choices, steps, verbs, AI figures and view parts that
belong to it rather than to one card. Making either changes nothing: ruleset.build puts them
together into a game's rules. The package's __init__ builds the base game with its two
expansions; no base module imports an expansion (tests/test_layers.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine.nidavellir.appraisal import ChoiceWorth, MoveWorth, PickWorth, Worth
from engine.nidavellir.choice import Choice
from engine.nidavellir.components import Card
from engine.nidavellir.expansion import Expansion
from engine.nidavellir.grammar import Parser
from engine.nidavellir.hooks import Effect
from engine.nidavellir.state import NidavellirState
from engine.nidavellir.steps import Step

if TYPE_CHECKING:
    from engine.nidavellir.ruleset import Ruleset


@dataclass(frozen=True)
class Declared:
    """One card, everything about it: `effect` (None: it only sits and scores its printed
    points), the `choices` it opens, its rule `steps` by task kind, the `verbs` its choices read
    (a verb of its own; the base verbs need no entry), its `worth` to the AI (None: its place in a
    column), `pending` worth of its choices still to come by task kind, `power_worths` of its
    choices whose effect shows only later and `choice_worths` of its other choices' moves (by
    verb, for the AI's cheap policy), and the expansion it belongs to (`origin`: an expansion's
    cards are its own once built in, '' for a card of the base game or one added from outside)."""

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
    piece_parts: tuple[Callable[[Ruleset, Card], dict[str, Any]], ...] = ()
    seat_parts: tuple[Callable[[NidavellirState, int], dict[str, Any]], ...] = ()
    tavern_parts: tuple[Callable[[NidavellirState, int], dict[str, Any]], ...] = ()
    table_parts: tuple[Callable[[NidavellirState, int | None], dict[str, Any]], ...] = ()
