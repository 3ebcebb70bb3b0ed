"""A whole event run through Discord the way a server runs one, under faults (issue 40): eight
entrants, three Swiss rounds, a drop-out, an absent player, Discord failing five posts in a row,
a post whose answer was lost, and the bot killed twice. Every news item is posted exactly once,
in order, and each round's standings are those at its close (never a later round's bye)."""

from __future__ import annotations

import random

from bot.record_pictures import standings_text
from bot.store.tournaments import FINISHED
from bot.tables.tournaments import TournamentView, standings_record
from tests.discord.clocked import Clock
from tests.discord.harness import Harness
from tests.discord.table_play import choose, live_panel
from tests.discord.test_tournaments import event, play_round

MESSAGES = "/channels/{channel_id}/messages"
# How each kind of news item's post begins (bot/discord/event_posts.py).
EMOJI = {"started": "🏁 ", "round": "📣 ", "round_closed": "✅ ", "dropped": "👋 ", "finished": "🏆 "}


async def tell_through_outage(h: Harness, tournament_id: int, rounds: int = 40) -> None:
    """Let the news announcer's retries run (timers, not tasks: the harness fires them) until the
    event has nothing left to tell."""
    news = h.client.tables.tournaments.desk.news
    for _ in range(rounds):
        await h.settle()
        if not await news.untold_news(tournament_id):
            return
        h.client.notifier.news.retry_now()
    raise AssertionError("the news was never told")


def posted_news(h: Harness, thread: int) -> list[str]:
    return [m.text() for m in h.posts(thread)]


async def test_an_event_under_a_discord_outage_and_two_kills_tells_each_news_once_in_order_with_standings_at_close(
        clocked: Harness, clock: Clock) -> None:
    h = clocked
    org = h.user("Organiser", manage_guild=True)
    ann, bob, cy = h.user("Ann"), h.user("Bob"), h.user("Cy")
    rng = random.Random(11)
    created = await h.slash(org, "tournament create", {"game": "nidavellir", "name": "Thing cup", "seats": 2,
                                                      "rounds": 3, "clock": "live", "late_until": 0})
    message = h.messages[created.original_id or 0]
    tournament_id = int(h.button(message, "Join").split(":")[1])
    for person in (ann, bob, cy):
        await h.click(person, h.button(message, "Join"), message=message)
    await h.slash(org, "tournament add-ai", {"count": 5, "kind": "random"})
    message = h.messages[message.id]
    await h.click(org, h.button(message, "Start"), message=message)
    await h.settle()
    view = await event(h, tournament_id)
    thread = view.row.thread_id
    assert thread is not None and len(view.tables_of(1)) == 4

    # Bob drops out at once and leaves his round-1 game (an AI finishes it); Cy never moves at all.
    await h.slash(bob, "tournament drop", {"tournament": tournament_id})
    bobs = next(t for t in view.tables_of(1) if view.entrant_of(bob.id).entrant in t.entrants)  # type: ignore[union-attr]
    await h.slash(bob, "game leave", {"game": bobs.game_id})

    # Discord fails the next five posts in the news thread (round 1's end and what follows), and
    # then loses the answer to one that it did post: the retry with the same nonce is that post.
    h.fail("POST", MESSAGES, status=500, times=5, channel_id=thread)
    h.fail("POST", MESSAGES, status=500, times=1, channel_id=thread, after_create=True)
    # The round outlasts the outage's retries, however fast the host: each waits an hour of real
    # time, so only new news wakes the announcer before the kill (on a loaded CI host the harness's
    # 0.2-2 s retries had all run, and the outage was over, before the round ended).
    h.client.backoff.base = h.client.backoff.cap = 3600.0
    await play_round(h, clock, tournament_id, 1, {ann.id: ann}, rng)
    view = await event(h, tournament_id)
    assert view.row.round == 2
    untold = await h.client.tables.tournaments.desk.news.untold_news(tournament_id)
    assert [n.kind for n in untold][:2] == ["round_closed", "round"], "failed posts stay untold"

    # Killed mid-outage: the retries die with the process; the next one tells what was missed.
    await h.crash()
    await h.start()
    await tell_through_outage(h, tournament_id)
    await play_round(h, clock, tournament_id, 2, {ann.id: ann}, rng)

    # Killed again, mid-round 3, with AI seats at work: the event and its tables carry on.
    view = await event(h, tournament_id)
    table = next(t for t in view.tables_of(3) if view.entrant_of(ann.id).entrant in t.entrants)  # type: ignore[union-attr]
    if (await h.client.tables.game(table.game_id or 0)).status == "running":
        await choose(h, ann, live_panel(h, ann, table.game_id or 0), rng)
    await h.crash()
    await h.start()
    await h.settle()
    await play_round(h, clock, tournament_id, 3, {ann.id: ann}, rng)
    await tell_through_outage(h, tournament_id)

    view = await event(h, tournament_id)
    assert view.row.status == FINISHED
    assert all(failure.times == 0 for failure in h.failures), "Discord failed every post it was set to fail"
    items = await h.client.tables.tournaments.desk.news.news(tournament_id)
    posts = h.posts(thread)
    # Exactly once each, in order: every item is a post of its own, and the thread holds nothing else.
    assert len(posts) == len(items), [p.text()[:40] for p in posts]
    assert [p.text()[:2] for p in posts] == [EMOJI[n.kind] for n in items]
    kinds = [n.kind for n in items]
    assert kinds.count("round") == 3 and kinds.count("round_closed") == 3 and kinds.count(FINISHED) == 1
    assert kinds[0] == "started" and kinds[-1] == FINISHED

    # Each round's posted standings are the standings as that round closed: recomputed from the
    # tables of that round and before, and the byes of those rounds only.
    closed = [(n, p) for n, p in zip(items, posts, strict=True) if n.kind == "round_closed"]
    for news, post in closed:
        number = int(news.body["round"])
        lines = view.format.standings(view.event.upto(number))
        assert standings_text(standings_record(view, lines)) in post.text()
        kept = [(line["name"], line["points"]) for line in news.body["standings"]["lines"]]
        assert standings_of(view, number) == kept
    # Round 2's bye (7 entrants after Bob dropped) is not in round 1's standings.
    bye = view.rounds[1].byes
    assert len(bye) == 1
    first = next(n for n, _ in closed if n.body["round"] == 1)
    had = next(line for line in first.body["standings"]["lines"] if line["entrant"] == bye[0])
    played_1 = next(t for t in view.tables_of(1) if bye[0] in t.entrants)
    assert played_1.places is not None
    assert had["points"] == (1.0 if played_1.places[played_1.entrants.index(bye[0])] == 1 else 0.0)

    # The absent player never collects an AI's win; the drop-out is out and off the podium.
    cy_entrant = view.entrant_of(cy.id)
    assert cy_entrant is not None
    for table in view.tables:
        if cy_entrant.entrant in table.entrants and table.places is not None:
            assert table.places[table.entrants.index(cy_entrant.entrant)] == 2
    podium = next(n for n in items if n.kind == FINISHED).body["podium"]
    assert all(p["user_id"] not in (bob.id, cy.id) for p in podium)
    assert view.line_of(view.entrant_of(bob.id).entrant).out  # type: ignore[union-attr]


def standings_of(view: TournamentView, number: int) -> list[tuple[str, float]]:
    return [(view.name_of(line.entrant), line.points) for line in view.format.standings(view.event.upto(number))]

