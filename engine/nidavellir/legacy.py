"""The version-less encoding stored before cards had names (base game only, up to 2026-11-29).

Cards were ints: positions in the card tuple of that time, frozen below. Stored games keep
snapshots in this format, so it must keep decoding to the state the move log replays to.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine.errors import StaleEncoding
from engine.nidavellir.cards import KINGS_HAND
from engine.nidavellir.state import NidavellirState, SeatState, Task

if TYPE_CHECKING:
    from engine.nidavellir.ruleset import Ruleset

# Card names by their old position: dwarves, offerings, the Armorer's card, then the heroes.
LEGACY_CARDS: tuple[str, ...] = (
    "blacksmith", "hunter",
    *(f"explorer {b}" for b in range(5, 13)),
    *(f"miner {b}" for b in range(3)),
    *(f"warrior {b}" for b in range(3, 11)),
    "offering 3", "offering 5", "armorer",
    "kraal", "tarah", "aral", "dagda", "aegur", "bonfur", "zoral", "lokdur", "hourya", "idunn",
    "skaa", "astrid", "grid", "uline", "thrud", "ylud",
    "dwerg aesir", "dwerg bergelmir", "dwerg jungir", "dwerg sigmir", "dwerg ymir",
)
_TRANSFORM = "transform"


def _card(value: Any) -> str:
    index = int(value)
    if not 0 <= index < len(LEGACY_CARDS):
        raise ValueError(f"card number {index} was never used")
    return LEGACY_CARDS[index]


def _cards(values: Any) -> list[str]:
    return [_card(v) for v in values]


def _ints(values: Any) -> list[int]:
    return [int(v) for v in values]


def _task(data: Any) -> Task:
    """Old tasks were [kind, seat, n, args]; a transform's args held its source card (-1: King's Hand)."""
    kind, seat, n, args = str(data[0]), int(data[1]), int(data[2]), [int(a) for a in data[3]]
    if kind == _TRANSFORM:
        source = args[0]
        return Task(kind, seat, n, card=KINGS_HAND if source < 0 else _card(source))
    return Task(kind, seat, n, tuple(args))


def _seat(d: Mapping[str, Any]) -> SeatState:
    return SeatState(
        gem=int(d["gem"]), bids=_ints(d["bids"]), pouch=_ints(d["pouch"]), has_bid=bool(d["has_bid"]),
        pouch_shown=bool(d["pouch_shown"]), bronze=_ints(d["bronze"]), army=[_cards(column) for column in d["army"]],
        command=_cards(d["command"]), heroes=_cards(d["heroes"]), distinctions=_ints(d["distinctions"]),
    )


def decode_legacy(d: Mapping[str, Any], ruleset: Ruleset) -> NidavellirState:
    """The state a version-less (positional) encoding stands for; StaleEncoding if it can't be read."""
    try:
        return NidavellirState(
            players=int(d["players"]), rng=int(d["rng"]), seats=[_seat(s) for s in d["seats"]],
            decks=[_cards(x) for x in d["decks"]], treasure=_ints(d["treasure"]), reserve=_cards(d["reserve"]),
            age=int(d["age"]), round=int(d["round"]), phase=str(d["phase"]), tavern=int(d["tavern"]),
            taverns=[_cards(t) for t in d["taverns"]], revealed=[bool(r) for r in d["revealed"]],
            orders=[_ints(o) for o in d["orders"]], picked=[_ints(p) for p in d["picked"]],
            order_values=_ints(d["order_values"]), discard=_cards(d["discard"]), winners=_ints(d["winners"]),
            pioneer=_cards(d["pioneer"]), tasks=[_task(t) for t in d["tasks"]], rules=2,
            ruleset=ruleset.for_options(()),
        )
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as err:
        raise StaleEncoding(f"This old Nidavellir snapshot can't be read ({err!r}). Replay the move log instead.") \
            from err
