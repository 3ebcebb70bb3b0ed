"""Idavoll's five valkyries, each declared in one place: the card, its effect (the moment that
moves her token and her strength track, top notch first), its worth to the AI; Ölrun brings the
choice of the class she watches."""

from __future__ import annotations

from engine.nidavellir.catalogue import Declared
from engine.nidavellir.components import VALKYRIE, Card
from engine.nidavellir.grammar import named_column
from engine.nidavellir.hooks import BETTERMENT, DISTINCTION_WON, FIRST_PICK, HERO_RECRUITED, PLACED
from engine.nidavellir.idavoll.appraisal import Hildr, TrackWorth, olrun_worth
from engine.nidavellir.idavoll.choices import OlrunClass
from engine.nidavellir.idavoll.effects import Olrun, Valkyrie
from engine.nidavellir.state import OLRUN

VALKYRIES: tuple[Declared, ...] = (
    Declared(
        Card("brynhildr", "Brynhildr", VALKYRIE, text="a notch each time you pick first in a tavern: 0-3-6-10-16"),
        Valkyrie("brynhildr", FIRST_PICK, (0, 3, 6, 10, 16)), worth=TrackWorth(0.5),
    ),
    Declared(
        Card("hildr", "Hildr", VALKYRIE, text="a notch per distinction you win: 0-8-16-0"),
        Valkyrie("hildr", DISTINCTION_WON, (0, 8, 16, 0)), worth=Hildr(0.0),
    ),
    Declared(
        Card("olrun", "Ölrun", VALKYRIE, text="a notch per card with a rank of the class you chose: 0-3-6-10-16"),
        Olrun("olrun", PLACED, (0, 3, 6, 10, 16)),
        choices=(OlrunClass(),), verbs={"olrun": named_column("olrun", "class")},
        worth=TrackWorth(0.4), pending={OLRUN: 4.0}, power_worths={"olrun": olrun_worth},
    ),
    Declared(
        Card("sigrdrifa", "Sigrdrífa", VALKYRIE, text="a notch per hero you recruit (not by Odin): 0-0-8-16"),
        Valkyrie("sigrdrifa", HERO_RECRUITED, (0, 0, 8, 16)), worth=TrackWorth(0.3),
    ),
    Declared(
        Card("svafa", "Svafa", VALKYRIE, text="a notch per point a coin you get beats its target: 0-4-8-16"),
        Valkyrie("svafa", BETTERMENT, (0, 4, 8, 16)), worth=TrackWorth(0.2),
    ),
)
