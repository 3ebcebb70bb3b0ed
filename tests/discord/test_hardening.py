"""Issue 12's findings in Discord: privacy of lookups and clicks, limits, bad input, settings.
Each test is named after the finding it pins."""

from __future__ import annotations

import logging
import os
from pathlib import Path

import aiosqlite
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.discord.app import Settings, SettingsError
from bot.logs import configure_logging
from engine import registry
from tests.discord.harness import Harness
from tests.discord.table_play import open_table


async def test_a_bystanders_game_list_never_shows_a_game_that_no_longer_loads(harness: Harness) -> None:
    h = harness
    ann, bob, cy = h.user("ann"), h.user("bob"), h.user("cy")
    broken = await open_table(h, ann, "tranquility", [bob])
    healthy = await open_table(h, cy, "tranquility")
    seat = (await h.client.tables.game(broken)).to_move[0]
    user = ann if seat == 0 else bob
    hand = (await h.client.tables.table_view(broken, user.id)).legal_moves
    await h.client.tables.play.move(broken, user.id, 0, hand[-1].text)
    await h.settle()
    await h.restart()
    # A rules change (or a bad disk) makes the stored move name a card its seat doesn't hold.
    async with aiosqlite.connect(h.db) as db:
        await db.execute("UPDATE moves SET text = 'discard 1 2 3' WHERE game_id = ?", (broken,))
        await db.commit()
    await h.restart()
    dee = h.user("dee")
    before = h.reply_text(await h.slash(dee, "game list"))  # listed from its row: nothing is replayed
    assert f"#{healthy} " in before
    assert "hold" not in before and "discard" not in before, "no engine refusal reaches a bystander"
    board = await h.slash(h.user("eve"), "game board", {"game": broken})
    assert "can't be loaded right now" in h.reply_text(board) and "discard" not in h.reply_text(board)
    after = h.reply_text(await h.slash(dee, "game list"))
    assert f"#{healthy} " in after and f"#{broken} " not in after, "once found, it is left out of listings"


async def test_game_list_in_a_dm_lists_only_the_callers_own_games(harness: Harness) -> None:
    h = harness
    ann, bob = h.user("ann"), h.user("bob")
    mine = await open_table(h, ann, "tranquility")
    theirs = await open_table(h, bob, "tranquility")
    dm = h.dm_channels[ann.id]
    text = h.reply_text(await h.slash(ann, "game list", channel_id=dm))
    assert f"#{mine} " in text and f"#{theirs} " not in text


async def test_lookups_in_a_server_respect_the_callers_view_of_the_games_channel(harness: Harness) -> None:
    h = harness
    secret_channel = 4242
    h.guild_create(hidden=[secret_channel])
    ann, bob = h.user("ann"), h.user("bob")
    game_id = await open_table(h, ann, "tranquility")
    async with aiosqlite.connect(h.db) as db:  # as if it had been opened in the staff-only channel
        await db.execute("UPDATE games SET channel_id = ?, thread_id = NULL WHERE id = ?", (secret_channel, game_id))
        await db.commit()
    await h.restart()
    h.guild_create(hidden=[secret_channel])
    seen = await h.slash(bob, "game board", {"game": game_id})
    assert f"There is no game #{game_id} here" in h.reply_text(seen)
    assert "board.png" not in "".join(f for m in h.replies(seen) for f in m.files)
    own = await h.slash(ann, "game board", {"game": game_id})
    assert "board.png" in "".join(f for m in h.replies(own) for f in m.files), "a seat holder still sees it"


async def test_a_control_acts_only_in_the_server_its_game_lives_in(harness: Harness) -> None:
    h = harness
    ann = h.user("ann")
    game_id = await open_table(h, ann, "tranquility")
    board = h.last_board(game_id)
    home = h.guild_id
    h.guild_id = home + 1  # the same custom id, clicked from another server
    try:
        click = await h.click(h.user("mallory"), h.button(board, "My hand"), message=board)
    finally:
        h.guild_id = home
    assert f"There is no game #{game_id} here" in h.reply_text(click)


async def test_per_user_limits_also_cover_buttons_and_autocomplete(tmp_path: Path) -> None:
    async with Harness.open(tmp_path / "skald.sqlite3", click_limits=1.0) as h:
        ann = h.user("ann")
        game_id = await open_table(h, ann, "tranquility")
        board = h.last_board(game_id)
        answers = [h.reply_text(await h.click(ann, h.button(board, "My hand"), message=board)) for _ in range(8)]
        assert "Easy there" in answers[-1] and "Easy there" not in answers[0]
        typed = [await h.autocomplete(ann, "move", {"text": "pl"}, "text") for _ in range(30)]
        assert typed[0] and typed[-1] == [], "beyond the limit the suggestions pause"


async def test_every_option_play_offers_either_plays_or_is_refused_before_a_lobby_opens(harness: Harness) -> None:
    h = harness
    host = h.user("host")
    for name in registry.names():
        game = registry.get(name)
        for spec in game.options():
            for value in spec.choices:
                before = len(await h.client.tables.list_games(h.guild_id))
                inv = await h.slash(host, f"play {name}", {spec.name: value})
                opened = len(await h.client.tables.list_games(h.guild_id)) > before
                if opened:
                    game.setup(game.min_players, {spec.name: value}, 1)  # it will start
                    info = (await h.client.tables.list_games(h.guild_id))[0]
                    await h.client.tables.lobby.cancel(info.game_id, host.id)
                else:
                    assert "⛔" in h.reply_text(inv), f"{name} {spec.name}={value}: no reason given"


async def test_move_text_over_the_limit_is_refused_before_parsing(harness: Harness) -> None:
    h = harness
    ann = h.user("ann")
    await open_table(h, ann, "tranquility")
    inv = await h.slash(ann, "move", {"text": "place 1 at 1 " + "9" * 5000})
    assert "at most 200 characters" in h.reply_text(inv)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(min_size=1, max_size=6000))
async def test_any_move_text_gets_a_reply_and_never_an_error_log(harness: Harness, text: str) -> None:
    h = harness
    if not hasattr(h, "fuzz_game"):
        ann = h.user("ann")
        setattr(h, "fuzz_user", ann)  # noqa: B010 - state kept across examples on the fixture
        setattr(h, "fuzz_game", await open_table(h, ann, "nidavellir", [h.user("bob")]))  # noqa: B010
    errors: list[logging.LogRecord] = []
    handler = Collect(errors)
    logging.getLogger().addHandler(handler)
    try:
        inv = await h.slash(h.fuzz_user, "move", {"text": text})  # type: ignore[attr-defined]
    finally:
        logging.getLogger().removeHandler(handler)
    assert inv.acknowledged and h.replies(inv), "every text gets an answer"
    assert all(m.ephemeral_for == h.fuzz_user.id for m in h.replies(inv))  # type: ignore[attr-defined]
    assert not errors, [r.getMessage() for r in errors]
    assert "Sorry — something went wrong" not in h.reply_text(inv)


class Collect(logging.Handler):
    """Keeps the ERROR records logged while it is attached."""

    def __init__(self, into: list[logging.LogRecord]) -> None:
        super().__init__(logging.ERROR)
        self.into = into

    def emit(self, record: logging.LogRecord) -> None:
        self.into.append(record)


def test_debug_logging_keeps_the_chatty_libraries_at_info() -> None:
    names = ("aiosqlite", "discord.http")
    before = {n: logging.getLogger(n).level for n in names}
    try:
        configure_logging("DEBUG")
        assert not any(logging.getLogger(n).isEnabledFor(logging.DEBUG) for n in names)
    finally:
        for name, level in before.items():
            logging.getLogger(name).setLevel(level)


def test_settings_refuse_a_bad_relay_url_without_repeating_its_password(tmp_path: Path) -> None:
    env = {"DISCORD_TOKEN": "t", "SKALD_DB": str(tmp_path / "s.db"), "SKALD_MQTT_URL": "http://bob:hunter2@broker"}
    with pytest.raises(SettingsError) as refused:
        Settings.from_env(env)
    assert "hunter2" not in str(refused.value) and "bob" not in str(refused.value)
    assert "SKALD_MQTT_URL" in str(refused.value)


def test_settings_refuse_a_database_folder_that_is_missing_or_read_only(tmp_path: Path) -> None:
    with pytest.raises(SettingsError, match="does not exist"):
        Settings.from_env({"DISCORD_TOKEN": "t", "SKALD_DB": str(tmp_path / "nowhere" / "s.db")})
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        if os.access(locked, os.W_OK):
            pytest.skip("running as a user who can write anywhere")
        with pytest.raises(SettingsError, match="can't write"):
            Settings.from_env({"DISCORD_TOKEN": "t", "SKALD_DB": str(locked / "s.db")})
    finally:
        locked.chmod(0o700)
