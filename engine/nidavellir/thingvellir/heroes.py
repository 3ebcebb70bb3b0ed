"""Thingvellir's six heroes and Olwyn's doubles, each declared in one place: the card, its effect
(a condition, what it does when recruited), the choices and steps it brings."""

from __future__ import annotations

from engine.nidavellir.catalogue import Declared
from engine.nidavellir.components import DOUBLE, HERO, Card
from engine.nidavellir.grammar import to_column
from engine.nidavellir.state import CAMP, LOWEST_COIN
from engine.nidavellir.thingvellir.appraisal import double_worth
from engine.nidavellir.thingvellir.choices import DoublePlacement, HoldaCamp
from engine.nidavellir.thingvellir.effects import Andumia, Holda, Jarika, Khrad, Olwyn, Zolkur
from engine.nidavellir.thingvellir.steps import lowest_coin

# In the order they join the reserve (recruit choices list them so).
HEROES: tuple[Declared, ...] = (
    Declared(
        Card("andumia", "Andumia", HERO, points=12, text="12 points; take a card from the discard pile"),
        Andumia("andumia"),
    ),
    Declared(
        Card("holda", "Holda", HERO, points=12, text="12 points; take a card from the camp"),
        Holda("holda"), choices=(HoldaCamp(),), pending={CAMP: 8.0},
    ),
    Declared(
        Card("khrad", "Khrad", HERO, points=4, text="4 points; your lowest coin (not the trading coin) +10"),
        Khrad("khrad"), steps={LOWEST_COIN: lowest_coin},
    ),
    Declared(
        Card("jarika", "Jarika", HERO, points=8, text="8 points; +2 on every coin trade and transform"),
        Jarika("jarika"),
    ),
    Declared(
        Card("olwyn", "Olwyn", HERO, points=9, text="9 points; place his 2 doubles in 2 different columns"),
        Olwyn("olwyn"),
    ),
    Declared(
        Card("zolkur", "Zolkur", HERO, points=10, text="10 points; your next trade gives up the lower coin"),
        Zolkur("zolkur"),
    ),
    Declared(
        Card("double", "Olwyn's double", DOUBLE, ranks=1, text="1 rank in the column it stands in, 0 points"),
        choices=(DoublePlacement(),), verbs={"double": to_column("double")}, choice_worths={"double": double_worth},
    ),
)
