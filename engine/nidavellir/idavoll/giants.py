"""Idavoll's five giants, each declared in one place: the card, its effect (the class it
captures and what a capture does), the choices and steps a capture brings, its worth to the AI."""

from __future__ import annotations

from engine.nidavellir.appraisal import LINE_WORTH
from engine.nidavellir.catalogue import Declared
from engine.nidavellir.components import BLACKSMITH, EXPLORER, GIANT, HUNTER, MINER, WARRIOR, Card
from engine.nidavellir.idavoll.appraisal import CaptureWorth, GymirWorth, HrungnirWorth, SurtWorth
from engine.nidavellir.idavoll.choices import SKYMIR_KEEP_CHOICE, HrungnirOrder
from engine.nidavellir.idavoll.effects import Giant, Gymir, Surt
from engine.nidavellir.idavoll.steps import hrungnir, skymir
from engine.nidavellir.state import HRUNGNIR, RECRUIT, SKYMIR, SKYMIR_KEEP

GIANTS: tuple[Declared, ...] = (
    Declared(
        Card("skymir", "Skymir", GIANT, text="captures a hunter: draw 5 mythology cards from the reserve, keep 2"),
        Giant("skymir", HUNTER, SKYMIR), choices=(SKYMIR_KEEP_CHOICE,), steps={SKYMIR: skymir},
        worth=CaptureWorth(14.0), pending={SKYMIR_KEEP: 10.0},
    ),
    Declared(
        Card("surt", "Surt", GIANT, text="captures a warrior: your highest coin in points at the end"),
        Surt("surt", WARRIOR), worth=SurtWorth(12.0),
    ),
    Declared(
        Card("gymir", "Gymir", GIANT, text="captures an explorer: 3 times its bravery points at the end"),
        Gymir("gymir", EXPLORER), worth=GymirWorth(24.0),
    ),
    Declared(
        Card("hrungnir", "Hrungnir", GIANT, text="captures a miner: every coin but the trading coin +2"),
        Giant("hrungnir", MINER, HRUNGNIR), choices=(HrungnirOrder(),), steps={HRUNGNIR: hrungnir},
        worth=HrungnirWorth(7.0),
    ),
    Declared(
        Card("thrivaldi", "Thrivaldi", GIANT,
             text="captures a blacksmith: recruit a hero that doesn't count for lines"),
        Giant("thrivaldi", BLACKSMITH, RECRUIT), worth=CaptureWorth(LINE_WORTH),
    ),
)
