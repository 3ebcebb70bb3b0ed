"""A long game for the replay's memory (audit of 2026-12-02: a view per logged change took 1.9 GB
for 20,000 changes): Rune Duel (tests/tables/duel.py) for any number of rounds, registered with
its pieces from tests/games/duel.py, played out by the random AI and logged as the store would.

It counts the spectator views and the states alive at once, so a test can tell a replay that
holds what it shows from one that holds a view (or a state) per change. Used by
benchmarks/replay.py too (`long_log`)."""

from __future__ import annotations

import contextlib
import dataclasses
import json
import weakref
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from bot import games
from bot.replays import FINISHED, MOVE, Change, GameLog, Player
from engine.core import JSON, Event, Game, Move
from tests.games.duel import DESCRIPTOR
from tests.tables.duel import DuelState, RuneDuel

PLAYERS = 4
NAMES = ("Astrid", "Bjorn", "Sigrid", "Ulfhild")


class CountedView(dict[str, Any]):
    """A spectator view that counts how many of its kind are alive (CPython frees at once)."""

    alive = 0
    most = 0

    def __init__(self, view: Mapping[str, Any]) -> None:
        super().__init__(view)
        CountedView.alive += 1
        CountedView.most = max(CountedView.most, CountedView.alive)

    def __del__(self) -> None:
        CountedView.alive -= 1


class LongDuel(RuneDuel):
    """Rune Duel for any number of rounds (the test game offers at most 200: a 20,000-change log
    needs 5,000 at four seats). Same rules and views; `counting` wraps views and watches states."""

    counting = False
    alive_states = 0  # states made by moves and not yet freed
    most_states = 0

    def setup(self, players: int, options: Mapping[str, Any] | None, seed: int,
              version: int | None = None) -> DuelState:
        state = super().setup(players, None, seed, version)
        state.rounds = int((options or {}).get("rounds", state.rounds))
        return state

    def _apply(self, state: DuelState, seat: int, move: Move) -> tuple[Event, ...]:
        if LongDuel.counting:  # `state` is the new state being made (a copy of the one moved on)
            LongDuel.alive_states += 1
            LongDuel.most_states = max(LongDuel.most_states, LongDuel.alive_states)
            weakref.finalize(state, LongDuel._freed)
        return super()._apply(state, seat, move)

    @staticmethod
    def _freed() -> None:
        LongDuel.alive_states -= 1

    def view(self, state: DuelState, seat: int | None) -> JSON:
        view = super().view(state, seat)
        return CountedView(view) if LongDuel.counting else view


GAME = LongDuel()


@contextlib.contextmanager
def registered() -> Iterator[None]:
    """The long Rune Duel hosted (engine, pictures, text, key moments) for the block's length."""
    games.register(dataclasses.replace(DESCRIPTOR, engine=f"{__name__}:GAME"))
    try:
        yield
    finally:
        games.unregister(DESCRIPTOR.key)


@contextlib.contextmanager
def counting() -> Iterator[None]:
    """Count the views and states alive at once within the block (`CountedView.most`, `LongDuel.most_states`)."""
    CountedView.most = CountedView.alive = 0
    LongDuel.most_states = LongDuel.alive_states = 0
    LongDuel.counting = True
    try:
        yield
    finally:
        LongDuel.counting = False


def played_log(game: Game[Any], players: int, kind: str, options: Mapping[str, Any], seed: int,
               names: Sequence[str], key: str | None = None) -> GameLog:
    """A whole game played by the AI `kind` (every seat), as `bot.replays.game_log` reads a
    finished stored one (the outcome as stored: tuples become lists)."""
    ai = game.ai_players()[kind]
    state = game.setup(players, options, seed)
    logged: list[Change] = []
    while game.outcome(state) is None:
        seat = min(game.to_move(state))
        move = ai.choose(state, seat, seed * 7919 + len(logged))
        step = game.apply(state, seat, move)
        state = step.state
        logged.append(Change(len(logged) + 1, seat, MOVE, move.text,
                             tuple(event.text for event in step.events if event.public)))
    outcome = game.outcome(state)
    assert outcome is not None
    return GameLog(game=key or game.name, title=game.title, status=FINISHED, options=dict(options),
                   engine_version=game.version, seed=seed,
                   players=tuple(Player(s, names[s], kind) for s in range(players)),
                   changes=tuple(logged), outcome=json.loads(json.dumps(outcome.to_dict())))


def long_log(changes: int, seed: int = 11) -> GameLog:
    """A finished Rune Duel of PLAYERS seats with `changes` logged moves (a multiple of PLAYERS)."""
    return played_log(GAME, PLAYERS, "random", {"rounds": -(-changes // PLAYERS)}, seed, NAMES, DESCRIPTOR.key)
