"""The base game's heroes as card effects (rules 1.3): conditions, effects on recruit, scoring.

Heroes with nothing to do beyond their ranks or printed points (Kraal, Skaa, the Dwerg
brothers, ...) need no entry: the plain `Effect` scores their printed points.
"""

from __future__ import annotations

from engine.core import Event
from engine.nidavellir.army import discard_columns, ranks
from engine.nidavellir.cards import GRID_BONUS, HOURYA_EXPLORERS
from engine.nidavellir.components import (
    BLACKSMITH,
    EXPLORER,
    HUNTER,
    TAVERN_LABELS,
    coin_value,
    seat_label,
)
from engine.nidavellir.hooks import Effect
from engine.nidavellir.state import DISCARD, NO_BID, THRUD_MOVE, TRANSFORM, YLUD_MOVE, NidavellirState, Task

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
        # effects.py reads this module (the base heroes' table), so it is imported when needed.
        from engine.nidavellir.effects import discards_spared

        return max(0, self.count - discards_spared(state, seat, self.key))

    def refusal(self, state: NidavellirState, seat: int) -> str:
        from engine.nidavellir.effects import discard_canceller

        needed = self.discards(state, seat) - (1 if discard_canceller(state, seat) else 0)
        if len(discard_columns(state.seats[seat], (self.own,))) < needed:
            return NOT_ENOUGH_TO_DISCARD.format(self.card.label)
        return ""

    def gained(self, state: NidavellirState, seat: int) -> tuple[list[Task], list[Event]]:
        count = self.discards(state, seat)
        return ([Task(DISCARD, seat, count, (self.own,))] if count else []), []


class Hourya(Effect):
    def refusal(self, state: NidavellirState, seat: int) -> str:
        if ranks(state.seats[seat], EXPLORER) < HOURYA_EXPLORERS:
            return f"Hourya needs at least {HOURYA_EXPLORERS} explorer ranks."
        return ""


class Idunn(Effect):
    """2 more points per rank of her column (her own included)."""

    def column_bonus(self, column: list[str], ranks: int) -> int:
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


BASE_HERO_EFFECTS: dict[str, Effect] = {
    "dagda": Discarder("dagda", HUNTER, 2),
    "bonfur": Discarder("bonfur", BLACKSMITH, 1),
    "hourya": Hourya("hourya"),
    "idunn": Idunn("idunn"),
    "astrid": Astrid("astrid"),
    "grid": Grid("grid"),
    "uline": Uline("uline"),
    "thrud": Thrud("thrud"),
    "ylud": Ylud("ylud"),
}
