"""The terminal tools' shared parts: one game driver (`driver.py`) over a game in memory
(`local.py`) or saved through the table service (`saved.py`), and the console they all read and
write (`console.py`). The commands themselves are bot/play_cli.py and bot/replay_cli.py."""
