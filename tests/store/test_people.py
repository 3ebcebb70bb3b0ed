"""People's own settings and game mutes (schema 11): one row per person and key across servers,
read and written the same way on both databases, and checked by `skald db verify`."""

from __future__ import annotations

from bot.store import open_store
from bot.tables import Tables, notify
from bot.tables.audit import verify
from tests.databases import Target, sql_rows
from tests.tables.conftest import ALICE, BOB, duel
from tests.tables.duel import games


async def test_a_persons_settings_and_mutes_are_kept_per_person_across_servers(database: Target) -> None:
    store = await open_store(database)
    try:
        game_id = await store.games.create_game(guild_id=1, channel_id=2, host_id=3, host_name="Ann",
                                                game="tranquility", options={}, now=10.0)
        other = await store.games.create_game(guild_id=9, channel_id=8, host_id=3, host_name="Ann",
                                              game="tranquility", options={}, now=10.0)
        assert await store.settings.person_settings([3, 4]) == {}
        await store.settings.set_person_setting(3, "notify", "deadline", 11.0)
        await store.settings.set_person_setting(3, "notify", "every_turn", 12.0)  # the last choice holds
        await store.settings.set_person_setting(4, "notify", "deadline", 12.0)
        assert await store.settings.person_settings([3, 4, 5]) == {3: {"notify": "every_turn"},
                                                                   4: {"notify": "deadline"}}
        await store.settings.set_muted(3, game_id, True, 13.0)
        await store.settings.set_muted(3, game_id, True, 14.0)  # twice: still one mute
        await store.settings.set_muted(4, game_id, True, 14.0)
        await store.settings.set_muted(4, game_id, False, 15.0)
        await store.settings.set_muted(5, game_id, False, 15.0)  # never muted: nothing to take back
        assert await store.settings.muted(game_id) == {3}
        assert await store.settings.muted(other) == set()
    finally:
        await store.close()


async def test_a_persons_setting_that_no_longer_decodes_falls_back_and_verify_names_it(database: Target) -> None:
    tables = await Tables.open(database, games=games)
    try:
        game_id = await duel(tables, rounds=3)
        await tables.servers.set_notify_choice(BOB, notify.NEAR_DEADLINE)
        await sql_rows(database, "INSERT INTO person_settings (user_id, key, value, updated_at) VALUES (?, ?, ?, ?)",
                       [(ALICE, "notify", "{not json", 1.0)])
        assert await tables.servers.notify_choice(ALICE) == notify.EVERY_TURN  # the default applies
        info = await tables.game(game_id)
        assert (await tables.servers.hushed(info)).chosen == {info.seat_of(BOB)}
        await tables.servers.set_muted(ALICE, game_id, True)
        assert (await tables.servers.hushed(info)).chosen == {0, 1}
        findings = [str(f) for f in (await verify(tables.store, games)).findings]
        assert findings == [f"person_settings (user_id {ALICE}, key notify): value does not decode"]
    finally:
        await tables.close()
