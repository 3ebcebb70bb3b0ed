"""The question sets: real player questions must find their entry in the top 3 at least 90% of the time."""

from __future__ import annotations

from benchmarks.rules import accuracy, load_questions
from bot.rules.index import RulesIndex

TOP3_FLOOR = 0.90


def test_top3_accuracy_over_every_question_set_is_at_least_90_percent() -> None:
    result = accuracy(RulesIndex.load(), load_questions())
    misses = "\n".join(f"{q.q!r} -> {q.expect}, got {list(ids)}" for q, ids in result.misses)
    assert result.top3_rate >= TOP3_FLOOR, f"top-3 {result.top3_rate:.1%} below floor; misses:\n{misses}"


def test_top3_accuracy_holds_when_searching_every_game_at_once() -> None:
    result = accuracy(RulesIndex.load(), load_questions(), scoped=False)
    assert result.top3_rate >= TOP3_FLOOR
