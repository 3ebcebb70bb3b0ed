"""Engine figures: random-playout throughput for every registered game and option set, then
each game's own section (for Tranquility: the heuristic player's win rate).

Run: `.venv/bin/python -m benchmarks.engine [--playouts 20] [--games 500] [--game NAME]
[--option NAME=VALUE ...]`; `--option` keeps only the option sets with those values (e.g.
`--game nidavellir --option thingvellir=on`). Adding a game's own figures is one function and
one line in `SECTIONS`.
"""

from __future__ import annotations

import argparse
import time
import timeit
from collections.abc import Callable, Mapping
from typing import Any

from engine import Game, Rng, registry


def playout(game: Game[Any], players: int, options: Mapping[str, Any], seed: int, kind: str) -> tuple[Any, int]:
    """One game to the end with every seat played by the AI `kind`; returns (final state, moves)."""
    ai = game.ai_players()[kind]
    state = game.setup(players, options, seed)
    rng = Rng.from_seed(seed)
    moves = 0
    while game.outcome(state) is None:
        seat = rng.choice(sorted(game.to_move(state)))
        state = game.apply(state, seat, ai.choose(state, seat, seed * 7919 + moves)).state
        moves += 1
    return state, moves


def random_game(game: Game[Any], players: int, options: Mapping[str, Any], seed: int) -> int:
    """One random game the way search players play them out: `Game.playout` from the setup, in
    place, unchecked (the moves come from the legal lists); returns its moves."""
    state = game.setup(players, options, seed)
    return game.playout(state, Rng.from_seed(seed))


def rates(game: Game[Any], players: list[int], options: Mapping[str, Any], count: int) -> tuple[float, float, float]:
    """Games per second checked (`playout`: each move by the random player and `apply`, as the
    bot plays) and unchecked (`random_game`), and moves per game, over `count` seeds; CPU time."""
    start = time.process_time()
    moves = sum(playout(game, players[i % len(players)], options, seed=i, kind="random")[1] for i in range(count))
    checked = count / (time.process_time() - start)
    start = time.process_time()
    for i in range(count):
        random_game(game, players[i % len(players)], options, seed=i)
    return checked, count / (time.process_time() - start), moves / count


def label(options: Mapping[str, Any], game: Game[Any]) -> str:
    """Only the options that differ from the defaults, e.g. 'sea_monsters=3' or 'base'."""
    defaults = {spec.name: spec.default for spec in game.options()}
    changed = [f"{k}={v}" for k, v in options.items() if defaults.get(k) != v]
    return ",".join(changed) or "base"


def throughput(game: Game[Any], playouts: int, sets: list[dict[str, Any]]) -> None:
    """Random games per option set and player count: games/s checked (as the bot plays: the random
    player, then `apply`) and unchecked (`Game.playout`, as search players play out)."""
    counts = [p for p in (2, 3, 5) if game.min_players <= p <= game.max_players] or [game.min_players]
    print(f"\n{game.title}: random games per second, {playouts} per cell, checked / playout (CPU time)")
    print(f"  {'options':<32}" + "".join(f" {f'{p} players':>16}" for p in counts) + f" {'moves/game':>11}")
    for options in sets:
        cells = [rates(game, [p], options, playouts) for p in counts]
        moves = sum(cell[2] for cell in cells) / len(cells)
        print(f"  {label(options, game):<32}" + "".join(f" {f'{a:.0f} / {b:.0f}':>16}" for a, b, _ in cells)
              + f" {moves:>11.1f}")


def tranquility_win_rate(game: Game[Any], games: int, sets: list[dict[str, Any]]) -> None:
    """The heuristic team's win rate over seeded 3-player games, base and each advanced option."""
    print(f"\nTranquility: heuristic win rate, {games} seeded 3-player games per option set")
    print(f"  {'options':<28} {'wins':>6} {'win rate':>9} {'cells filled':>13} {'games/s':>8}")
    for options in sets:
        wins = filled = 0
        start = time.perf_counter()
        for seed in range(games):
            state, _ = playout(game, 3, options, seed, kind="heuristic")
            view = game.view(state, None)
            wins += bool(view["outcome"]["winners"])
            filled += sum(cell is not None for cell in view["cells"])
        elapsed = time.perf_counter() - start
        print(f"  {label(options, game):<28} {wins:>6} {wins / games:>9.1%} {filled / games:>13.1f} "
              f"{games / elapsed:>8.1f}")


def head_to_head(game: Game[Any], first: str, second: str, games: int, options: dict[str, Any]) -> float:
    """Win share of AI `first` against `second` in seeded 2-player games, seats alternating; a
    shared win counts as a share. Any game whose moves the AIs choose seat by seat."""
    share = 0.0
    ais = game.ai_players()
    for seed in range(games):
        kinds = (first, second) if seed % 2 == 0 else (second, first)
        state = game.setup(2, options, seed)
        moves = 0
        while (outcome := game.outcome(state)) is None:
            seat = min(game.to_move(state))
            state = game.apply(state, seat, ais[kinds[seat]].choose(state, seat, seed * 7919 + moves)).state
            moves += 1
        if seed % 2 in outcome.winners:
            share += 1 / len(outcome.winners)
    return share / games


def nidavellir_figures(game: Game[Any], games: int, sets: list[dict[str, Any]]) -> None:
    """Greedy vs random per option set; search vs greedy (at most 200 games: the search
    player takes a few seconds per game) with the last option set, the one with most expansions."""
    names = [label(options, game) for options in sets]
    print("\nNidavellir: AI against AI, seeded 2-player games, seats alternating")
    matches = [(options, name, "greedy", "random", games) for options, name in zip(sets, names, strict=True)]
    matches.append((sets[-1], names[-1], "search", "greedy", min(games, 200)))
    for options, name, first, second, count in matches:
        start = time.perf_counter()
        share = head_to_head(game, first, second, count, options)
        print(f"  {name:<32} {first} vs {second}: {share:.1%} won over {count} games "
              f"({time.perf_counter() - start:.0f} s)")


def view_time(game: Game[Any], players: int, seed: int) -> float:
    """Microseconds a view takes (best of 7), averaged over every tenth state of a seeded game the
    greedy AI plays, for a seat and for a spectator."""
    ai = game.ai_players()["greedy"]
    state = game.setup(players, None, seed)
    states: list[Any] = []
    while game.outcome(state) is None:
        seat = min(game.to_move(state))
        state = game.apply(state, seat, ai.choose(state, seat, len(states))).state
        states.append(state)
    kept = states[::10]

    def views() -> None:
        for kept_state in kept:
            game.view(kept_state, 1)
            game.view(kept_state, None)

    return min(timeit.repeat(views, number=5, repeat=7)) / (5 * 2 * len(kept)) * 1e6


def wonderful_figures(game: Game[Any], games: int, sets: list[dict[str, Any]]) -> None:
    """It's a Wonderful World: the time a view takes; win shares in seeded 2-player games (seats
    alternating) of greedy against random and of the planner against greedy, per option set (at
    most 200 games each); then the planner alone against three greedy players at 4."""
    print(f"\nIt's a Wonderful World: a view takes {view_time(game, 4, 5):.0f} µs (a 4-player greedy game)")
    count = min(games, 200)
    print(f"\nIt's a Wonderful World: AI against AI, {count} seeded 2-player games, seats alternating")
    for options in sets:
        for first, second in (("greedy", "random"), ("planner", "greedy")):
            start = time.perf_counter()
            share = head_to_head(game, first, second, count, options)
            print(f"  {label(options, game):<12} {first} vs {second}: {share:.1%} won "
                  f"({time.perf_counter() - start:.0f} s)")
    ais = game.ai_players()
    share = 0.0
    for seed in range(count):
        planner = seed % 4
        state = game.setup(4, sets[0], seed)
        moves = 0
        while (outcome := game.outcome(state)) is None:
            seat = min(game.to_move(state))
            kind = "planner" if seat == planner else "greedy"
            state = game.apply(state, seat, ais[kind].choose(state, seat, seed * 7919 + moves)).state
            moves += 1
        if planner in outcome.winners:
            share += 1 / len(outcome.winners)
    print(f"  {label(sets[0], game):<12} planner vs 3 greedy at 4 players: {share / count:.1%} won "
          f"(25% is parity)")


def chosen_sets(game: Game[Any], pairs: list[str]) -> list[dict[str, Any]]:
    """The game's option sets that have every NAME=VALUE given (values read as on the terminal)."""
    from bot.play_cli import parse_options

    wanted = parse_options(game, pairs)
    return [options for options in game.option_sets() if all(options.get(k) == v for k, v in wanted.items())]


# game key -> its own figures, given the game and the --games count.
SECTIONS: dict[str, Callable[[Game[Any], int, list[dict[str, Any]]], None]] = {
    "tranquility": tranquility_win_rate,
    "nidavellir": nidavellir_figures,
    "wonderful": wonderful_figures,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--playouts", type=int, default=20, help="random playouts per option set")
    parser.add_argument("--games", type=int, default=500,
                        help="games per option set in each game's own section (0: skip those sections)")
    parser.add_argument("--game", action="append", help="only these games (default: every registered game)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="only the option sets with this value, e.g. thingvellir=on")
    args = parser.parse_args()
    names = args.game or registry.names()
    started = time.perf_counter()
    for name in names:
        game = registry.get(name)
        sets = chosen_sets(game, args.option) if args.option else game.option_sets()
        throughput(game, args.playouts, sets)
        section = SECTIONS.get(name)
        if section is not None and args.games > 0:
            section(game, args.games, sets)
    print(f"\n(total {time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
