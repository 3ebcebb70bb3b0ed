"""The slash commands' modules are discord.py extensions (app.EXTENSIONS): each loads on its own."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.discord.app import EXTENSIONS, Settings, SkaldBot
from tests.discord.harness import Harness

# What each extension registers: its top-level slash commands and its cog.
REGISTERS = {
    "bot.discord.commands": ({"move", "game", "help"}, {"GameCog"}),
    "bot.discord.opening": ({"play"}, set()),
    "bot.discord.rules_cog": ({"rules"}, {"Rules"}),
    "bot.discord.settings_cog": ({"skald", "notify"}, {"SettingsCog", "NotifyCog"}),
    "bot.discord.records_cog": ({"stats", "leaderboard"}, {"RecordsCog"}),
    "bot.discord.tournaments": ({"tournament"}, {"TournamentCog"}),
}


async def test_the_bot_loads_every_extension_at_start_up_in_order(harness: Harness) -> None:
    assert list(harness.client.extensions) == list(EXTENSIONS) == list(REGISTERS)
    assert {c.name for c in harness.client.tree.get_commands()} == set().union(*(c for c, _ in REGISTERS.values()))


@pytest.mark.parametrize("extension", EXTENSIONS)
async def test_an_extension_loads_alone_with_its_commands_and_unloads_with_them(tmp_path: Path,
                                                                                extension: str) -> None:
    """No start-up (no database, no login): discord.py's own load_extension, then unload_extension."""
    commands, cogs = REGISTERS[extension]
    async with SkaldBot(Settings(token="test-token", db_path=tmp_path / "skald.sqlite3")) as bot:
        await bot.load_extension(extension)
        assert list(bot.extensions) == [extension]
        assert {c.name for c in bot.tree.get_commands()} == commands
        assert set(bot.cogs) == cogs
        await bot.unload_extension(extension)
        assert bot.tree.get_commands() == [] and bot.cogs == {}
