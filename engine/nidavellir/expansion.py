"""How an expansion joins the flow: the moments of a round and an age it adds rules to.

The base flow (rounds.py, ages.py) calls every expansion in play at these moments; an
expansion's own choices, rule steps and card effects are built into a game's rules with the
base ones (ruleset.py). See docs/nidavellir.md for the order of a round.
"""

from __future__ import annotations

from engine.core import Event, Move
from engine.nidavellir.state import NidavellirState, Task
from engine.rng import Rng


class Expansion:
    """The hooks; each does nothing unless the expansion overrides it."""

    name = ""
    # Extra verbs a seat may use on its tavern pick instead of `take` (Thingvellir: "camp"); the
    # tavern pick (choices.TavernPick) of a ruleset built with the expansion reads them (ruleset.py).
    pick_verbs: tuple[str, ...] = ()

    def pick_wording(self, verb: str) -> str:
        """How the pick's prompt names what `verb` offers instead of a tavern card."""
        return verb

    def pick_prompt(self, verb: str) -> str:
        """The pick's whole prompt when `verb` is the only alternative open now; '' for the usual
        'take a card, or <wording>'."""
        return ""

    def absent_refusal(self, verb: str) -> str:
        """Why a pick with `verb` is refused in a game this expansion is not part of."""
        return f"'{verb}' needs the {self.name.capitalize()} expansion, which is not in play."

    def setup(self, state: NidavellirState, rng: Rng) -> None:
        """Add the expansion's components to a new game (after the base game's shuffles)."""

    def deal(self, state: NidavellirState, tavern: int) -> list[str] | None:
        """The cards dealt into `tavern` at round start instead of the Age deck's, or None
        (Idavoll: mythology cards in the Dancing Dragon in Age 1 rounds 1–3)."""
        return None

    def round_start(self, state: NidavellirState) -> list[Event]:
        """After the taverns are dealt, before the bids (choices queued here come before them)."""
        return []

    def round_end(self, state: NidavellirState) -> list[Task]:
        """Choices after the third tavern, before the coins go back (Idavoll: Odin)."""
        return []

    def age_start(self, state: NidavellirState) -> list[Event]:
        """When Age 2 begins, before its first round is dealt."""
        return []

    def end_of_age(self, state: NidavellirState) -> list[Task]:
        """Steps after the last tavern of an age, before Ylud and the distinctions (or the end)."""
        return []

    def withheld(self, state: NidavellirState, seat: int) -> list[str]:
        """Cards of the current tavern `seat` may not take (Idavoll: reserved by Loki for another)."""
        return []

    def withheld_refusal(self, state: NidavellirState, seat: int, card: str) -> str:
        """Why `seat` may not take `card` of the current tavern although it lies there; or ''."""
        return ""

    def pick_started(self, state: NidavellirState, seat: int) -> list[Event]:
        """`seat` begins its pick in the current tavern, whatever it then takes (Brynhildr, Loki)."""
        return []

    def took(self, state: NidavellirState, seat: int, card: str) -> list[Event]:
        """`seat` took `card` from the tavern into its army (Idavoll: a waiting giant turns away)."""
        return []

    def pick_moves(self, state: NidavellirState, seat: int) -> list[Move]:
        """Moves `seat` may make on its tavern pick besides taking a tavern card."""
        return []

    def pick_refusal(self, state: NidavellirState, seat: int, move: Move) -> str:
        """Why a pick move with one of `pick_verbs` is not allowed now."""
        return ""

    def pick(self, state: NidavellirState, seat: int, move: Move) -> tuple[list[Task], list[Event]]:
        """Carry out a pick move with one of `pick_verbs`; the tasks of the card it brought."""
        return [], []

    def after_pick(self, state: NidavellirState, seat: int) -> list[Task]:
        """Steps after a pick's heroes and coin trade (Thingvellir's 2-player tavern discard)."""
        return []
