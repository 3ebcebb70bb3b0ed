"""Skald's rules engine: pure, deterministic, no I/O. See docs/engine.md."""

from engine.core import (
    AIPlayer,
    Event,
    Game,
    Move,
    OptionSpec,
    Outcome,
    RandomPlayer,
    Step,
    replay,
    validate_options,
)
from engine.errors import BadMove, BadOptions, GameOver, IllegalMove, NoSuchSeat, NotYourTurn, SkaldError, StaleEncoding
from engine.rng import Rng

__all__ = [
    "AIPlayer",
    "BadMove",
    "BadOptions",
    "Event",
    "Game",
    "GameOver",
    "IllegalMove",
    "Move",
    "NoSuchSeat",
    "NotYourTurn",
    "OptionSpec",
    "Outcome",
    "RandomPlayer",
    "Rng",
    "SkaldError",
    "StaleEncoding",
    "Step",
    "replay",
    "validate_options",
]
