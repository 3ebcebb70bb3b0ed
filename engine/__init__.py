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
from engine.errors import BadMove, BadOptions, GameOver, IllegalMove, NotYourTurn, SkaldError
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
    "NotYourTurn",
    "OptionSpec",
    "Outcome",
    "RandomPlayer",
    "Rng",
    "SkaldError",
    "Step",
    "replay",
    "validate_options",
]
