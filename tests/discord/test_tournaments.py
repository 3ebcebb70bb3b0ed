"""A whole small tournament through Discord (docs/tournaments.md): sign-up by the message's
buttons, an AI entrant, two Swiss rounds of Nidavellir duels in threads of their own, a late player
whose seat an AI finishes, a drop-out, the standings, a table the organiser decides, a restart
mid-event and the final announcement — every step an interaction fed through discord.py, every post recorded."""

from __future__ import annotations

import random

from bot.store.tournaments import FINISHED, RUNNING
from bot.tables.tournaments import TournamentView
from tests.discord.clocked import Clock
from tests.discord.harness import Harness, Message, User
from tests.discord.table_play import choose, live_panel

MINUTE = 60.0


async def event(h: Harness, tournament_id: int) -> TournamentView:
    return await h.client.tables.tournaments.view(tournament_id)


async def play_round(h: Harness, clock: Clock, tournament_id: int, round_no: int, players: dict[int, User],
                     rng: random.Random) -> None:
    """The people in `players` play their seats through their panels; everyone else (a late
    player) never moves, so their clock runs out and an AI finishes their seat."""
    for _ in range(3000):
        view = await event(h, tournament_id)
        if view.row.round != round_no or all(t.places is not None for t in view.tables_of(round_no)):
            return
        moved = False
        for table in view.tables_of(round_no):
            if table.game_id is None or table.places is not None:
                continue
            info = await h.client.tables.game(table.game_id)
            for seat in info.to_move:
                person = players.get(info.seats[seat].user_id or 0)
                if person is not None and info.seats[seat].stand_in is None:
                    await choose(h, person, live_panel(h, person, table.game_id), rng)
                    moved = True
                    break
        if not moved:  # only late seats are to move: their time passes
            clock.advance(20 * MINUTE)
            await h.client.tables.scheduler.run_due()
        await h.settle()
        await h.client.tables.drain()
        await h.settle()
    raise AssertionError(f"round {round_no} never ended")


def news(h: Harness, thread_id: int) -> list[Message]:
    return h.channel_messages(thread_id)


async def test_a_small_swiss_event_runs_from_sign_up_to_champion_through_discord(clocked: Harness,
                                                                                 clock: Clock) -> None:
    h = clocked
    org = h.user("Organiser", manage_guild=True)
    ann, bob, cy, dee = (h.user(n) for n in ("Ann", "Bob", "Cy", "Dee"))
    rng = random.Random(3)

    # Only an organiser opens one; the message carries Join / Leave / Start and opens a news thread.
    refused = await h.slash(ann, "tournament create", {"game": "nidavellir", "name": "Yule cup"})
    assert "Manage Server" in h.reply_text(refused)
    created = await h.slash(org, "tournament create", {"game": "nidavellir", "name": "Yule cup", "seats": 2,
                                                      "rounds": 2, "clock": "live", "lateness": "last",
                                                      "min_entrants": 4})
    message = h.messages[created.original_id or 0]
    tournament_id = int(h.button(message, "Join").split(":")[1])
    view = await event(h, tournament_id)
    assert view.row.message_id == message.id and view.row.thread_id is not None
    thread = view.row.thread_id
    for person in (ann, bob, cy, dee):
        joined = await h.click(person, h.button(message, "Join"), message=message)
        assert "You're in **Yule cup**" in h.reply_text(joined)
    again = await h.click(ann, h.button(message, "Join"), message=message)
    assert "already" in h.reply_text(again)
    await h.slash(org, "tournament add-ai", {"count": 1, "kind": "greedy"})
    message = h.messages[message.id]
    assert "Entrants (5 of 4–64)" in message.text() and f"<@{ann.id}>" in message.text()
    early = await h.click(ann, h.button(message, "Start"), message=message)
    assert "Only the organiser" in h.reply_text(early)
    await h.click(org, h.button(message, "Start"), message=message)
    await h.settle()

    # Round 1: two duels, each in a thread of the tournament's channel that pings its players, and a
    # bye for the lowest seed (the AI, the last to sign up, all ratings being equal).
    view = await event(h, tournament_id)
    assert view.row.status == RUNNING and len(view.tables_of(1)) == 2 and len(view.rounds[0].byes) == 1
    told = "\n".join(m.text() for m in news(h, thread))
    assert "Yule cup** has begun: 5 entrants" in told and "**Round 1**" in told and f"<@{ann.id}>" in told
    assert "Bye (counts as a win): greedy AI 1" in told
    rooms = [t for t in h.threads.values() if int(t["parent_id"]) == h.channel_id and " · R1 T" in t["name"]]
    assert len(rooms) == 2
    for table in view.tables_of(1):
        info = await h.client.tables.game(table.game_id or 0)
        assert info.thread_id in {int(r["id"]) for r in rooms} and info.clock == "live"
        pinged = h.channel_messages(info.thread_id or 0)[0]
        assert all(f"<@{s.user_id}>" in pinged.text() for s in info.seats if s.user_id)

    # Dee drops out during round 1: her game stays hers (she plays it out), she isn't paired again.
    dropped = await h.slash(dee, "tournament drop", {"tournament": tournament_id})
    assert "won't be paired again" in h.reply_text(dropped)

    # A restart mid-round: the event carries on from the database.
    await h.restart()
    await h.settle()
    people = {ann.id: ann, bob.id: bob, dee.id: dee}  # Cy is late every round: his seat times out
    await play_round(h, clock, tournament_id, 1, people, rng)
    await h.settle()
    view = await event(h, tournament_id)
    assert view.row.round == 2 and len(view.rounds) == 2
    for table in view.tables_of(1):
        info = await h.client.tables.game(table.game_id or 0)
        assert info.status == "finished" and table.decided == "played"
        late = [s.seat for s in info.seats if s.user_id == cy.id]
        if late:  # a seat an AI finished for a late player ranks last under this event's policy
            assert info.seats[late[0]].stand_in is not None
            assert table.places is not None and table.places[late[0]] == 2
    dee_entrant = view.entrant_of(dee.id)
    assert dee_entrant is not None
    seated = [e for t in view.tables_of(2) for e in t.entrants] + list(view.rounds[1].byes)
    assert dee_entrant.entrant not in seated and not view.rounds[1].byes  # 4 left: two tables

    # The standings, as a picture and a table, to anyone who asks.
    asked = await h.slash(ann, "tournament standings", {"tournament": tournament_id})
    reply = h.replies(asked)[-1]
    assert "standings.png" in reply.files and "Pts" in reply.text()

    # The organiser decides round 2's second table; the first is played to the end.
    second = view.tables_of(2)[1]
    decided = await h.slash(org, "tournament adjudicate", {"game": second.game_id, "places": "2 1"})
    assert "decided" in h.reply_text(decided)
    assert (await h.client.tables.game(second.game_id or 0)).status == "abandoned"
    await play_round(h, clock, tournament_id, 2, people, rng)
    await h.settle()
    view = await event(h, tournament_id)
    assert view.row.status == FINISHED
    champion = view.standings[0]
    final = [m for m in news(h, thread) if "is over!" in m.text()]
    assert len(final) == 1 and "standings.png" in final[0].files
    assert view.name_of(champion.entrant) in final[0].text() or f"<@{ann.id}>" in final[0].text() \
        or f"<@{bob.id}>" in final[0].text()
    assert all(e.final_place is not None for e in view.entrants)
    # Told once each, in order, across the restart.
    kinds = [m.text().split()[0] for m in news(h, thread)]
    assert kinds.count("🏁") == 1 and kinds.count("🏆") == 1 and kinds.count("📣") == 2 and kinds.count("✅") == 2
    assert kinds.count("⚖️") == 1 and kinds.count("👋") == 1
    adjudicated = (await event(h, tournament_id)).tables_of(2)[1]
    assert adjudicated.places == (2, 1) and adjudicated.decided == "adjudicated"

    # The records keep it: /stats shows a player's events; /tournament mine their place.
    stats = await h.slash(ann, "stats")
    assert "Yule cup (Nidavellir): finished" in h.reply_text(stats)
    mine = await h.slash(bob, "tournament mine")
    assert "Yule cup" in h.reply_text(mine) and "finished" in h.reply_text(mine)
    listed = await h.slash(cy, "tournament list")
    assert "Yule cup" in h.reply_text(listed) and "finished" in h.reply_text(listed)
