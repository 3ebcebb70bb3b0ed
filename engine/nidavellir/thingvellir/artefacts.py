"""Thingvellir's twelve artefacts, each declared in one place: the card (its camp deck's age), its
effect, the choices and steps it brings, its worth to the AI."""

from __future__ import annotations

from engine.nidavellir.catalogue import Declared
from engine.nidavellir.components import ARTEFACT, EXPLORER, Card
from engine.nidavellir.grammar import named_column
from engine.nidavellir.state import HOFUD_DISCARDS, POUCH_TRANSFORMS
from engine.nidavellir.thingvellir.appraisal import (
    Artefact,
    JarnglofiWorth,
    MegingjordWorth,
    MjollnirWorth,
    mjollnir_worth,
)
from engine.nidavellir.thingvellir.cards import VIDOFNIR_LABEL
from engine.nidavellir.thingvellir.choices import MjollnirColumn, VidofnirTransform
from engine.nidavellir.thingvellir.effects import (
    Brisingamens,
    Draupnir,
    Fafnir,
    Gjallarhorn,
    Hofud,
    Hrafnsmerki,
    Jarnglofi,
    Megingjord,
    Mjollnir,
    Svalinn,
    Vidofnir,
)
from engine.nidavellir.thingvellir.steps import hofud_discards, pouch_transforms

ARTEFACTS: tuple[Declared, ...] = (
    Declared(
        Card("fafnir", "Fafnir Baleygr", ARTEFACT, age=1,
             text="you may visit the camp on your own pick if nobody did in this tavern yet"),
        Fafnir("fafnir"), worth=Artefact(8, per_round=1.5),
    ),
    Declared(
        Card("draupnir", "Draupnir", ARTEFACT, age=1, text="6 points per coin of 15 or more"),
        Draupnir("draupnir"), worth=Artefact(10, per_round=1.5),
    ),
    Declared(
        Card("vegvisir", "Vegvisir", ARTEFACT, EXPLORER, 1, (13,), age=1,
             text="goes into the explorer column: 1 rank of 13"),
        worth=Artefact(13),
    ),
    Declared(
        Card("svalinn", "Svalinn", ARTEFACT, age=1, text="5 points per hero"),
        Svalinn("svalinn"), worth=Artefact(12, per_round=1.5),
    ),
    Declared(
        Card("megingjord", "Megingjord", ARTEFACT, points=28, age=1,
             text="28 points; no more heroes from complete lines"),
        Megingjord("megingjord"), worth=MegingjordWorth(16),
    ),
    Declared(
        Card("vidofnir", VIDOFNIR_LABEL, ARTEFACT, age=1,
             text="transform the pouch coins +2 and +3 (+5 if the other is the trading coin)"),
        Vidofnir("vidofnir"), choices=(VidofnirTransform(),), steps={POUCH_TRANSFORMS: pouch_transforms},
        worth=Artefact(9),
    ),
    Declared(
        Card("brisingamens", "Brisingamens", ARTEFACT, age=2,
             text="take 2 cards from the discard pile; discard 1 army card at the end of the game"),
        Brisingamens("brisingamens"), worth=Artefact(10, once=-4.0),
    ),
    Declared(
        Card("mjollnir", "Mjöllnir", ARTEFACT, age=2, text="2 points per rank of a column chosen at the end"),
        Mjollnir("mjollnir"), choices=(MjollnirColumn(),), verbs={"mjollnir": named_column("mjollnir")},
        worth=MjollnirWorth(12), choice_worths={"mjollnir": mjollnir_worth},
    ),
    Declared(
        Card("hofud", "Höfud", ARTEFACT, age=2, text="every other player discards a card of their warrior column"),
        Hofud("hofud"), steps={HOFUD_DISCARDS: hofud_discards}, worth=Artefact(7),
    ),
    Declared(
        Card("hrafnsmerki", "Hrafnsmerki", ARTEFACT, age=2, text="5 points per mercenary"),
        Hrafnsmerki("hrafnsmerki"), worth=Artefact(10, per_round=1.0),
    ),
    Declared(
        Card("jarnglofi", "Jarnglofi", ARTEFACT, points=24, age=2,
             text="24 points; your trading coin leaves the game at once"),
        Jarnglofi("jarnglofi"), worth=JarnglofiWorth(20, once=-3.0),
    ),
    Declared(
        Card("gjallarhorn", "Gjallarhorn", ARTEFACT, age=2, text="recruit a hero at once, whatever your lines"),
        Gjallarhorn("gjallarhorn"), worth=Artefact(16),
    ),
)
