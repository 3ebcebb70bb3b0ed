"""A game's rules as one value, assembled from the base game and the parts its options name.

A `Ruleset` holds every table the flow looks up: cards and their flat tables (ranks, bravery by
column, ...), the grammar's names and verbs, effects, choices, rule steps, the AI's figures and
the view's parts. `build` puts it together from the base game (`BASE`) and `Joined` expansions
and `Declared` cards (catalogue.py) without changing any module-level table, and `ruleset` does
so once per set of parts. The shipped game is the base game with both expansions
(engine/nidavellir/__init__.py); a toy card's test builds a game of its own
(tests/nidavellir/test_adding_a_card.py), and nothing has to be taken out afterwards.

Which expansions are in play is a game's options: `for_options` gives the ruleset of an option
set (made once, its tables shared), which the state carries (`NidavellirState.ruleset`, never
encoded). A ruleset knows every expansion it was built with, so a pick verb of one not in play
is still read and refused with its expansion's reason.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from engine.nidavellir import heroes
from engine.nidavellir.appraisal import BASE_PENDING, BASE_PICK_WORTH, ChoiceWorth, MoveWorth, PickWorth, Worth
from engine.nidavellir.cards import BASE_HERO_KEYS, DWERGS, PLAIN_CARDS, bravery_in
from engine.nidavellir.catalogue import Declared, Joined
from engine.nidavellir.choice import Choice
from engine.nidavellir.choices import BASE_CHOICES, tavern_pick
from engine.nidavellir.components import (
    ANIMAL,
    ARTEFACT,
    DWARF,
    MERCENARY,
    MYTHOLOGY_KINDS,
    OFFERING,
    Card,
)
from engine.nidavellir.expansion import Expansion
from engine.nidavellir.grammar import BASE_PARSERS, Parser
from engine.nidavellir.hooks import TIMINGS, Effect
from engine.nidavellir.state import NidavellirState
from engine.nidavellir.steps import BASE_STEPS, Step
from engine.views.nidavellir import PieceView

View = Callable[[NidavellirState, int], dict[str, Any]]


# The expansion hooks the flow calls on every pick or round (expansion.Expansion); most
# expansions override few of them, and a pick should not call the others to get nothing back.
FLOW_HOOKS = ("withheld", "pick_moves", "pick_started", "took", "after_pick", "deal", "round_start",
              "round_end", "end_of_age")


def _hooked(in_play: tuple[Expansion, ...]) -> dict[str, tuple[Expansion, ...]]:
    return {hook: tuple(rules for rules in in_play if getattr(type(rules), hook) is not getattr(Expansion, hook))
            for hook in FLOW_HOOKS}


# Hooks the flow asks of every card a seat owns (effects.owned_effects): the cards that act at each
# are known to the ruleset, so a seat owning none of them is answered without asking the others.
ACTING_HOOKS = ("adjust_trade", "adjust_transform", "spares_discards")


@dataclass(frozen=True, eq=False)
class Ruleset:
    """Everything the rules look up, for one set of parts. Read-only: its mappings are typed
    `Mapping` (mypy refuses a write) and its collections frozen."""

    known: tuple[Expansion, ...]  # every expansion built in, in the order they were given
    cards: Mapping[str, Card]
    origin: Mapping[str, str]  # the expansion a card belongs to (absent: the base game's)
    hero_order: Mapping[str, int]  # a hero's place in the reserve as laid out
    ranks: Mapping[str, int]
    bravery_by_suit: tuple[Mapping[str, int], ...]
    shielded: frozenset[str]
    heroes: frozenset[str]
    neutral_heroes: frozenset[str]
    mythology: frozenset[str]
    tavern_cards: frozenset[str]
    camp_cards: frozenset[str]
    mercenaries: frozenset[str]
    loose_cards: frozenset[str]
    hero_tokens: Mapping[str, str]  # what a recruit or Odin's move calls a hero: its key, 'dwerg' a Dwerg brother
    effects: Mapping[str, Effect]
    observers: frozenset[str]
    face_up: frozenset[str]
    unrefused: frozenset[str]  # cards whose effect never refuses them (Effect.refusal): most heroes
    acting: Mapping[str, frozenset[str]]  # by hook of ACTING_HOOKS, the cards whose effect overrides it
    line_blockers: frozenset[str]  # cards whose owner gets no hero for complete lines (Effect.blocks_line_heroes)
    camp_openers: frozenset[str]  # cards that open the camp to their owner (Effect.camp_access)
    timed: Mapping[str, tuple[Effect, ...]]  # by moment of hooks.TIMINGS, the effects with a power then, in order
    column_bonus: frozenset[str]
    choices: Mapping[str, Choice]
    steps: Mapping[str, Step]
    parsers: Mapping[str, Parser]
    take_verbs: tuple[str, ...]  # the tavern pick's verbs: 'take' and every known expansion's
    worths: Mapping[str, Worth]
    pending_worth: Mapping[str, float]
    pick_worth: Mapping[str, PickWorth]
    take_losses: tuple[PickWorth, ...]
    power_worths: Mapping[str, MoveWorth]
    choice_worths: Mapping[str, ChoiceWorth]
    outlooks: tuple[Callable[[NidavellirState, int], float], ...]
    piece_parts: tuple[Callable[[Ruleset, Card], dict[str, Any]], ...]
    seat_parts: tuple[View, ...]
    tavern_parts: tuple[View, ...]
    table_parts: tuple[Callable[[NidavellirState, int | None], dict[str, Any]], ...]
    expansions: tuple[Expansion, ...] = ()  # those in play: a game's options (`for_options`)
    # By hook of FLOW_HOOKS, the expansions in play that override it: the flow calls only those.
    hooked: Mapping[str, tuple[Expansion, ...]] = field(default_factory=lambda: _hooked(()))
    _options: dict[tuple[str, ...], Ruleset] = field(default_factory=dict, repr=False)
    # Made once when first asked: the effect of each card declared without one (it only sits and
    # scores: effects.effect) and each card's view (view.piece_view).
    plain_effects: dict[str, Effect] = field(default_factory=dict, repr=False)
    piece_views: dict[str, PieceView] = field(default_factory=dict, repr=False)

    def __copy__(self) -> Ruleset:
        return self  # read-only: a copied state shares its rules

    def __deepcopy__(self, memo: dict[int, Any]) -> Ruleset:
        return self

    def for_options(self, names: Iterable[str]) -> Ruleset:
        """These rules with the expansions of these names in play (a game's options, in the
        order given: a state keeps them sorted), made once per set of names; the tables and
        caches are shared, only `expansions` differs."""
        key = tuple(names)
        found = self._options.get(key)
        if found is None:
            by_name = {rules.name: rules for rules in self.known}
            in_play = tuple(by_name[name] for name in key)
            found = self._options[key] = replace(self, expansions=in_play, hooked=_hooked(in_play))
        return found


@dataclass
class _Tables:
    """What `build` gathers before freezing it into a Ruleset."""

    known: list[Expansion] = field(default_factory=list)
    cards: dict[str, Card] = field(default_factory=dict)
    origin: dict[str, str] = field(default_factory=dict)
    effects: dict[str, Effect] = field(default_factory=dict)
    choices: dict[str, Choice] = field(default_factory=dict)
    steps: dict[str, Step] = field(default_factory=dict)
    parsers: dict[str, Parser] = field(default_factory=dict)
    worths: dict[str, Worth] = field(default_factory=dict)
    pending: dict[str, float] = field(default_factory=dict)
    pick_worth: dict[str, PickWorth] = field(default_factory=dict)
    take_losses: list[PickWorth] = field(default_factory=list)
    power_worths: dict[str, MoveWorth] = field(default_factory=dict)
    choice_worths: dict[str, ChoiceWorth] = field(default_factory=dict)
    outlooks: list[Callable[[NidavellirState, int], float]] = field(default_factory=list)
    piece_parts: list[Callable[[Ruleset, Card], dict[str, Any]]] = field(default_factory=list)
    seat_parts: list[View] = field(default_factory=list)
    tavern_parts: list[View] = field(default_factory=list)
    table_parts: list[Callable[[NidavellirState, int | None], dict[str, Any]]] = field(default_factory=list)

    def add_choices(self, choices: tuple[Choice, ...], steps: Mapping[str, Step],
                    verbs: Mapping[str, Parser]) -> None:
        for choice in choices:
            self._new_kind(choice.kind)
            self.choices[choice.kind] = choice
        for kind, step in steps.items():
            self._new_kind(kind)
            self.steps[kind] = step
        for verb, parser in verbs.items():
            if verb in self.parsers:
                raise ValueError(f"verb {verb!r} is already taken")
            self.parsers[verb] = parser

    def _new_kind(self, kind: str) -> None:
        if kind in self.choices or kind in self.steps:
            raise ValueError(f"task kind {kind!r} is already taken")

    def declare(self, entry: Declared, origin: str) -> None:
        if entry.key in self.cards:
            raise ValueError(f"card {entry.key!r} is already declared")
        self.cards[entry.key] = entry.card
        if origin:
            self.origin[entry.key] = origin
        if entry.effect is not None:
            if entry.effect.key != entry.key:
                raise ValueError(f"the effect of {entry.key!r} is made for {entry.effect.key!r}")
            self.effects[entry.key] = entry.effect
        self.add_choices(entry.choices, entry.steps, entry.verbs)
        if entry.worth is not None:
            self.worths[entry.key] = entry.worth
        self.pending.update(entry.pending)
        self.power_worths.update(entry.power_worths)
        self.choice_worths.update(entry.choice_worths)

    def join(self, part: Joined) -> None:
        rules = part.rules
        if any(known.name == rules.name for known in self.known):
            raise ValueError(f"expansion {rules.name!r} has already joined")
        self.known.append(rules)
        self.add_choices(part.choices, part.steps, part.verbs)
        for card in part.cards:
            self.declare(card, rules.name)
        self.pending.update(part.pending)
        self.pick_worth.update(part.pick_worth)
        self.take_losses += part.take_losses
        self.power_worths.update(part.power_worths)
        self.choice_worths.update(part.choice_worths)
        self.outlooks += part.outlooks
        self.piece_parts += part.piece_parts
        self.seat_parts += part.seat_parts
        self.tavern_parts += part.tavern_parts
        self.table_parts += part.table_parts


@dataclass(frozen=True)
class Base:
    """The base game's part: its plain cards, declared cards (heroes), choices, steps and verbs,
    the tavern pick (`take_choice`, given the pick verbs of the expansions a ruleset knows: it
    takes the place of the choice of its kind) and the AI's base figures."""

    cards: tuple[Card, ...]
    declared: tuple[Declared, ...]
    choices: tuple[Choice, ...]
    steps: Mapping[str, Step]
    verbs: Mapping[str, Parser]
    take_choice: Callable[[tuple[str, ...]], Choice]
    hero_order: tuple[str, ...]
    pending: Mapping[str, float]
    pick_worth: Mapping[str, PickWorth]


BASE = Base(
    cards=PLAIN_CARDS, declared=heroes.HEROES, choices=BASE_CHOICES, steps=BASE_STEPS, verbs=BASE_PARSERS,
    take_choice=tavern_pick, hero_order=BASE_HERO_KEYS, pending=BASE_PENDING, pick_worth=BASE_PICK_WORTH,
)


def _frozen(table: Mapping[str, Any]) -> Mapping[str, Any]:
    # A plain dict, read-only by its type (Mapping): a proxy would be read-only at run time too,
    # but each lookup through one costs more, and the flow looks these up on every move.
    return dict(table)


def build(base: Base, *parts: Joined | Declared) -> Ruleset:
    """The rules of the base game with these expansions (`Joined`) and cards (`Declared`, joined
    after them, as a card added from outside is); a clash (a key, task kind or verb already taken)
    is a ValueError. Nothing outside the new value changes."""
    gathered = _Tables()
    for card in base.cards:
        gathered.cards[card.key] = card
    expansions = [part for part in parts if isinstance(part, Joined)]
    pick_verbs = tuple(verb for part in expansions for verb in part.rules.pick_verbs)
    take = base.take_choice(pick_verbs)
    gathered.add_choices(tuple(take if choice.kind == take.kind else choice for choice in base.choices),
                         base.steps, base.verbs)
    gathered.pending.update(base.pending)
    gathered.pick_worth.update(base.pick_worth)
    for entry in base.declared:
        gathered.declare(entry, "")
    for part in parts:
        if isinstance(part, Joined):
            gathered.join(part)
        else:
            gathered.declare(part, part.origin)
    return _freeze(base, gathered, pick_verbs)


def _freeze(base: Base, found: _Tables, pick_verbs: tuple[str, ...]) -> Ruleset:
    cards = found.cards.values()
    order = {key: index for index, key in enumerate(base.hero_order)}
    for card in cards:
        if card.hero:
            order.setdefault(card.key, len(order))
    kinds = {key: type(effect) for key, effect in found.effects.items()}
    return Ruleset(
        known=tuple(found.known), cards=_frozen(found.cards), origin=_frozen(found.origin),
        hero_order=_frozen(order), ranks=_frozen({card.key: card.ranks for card in cards}),
        bravery_by_suit=tuple(_frozen({card.key: bravery_in(card, suit) for card in cards}) for suit in range(5)),
        shielded=frozenset(card.key for card in cards if card.hero or card.kind == ANIMAL),
        heroes=frozenset(card.key for card in cards if card.hero),
        neutral_heroes=frozenset(card.key for card in cards if card.hero and card.suit is None),
        mythology=frozenset(card.key for card in cards if card.kind in MYTHOLOGY_KINDS),
        tavern_cards=frozenset(card.key for card in cards if card.kind in (DWARF, OFFERING, *MYTHOLOGY_KINDS)),
        camp_cards=frozenset(card.key for card in cards if card.kind in (ARTEFACT, MERCENARY)),
        mercenaries=frozenset(card.key for card in cards if card.kind == MERCENARY),
        loose_cards=frozenset(card.key for card in cards if not card.hero),
        hero_tokens={"dwerg": min(DWERGS),
                     **{card.key: card.key for card in cards if card.hero and card.key not in DWERGS}},
        effects=_frozen(found.effects),
        observers=frozenset(key for key, kind in kinds.items() if kind.observe is not Effect.observe),
        face_up=frozenset(key for key, effect in found.effects.items() if effect.bids_face_up),
        acting={hook: frozenset(key for key, kind in kinds.items() if getattr(kind, hook) is not getattr(Effect, hook))
                for hook in ACTING_HOOKS},
        line_blockers=frozenset(key for key, effect in found.effects.items() if effect.blocks_line_heroes),
        camp_openers=frozenset(key for key, effect in found.effects.items() if effect.camp_access),
        timed={moment: tuple(sorted((effect for effect in found.effects.values() if effect.power_at == moment),
                                    key=lambda effect: (effect.power_order, effect.key)))
               for moment in TIMINGS},
        unrefused=frozenset(card.key for card in cards if kinds.get(card.key, Effect).refusal is Effect.refusal),
        column_bonus=frozenset(key for key, kind in kinds.items() if kind.column_bonus is not Effect.column_bonus),
        choices=_frozen(found.choices), steps=_frozen(found.steps), parsers=_frozen(found.parsers),
        take_verbs=("take", *pick_verbs), worths=_frozen(found.worths), pending_worth=_frozen(found.pending),
        pick_worth=_frozen(found.pick_worth), take_losses=tuple(found.take_losses),
        power_worths=_frozen(found.power_worths), choice_worths=_frozen(found.choice_worths),
        outlooks=tuple(found.outlooks), piece_parts=tuple(found.piece_parts), seat_parts=tuple(found.seat_parts),
        tavern_parts=tuple(found.tavern_parts), table_parts=tuple(found.table_parts),
    )


# A cache of values, never a table the rules read: by the parts' identities (a part is a constant,
# and unhashable), each entry keeping its parts alive so an identity is never reused.
_BUILT: dict[tuple[int, ...], tuple[tuple[object, ...], Ruleset]] = {}


def ruleset(base: Base, *parts: Joined | Declared) -> Ruleset:
    """`build`, once per base and parts."""
    key = (id(base), *map(id, parts))
    found = _BUILT.get(key)
    if found is None:
        found = _BUILT[key] = ((base, *parts), build(base, *parts))
    return found[1]


__all__ = ["BASE", "Base", "Ruleset", "build", "ruleset"]
