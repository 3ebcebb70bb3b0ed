"""The permissions README asks for are the ones the bot's calls need (issue 26): every REST call a
whole life of games makes — lobbies, threads, stories, sealed bids edited in place across a
restart, DMs, a closed-DM note, a game played in a channel without threads — is mapped to the
channel permission Discord requires for it, and each must be among README's invite permissions
(or named there as optional)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.discord.harness import Harness, Request
from tests.discord.table_play import live_panel, narrow_to_moves, open_table

README = Path(__file__).resolve().parents[2] / "README.md"
VIEW, SEND, EMBED, ATTACH = 1 << 10, 1 << 11, 1 << 14, 1 << 15
HISTORY, MANAGE_THREADS, CREATE_THREADS, SEND_IN_THREADS = 1 << 16, 1 << 34, 1 << 35, 1 << 38
NAMES = {VIEW: "View Channels", SEND: "Send Messages", EMBED: "Embed Links", ATTACH: "Attach Files",
         HISTORY: "Read Message History", MANAGE_THREADS: "Manage Threads", CREATE_THREADS: "Create Public Threads",
         SEND_IN_THREADS: "Send Messages in Threads"}
NO_CHANNEL = ("/users/@me", "/oauth2/applications/@me", "/users/@me/channels")  # not a channel's to grant


def asked_for() -> tuple[int, int]:
    """README's invite permissions, and the optional ones it names."""
    text = README.read_text(encoding="utf-8")
    invite = int(re.search(r"&permissions=(\d+)", text).group(1))  # type: ignore[union-attr]
    optional = int(re.search(r"Optional: Manage Threads \(1 << 34 = (\d+)", text).group(1))  # type: ignore[union-attr]
    return invite, optional


def needed(h: Harness, request: Request) -> int:
    """The permissions Discord requires in the channel for one call (0: none of a channel's)."""
    path, method = request.path, request.method
    if path in NO_CHANNEL or path.endswith("/commands") or "{channel_id}" not in path:
        return 0
    channel = int(re.findall(r"/channels/(\d+)", request.url)[0])
    if channel in h.dm_channels.values():
        return 0  # a DM: no server permission at all
    in_thread = channel in h.threads
    body = request.json if isinstance(request.json, dict) else {}
    extra = (EMBED if body.get("embeds") else 0) | (ATTACH if request.files else 0)
    if path == "/channels/{channel_id}/messages" and method == "POST":
        return VIEW | (SEND_IN_THREADS if in_thread else SEND) | extra
    if path == "/channels/{channel_id}/messages/{message_id}" and method == "PATCH":
        return VIEW | extra  # its own message
    if path == "/channels/{channel_id}/messages/{message_id}" and method == "GET":
        return VIEW | HISTORY
    if path in ("/channels/{channel_id}/messages/{message_id}/threads", "/channels/{channel_id}/threads"):
        return VIEW | CREATE_THREADS
    if path == "/channels/{channel_id}" and method == "DELETE":
        return MANAGE_THREADS
    if path == "/channels/{channel_id}" and method == "GET":
        return VIEW
    if path.startswith("/channels/{channel_id}/thread-members"):
        return VIEW
    raise AssertionError(f"no permission known for {method} {path}: add it here")


async def test_every_call_the_bot_makes_needs_only_the_permissions_readme_asks_for(harness: Harness) -> None:
    """README said Read Message History was not needed, yet after a restart the bot read its living
    message back, which Discord refuses without it. Now no call needs more than README asks for."""
    h = harness
    ann, bob, cid = h.user("ann"), h.user("bob"), h.user("cid", dm_closed=True)
    game_id = await open_table(h, ann, "nidavellir", [bob, cid])
    for person in (ann, bob):  # sealed bids: the living board edited in place, across a restart
        if person is bob:
            await h.restart()
        panel = live_panel(h, person, game_id)
        custom_id, values = await narrow_to_moves(h, person, panel)
        await h.click(person, custom_id, values, message=panel)
    asked = await h.slash(bob, "game resign", {"game": game_id})
    await h.click(bob, h.button(h.replies(asked)[-1], f"Resign game #{game_id}"))
    h.thread_creation_allowed = False  # a channel without threads: the game plays in it
    await open_table(h, ann, "tranquility", [bob])
    h.thread_creation_allowed = True  # a tournament: its news thread, a thread per table, its posts
    org = h.user("org", manage_guild=True)
    made = await h.slash(org, "tournament create", {"game": "nidavellir", "name": "Cup", "seats": 2, "rounds": 1})
    await h.slash(org, "tournament add-ai", {"count": 2, "kind": "greedy"})
    signup = h.messages[made.original_id or 0]
    await h.click(org, h.button(signup, "Start"), message=signup)
    for _ in range(20):
        await h.client.tables.drain()
        await h.settle()
    assert any(r.path == "/channels/{channel_id}/threads" for r in h.requests)
    invite, optional = asked_for()
    calls = [r for r in h.requests if not r.webhook]
    assert any(r.method == "PATCH" for r in calls) and any(r.files for r in calls)
    for request in calls:
        missing = needed(h, request) & ~(invite | optional)
        assert not missing, (f"{request.method} {request.path} needs "
                             f"{[name for bit, name in NAMES.items() if bit & missing]}, which README doesn't ask for")
