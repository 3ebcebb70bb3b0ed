"""A whole It's a Wonderful World game in a server: one person and two AI seats, only interactions.

Ann opens a 3-seat table with the Empire's b face, adds two AIs and starts; every pick, placement
and `done` of hers is a click on her DM panel, except the first move of each planning, typed with
`/move` from its autocomplete. From round 2's planning to round 3's she has autopass on (a
choice on her panel): the production steps she produces nothing in pass her by. The AIs (the
descriptor's strongest, the planner) play at once, so each simultaneous step waits for her alone.
Nothing she was shown alone, and no seat's hand or sealed pick, reaches the thread or the MQTT
relay.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import renderer
from bot.move_log import replay
from engine import registry
from engine.wonderful.cards import title
from tests.discord.harness import Harness, User
from tests.discord.privacy import assert_public_board_is_the_spectators, private_lines, view_at
from tests.discord.table_play import live_panel, make_move, open_table, whose_turn
from tests.discord.test_records import answer, picture_of
from tests.discord.test_relay_attached import _mqtt_side
from tests.relay.broker import LocalBroker, Recorder

MOST_SITES = 4  # Ann slates drafted cards while fewer than this wait under construction, else recycles them


AUTOPASS = {2: "set autopass on", 3: "set autopass off"}  # what she says in each round's planning


def ann_move(texts: list[str], view: dict[str, Any]) -> str:
    """A plain player's next move: the first card offered, supremacy's general, autopass as
    AUTOPASS says, her drafted cards slated while few wait under construction (the rest
    recycled), what she has placed on her cards (onto the Empire card only when nothing else
    takes it), then done."""
    board = view["boards"][0]
    drafts = [t for t in texts if t.startswith("draft ")]
    if drafts:
        return drafts[0]
    switch = AUTOPASS.get(view["round"])
    if view["phase"] == "planning" and switch in texts:
        return switch
    if "choose general" in texts:
        return "choose general"
    if board["drafted"]:
        card = board["drafted"][0]
        slate = f"construct {card}"
        return slate if slate in texts and len(board["sites"]) < MOST_SITES else f"recycle {card}"
    placed = [t for t in texts if t.startswith("place ") and not t.endswith(" on krystallium")]
    return placed[0] if placed else "done" if "done" in texts else texts[0]


async def play_ann(h: Harness, ann: User, game_id: int, thread: int) -> list[tuple[int, str, str]]:
    """Ann's moves to the game's end: (round, phase, move text) of each."""
    made: list[tuple[int, str, str]] = []
    typed_in: set[int] = set()  # the rounds whose planning she began with /move
    sealed = 0  # draft turns seen with the AIs' picks made and hers not
    produced: list[tuple[int, int]] = []  # at each production move: the round, what she makes of the step's resource
    while (await h.client.tables.game(game_id)).status == "running":
        assert len(made) < 400, "the game did not end"
        assert await whose_turn(h, game_id) == [ann.id], "the AI seats never keep her waiting"
        table = await h.client.tables.table_view(game_id, ann.id)
        view = table.view
        texts = [m.text for m in table.legal_moves]
        text = ann_move(texts, view)
        if view["phase"] == "draft":
            sealed += await no_sealed_pick_is_told(h, game_id, thread)
        if view["phase"] == "planning" and view["round"] not in typed_in:
            typed_in.add(view["round"])
            offered = [c["value"] for c in await h.autocomplete(ann, "move", {"text": text.split()[0]}, "text",
                                                                 channel_id=thread)]
            assert text in offered, (text, offered)
            inv = await h.slash(ann, "move", {"text": text}, channel_id=thread)
        else:
            panel = live_panel(h, ann, game_id)
            assert panel.id in {m.id for m in h.dms(ann)}, "her controls are in her DMs"
            inv = await make_move(h, ann, panel, text)
            if text.startswith("draft "):  # the reply words the move as its button does, not as a key
                reply = h.reply_text(inv)
                assert title(text.split()[1]) in reply and text not in reply, reply
        assert inv.acknowledged and "⛔" not in h.reply_text(inv), h.reply_text(inv)
        made.append((view["round"], view["phase"], text))
        if view["phase"] == "production":
            produced.append((view["round"], view["boards"][0]["production"][view["step"]]))
    assert sealed == 4 * 7, "every draft turn waited for her with the AIs' picks sealed"
    assert all(made for round_number, made in produced if round_number == 2), "autopass passed her empty steps"
    assert any(not made for _, made in produced), "without autopass she is asked in every step she could act in"
    return made


async def no_sealed_pick_is_told(h: Harness, game_id: int, thread: int) -> int:
    """While a draft turn is not complete, the thread's living message names none of its picks
    made (1 if some were made and so checked, else 0)."""
    table = await h.client.tables.table_view(game_id, None)
    if table.view["phase"] != "draft" or not any(b["picked"] for b in table.view["boards"]):
        return 0
    living = h.last_message(thread).text()
    told = living.rsplit("Drafted:", 1)[-1] if "Drafted:" in living else living
    for seat, board in enumerate(table.view["boards"]):
        if board["picked"]:
            pick = (await view_at(h, game_id, table.state_id, seat))["pick"]
            assert pick is not None and title(pick) not in told.split("\n", 1)[-1], (pick, living)
    return 1


async def spectator_views(h: Harness, game_id: int) -> dict[int, dict[str, Any]]:
    """The spectator view after every change of the game, by state id (its log replayed once)."""
    row = await h.client.tables.store.games.game(game_id)
    assert row is not None and row.seed is not None
    game = registry.get(row.game)
    start = game.setup(len(await h.client.tables.store.games.seats(game_id)), row.options, row.seed, row.engine_version)
    views = {0: game.view(start, None)}
    for replayed in replay(game, start, await h.client.tables.store.games.moves(game_id)):
        views[replayed.change.state_id] = game.view(replayed.state, None)
    return views


async def test_wonderful_is_played_to_the_end_from_the_dm_panel(tmp_path: Path) -> None:
    broker = LocalBroker()
    await broker.start()
    try:
        async with Recorder(broker.port) as relayed, \
                Harness.open(tmp_path / "skald.sqlite3", mqtt_url=broker.url) as h:
            h.foreign = _mqtt_side
            await play_whole_game(h, relayed)
            assert not h.refused_forms, f"messages Discord would refuse: {h.refused_forms}"
    finally:
        await broker.stop()


async def play_whole_game(h: Harness, relayed: Recorder) -> None:
    ann = h.user("ann")
    game_id = await open_table(h, ann, "wonderful", ais=2, options={"face": "b"})
    info = await h.client.tables.game(game_id)
    assert info.options == {"face": "b"} and [s.ai for s in info.seats] == [None, "planner", "planner"]
    thread = info.thread_id or 0
    made = await play_ann(h, ann, game_id, thread)

    # She drafted and planned in every round, and placed her production.
    for round_number in (1, 2, 3, 4):
        verbs = {text.split()[0] for r, phase, text in made if r == round_number and phase != "production"}
        assert {"draft", "done"} <= verbs and verbs & {"construct", "recycle"}, (round_number, verbs)
    assert [(r, text) for r, _, text in made if text.startswith("set ")] == [(2, "set autopass on"),
                                                                             (3, "set autopass off")]
    assert any(phase == "production" and text.startswith("place ") for _, phase, text in made)
    assert all(inv.acknowledged and not inv.calls_before_ack for inv in h.invocations.values())
    assert not h.unhandled

    # The result is posted with the final picture; the thread told each revealed step in one post.
    info = await h.client.tables.game(game_id)
    assert info.status == "finished" and info.outcome is not None and len(info.outcome["scores"]) == 3
    names = [s.name for s in info.seats]
    last = h.last_message(thread)
    assert "🏁" in last.text() and "points" in last.text() and "board.png" in last.files
    final = {**(await h.client.tables.table_view(game_id, None)).view, "outcome": info.outcome}
    assert last.files["board.png"] == renderer.draw(final, names, "outcome").png()
    story = "\n".join(m.text() for m in h.channel_messages(thread))
    assert story.count("• Drafted: ") == 4 * 7 and story.count("• Planning, round ") == 4
    for resource in ("Materials", "Energy", "Science", "Gold", "Exploration"):
        assert story.count(f"• {resource} production: ") == 4, resource
    posts = h.channel_messages(thread)
    assert len(posts) < 4 * (7 + 1 + 5) + 2, "her private moves are not posted one by one"
    await assert_public_board_is_the_spectators(h, game_id, h.last_board(game_id), names)

    # Nothing private in the channel, the thread or the relay: her 🔒 lines, the seats' hands and picks.
    secrets = private_lines(h)
    assert secrets, "she was told her picks and placements privately"
    for message in h.public_messages():
        text = message.text().replace("**", "")
        assert not any(secret in text for secret in secrets), text
    await relayed.wait_for(lambda got: any(m.topic.endswith(f"/{game_id}/state") and m.json()["outcome"]
                                           for m in got))
    states = [m for m in relayed.messages if m.topic.endswith(f"/{game_id}/state") and m.json()["view"]]
    assert len(states) > 20
    spectator = await spectator_views(h, game_id)
    for received in states:
        document = received.json()
        assert document["view"]["viewer"] is None and "hand" not in document["view"] and "pick" not in document["view"]
        assert document["view"] == spectator[document["seq"]], "the relay sends the spectator view"
    assert not any(secret in json.dumps(m.json(), ensure_ascii=False) for m in states for secret in secrets)

    # Her records count the game: /stats answers for It's a Wonderful World with her result and rating.
    stats = await h.slash(ann, "stats", {"game": "wonderful"})
    told = answer(h, stats).text()
    assert "It's a Wonderful World" in told and " of 1" in told, told
    picture_of(h, stats, "stats.png")


async def test_every_seat_still_to_pick_has_its_clock_running_and_its_panel(harness: Harness) -> None:
    """Every step is simultaneous: both people's clocks run at once from the first draft turn,
    each gets a DM panel, and the thread waits for both by name until the picks are revealed."""
    h = harness
    ann, bob = h.user("ann"), h.user("bob")
    game_id = await open_table(h, ann, "wonderful", [bob], ais=1)
    info = await h.client.tables.game(game_id)
    assert sorted(info.to_move) == [0, 1], "the AI has picked; both people are awaited"
    assert all(info.seats[seat].deadline is not None for seat in (0, 1)) and info.seats[2].deadline is None
    living = h.last_board(game_id).content
    assert all(f"<t:{info.seats[seat].deadline:.0f}:R>" in living for seat in (0, 1))
    hand = (await h.client.tables.table_view(game_id, ann.id)).view["hand"]
    posted = h.last_board(game_id).id
    await make_move(h, ann, live_panel(h, ann, game_id), f"draft {hand[0]}")
    info = await h.client.tables.game(game_id)
    assert list(info.to_move) == [1] and info.seats[1].deadline is not None
    # The AI's pick may land before the turn's first post or after it (it thinks in the
    # background), so the count reads "1 of 2" or "2 of 3"; either way the post is edited.
    board = h.last_board(game_id)
    assert board.id == posted, "edited, not posted"
    assert re.match(r"⏳ (1 of 2|2 of 3) in — waiting for \*\*bob\*\* ⏰", board.content), board.content
    assert live_panel(h, bob, game_id).id in {m.id for m in h.dms(bob)}
