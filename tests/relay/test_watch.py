"""The relay-watch display: pure formatting of what the relay publishes."""

from __future__ import annotations

import argparse
import asyncio
import io
from dataclasses import replace

from bot.cli import COMMANDS
from bot.games.nidavellir import board_summary as nidavellir_board
from bot.names import name_seats, result_line
from bot.relay import MqttRelay
from bot.relay.payload import encode, events_document, state_document
from bot.relay.watch import (
    WatchBoard,
    format_game,
    format_screen,
    generic_board,
    register,
    run,
    watch,
)
from engine import registry
from tests.bot.test_terminal_text import ANN, BOB, shown_on_a_terminal
from tests.relay.broker import LocalBroker
from tests.relay.conftest import fast_settings
from tests.relay.playout import engine_changes


def test_summary_names_whose_turn_it_is_and_draws_the_sea_grid() -> None:
    changes = list(engine_changes(seed=5, players=2))
    middle = changes[len(changes) // 2].update
    text = format_game(state_document(middle), ["Player 1 places 12 in cell 3."])
    lines = text.splitlines()
    assert lines[0].startswith(f"Tranquility #7 · running · seq {middle.state_id}")
    name = {0: "Astrid", 1: "Bjørn"}[middle.to_move[0]]
    assert lines[1] == f"To move: {name} (seat {middle.to_move[0] + 1})"
    assert sum(line.startswith("  row ") for line in lines) == 6
    assert lines[-2:] == ["Last:", "  Player 1 places 12 in cell 3."]
    assert all(len(line) <= 78 for line in lines)


def test_finished_game_shows_its_result_instead_of_a_turn() -> None:
    final = list(engine_changes(seed=9, players=3))[-1].update
    text = format_game(state_document(final), [])
    assert "To move" not in text
    assert final.outcome is not None
    result = text[text.index("Result: "):]
    names = [s.name for s in final.seats]
    assert result.split() == f"Result: {result_line(final.outcome, names)}".split()
    assert "Seat " not in result, "the result names the players"


def test_board_keeps_latest_state_last_events_and_forgets_deleted_games() -> None:
    board = WatchBoard("skald")
    changes = list(engine_changes(seed=3, players=2))[:8]
    for change in reversed(changes):  # an old retained state arriving late must not win
        assert board.take("skald/1/7/state", encode(state_document(change.update)))
    for change in changes:
        if change.update.events:
            board.take("skald/1/7/events", encode(events_document(change.update)))
    watched = board.games["skald/1/7"]
    assert watched.state is not None and watched.state["seq"] == changes[-1].update.state_id
    named = [name_seats(line, ["Astrid", "Bjørn"]) for c in changes for line in c.update.events]
    assert list(watched.events) == named[-4:] and not any("Seat " in line for line in named)
    assert "seq 7" in format_screen(board)
    assert not board.take("other/1/7/state", b"{}") and not board.take("skald/x/7/state", b"{}")
    assert board.take("skald/1/7/state", b"")
    assert board.games == {} and format_screen(board).startswith("Waiting for games")


def test_odd_messages_are_skipped_not_fatal() -> None:
    board = WatchBoard("skald")
    for payload in (b"not json", b"[1]", b'{"seq": "3"}', b'{"seq": 1, "to_move": [3]}', b'{"seq": 1, "view": 2}'):
        assert not board.take("skald/1/7/state", payload)
    assert not board.take("skald/1/7/events", b'{"lines": "x"}')
    assert board.games == {}


def test_nidavellir_summary_shows_taverns_with_hidden_bids_and_seat_totals() -> None:
    game = registry.get("nidavellir")
    state = game.setup(3, None, 1)
    for n in range(5):
        seat = min(game.to_move(state))
        state = game.apply(state, seat, game.ai_players()["random"].choose(state, seat, n)).state
    lines = nidavellir_board(game.view(state, None))
    assert lines[0].startswith("  age 1 · round 1/")
    assert [line.split(":")[0] for line in lines[1:4]] == ["  Laughing Goblin", "  Dancing Dragon", "  Shining Horse"]
    assert "(bids hidden)" in lines[3] and lines[4].startswith("  gems ")


def test_games_without_their_own_summary_get_a_generic_one() -> None:
    lines = generic_board({"game": "nidavellir", "viewer": None, "round": 3, "taverns": [[1, 2], [3]],
                           "coins": [5, 7], "phase": "bid"})
    assert lines == ["  round 3 · taverns ×2 · coins 5/7 · phase bid"]


async def test_relay_watch_shows_every_live_game_from_the_retained_states(broker: LocalBroker) -> None:
    settings = fast_settings(broker)
    async with MqttRelay(settings, jitter=lambda: 0.5) as relay:
        for game_id, seed in ((7, 1), (8, 2)):
            *_, last = engine_changes(seed=seed, players=2, game_id=game_id)
            await relay.on_public(last.update)
        assert await relay.flush(10.0)
    out = io.StringIO()
    assert await watch(settings, count=2, out=out) == 0
    screen = out.getvalue().split("\n\n")[-2]  # the last full redraw
    assert "Tranquility #7 · finished" in screen and "Tranquility #8 · finished" in screen
    assert screen.count("Result: ") == 2


async def test_relay_watch_stops_after_the_given_seconds_when_nothing_comes(broker: LocalBroker) -> None:
    out = io.StringIO()
    assert await watch(fast_settings(broker), guild=5, seconds=0.2, out=out) == 0
    assert out.getvalue().startswith("Waiting for games on skald/#")


def test_relay_watch_is_a_skald_command() -> None:
    assert COMMANDS["relay-watch"].module == "bot.relay.watch"
    parser = argparse.ArgumentParser()
    register(parser.add_subparsers())
    args = parser.parse_args(["relay-watch", "mqtt://127.0.0.1:1/", "--count", "3", "--game", "7"])
    assert (args.handler, args.count, args.game, args.seconds) == (run, 3, 7, None)
    assert run(parser.parse_args(["relay-watch", "http://nope"])) == 2


async def test_player_names_and_public_lines_reach_the_terminal_raw_no_more_in_relay_watch(
        broker: LocalBroker) -> None:
    """Finding: "Player names and public lines reach the terminal raw (escape sequences)". The
    names come with the games the relay publishes (Discord display names), the lines from
    whatever publishes on the broker."""
    middle = list(engine_changes(seed=5, players=2))[6].update
    update = replace(middle, seats=tuple(replace(seat, name=name) for seat, name in zip(middle.seats, (ANN, BOB),
                                                                                         strict=True)),
                     events=("\x1b]0;title\x07Seat 1 waves.",))
    settings = fast_settings(broker)
    out = io.StringIO()
    async with settings.client() as client:
        await client.publish("skald/1/7/state", encode(state_document(update)), qos=1, retain=True)
        watching = asyncio.create_task(watch(settings, count=2, out=out))  # the retained state, then the line
        while not watching.done():  # the line is not retained: told again until the display has it
            await client.publish("skald/1/7/events", encode(events_document(update)), qos=1)
            await asyncio.wait({watching}, timeout=0.1)
    assert await watching == 0
    screen = out.getvalue()
    shown_on_a_terminal(screen)
    assert "To move: Ann (seat 1)" in screen and "  Ann waves." in screen
