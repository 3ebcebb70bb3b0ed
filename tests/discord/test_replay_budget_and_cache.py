"""Audit of 2026-12-02: "`/game replay` and the Replay button have separate buckets and no cache."
Both now draw on one per-user budget, and a finished game's replay is drawn once per size budget
(docs/replays.md)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest

from bot import rendering, replays
from bot.discord.cooldowns import CONTROL_LIMITS
from bot.discord.endings import replay_cache
from tests.discord.harness import Harness
from tests.discord.table_play import open_table, resigned_nidavellir

T = TypeVar("T")




def _count_replays_drawn(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the replays sent to the render processes (one entry per drawing, its budget)."""
    drawn: list[int] = []
    run = rendering.run

    async def counting(work: Callable[[], T], *, urgent: bool = True) -> T:
        if isinstance(work, functools.partial) and work.func is replays.replay_animation:
            drawn.append(int(work.keywords["budget"]))
        return await run(work, urgent=urgent)

    monkeypatch.setattr(rendering, "run", counting)
    return drawn


def _gif(h: Harness, invocation: Any) -> bytes:
    (name, data), = h.replies(invocation)[-1].files.items()
    assert name.endswith(".gif")
    return data


async def test_game_replay_and_the_replay_button_share_one_budget_per_user(tmp_path: Path) -> None:
    async with Harness.open(tmp_path / "skald.sqlite3", click_limits=1.0) as h:
        ann, bob = h.user("ann"), h.user("bob")
        game_id = await resigned_nidavellir(h, ann, bob)
        info = await h.client.tables.game(game_id)
        final = h.last_message(info.thread_id or 0)
        rate, _ = CONTROL_LIMITS["replay"]
        assert rate == 3
        answers = [h.reply_text(await h.click(ann, h.button(final, "Replay"), message=final)),
                   h.reply_text(await h.slash(ann, "game replay", {"game": game_id}, channel_id=info.thread_id)),
                   h.reply_text(await h.click(ann, h.button(final, "Replay"), message=final))]
        assert not any("Easy there" in answer for answer in answers), answers
        # The budget is spent, whichever way the fourth replay is asked for.
        by_command = await h.slash(ann, "game replay", {"game": game_id}, channel_id=info.thread_id)
        by_button = await h.click(ann, h.button(final, "Replay"), message=final)
        assert "Easy there" in h.reply_text(by_command) and "Easy there" in h.reply_text(by_button)
        assert not h.replies(by_command)[-1].files and not h.replies(by_button)[-1].files
        # It is per user: Bob's is whole.
        assert _gif(h, await h.slash(bob, "game replay", {"game": game_id}, channel_id=info.thread_id))


async def test_a_finished_games_replay_is_drawn_once_and_then_comes_from_the_cache(
        harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    h = harness
    drawn = _count_replays_drawn(monkeypatch)
    ann, bob = h.user("ann"), h.user("bob")
    game_id = await resigned_nidavellir(h, ann, bob)
    info = await h.client.tables.game(game_id)
    final = h.last_message(info.thread_id or 0)
    first = _gif(h, await h.click(bob, h.button(final, "Replay"), message=final))
    assert len(drawn) == 1
    second = _gif(h, await h.slash(ann, "game replay", {"game": game_id}, channel_id=info.thread_id))
    third = _gif(h, await h.click(ann, h.button(final, "Replay"), message=final))
    assert second == first == third and len(drawn) == 1, "drawn once, then kept"
    cache = replay_cache(h.client)
    assert len(cache) == 1 and cache.bytes == len(first)


async def test_a_running_game_is_never_cached_and_a_later_finish_is_drawn(harness: Harness,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    h = harness
    drawn = _count_replays_drawn(monkeypatch)
    ann, bob = h.user("ann"), h.user("bob")
    game_id = await open_table(h, ann, "nidavellir", [bob], ais=1)
    refused = await h.slash(ann, "game replay", {"game": game_id})
    assert "not finished" in h.reply_text(refused)
    assert len(replay_cache(h.client)) == 0
    asked = await h.slash(ann, "game resign", {"game": game_id})
    await h.click(ann, h.button(h.replies(asked)[-1], f"Resign game #{game_id}"))
    assert _gif(h, await h.slash(bob, "game replay", {"game": game_id}))
    assert len(drawn) == 1 and len(replay_cache(h.client)) == 1
