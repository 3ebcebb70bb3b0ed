"""One game's result rows, read as the records read them: its server's rows of its game
(`Store.results`, in rating order: by seat, then part, within the game)."""

from __future__ import annotations

from bot.store import ResultRow, Store


async def results_of(store: Store, game_id: int) -> list[ResultRow]:
    game = await store.games.game(game_id)
    assert game is not None, f"no game {game_id}"
    return [row for row in await store.results.results(game.guild_id, game.game) if row.game_id == game_id]
