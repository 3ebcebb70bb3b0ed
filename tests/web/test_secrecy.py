"""Nothing private reaches a page: whole seeded games of every game, followed live and scrubbed
through afterwards, against every seat's own view and every private line the games told."""

from __future__ import annotations

from typing import Any

import pytest
from aiohttp.test_utils import TestClient

import renderer
from bot.move_log import replay_changes
from bot.names import name_seats
from bot.notify import PublicUpdate
from bot.tables import Tables
from bot.tables.types import NewTable
from engine import registry
from tests.conformance import WEB_LIVE_KEYS, leaves, secrets_of
from tests.web.spectators import CHANNEL, GUILD, HOST, following, web_on

Client = TestClient[Any, Any]

# Every registered game, at a table with hidden hands and sealed choices to keep.
GAMES = [("tranquility", 3, 21), ("nidavellir", 3, 22), ("wonderful", 2, 23)]


def test_every_registered_game_is_played_here() -> None:
    assert sorted(name for name, _, _ in GAMES) == sorted(registry.names())


@pytest.mark.parametrize(("name", "players", "seed"), GAMES, ids=[g[0] for g in GAMES])
async def test_no_hand_bid_or_private_line_reaches_a_page_across_a_whole_game(
        tables: Tables, client: Client, name: str, players: int, seed: int) -> None:
    await web_on(tables)
    game = registry.get(name)
    lobby = await tables.lobby.create(NewTable(guild_id=GUILD, channel_id=CHANNEL, host_id=HOST, host_name="Astrid",
                                               game=name, host_plays=False))
    game_id = lobby.game_id
    for _ in range(players):
        await tables.lobby.add_ai(game_id, HOST, "random")
    fetching = Fetching(client, game_id)
    tables.attach(fetching)  # after the pages: each state's documents, asked for as it is told
    async with following(client, f"/g/{game_id}/events") as stream:  # followed from the lobby on
        await stream.wait_for(lambda e: len(e) == 1)
        await tables.lobby.start(game_id, HOST, seed=seed)
        await tables.drain()
        row = await tables.store.games.game(game_id)
        assert row is not None and row.status == "finished" and row.seed is not None
        final = row.state_id
        await stream.wait_for(lambda e: e[-1].data.get("seq") == final, timeout=30)
    changes = await tables.store.games.moves(game_id)
    names = [seat.name for seat in (await tables.game(game_id)).seats]
    start = game.setup(players, row.options, row.seed)
    states = [start]
    for change in changes:
        states.append(replay_changes(game, states[-1], [change]))
    private = {name_seats(text, names) for change in changes for text, seats in change.events if seats is not None}
    public = {name_seats(text, names) for change in changes for text, seats in change.events if seats is None}
    private -= public
    assert private, "the game had private lines to keep"
    assert len(stream.events) > 2, "the page followed the game as it went"

    documents: list[tuple[int | None, dict[str, Any]]] = [(e.data["seq"], e.data) for e in stream.events]
    documents += [(document["seq"], document) for document in fetching.documents]
    assert {seq for seq, _ in documents} >= set(range(len(changes) + 1)), "every state was asked for"
    state_json = await (await client.get(f"/g/{game_id}/state.json")).json()
    documents.append((state_json["seq"], state_json))
    live = await (await client.get(f"/g/{game_id}/live.json")).json()
    documents.append((live["seq"], live))
    for index in range(len(changes) + 1):
        step = await (await client.get(f"/g/{game_id}/step/{index}.json")).json()
        assert set(step["lines"]) <= public
        documents.append((None, step))
        if index in (0, len(changes) // 2, len(changes)):  # its picture is the spectator's board then
            picture = await (await client.get(step["picture"])).read()
            assert picture == renderer.board_png(game.view(states[index], None), names)
    secrets_seen = 0
    for seq, document in documents:
        told = [value for _, value in leaves(document) if isinstance(value, str)]
        assert not private.intersection(told), "a private line reached a page"
        if "lines" in document and seq is not None:
            assert list(document) == WEB_LIVE_KEYS
            assert {line["text"] for line in document["lines"]} <= public
        if "view" in document:
            state = states[document["seq"]]
            spectator = game.view(state, None)
            assert document["view"] == spectator
            published = dict(leaves(document["view"]))
            for seat in range(players):
                secrets = secrets_of(game.view(state, seat), spectator)
                secrets_seen += len(secrets)
                assert not any(published.get(path) == value for path, value in secrets.items())
    assert secrets_seen > 0, "there were secrets to keep"


class Fetching:
    """A notifier that asks the pages for the game's documents each time a change is told."""

    def __init__(self, client: Client, game_id: int) -> None:
        self.client = client
        self.game_id = game_id
        self.documents: list[dict[str, Any]] = []

    async def on_public(self, update: PublicUpdate) -> None:
        if update.game_id == self.game_id and update.status != "lobby":
            for document in ("state.json", "live.json"):
                self.documents.append(await (await self.client.get(f"/g/{self.game_id}/{document}")).json())

    async def on_deleted(self, guild_id: int, game_id: int) -> None:
        return None


def test_the_pages_are_never_handed_a_seats_private_update() -> None:
    """Like the relay, the hub is a plain notifier: the table service hands it public updates only."""
    from bot.notify import PrivateListener
    from bot.web.feed import ChangeTeller, Told

    assert not hasattr(Told, "on_private") and not hasattr(ChangeTeller, "on_private")
    assert not issubclass(Told, PrivateListener) and not issubclass(ChangeTeller, PrivateListener)
