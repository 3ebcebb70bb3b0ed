"""The Nidavellir game state: plain data with a fast copy and a JSON round trip by field name.

Each field is declared once, with a `Codec` saying how it is copied, encoded and validated; the
copy, encode and decode are compiled from those declarations at import. A new field is one line.

Coins are ints (their value; the Hunting Master's coin is `HUNTER_COIN`, under rules 3 the bronze
5 is `BRONZE_FIVE`). Cards are their names
(keys of the game's cards, `Ruleset.cards`). Decks are drawn from the end of their list. The encoding carries a
`version`; legacy.py reads the version-less positional encoding stored before it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import MISSING, Field, dataclass, field, fields
from typing import TYPE_CHECKING, Any, ClassVar, Final, cast

from engine.errors import StaleEncoding
from engine.nidavellir.cards import rounds_per_age
from engine.nidavellir.components import RULES, SUITS

if TYPE_CHECKING:
    from engine.nidavellir.components import Card
    from engine.nidavellir.ruleset import Ruleset

# 3 (2026-12-02): `rules` is stored, and the bronze 5 is its own coin (BRONZE_FIVE).
VERSION = 3

BID = "bid"
PICK = "pick"
END_OF_AGE = "end_of_age"
OVER = "over"

# Task kinds. Choices wait for their seat's move (choices.py); the others are rule steps run at
# once (steps.py). The names are stored in snapshots: never rename one.
TAKE = "pick"
TRANSFORM = "transform"
TRADE = "trade"
RECRUIT = "recruit"
THRUD_MOVE = "thrud"
YLUD_MOVE = "ylud"
DISCARD = "discard"
ULINE_BID = "uline_bid"
PIONEER = "pioneer"
CAMP = "camp"
TAVERN_DISCARD = "tavern_discard"
ENLIST_ORDER = "enlist_order"
ENLIST = "enlist"
DOUBLE_MOVE = "double"
VIDOFNIR = "vidofnir"
RECOVER = "recover"
CARD_DISCARD = "card_discard"
MJOLLNIR = "mjollnir"
CHECK_HEROES = "heroes"
AUTO_TRADE = "auto_trade"
END_TAVERN = "end_tavern"
AGE_END = "age_end"
DISTINCTION = "distinction"
START_AGE = "start_age"
FINISH = "finish"
GAME_OVER = "game_over"
ENLISTMENT = "enlistment"
LOWEST_COIN = "lowest_coin"
POUCH_TRANSFORMS = "pouch_transforms"
TO_DISCARD = "to_discard"
HOFUD_DISCARDS = "hofud_discards"
# Idavoll's task kinds (same rule: never rename one).
LOKI = "loki"
FREYA = "freya"
FRIGG_KEEP = "frigg_keep"
FRIGG_ORDER = "frigg_order"
ODIN = "odin"
OLRUN = "olrun"
GULLINBURSTI_MOVE = "gullinbursti"
SKYMIR_KEEP = "skymir_keep"
HRUNGNIR_ORDER = "hrungnir_order"
HRUNGNIR = "hrungnir"
SKYMIR = "skymir"
END_ROUND = "end_round"

NO_BID = -1
NOT_DECIDED = -2  # a distinction not handed out yet
NOBODY = -1  # a distinction nobody won (tie); a tavern where nobody visited the camp

THINGVELLIR = "thingvellir"
IDAVOLL = "idavoll"


class Task:
    """One step waiting in the queue: a choice of `seat` or an automatic rule step.

    `n`, `args` and `card` carry what the step needs: an amount, excluded columns, the card
    that caused it (a transform's source, the card a discard comes from, ...). A value: its
    fields are Final (a copied state shares its tasks), and tasks are equal by their fields. A
    plain slotted class, not a frozen dataclass: a few are made on every move, and setting a
    frozen dataclass's fields costs twice as much.
    """

    __slots__ = ("args", "card", "kind", "n", "seat")

    def __init__(self, kind: str, seat: int = -1, n: int = 0, args: tuple[int, ...] = (), card: str = "") -> None:
        self.kind: Final = kind
        self.seat: Final = seat
        self.n: Final = n
        self.args: Final = args
        self.card: Final = card

    def _fields(self) -> tuple[str, int, int, tuple[int, ...], str]:
        return self.kind, self.seat, self.n, self.args, self.card

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Task) and self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return f"Task(kind={self.kind!r}, seat={self.seat!r}, n={self.n!r}, args={self.args!r}, card={self.card!r})"

    def encode(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        if self.seat != -1:
            out["seat"] = self.seat
        if self.n:
            out["n"] = self.n
        if self.args:
            out["args"] = list(self.args)
        if self.card:
            out["card"] = self.card
        return out

    @classmethod
    def decode(cls, d: Mapping[str, Any]) -> Task:
        return cls(str(d["kind"]), int(d.get("seat", -1)), int(d.get("n", 0)),
                   tuple(int(a) for a in d.get("args", ())), str(d.get("card", "")))


@dataclass(frozen=True)
class Codec:
    """How one field of the state is copied, encoded and decoded, each an expression of `$` (the
    field's value; in `decode`, its encoded value). Decoding validates: an unknown card or a
    wrong type raises, which `decode` reports as a StaleEncoding. `omit_empty`: an empty value is
    left out of the encoding (and read back as the field's default).

    The state classes' copy, encode and decode are compiled from their fields' codecs once, at
    import (`_compile`): as fast as if written by hand, and a new field is one declaration."""

    copy: str
    encode: str
    decode: str
    omit_empty: bool = False
    stored: bool = True  # False: never encoded (the decoder is given it)


def _codec(copy: str, encode: str, decode: str, omit_empty: bool = False) -> Mapping[str, Codec]:
    """A field's metadata: `field(..., metadata=CARD_LIST)`."""
    return {"codec": Codec(copy, encode, decode, omit_empty)}


INT = _codec("$", "$", "int($)")
STR = _codec("$", "$", "str($)")
BOOL = _codec("$", "$", "bool($)")
INT_LIST = _codec("$[:]", "$[:]", "_ints($)")
BOOL_LIST = _codec("$[:]", "$[:]", "[bool(v) for v in $]")
NAME_LIST = _codec("$[:]", "$[:]", "[str(v) for v in $]")
CARD_LIST = _codec("$[:]", "$[:]", "_cards($, _known)")
CARD_NAME = _codec("$", "$", "_card_or_blank($, _known)")  # one card's name, or "" for none
# Rows copy by mapping list.copy (faster than a comprehension in Python 3.11): a copy per move.
INT_ROWS = _codec("list(map(list.copy, $))", "[r[:] for r in $]", "[_ints(r) for r in $]")
CARD_ROWS = _codec("list(map(list.copy, $))", "[r[:] for r in $]", "[_cards(r, _known) for r in $]")
TASK_LIST = _codec("$[:]", "[t.encode() for t in $]", "[Task.decode(t) for t in $]")  # Tasks are frozen
SEAT_LIST = _codec("list(map(SeatState.copy, $))", "[s.encode() for s in $]", "[_decode_seat(s, _ruleset) for s in $]")
ARMY = _codec("list(map(list.copy, $))", "{SUITS[s]: c[:] for s, c in enumerate($)}",
              "[_cards($[suit], _known) for suit in SUITS]")
MARKS = _codec("dict($)", "dict($)", "{str(k): int(v) for k, v in $.items()}")
# Idavoll's giants, each with the dwarf it captured; games without Idavoll encode as before it.
CAPTURES = _codec("dict($)", "dict($)", "_captures($, _known)", omit_empty=True)
# The game's rules (ruleset.py) for its expansions, shared by every copy; never encoded: `decode`
# is given the game's and takes those of the expansions the encoding names.
RULESET = {"codec": Codec("$", "", "_ruleset.for_options(d['expansions'])", stored=False)}


@dataclass
class SeatState:
    """One player's table: gem, coins (on taverns or in the pouch), army, command zone.

    `command` is the command zone: neutral heroes, artefacts, mercenaries not enlisted yet,
    and Thrud, Ylud or a double while their owner chooses their column. `marks` keeps what a
    card remembers for its owner (Zolkur used, Mjöllnir's column), by card name.
    """

    gem: int = field(metadata=INT)
    bids: list[int] = field(default_factory=lambda: [NO_BID] * 3, metadata=INT_LIST)
    pouch: list[int] = field(default_factory=list, metadata=INT_LIST)  # coins not on a tavern, ascending
    has_bid: bool = field(default=False, metadata=BOOL)
    # the pouch is public knowledge (before bidding, after a trade)
    pouch_shown: bool = field(default=True, metadata=BOOL)
    bronze: list[int] = field(default_factory=list, metadata=INT_LIST)  # values this seat still holds as bronze
    army: list[list[str]] = field(default_factory=lambda: [[] for _ in range(5)], metadata=ARMY)
    command: list[str] = field(default_factory=list, metadata=CARD_LIST)
    heroes: list[str] = field(default_factory=list, metadata=CARD_LIST)
    distinctions: list[int] = field(default_factory=list, metadata=INT_LIST)
    marks: dict[str, int] = field(default_factory=dict, metadata=MARKS)
    captured: dict[str, str] = field(default_factory=dict, metadata=CAPTURES)  # Idavoll: giant -> the dwarf under it

    def copy(self) -> SeatState:
        return _copy_seat(self)  # replaced by `_copy_seat` itself at import

    def coins(self) -> list[int]:
        """Every coin owned, wherever it lies."""
        return [c for c in self.bids if c != NO_BID] + self.pouch

    def encode(self) -> dict[str, Any]:
        return _encode_seat(self)

    @classmethod
    def decode(cls, d: Mapping[str, Any], ruleset: Ruleset) -> SeatState:
        """Read a seat of a game of these rules."""
        return _decode_seat(d, ruleset)


@dataclass
class BaseGameState:
    """The base game's part of `NidavellirState`."""

    encoded_only_with: ClassVar[str | None] = None  # in every game's encoding

    players: int = field(metadata=INT)
    rng: int = field(metadata=INT)
    seats: list[SeatState] = field(metadata=SEAT_LIST)
    decks: list[list[str]] = field(metadata=CARD_ROWS)  # [age 1, age 2]
    treasure: list[int] = field(metadata=INT_LIST)  # ascending
    reserve: list[str] = field(metadata=CARD_LIST)  # heroes not recruited yet
    age: int = field(default=1, metadata=INT)
    round: int = field(default=1, metadata=INT)
    phase: str = field(default=BID, metadata=STR)
    tavern: int = field(default=-1, metadata=INT)  # tavern being resolved; -1 while bidding or between ages
    taverns: list[list[str]] = field(default_factory=lambda: [[], [], []], metadata=CARD_ROWS)
    revealed: list[bool] = field(default_factory=lambda: [False] * 3, metadata=BOOL_LIST)
    orders: list[list[int]] = field(default_factory=lambda: [[], [], []], metadata=INT_ROWS)
    picked: list[list[int]] = field(default_factory=lambda: [[], [], []], metadata=INT_ROWS)
    order_values: list[int] = field(default_factory=list, metadata=INT_LIST)  # bids the current order was made from
    discard: list[str] = field(default_factory=list, metadata=CARD_LIST)
    winners: list[int] = field(default_factory=list, metadata=INT_LIST)  # per DISTINCTION_ORDER entry
    pioneer: list[str] = field(default_factory=list, metadata=CARD_LIST)  # cards drawn for the Pioneer, private
    tasks: list[Task] = field(default_factory=list, metadata=TASK_LIST)
    expansions: list[str] = field(default_factory=list, metadata=NAME_LIST)  # sorted names of the expansions in play
    rules: int = field(default=RULES, metadata=INT)  # the rules this game follows (components.RULES)
    ruleset: Ruleset = field(default=cast("Ruleset", None), compare=False, repr=False, metadata=RULESET)


@dataclass
class ThingvellirState:
    """Thingvellir's part of `NidavellirState` (and `aside`, which Idavoll's Gullinbursti uses too).
    In every game's encoding, as it was before encodings left out an expansion not in play."""

    encoded_only_with: ClassVar[str | None] = None

    camp: list[str] = field(default_factory=list, metadata=CARD_LIST)  # the face-up camp
    camp_decks: list[list[str]] = field(default_factory=lambda: [[], []], metadata=CARD_ROWS)  # [age 1, age 2]
    # who visited the camp, per tavern
    camp_picks: list[int] = field(default_factory=lambda: [NOBODY] * 3, metadata=INT_LIST)
    aside: list[str] = field(default_factory=list, metadata=CARD_LIST)  # cards set aside: Olwyn's doubles, Gullinbursti
    window: bool = field(default=False, metadata=BOOL)  # a mercenary gained now is enlisted at once (end of an age)


@dataclass
class IdavollState:
    """Idavoll's part of `NidavellirState`: left out of the encoding of a game without Idavoll, so
    those encode exactly as before it existed."""

    encoded_only_with: ClassVar[str | None] = IDAVOLL

    myth_deck: list[str] = field(default_factory=list, metadata=CARD_LIST)  # the mythology deck, face down
    myth_reserve: list[str] = field(default_factory=list, metadata=CARD_LIST)  # the other mythology cards, face down
    drawn: list[str] = field(default_factory=list, metadata=CARD_LIST)  # Frigg's or Skymir's cards, seen by the drawer
    reserved: list[int] = field(default_factory=list, metadata=INT_LIST)  # Loki's token, [tavern, seat], on ...
    reserved_card: str = field(default="", metadata=CARD_NAME)  # ... this card of that tavern (one copy of it)


@dataclass
class NidavellirState(IdavollState, ThingvellirState, BaseGameState):
    """Everything about one game: the base game's fields, then each expansion's (in a game
    without that expansion they keep their defaults). Fields are declared in the parts above,
    each with its codec; a dataclass takes its bases' fields in that order (base game first)."""

    def copy(self) -> NidavellirState:
        return _copy_state(self)  # replaced by `_copy_state` itself at import

    @property
    def cards(self) -> Mapping[str, Card]:
        """Every card of this game's rules, by key."""
        return self.ruleset.cards

    @property
    def thingvellir(self) -> bool:
        return THINGVELLIR in self.expansions

    @property
    def idavoll(self) -> bool:
        return IDAVOLL in self.expansions

    @property
    def rounds_this_age(self) -> int:
        return rounds_per_age(self.players, self.age, self.idavoll)

    def holder(self, key: str) -> int:
        """The seat that recruited this hero or holds this card in its command zone, or -1."""
        for index, seat in enumerate(self.seats):
            if key in seat.heroes or key in seat.command:
                return index
        return -1

    def encode(self) -> dict[str, Any]:
        return _encode_state(self)

    @classmethod
    def decode(cls, d: Mapping[str, Any], ruleset: Ruleset) -> NidavellirState:
        """Read an encoding of this version, a game of these rules; StaleEncoding if it can't be read."""
        if d.get("version") not in (2, VERSION):
            raise StaleEncoding(f"This Nidavellir snapshot has version {d.get('version')!r}; "
                                f"this engine reads versions 2–{VERSION}. Replay the move log instead.")
        if d.get("version") == 2:  # written before `rules` was stored: under rules 2
            d = {**d, "rules": 2}
        try:
            return _decode_state(d, ruleset)
        except (KeyError, TypeError, ValueError, AttributeError) as err:
            raise StaleEncoding(f"This Nidavellir snapshot can't be read ({err!r}). Replay the move log instead.") \
                from err


def _ints(values: Any) -> list[int]:
    return [int(v) for v in values]


def _cards(values: Any, known: Mapping[str, Card]) -> list[str]:
    """Card names, each one the game's rules know (`known`)."""
    out = [str(v) for v in values]
    for key in out:
        if key not in known:
            raise ValueError(f"unknown card {key!r}")
    return out


def _card_or_blank(value: Any, known: Mapping[str, Card]) -> str:
    return _cards([value], known)[0] if value else ""


def _captures(values: Any, known: Mapping[str, Card]) -> dict[str, str]:
    out = {str(k): str(v) for k, v in values.items()}
    _cards(list(out.values()), known)
    return out


def _part_of(cls: type, name: str) -> type:
    """The class among `cls`'s bases (or itself) that declares field `name`."""
    return next(part for part in cls.__mro__ if name in vars(part).get("__annotations__", {}))


def _compile(cls: type, first: Mapping[str, Any]) -> tuple[Callable[..., Any], Callable[..., Any], Callable[..., Any]]:
    """`cls`'s copy, encode and decode, generated from its fields' codecs (see `Codec`).

    The copy makes a bare instance and sets each field on it, which skips the constructor's
    argument passing and defaults (a third of a seat's copy, made on every checked move). The
    encoding holds `first`, then every field by name in declaration order, but a field whose
    codec says `omit_empty` only when it isn't empty, and the fields of a part that is
    `encoded_only_with` an expansion only when that expansion is in play."""
    names: dict[str, Any] = {"_cards": _cards, "_ints": _ints, "_card_or_blank": _card_or_blank,
                             "_captures": _captures, "SeatState": SeatState, "Task": Task, "SUITS": SUITS,
                             "_decode_seat": globals().get("_decode_seat"),
                             "_cls": cls, "_new": object.__new__}
    names.update({f"_first_{i}": value for i, value in enumerate(first.values())})
    copied, read, tail = [], [], []
    head = [f"{key!r}: _first_{i}" for i, key in enumerate(first)]
    condition = ""  # of the last `if` in `tail`: the fields of one part share it
    for f in fields(cls):
        codec: Codec = f.metadata["codec"]
        mine, stored = f"self.{f.name}", f"d[{f.name!r}]"
        copied.append(f"    new.{f.name} = {codec.copy.replace('$', mine)}")
        if not codec.stored:
            read.append(codec.decode)
            continue
        value = codec.encode.replace("$", mine)
        decoded = codec.decode.replace("$", stored)
        expansion = vars(_part_of(cls, f.name)).get("encoded_only_with")
        when = f"{expansion!r} in self.expansions" if expansion else mine if codec.omit_empty else ""
        if when:  # left out of some encodings: read back as its default when missing
            if when != condition:
                tail.append(f"    if {when}:")
            tail.append(f"        out[{f.name!r}] = {value}")
            names[f"_default_{f.name}"] = _default(f)
            decoded = f"{decoded} if {f.name!r} in d else _default_{f.name}()"
        elif tail:
            tail.append(f"    out[{f.name!r}] = {value}")
        else:
            head.append(f"{f.name!r}: {value}")
        read.append(decoded)
        condition = when
    source = "\n".join([
        "def copy(self):", "    new = _new(_cls)", *copied, "    return new",
        "def encode(self):", f"    out = {{{', '.join(head)}}}", *tail, "    return out",
        "def decode(d, _ruleset):", "    _known = _ruleset.cards", f"    return _cls({', '.join(read)})",
    ])
    exec(compile(source, f"<{cls.__name__} codecs>", "exec"), names)  # our own declarations, compiled once
    return names["copy"], names["encode"], names["decode"]


def _default(f: Field[Any]) -> Callable[[], Any]:
    if f.default_factory is not MISSING:
        return f.default_factory
    value = f.default
    return lambda: value


_copy_seat, _encode_seat, _decode_seat = cast(
    tuple[Callable[[SeatState], SeatState], Callable[[SeatState], dict[str, Any]],
          Callable[[Mapping[str, Any], "Ruleset"], SeatState]],
    _compile(SeatState, {}))
_copy_state, _encode_state, _decode_state = cast(
    tuple[Callable[[NidavellirState], NidavellirState], Callable[[NidavellirState], dict[str, Any]],
          Callable[[Mapping[str, Any], "Ruleset"], NidavellirState]],
    _compile(NidavellirState, {"version": VERSION}))
# The compiled copies stand in for the methods themselves: a copy is on the search players' hot
# path, and this saves a call per state and per seat.
setattr(SeatState, "copy", _copy_seat)  # noqa: B010
setattr(NidavellirState, "copy", _copy_state)  # noqa: B010
