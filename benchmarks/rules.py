"""Rules lookup figures: question-set accuracy (top-1, top-3; overall and by game), the questions
whose entry did not come first, and query/autocomplete latency.

Run: `.venv/bin/python -m benchmarks.rules`. The questions are tests/rules/questions/*.json.
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from bot.rules.index import RulesIndex

QUESTIONS = Path(__file__).resolve().parent.parent / "tests" / "rules" / "questions"


@dataclass(frozen=True)
class Question:
    """A question a player would type and the entry that answers it."""

    game: str
    q: str
    expect: str


@dataclass(frozen=True)
class Accuracy:
    """How often the expected entry came first / in the first three."""

    total: int
    top1: int
    top3: int
    misses: tuple[tuple[Question, tuple[str, ...]], ...]  # questions not answered in the top 3

    @property
    def top1_rate(self) -> float:
        return self.top1 / self.total if self.total else 0.0

    @property
    def top3_rate(self) -> float:
        return self.top3 / self.total if self.total else 0.0


def load_questions(folder: Path = QUESTIONS) -> list[Question]:
    """Every question of every questions file present (one file per game)."""
    questions = []
    for path in sorted(folder.glob("*.json")):
        for item in json.loads(path.read_text(encoding="utf-8")):
            questions.append(Question(path.stem, item["q"], item["expect"]))
    return questions


def accuracy(index: RulesIndex, questions: Sequence[Question], *, scoped: bool = True) -> Accuracy:
    """Top-1/top-3 accuracy; `scoped` searches the question's game only, as `/rules game:` does."""
    top1 = top3 = 0
    misses = []
    for question in questions:
        ids = tuple(hit.entry.id for hit in index.search(question.game if scoped else None, question.q, limit=3))
        top1 += bool(ids) and ids[0] == question.expect
        if question.expect in ids:
            top3 += 1
        else:
            misses.append((question, ids))
    return Accuracy(len(questions), top1, top3, tuple(misses))


def _timed_ms(call: Callable[[], object]) -> tuple[float, float]:
    """Wall-clock and CPU (this thread) milliseconds of one call; on a busy machine they differ."""
    wall, cpu = time.perf_counter(), time.thread_time()
    call()
    return (time.perf_counter() - wall) * 1000, (time.thread_time() - cpu) * 1000


def _report(label: str, samples: Sequence[tuple[float, float]]) -> None:
    wall = [w for w, _ in samples]
    cpu = [c for _, c in samples]
    print(f"{label}: {len(samples)} calls, wall p50 {statistics.median(wall):.3f} ms, "
          f"p99 {_percentile(wall, 0.99):.3f} ms, max {max(wall):.3f} ms; "
          f"cpu p50 {statistics.median(cpu):.3f} ms, p99 {_percentile(cpu, 0.99):.3f} ms")


def _percentile(values: Sequence[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main() -> None:
    """Print the figures."""
    start = time.perf_counter()
    index = RulesIndex.load()
    load_ms = (time.perf_counter() - start) * 1000
    questions = load_questions()
    print(f"index: {len(index)} entries, built in {load_ms:.1f} ms; {len(questions)} questions")
    for scoped in (True, False):
        result = accuracy(index, questions, scoped=scoped)
        label = "per game" if scoped else "all games"
        print(f"accuracy ({label}): top-1 {result.top1_rate:.1%} ({result.top1}/{result.total}), "
              f"top-3 {result.top3_rate:.1%} ({result.top3}/{result.total})")
        for question, ids in result.misses:
            print(f"   miss: [{question.game}] {question.q!r} -> expected {question.expect}, got {list(ids)}")
    games = sorted({q.game for q in questions})
    for scoped in (True, False):
        per_game = {g: accuracy(index, [q for q in questions if q.game == g], scoped=scoped) for g in games}
        label = "per game" if scoped else "all games"
        print(f"by game ({label}), top-1/top-3/questions: "
              + ", ".join(f"{g} {a.top1}/{a.top3}/{a.total}" for g, a in per_game.items()))
    # Discord's /rules opens the first answer: the questions whose entry came second or third.
    for question in questions:
        first3 = [hit.entry.id for hit in index.search(question.game, question.q, limit=3)]
        if question.expect in first3[1:]:
            print(f"   not first: [{question.game}] {question.q!r} -> {question.expect} came "
                  f"{first3.index(question.expect) + 1}, after {first3[0]}")

    queries = [(q.game, q.q) for q in questions] + [
        (None, "Ölrun"), ("valda", "sacrifce stone"), (None, '"AND" OR NEAR(x y) -z ^a: (b*)'),
        ("valda", "ragnarök " * 60), (None, "🐉🔥 thrym"),
    ]
    searches = [_timed_ms(partial(index.search, game, text)) for _ in range(20) for game, text in queries]
    _report("search", searches)
    prefixes = [(q.game, q.q[:n]) for q in questions for n in (1, 3, 6)]
    completions = [_timed_ms(partial(index.autocomplete, game, prefix)) for _ in range(10) for game, prefix in prefixes]
    _report("autocomplete", completions)


if __name__ == "__main__":
    main()
