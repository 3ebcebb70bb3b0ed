"""Tournament controls through Discord (issue 40): every control that writes goes through the one
control path and its cooldowns (a refused attempt gives its use back), names never ping anyone,
a name must show, and the organiser's tools (`/tournament round`, `correct`, `close-round`, the
check-in and late entries) answer as a league organiser expects."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.store.tournaments import RUNNING
from tests.databases import sql_rows
from tests.discord.clocked import Clock
from tests.discord.harness import Harness, Message, User

MESSAGES = "/channels/{channel_id}/messages"
EASY = "Easy there"


async def open_event(h: Harness, org: User, **terms: Any) -> tuple[int, Message]:
    created = await h.slash(org, "tournament create", {"game": "nidavellir", "name": "Cup", "seats": 2, **terms})
    message = h.messages[created.original_id or 0]
    return int(h.button(message, "Join").split(":")[1]), message


def easy(h: Harness, invocations: list[Any]) -> int:
    return sum(EASY in h.reply_text(i) for i in invocations)


# -- cooldowns --------------------------------------------------------------------------------------
async def test_join_and_leave_clicks_share_a_budget_and_past_it_change_nothing(tmp_path: Path) -> None:
    async with Harness.open(tmp_path / "skald.sqlite3", click_limits=1.0) as h:
        org, ann = h.user("Organiser", manage_guild=True), h.user("Ann")
        tournament_id, message = await open_event(h, org)
        clicks = []
        for turn in range(8):  # 16 clicks in 8 s were each a write and an edit before
            clicks.append(await h.click(ann, h.button(h.messages[message.id], "Join" if turn % 2 == 0 else "Leave"),
                                        message=h.messages[message.id]))
        assert easy(h, clicks) == 4, "four sign-up clicks per 20 s"
        view = await h.client.tables.tournaments.view(tournament_id)
        assert view.entrants == ()  # joined, left, joined, left: the refused clicks changed nothing
        dropped = await h.slash(ann, "tournament drop", {"tournament": tournament_id})
        assert EASY in h.reply_text(dropped), "/tournament drop shares the buttons' budget"


async def test_a_refused_sign_up_click_uses_up_nothing(tmp_path: Path) -> None:
    async with Harness.open(tmp_path / "skald.sqlite3", click_limits=1.0) as h:
        org, ann = h.user("Organiser", manage_guild=True), h.user("Ann")
        _, message = await open_event(h, org)
        refused = [await h.click(ann, h.button(message, "Leave"), message=message) for _ in range(6)]
        assert all("not signed up" in h.reply_text(r) for r in refused)
        joined = await h.click(ann, h.button(message, "Join"), message=message)
        assert "You're in" in h.reply_text(joined)


async def test_the_organisers_commands_share_a_budget(tmp_path: Path) -> None:
    async with Harness.open(tmp_path / "skald.sqlite3", click_limits=1.0) as h:
        org = h.user("Organiser", manage_guild=True)
        tournament_id, _ = await open_event(h, org)
        added = [await h.slash(org, "tournament add-ai", {"tournament": tournament_id, "kind": "random"})
                 for _ in range(8)]
        assert easy(h, added) == 2, "six organiser actions a minute"
        assert len((await h.client.tables.tournaments.view(tournament_id)).entrants) == 6


async def test_pause_and_resume_share_a_budget_so_a_flood_posts_no_flood_of_news(
        clocked: Harness, clock: Clock) -> None:
    h = clocked
    h.client.cooldowns.control_factor = 1.0
    org, ann, bob = h.user("Organiser", manage_guild=True), h.user("Ann"), h.user("Bob")
    tournament_id, message = await open_event(h, org, clock="daily")
    for person in (ann, bob):  # people who take their time: the round stays open
        await h.click(person, h.button(h.messages[message.id], "Join"), message=h.messages[message.id])
    await h.click(org, h.button(h.messages[message.id], "Start"), message=h.messages[message.id])
    flips = [await h.slash(org, "tournament pause" if n % 2 == 0 else "tournament resume",
                           {"tournament": tournament_id}) for n in range(12)]
    assert easy(h, flips) == 8, "four pauses and resumes a minute"
    news = await h.client.tables.tournaments.desk.news.news(tournament_id)
    assert sum(n.kind in ("paused", "resumed") for n in news) == 4


async def test_refused_creates_leave_the_organiser_their_whole_budget(tmp_path: Path) -> None:
    async with Harness.open(tmp_path / "skald.sqlite3", click_limits=1.0) as h:
        org = h.user("Organiser", manage_guild=True)
        typos = [await h.slash(org, "tournament create", {"game": "nidavellir", "name": "Cup", "clock": "12x"})
                 for _ in range(3)]
        assert all("⛔" in h.reply_text(t) and EASY not in h.reply_text(t) for t in typos)
        made = [await h.slash(org, "tournament create", {"game": "nidavellir", "name": f"Cup {n}"}) for n in range(4)]
        assert easy(h, made) == 1, "three events a minute, the typos not counted"


# -- names never ping -----------------------------------------------------------------------------------
async def test_a_name_holding_mentions_pings_nobody_and_a_name_must_show(tmp_path: Path) -> None:
    async with Harness.open(tmp_path / "skald.sqlite3") as h:
        org, ann, eve = h.user("Organiser", manage_guild=True), h.user("Ann"), h.user("Eve")
        blank = await h.slash(org, "tournament create", {"game": "nidavellir", "name": "\u200b \u200b"})
        assert "needs at least one letter, number or symbol that shows" in h.reply_text(blank)
        name = f"Cup for <@{eve.id}> @everyone <@&{h.guild_id}>"
        tournament_id, message = await open_event(h, org, name=name)
        await h.click(ann, h.button(message, "Join"), message=message)
        await h.slash(org, "tournament add-ai", {"count": 1, "kind": "random"})
        message = h.messages[message.id]
        await h.click(org, h.button(message, "Start"), message=message)
        await h.settle()
        view = await h.client.tables.tournaments.view(tournament_id)
        assert view.row.status == RUNNING
        posts = [r for r in h.requests if r.method == "POST" and r.path == MESSAGES]
        assert posts, "the news and the table's thread were posted"
        for request in posts:
            body = request.json or {}
            mentions = body.get("allowed_mentions") or {}
            assert set(mentions.get("parse", [])) <= set(), f"nothing parsed: {mentions}"
            assert str(eve.id) not in [str(u) for u in mentions.get("users", [])], "Eve never joined"
            text = str(body.get("content") or "")
            assert f"<@{eve.id}>" not in text and "@everyone" not in text
        pinged = {str(u) for r in posts for u in ((r.json or {}).get("allowed_mentions") or {}).get("users", [])}
        assert str(ann.id) in pinged, "the entrant meant is pinged"


# -- the organiser's tools ------------------------------------------------------------------------------
async def test_round_shows_the_pairings_and_the_tables_still_playing(tmp_path: Path) -> None:
    async with Harness.open(tmp_path / "skald.sqlite3") as h:
        org, ann, bob = h.user("Organiser", manage_guild=True), h.user("Ann"), h.user("Bob")
        tournament_id, message = await open_event(h, org, rounds=2, clock="daily")
        none_yet = await h.slash(ann, "tournament round", {"tournament": tournament_id})
        assert "no round paired yet" in h.reply_text(none_yet)
        for person in (ann, bob):
            await h.click(person, h.button(message, "Join"), message=message)
        await h.slash(org, "tournament add-ai", {"count": 2, "kind": "random"})
        await h.slash(org, "tournament start", {"tournament": tournament_id})
        shown = h.reply_text(await h.slash(bob, "tournament round", {"tournament": tournament_id}))
        assert "**Round 1**" in shown and "2 tables" in shown and "⏳ playing" in shown
        assert "Table 1:" in shown and "Table 2:" in shown


async def test_the_organiser_closes_a_round_and_corrects_a_table_through_discord(tmp_path: Path) -> None:
    async with Harness.open(tmp_path / "skald.sqlite3") as h:
        org, ann, bob = h.user("Organiser", manage_guild=True), h.user("Ann"), h.user("Bob")
        tournament_id, message = await open_event(h, org, rounds=2, clock="daily")
        for person in (ann, bob):
            await h.click(person, h.button(message, "Join"), message=message)
        await h.slash(org, "tournament start", {"tournament": tournament_id})
        refused = await h.slash(ann, "tournament close-round", {"tournament": tournament_id})
        assert "Only the organiser" in h.reply_text(refused)
        closed = await h.slash(org, "tournament close-round", {"tournament": tournament_id})
        assert "Closing the round" in h.reply_text(closed)
        await h.settle()
        await h.client.tables.scheduler.run_due()
        await h.settle()
        view = await h.client.tables.tournaments.view(tournament_id)
        assert view.row.round == 2
        table = view.tables_of(1)[0]
        assert table.decided == "deadline" and table.places == (1, 1)
        fixed = await h.slash(org, "tournament correct", {"tournament": tournament_id, "game": table.game_id,
                                                         "places": "1 2"})
        assert "corrected" in h.reply_text(fixed)
        await h.settle()
        thread = view.row.thread_id or 0
        told = [m.text() for m in h.posts(thread)]
        assert any(t.startswith("⏱️ The organiser closes round 1") for t in told)
        assert any(t.startswith("✏️ The organiser corrected table 1 of round 1") and "Standings now" in t
                   for t in told)


async def test_check_in_by_button_before_sign_up_closes(clocked: Harness, clock: Clock) -> None:
    h = clocked
    org, ann, bob = h.user("Organiser", manage_guild=True), h.user("Ann"), h.user("Bob")
    tournament_id, message = await open_event(h, org, rounds=1, signup_hours=2, checkin_minutes=60)
    for person in (ann, bob):
        await h.click(person, h.button(message, "Join"), message=message)
    await h.slash(org, "tournament add-ai", {"count": 1, "kind": "random"})
    clock.advance(3600 + 1)
    await h.client.tables.scheduler.run_due()
    await h.settle()
    message = h.messages[message.id]
    checked = await h.click(ann, h.button(message, "Check in"), message=message)
    assert "Checked in" in h.reply_text(checked)
    thread = (await h.client.tables.tournaments.view(tournament_id)).row.thread_id or 0
    call = next(m for m in h.posts(thread) if m.text().startswith("🔔 Check-in"))
    assert f"<@{bob.id}>" in call.text()
    clock.advance(3600)
    await h.client.tables.scheduler.run_due()
    await h.settle()
    view = await h.client.tables.tournaments.view(tournament_id)
    assert view.row.status == RUNNING and view.entrant_of(bob.id) is None and view.entrant_of(ann.id) is not None
    started = next(m for m in h.posts(thread) if m.text().startswith("🏁"))
    assert "left out: Bob" in started.text()


async def test_a_late_entry_by_the_join_late_button(tmp_path: Path) -> None:
    async with Harness.open(tmp_path / "skald.sqlite3") as h:
        org, ann, bob, cy = h.user("Organiser", manage_guild=True), h.user("Ann"), h.user("Bob"), h.user("Cy")
        tournament_id, message = await open_event(h, org, rounds=4, clock="daily")
        for person in (bob, cy):  # they take their time: round 1 stays open
            await h.click(person, h.button(message, "Join"), message=message)
        await h.slash(org, "tournament start", {"tournament": tournament_id})
        await h.settle()
        message = h.messages[message.id]
        joined = await h.click(ann, h.button(message, "Join late"), message=message)
        assert "paired from the next round" in h.reply_text(joined)
        view = await h.client.tables.tournaments.view(tournament_id)
        assert view.entrant_of(ann.id) is not None


async def test_a_damaged_news_item_lets_the_bot_start_and_sets_only_its_event_aside(tmp_path: Path) -> None:
    db = tmp_path / "skald.sqlite3"
    async with Harness.open(db) as h:
        org, ann = h.user("Organiser", manage_guild=True), h.user("Ann")
        damaged, message = await open_event(h, org, name="Broken cup", clock="daily")
        healthy, _ = await open_event(h, org, name="Whole cup")
        await h.click(ann, h.button(message, "Join"), message=message)
        await h.slash(org, "tournament add-ai", {"tournament": damaged, "count": 1, "kind": "random"})
        await h.crash()
        await sql_rows(db, "INSERT INTO tournament_news (tournament_id, seq, kind, body, created_at) "
                           "VALUES (?, 1, 'started', '{not json', 0)", [(damaged,)])
        await h.start()  # the bot starts, catches up, and sets the damaged event aside
        await h.settle()
        refused = await h.slash(ann, "tournament standings", {"tournament": damaged})
        assert "can't be used right now" in h.reply_text(refused)
        listed = h.reply_text(await h.slash(ann, "tournament list"))
        assert "Whole cup" in listed and "Broken cup" not in listed
        shown = await h.slash(ann, "tournament standings", {"tournament": healthy})
        assert "Whole cup — standings" in h.reply_text(shown)
