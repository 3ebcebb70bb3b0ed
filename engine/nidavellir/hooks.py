"""What a card does beyond its ranks and printed points: the hooks the flow calls, by card name.

The flow never asks which card it holds; it asks the card's `Effect` (effects.effect(key)).
Every hook has a do-nothing default, so a card overrides only the moments it acts in:

- `refusal`: why the card can't be gained now (a hero's condition, Brisingamens's discard pile);
- `bids_face_up`, `camp_access`, `blocks_line_heroes`: what owning it allows or forbids;
- `gained`: what happens when it is recruited or taken (tasks to queue, events to show), before
  the tasks of putting it in place;
- `covered`: another card is put on top of it in a column (Thrud steps aside);
- `adjust_trade` / `adjust_transform`: change a coin trade or transform of its owner;
- `points`: its points at scoring (neutral heroes and artefacts; column cards score in columns);
- `column_bonus`: points it adds to the column it stands in (Idunn);
- `end_of_age` / `end_of_game`: choices its owner makes then (Ylud; Brisingamens, Mjöllnir);
- `power_ready`: a god's power token is still there (Idavoll); `power_at` / `power_task`: the
  moment its power is offered and the choice that offers it (Loki, Freya, Odin); `cancels_discards` (Thor),
  `spares_discards` (Durathor: one discard fewer for Dagda), `pioneer_draw` (Garm);
- `observe`: a moment its owner lived through (a first pick, a distinction won, a card placed, a hero
  recruited, a betterment), for the valkyries' strength tracks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import Event
from engine.nidavellir.coins import Terms
from engine.nidavellir.components import Card
from engine.nidavellir.state import NidavellirState, Task

if TYPE_CHECKING:
    from engine.nidavellir.ruleset import Ruleset

# What a seat does that a valkyrie may count (`Effect.observe`).
FIRST_PICK = "first_pick"  # picked first in a tavern (Brynhildr)
DISTINCTION_WON = "distinction"  # won a distinction (Hildr)
PLACED = "placed"  # put a card with a rank of `suit` into its army (Ölrun)
HERO_RECRUITED = "hero"  # recruited a hero, any way but Odin's (Sigrdrífa)
BETTERMENT = "betterment"  # got a coin `amount` above its target in a trade or transform (Svafa)

# When a card's power is offered to its owner (`Effect.power_at`), while `power_ready`: the
# flow queues the card's choice (`Effect.power_task`) then (effects.timed_powers).
ROUND_START = "round_start"  # after the taverns are dealt, before the bids (Loki, then Freya)
ROUND_END = "round_end"  # after the third tavern, before the coins go back (Odin)
TIMINGS = (ROUND_START, ROUND_END)


class Effect:
    """A card's behaviour; the base class is a card that only sits and scores its printed points."""

    # Owning it stops heroes from being recruited by complete lines (Megingjord).
    blocks_line_heroes = False
    # Its owner bids face up, tavern by tavern after each reveal, instead of with the others (Uline).
    bids_face_up = False
    # Its owner may visit the camp on their own pick, as the first picker may (Fafnir Baleygr).
    camp_access = False
    # End-of-game choices are made card by card in this order (lower first).
    end_order = 0
    # Its owner may cancel a discard aimed at them while its power is ready (Thor).
    cancels_discards = False
    # Cards the Pioneer of the Kingdom draws when its owner wins it (Garm: 6; 0 = the usual 3).
    pioneer_draw = 0
    # A power offered at a moment of the round (one of TIMINGS; '' for none), as a choice of
    # kind `power_task`; powers of one moment are offered in `power_order` (lower first).
    power_at = ""
    power_task = ""
    power_order = 0

    def __init__(self, key: str) -> None:
        self.key = key

    def card(self, state: NidavellirState) -> Card:
        """The printed card, as the game's rules declare it."""
        return state.cards[self.key]

    def refusal(self, state: NidavellirState, seat: int) -> str:
        """Why `seat` can't gain this card now; empty when it can."""
        return ""

    def gained(self, state: NidavellirState, seat: int) -> tuple[list[Task], list[Event]]:
        """The card's own effect when gained; its tasks run before those of putting it in place."""
        return [], []

    def covered(self, state: NidavellirState, seat: int, suit: int) -> list[Task]:
        """Another card was just put on top of this one in `suit`'s column."""
        return []

    def adjust_trade(self, state: NidavellirState, seat: int, terms: Terms) -> None:
        """Change a coin trade of the owner (in place)."""

    def adjust_transform(self, state: NidavellirState, seat: int, terms: Terms) -> None:
        """Change a coin transform of the owner (in place)."""

    def points(self, state: NidavellirState, seat: int) -> int:
        """Points at scoring while in the command zone."""
        return self.card(state).points

    def column_bonus(self, rules: Ruleset, column: list[str], ranks: int) -> int:
        """Points added to the column it stands in, which has `ranks` ranks."""
        return 0

    def end_of_age(self, state: NidavellirState, seat: int) -> list[Task]:
        """Choices of its owner at the end of an age, before the distinctions or the final steps."""
        return []

    def end_of_game(self, state: NidavellirState, seat: int) -> list[Task]:
        """Choices of its owner after Thrud has left her column, before scoring."""
        return []

    def power_ready(self, state: NidavellirState, seat: int) -> bool:
        """A god whose power token is still on it (Idavoll); other cards have no power."""
        return False

    def spares_discards(self, hero: str) -> int:
        """Discards this card spares its owner when `hero` is recruited (Durathor for Dagda)."""
        return 0

    def observe(self, state: NidavellirState, seat: int, moment: str, amount: int, suit: int) -> None:
        """Its owner lived through `moment` (FIRST_PICK, DISTINCTION_WON, PLACED, HERO_RECRUITED or
        BETTERMENT); a valkyrie moves her token."""
