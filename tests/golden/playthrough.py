"""Golden playthroughs: seeded whole games pinned to files, as OpenSpiel pins its games.

A file holds what a stored game holds (game, players, options, seed, the log of move texts)
plus what replaying it must give: a hash of every event line with its visibility, the
outcome, and the final encoding with the version it was written in. Any change of rules,
move texts or random draws that alters a stored game's history fails `test_golden.py`.

Record the files of new games or option sets (existing files are never touched):
    python -m tests.golden.playthrough --write
Re-record everything only for a deliberate, documented break of stored games:
    python -m tests.golden.playthrough --write --force
"""

from __future__ import annotations

import argparse
import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine import Game, registry

DATA = Path(__file__).with_name("data")


@dataclass(frozen=True)
class Plan:
    """One pinned game: how its moves are chosen when (re)recorded."""

    game: str
    players: int
    options: dict[str, Any]
    seed: int
    ai: str  # the AI kind that chose every move when the file was recorded
    version: int = 1  # the game's history version (Game.version) the file pins

    @property
    def name(self) -> str:
        opts = "-".join(f"{k}={v}" for k, v in sorted(self.options.items()) if v not in (False, 0, "off"))
        # Files of older versions stay: they are the games stored under those versions.
        suffix = f"-v{self.version}" if self.version > 1 else ""
        return f"{self.game}-p{self.players}-{opts or 'base'}-{self.ai}-s{self.seed}{suffix}"


def plans() -> list[Plan]:
    """Every option set of every game, with player counts spread over them."""
    found: list[Plan] = []
    for name in registry.names():
        game = registry.get(name)
        counts = list(range(game.min_players, game.max_players + 1))
        kinds = list(game.ai_players())
        sets = game.option_sets()
        for index, options in enumerate(sets):
            for turn in range(2 if len(sets) == 1 else 1):
                players = counts[(index + turn * 2) % len(counts)]
                kind = kinds[(index + turn) % len(kinds)]
                if kind == "search":
                    kind = "greedy"  # search is slow to record and no more telling
                found.append(Plan(name, players, dict(options), 4242 + 17 * index + turn, kind, game.version))
        for players in counts:  # every player count at least once on the defaults
            if not any(p.game == name and p.players == players for p in found):
                found.append(Plan(name, players, dict(sets[0]), 9000 + players, "random", game.version))
    return found


def events_digest(lines: list[list[Any]]) -> str:
    return hashlib.sha256(json.dumps(lines, separators=(",", ":")).encode()).hexdigest()


def record(plan: Plan) -> dict[str, Any]:
    """Play `plan` with its AI and return the golden record."""
    game = registry.get(plan.game)
    player = game.ai_players()[plan.ai]
    state = game.setup(plan.players, plan.options, plan.seed, plan.version)
    moves: list[list[Any]] = []
    lines: list[list[Any]] = []
    step_no = 0
    while game.outcome(state) is None:
        seat = min(game.to_move(state))
        move = player.choose(state, seat, plan.seed * 1_000_003 + step_no)
        step = game.apply(state, seat, move)
        moves.append([seat, move.text])
        lines += [[e.text, None if e.seats is None else sorted(e.seats)] for e in step.events]
        state = step.state
        step_no += 1
    outcome = game.outcome(state)
    assert outcome is not None
    return {
        "game": plan.game, "players": plan.players, "options": plan.options, "seed": plan.seed, "ai": plan.ai,
        "version": plan.version,
        "moves": moves, "events": events_digest(lines), "outcome": outcome.to_dict(),
        "encoding": game.encode(state),
    }


def replay_record(game: Game[Any], data: dict[str, Any]) -> tuple[Any, str]:
    """The final state and events digest of replaying a golden record's moves."""
    state = game.setup(int(data["players"]), data["options"], int(data["seed"]), int(data.get("version", 1)))
    lines: list[list[Any]] = []
    for seat, text in data["moves"]:
        step = game.apply(state, int(seat), str(text))
        lines += [[e.text, None if e.seats is None else sorted(e.seats)] for e in step.events]
        state = step.state
    return state, events_digest(lines)


def files() -> list[Path]:
    return sorted(DATA.glob("*.json"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--write", action="store_true", help="record the golden files that are missing")
    parser.add_argument("--force", action="store_true", help="with --write: re-record existing files too")
    args = parser.parse_args()
    if not args.write:
        parser.error("say --write to record missing golden files (read the module docstring first)")
    DATA.mkdir(exist_ok=True)
    for plan in plans():
        path = DATA / f"{plan.name}.json"
        if path.exists() and not args.force:
            continue
        path.write_text(json.dumps(record(plan), sort_keys=True, separators=(",", ":")) + "\n")
        print(path.name)


if __name__ == "__main__":
    main()
