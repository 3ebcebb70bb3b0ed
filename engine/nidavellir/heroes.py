"""The base game's heroes (rules 1.3), each declared in one place (`HEROES`, at the end): its card,
its condition, its effect on recruit, its scoring, its choices. engine/nidavellir/__init__.py
declares them.

Heroes with nothing to do beyond their ranks or printed points (Kraal, Skaa, the Dwerg
brothers, ...) have no effect of their own: the plain `Effect` scores their printed points.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import Event
from engine.nidavellir.army import discard_columns, ranks
from engine.nidavellir.cards import DWERG_KEYS, GRID_BONUS, HOURYA_EXPLORERS
from engine.nidavellir.catalogue import Declared
from engine.nidavellir.choices import ColumnFor
from engine.nidavellir.components import (
    BLACKSMITH,
    EXPLORER,
    HERO,
    HUNTER,
    MINER,
    TAVERN_LABELS,
    WARRIOR,
    Card,
    coin_value,
    seat_label,
)
from engine.nidavellir.effects import discard_canceller, discards_spared
from engine.nidavellir.grammar import to_column
from engine.nidavellir.hooks import Effect
from engine.nidavellir.state import DISCARD, NO_BID, THRUD_MOVE, TRANSFORM, YLUD_MOVE, NidavellirState, Task

if TYPE_CHECKING:
    from engine.nidavellir.ruleset import Ruleset

NOT_ENOUGH_TO_DISCARD = "You can't recruit {} now: there aren't enough dwarves to discard."


class Discarder(Effect):
    """Dagda and Bonfur: discard the top card of `count` other columns (before Thrud, pushed
    aside by the hero, is placed again, as on BGA). Durathor spares one of Dagda's; while Thor's
    power is ready, one column fewer is needed, Thor then cancelling the discard that's missing."""

    def __init__(self, key: str, own: int, count: int) -> None:
        super().__init__(key)
        self.own = own
        self.count = count

    def discards(self, state: NidavellirState, seat: int) -> int:
        return max(0, self.count - discards_spared(state, seat, self.key))

    def refusal(self, state: NidavellirState, seat: int) -> str:
        needed = self.discards(state, seat) - (1 if discard_canceller(state, seat) else 0)
        if len(discard_columns(state.ruleset, state.seats[seat], (self.own,))) < needed:
            return NOT_ENOUGH_TO_DISCARD.format(self.card(state).label)
        return ""

    def gained(self, state: NidavellirState, seat: int) -> tuple[list[Task], list[Event]]:
        count = self.discards(state, seat)
        return ([Task(DISCARD, seat, count, (self.own,))] if count else []), []


class Hourya(Effect):
    def refusal(self, state: NidavellirState, seat: int) -> str:
        if ranks(state.ruleset, state.seats[seat], EXPLORER) < HOURYA_EXPLORERS:
            return f"Hourya needs at least {HOURYA_EXPLORERS} explorer ranks."
        return ""


class Idunn(Effect):
    """2 more points per rank of her column (her own included)."""

    def column_bonus(self, rules: Ruleset, column: list[str], ranks: int) -> int:
        return 2 * ranks


class Astrid(Effect):
    def points(self, state: NidavellirState, seat: int) -> int:
        return max(coin_value(c) for c in state.seats[seat].coins())


class Grid(Effect):
    def gained(self, state: NidavellirState, seat: int) -> tuple[list[Task], list[Event]]:
        return [Task(TRANSFORM, seat, GRID_BONUS, card=self.key)], []


class Uline(Effect):
    """Her owner keeps the coins in hand: the bids on taverns not revealed yet come back now."""

    bids_face_up = True

    def gained(self, state: NidavellirState, seat: int) -> tuple[list[Task], list[Event]]:
        player = state.seats[seat]
        back = []
        for tavern in range(3):
            coin = player.bids[tavern]
            if coin != NO_BID and not state.revealed[tavern]:
                player.bids[tavern] = NO_BID
                player.pouch.append(coin)
                back.append(TAVERN_LABELS[tavern])
        player.pouch.sort()
        player.pouch_shown = True
        if not back:
            return [], []
        names = " and the ".join(back)
        return [], [Event(f"{seat_label(seat)} takes back the bids on the {names} into Uline's hand.")]


class Thrud(Effect):
    """Goes to a column of her owner's choice; never covered; leaves her column before scoring."""

    def gained(self, state: NidavellirState, seat: int) -> tuple[list[Task], list[Event]]:
        return [Task(THRUD_MOVE, seat)], []  # she waits in the command zone meanwhile

    def covered(self, state: NidavellirState, seat: int, suit: int) -> list[Task]:
        column = state.seats[seat].army[suit]
        del column[-2]  # she was right under the card just placed
        state.seats[seat].command.append(self.key)
        return [Task(THRUD_MOVE, seat)]

    def end_of_game(self, state: NidavellirState, seat: int) -> list[Task]:
        player = state.seats[seat]
        for column in player.army:
            if self.key in column:
                column.remove(self.key)
                player.command.append(self.key)
        return []


class Ylud(Effect):
    """Placed (Age 1) or placed or moved (Age 2) at the end of each age; 0 points in the command zone."""

    def end_of_age(self, state: NidavellirState, seat: int) -> list[Task]:
        player = state.seats[seat]
        if self.key in player.command or state.age == 2:
            return [Task(YLUD_MOVE, seat)]
        return []


# Each hero of the base game in one place: its card, its effect, the choices it opens with their
# verbs (heroes with nothing to do beyond their ranks or printed points have no effect of their own).
HEROES: tuple[Declared, ...] = (
    Declared(Card("kraal", "Kraal", HERO, WARRIOR, 2, (7, 0), text="2 warrior ranks: 7 and 0")),
    Declared(Card("tarah", "Tarah", HERO, WARRIOR, 1, (14,), text="warrior rank of 14")),
    Declared(Card("aral", "Aral", HERO, HUNTER, 2, text="2 hunter ranks")),
    Declared(
        Card("dagda", "Dagda", HERO, HUNTER, 3, text="3 hunter ranks; discard the top dwarf of 2 other columns"),
        Discarder("dagda", HUNTER, 2),
    ),
    Declared(Card("aegur", "Aegur", HERO, BLACKSMITH, 2, text="2 blacksmith ranks")),
    Declared(
        Card("bonfur", "Bonfur", HERO, BLACKSMITH, 3,
             text="3 blacksmith ranks; discard the top dwarf of 1 other column"),
        Discarder("bonfur", BLACKSMITH, 1),
    ),
    Declared(Card("zoral", "Zoral", HERO, MINER, 3, (1, 0, 0), text="3 miner ranks: 1, 0 and 0")),
    Declared(Card("lokdur", "Lokdur", HERO, MINER, 1, (3,), text="miner rank of 3")),
    Declared(
        Card("hourya", "Hourya", HERO, EXPLORER, 1, (20,), text="explorer rank of 20; needs 5 explorer ranks"),
        Hourya("hourya"),
    ),
    Declared(
        Card("idunn", "Idunn", HERO, EXPLORER, 1, (7,), text="explorer rank of 7, plus 2 per explorer rank"),
        Idunn("idunn"),
    ),
    Declared(Card("skaa", "Skaa", HERO, points=17, text="17 points")),
    Declared(
        Card("astrid", "Astrid", HERO, text="points equal to your highest coin"),
        Astrid("astrid"),
    ),
    Declared(
        Card("grid", "Grid", HERO, points=7, text="7 points; transform a coin +7"),
        Grid("grid"),
    ),
    Declared(
        Card("uline", "Uline", HERO, points=9,
             text="9 points; bid face up after the reveal, trade any 2 coins in hand"),
        Uline("uline"),
    ),
    Declared(
        Card("thrud", "Thrud", HERO, ranks=1, points=13,
             text="13 points; a rank in a column of your choice, never covered"),
        Thrud("thrud"), choices=(ColumnFor(THRUD_MOVE, "thrud"),), verbs={"thrud": to_column("thrud")},
    ),
    Declared(
        Card("ylud", "Ylud", HERO, ranks=1,
             text="placed in a column at the end of each age: explorer 11, warrior 7, miner 1, else a rank"),
        Ylud("ylud"), choices=(ColumnFor(YLUD_MOVE, "ylud"),), verbs={"ylud": to_column("ylud")},
    ),
    *(Declared(Card(key, key.title(), HERO, text="Dwerg brothers: 13, 40, 81, 108, 135 points for 1–5"))
      for key in DWERG_KEYS),
)
