"""The move pipeline: checks, state ids, commit, then notices; resign and abandon."""

from __future__ import annotations

import pytest

from bot.names import name_seats
from bot.tables import GameClosed, NotAllowed, NotInGame, StaleBoard, Tables
from engine.errors import BadMove, IllegalMove, NotYourTurn
from tests.tables.conftest import ALICE, BOB, CARL, Recorder, duel


async def hand(tables: Tables, game_id: int, user_id: int) -> list[int]:
    view = await tables.table_view(game_id, user_id)
    return list(view.view["hand"])


async def test_a_move_commits_bumps_the_state_id_and_tells_the_seats_concerned(tables: Tables,
                                                                                 recorder: Recorder) -> None:
    game_id = await duel(tables)
    recorder.public.clear()
    recorder.private.clear()
    rune = (await hand(tables, game_id, ALICE))[0]
    result = await tables.play.move(game_id, ALICE, 0, f"  LAY {rune} ")
    assert result.state_id == 1 and result.text == f"lay {rune}" and result.to_move == (1,)
    assert result.events == ("Seat 1 lays a rune face down.", f"You lay {rune}.")
    assert result.private_events == (f"You lay {rune}.",)
    public = recorder.public[-1]
    assert public.state_id == 1 and public.actor == 0 and public.events == ("Seat 1 lays a rune face down.",)
    # The actor hears its own line; Bob was awaited already (a sealed step), so no new ping.
    assert [(p.seat, p.events, p.legal_moves) for p in recorder.private] == [(0, (f"You lay {rune}.",), ())]
    assert (await tables.game(game_id)).state_id == 1
    recorder.private.clear()
    await tables.play.move(game_id, BOB, 1, f"lay {(await hand(tables, game_id, BOB))[0]}")
    # The round ends: both draw in private and both are newly awaited.
    pings = {p.seat: p for p in recorder.private}
    assert set(pings) == {0, 1} and all(p.legal_moves and p.events[-1].startswith("You draw") for p in pings.values())


async def test_private_lines_never_reach_public_updates_or_spectators(tables: Tables, recorder: Recorder) -> None:
    game_id = await duel(tables, rounds=3)
    while (info := await tables.game(game_id)).status == "running":
        for user in (ALICE, BOB):
            if info.seat_of(user) in info.to_move:
                await tables.play.move(game_id, user, info.state_id, f"lay {(await hand(tables, game_id, user))[0]}")
                info = await tables.game(game_id)
    secret = [line for p in recorder.private for line in p.events]
    assert any(line.startswith("You draw") for line in secret)
    public_lines = [line for u in recorder.public for line in u.events]
    assert not set(secret) & set(public_lines)
    assert all(u.view.get("hand") is None for u in recorder.public)
    spectator_log = await tables.log(game_id, None)
    assert spectator_log and not any(line.private for line in spectator_log)
    alice_log = await tables.log(game_id, ALICE)
    assert {line.text for line in alice_log if line.private} <= {line for p in recorder.private if p.seat == 0
                                                                    for line in p.events}
    assert any(line.private for line in alice_log)
    assert info.status == "finished" and info.outcome is not None and info.to_move == ()
    assert recorder.public[-1].outcome == info.outcome


async def test_wrong_players_and_bad_texts_are_told_why(tables: Tables) -> None:
    game_id = await duel(tables)
    with pytest.raises(NotInGame):
        await tables.play.move(game_id, CARL, 0, "lay 1")
    with pytest.raises(BadMove, match="lay 12"):
        await tables.play.move(game_id, ALICE, 0, "sing loudly")
    held = await hand(tables, game_id, ALICE)
    missing = next(r for r in range(1, 41) if r not in held)
    with pytest.raises(IllegalMove, match=f"can't lay {missing}"):
        await tables.play.move(game_id, ALICE, 0, f"lay {missing}")
    await tables.play.move(game_id, ALICE, 0, f"lay {(await hand(tables, game_id, ALICE))[0]}")
    with pytest.raises(NotYourTurn, match="waiting for Bob"):
        await tables.play.move(game_id, ALICE, 1, f"lay {(await hand(tables, game_id, ALICE))[0]}")


async def test_a_sealed_move_from_an_older_board_counts_when_only_others_moved_since(tables: Tables) -> None:
    game_id = await duel(tables, players=3)
    await tables.play.move(game_id, ALICE, 0, f"lay {(await hand(tables, game_id, ALICE))[0]}")
    await tables.play.move(game_id, CARL, 0, f"lay {(await hand(tables, game_id, CARL))[0]}")
    # Bob looked at state 0; Alice and Carl laid since, but Bob was awaited all along.
    result = await tables.play.move(game_id, BOB, 0, f"lay {(await hand(tables, game_id, BOB))[0]}")
    assert result.state_id == 3 and result.to_move == (0, 1, 2)


async def test_a_board_from_before_the_seats_own_move_is_stale(tables: Tables) -> None:
    game_id = await duel(tables)
    for user in (ALICE, BOB):
        rune = (await hand(tables, game_id, user))[0]
        await tables.play.move(game_id, user, 0 if user == ALICE else 1, f"lay {rune}")
    with pytest.raises(StaleBoard, match="now at state 2") as stale:
        await tables.play.move(game_id, ALICE, 0, f"lay {(await hand(tables, game_id, ALICE))[0]}")
    assert stale.value.state_id == 2
    with pytest.raises(StaleBoard):
        await tables.play.move(game_id, ALICE, 9, "lay 1")


async def test_table_view_shows_each_seat_its_own_hand_and_moves(tables: Tables) -> None:
    game_id = await duel(tables)
    alice = await tables.table_view(game_id, ALICE)
    spectator = await tables.table_view(game_id, CARL)
    assert alice.seat == 0 and alice.my_turn and alice.view["hand"]
    assert sorted(m.text for m in alice.legal_moves) == sorted(f"lay {r}" for r in alice.view["hand"])
    assert spectator.seat is None and spectator.view["hand"] is None and spectator.legal_moves == ()
    assert spectator.state_id == alice.state_id == 0


async def test_a_seats_view_is_worked_out_once_per_state_and_afresh_after_each_change(tables: Tables) -> None:
    """Autocomplete asks for the view on every keystroke: one state has one answer (issue 13)."""
    game_id = await duel(tables)
    first = await tables.table_view(game_id, ALICE)
    again = await tables.table_view(game_id, ALICE)
    assert again.view is first.view and again.legal_moves == first.legal_moves
    await tables.play.move(game_id, ALICE, 0, f"lay {first.view['hand'][0]}")
    after = await tables.table_view(game_id, ALICE)
    assert after.view is not first.view and after.view["hand"] == first.view["hand"][1:]
    assert after.legal_moves == () and not after.my_turn  # Alice laid: Bob is awaited
    resigned = await tables.play.resign(game_id, BOB)
    assert resigned.status == "finished" and (await tables.table_view(game_id, ALICE)).legal_moves == ()


async def test_resigning_a_competitive_game_hands_the_win_to_the_others(tables: Tables, recorder: Recorder) -> None:
    game_id = await duel(tables, players=3)
    info = await tables.play.resign(game_id, BOB)
    assert info.status == "finished" and info.state_id == 1
    assert info.outcome is not None and info.outcome["winners"] == [0, 2] and info.outcome["ranks"] == [1, 2, 1]
    told = recorder.public[-1]
    assert told.reason == "resign" and [name_seats(e, told.names) for e in told.events] == ["Bob resigned."]
    with pytest.raises(GameClosed, match="finished"):
        await tables.play.move(game_id, ALICE, 1, "lay 1")
    line = (await tables.log(game_id))[-1]
    assert name_seats(line.text, line.names) == "Bob resigned."


async def test_resigning_a_cooperative_game_hands_the_seat_to_an_ai_and_the_crew_plays_on(tables: Tables) -> None:
    from tests.tables.duel import GAME

    GAME.cooperative = True
    try:
        game_id = await duel(tables)
        info = await tables.play.resign(game_id, ALICE)
        await tables.drain()
    finally:
        GAME.cooperative = False
    assert info.status == "running" and info.outcome is None
    assert info.seats[0].stand_in is not None and info.seats[0].why == "resigned"
    assert "resigned; an AI plays their seat" in (await tables.log(game_id))[0].text
    stored = (await tables.store.games.seats(game_id))[0]  # committed with the table action, not only in memory
    assert stored.stand_in == info.seats[0].stand_in and stored.why == "resigned"


async def test_abandon_is_for_the_host_or_an_admin(tables: Tables) -> None:
    game_id = await duel(tables)
    with pytest.raises(NotAllowed):
        await tables.play.abandon(game_id, BOB)
    info = await tables.play.abandon(game_id, CARL, is_admin=True)
    assert info.status == "abandoned" and info.to_move == () and not info.active
    assert [line.text for line in await tables.log(game_id)] == ["The game was abandoned by an admin."]


async def test_a_failing_notifier_never_undoes_a_move(tables: Tables, recorder: Recorder) -> None:
    class Broken(Recorder):
        async def on_public(self, update: object) -> None:
            raise RuntimeError("gateway down")

    tables.attach(Broken())
    game_id = await duel(tables)
    result = await tables.play.move(game_id, ALICE, 0, f"lay {(await hand(tables, game_id, ALICE))[0]}")
    assert result.state_id == 1 and recorder.public[-1].state_id == 1
