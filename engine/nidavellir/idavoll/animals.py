"""Idavoll's five mythical animals and Gullinbursti, each declared in one place: the card (a rank
card of its class), its effect, its worth to the AI; Hreasvelg brings Gullinbursti, whose column
its owner chooses."""

from __future__ import annotations

from engine.nidavellir.appraisal import LINE_WORTH
from engine.nidavellir.catalogue import Declared
from engine.nidavellir.components import ANIMAL, BLACKSMITH, EXPLORER, HUNTER, MINER, SPECIAL, WARRIOR, Card
from engine.nidavellir.grammar import to_column
from engine.nidavellir.idavoll.appraisal import AnimalWorth, gullinbursti_worth
from engine.nidavellir.idavoll.choices import GullinburstiPlacement
from engine.nidavellir.idavoll.effects import Durathor, Garm, Hreasvelg, Nidhogg, Ratatosk

ANIMALS: tuple[Declared, ...] = (
    Declared(
        Card("durathor", "Durathor", ANIMAL, HUNTER, 1, text="1 hunter rank; Dagda makes you discard 1 card, not 2"),
        Durathor("durathor"), worth=AnimalWorth(),
    ),
    Declared(
        Card("garm", "Garm", ANIMAL, EXPLORER, 2, (9, 0),
             text="2 explorer ranks: 9 and 0, plus 1 per explorer rank; the Pioneer draws 6"),
        Garm("garm"), worth=AnimalWorth(),
    ),
    Declared(
        Card("hreasvelg", "Hreasvelg", ANIMAL, BLACKSMITH, 1,
             text="1 blacksmith rank; place Gullinbursti in any column"),
        Hreasvelg("hreasvelg"), worth=AnimalWorth(LINE_WORTH / 3),  # Gullinbursti comes with it
    ),
    Declared(
        Card("nidhogg", "Nidhogg", ANIMAL, WARRIOR, 1, (5,), text="warrior rank of 5, plus 2 per warrior rank"),
        Nidhogg("nidhogg"), worth=AnimalWorth(),
    ),
    Declared(
        Card("ratatosk", "Ratatosk", ANIMAL, MINER, 1, (2,),
             text="miner rank of 2; each pair of 0-point miner ranks adds 1 to the miner sum"),
        Ratatosk("ratatosk"), worth=AnimalWorth(),
    ),
    Declared(
        Card("gullinbursti", "Gullinbursti", SPECIAL, ranks=1,
             text="1 rank in the column it stands in, 0 points (Hreasvelg)"),
        choices=(GullinburstiPlacement(),), verbs={"gullinbursti": to_column("gullinbursti")},
        choice_worths={"gullinbursti": gullinbursti_worth},
    ),
)
