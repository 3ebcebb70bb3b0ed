"""Drive real games through the real table service, the way players would."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from bot.tables import StaleBoard, Tables
from bot.tables.types import NewTable
from engine import registry

GUILD, CHANNEL = 41, 42
HOST = 1001


async def start_game(tables: Tables, *, seed: int, ais: int = 2, options: dict[str, Any] | None = None,
                     game: str = "tranquility") -> int:
    """A game hosted by a human (seat 0) with `ais` random AI seats; returns its id."""
    info = await tables.lobby.create(NewTable(guild_id=GUILD, channel_id=CHANNEL, host_id=HOST, host_name="Astrid",
                                              game=game, options=options))
    for _ in range(ais):
        await tables.lobby.add_ai(info.game_id, HOST, "random")
    await tables.lobby.start(info.game_id, HOST, seed=seed)
    return info.game_id


async def host_moves(tables: Tables, game_id: int, chooser: random.Random, limit: int | None = None) -> int:
    """Play the host's turns (a random legal move each), letting the AI seats answer, until the
    game ends or `limit` host moves were made; returns how many moves the host made."""
    made = 0
    while limit is None or made < limit:
        await tables.drain()
        view = await tables.table_view(game_id, HOST)
        if view.info.status != "running":
            break
        if not view.my_turn:
            continue
        try:
            await tables.play.move(game_id, HOST, view.state_id, chooser.choice(view.legal_moves).text)
        except StaleBoard:
            continue
        made += 1
    return made


@dataclass
class Replay:
    """A game rebuilt from its seed and move log: every state, and every step's log lines."""

    states: list[Any] = field(default_factory=list)  # by state id
    public_lines: dict[int, list[str]] = field(default_factory=dict)  # state id -> public lines
    private_lines: list[str] = field(default_factory=list)  # lines only some seats may see


async def replay_game(tables: Tables, game_id: int, seed: int, players: int,
                      options: dict[str, Any] | None = None, game_key: str = "tranquility") -> Replay:
    game = registry.get(game_key)
    replay = Replay(states=[game.setup(players, options, seed)])
    for change in await tables.store.games.moves(game_id):
        assert change.kind == "move" and change.seat is not None and change.state_id == len(replay.states)
        step = game.apply(replay.states[-1], change.seat, change.text)
        replay.states.append(step.state)
        replay.public_lines[change.state_id] = [e.text for e in step.events if e.public]
        replay.private_lines += [e.text for e in step.events if not e.public]
    return replay
