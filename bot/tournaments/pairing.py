"""Who sits with whom in a tournament round: table sizes, Swiss rounds, round-robin schedules and
elimination brackets (docs/tournaments.md, "Pairing").

Pure and deterministic logic over entrant ids (ints): no Discord, no store, no clock, no randomness,
so the same standing and history always give the same round, and a round can be recomputed from the
stored history to check or replay it.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

# Candidate seats a Swiss search may examine before it settles for the best seating it has. Small
# fields never get near it (8 entrants at seats 2 take a few hundred), so their result is exact;
# 1,000 entrants stay well under a second even when a clash-free seating can't be proved impossible.
SEARCH_BUDGET = 60_000


@dataclass(frozen=True)
class Round:
    """One round: the tables, best-placed entrant first at each, and who sits out with a bye."""

    tables: tuple[tuple[int, ...], ...]
    byes: tuple[int, ...] = ()

    @property
    def seated(self) -> tuple[int, ...]:
        """Everyone at a table, table by table."""
        return tuple(entrant for table in self.tables for entrant in table)


def _check_sizes(seats: int, smallest: int) -> None:
    if smallest < 1:
        raise ValueError(f"A table needs at least 1 player, not {smallest}.")
    if seats < smallest:
        raise ValueError(f"Tables of {seats} are below the game's minimum of {smallest} players.")


def _check_entrants(entrants: Sequence[int]) -> None:
    if len(set(entrants)) != len(entrants):
        twice = sorted({e for e in entrants if entrants.count(e) > 1})
        raise ValueError(f"Entrants listed twice: {twice}.")


def plan_tables(n: int, seats: int, smallest: int) -> tuple[list[int], int]:
    """Table sizes for `n` entrants, largest first, and how many must sit out.

    As few tables as possible (so as many of `seats` as the field allows), sizes as even as
    possible and never below `smallest`; byes only when no such split exists, then as few as can be.
    """
    _check_sizes(seats, smallest)
    if n < 0:
        raise ValueError(f"A field can't have {n} entrants.")
    for byes in range(n + 1):
        playing = n - byes
        if playing == 0:
            return [], byes
        # The fewest tables give the largest smallest table, so if they don't fit nothing does.
        tables = -(-playing // seats)
        base, larger = divmod(playing, tables)
        if base >= smallest:
            return [base + 1] * larger + [base] * (tables - larger), byes
    raise AssertionError("unreachable: zero players always fit")


def _pick_byes(standing: Sequence[int], byes_had: Collection[int], count: int) -> set[int]:
    """The `count` lowest-standing entrants without a bye yet; if too few lack one, the lowest of
    those who had one make up the number."""
    had = set(byes_had)
    fresh = [e for e in reversed(standing) if e not in had]
    again = [e for e in reversed(standing) if e in had]
    return set((fresh + again)[:count])


class _OutOfBudget(Exception):
    """The search examined SEARCH_BUDGET candidate seats without finishing."""


class _SwissSearch:
    """Seatings of the playing entrants (indexes in standing order) with the planned sizes.

    A seating is built top-down: each table takes the best entrant still standing, then fills up
    with the nearest-standing entrants it may, so the first seating found is the "best with the
    best" one. `first_within(limit)` is the first such seating with at most `limit` repeated pairs.
    """

    def __init__(self, met: list[set[int]], sizes: list[int]) -> None:
        self.met = met
        self.m = len(met)
        self.sizes = {size: sizes.count(size) for size in sorted(set(sizes), reverse=True)}
        self.seated = [False] * self.m
        self.steps = 0
        self.budget: int | None = SEARCH_BUDGET
        self.most_met = max((len(s) for s in met), default=0)

    def _groups(self, top: int, size: int, allowance: int) -> Iterator[tuple[tuple[int, ...], int]]:
        """Tables of `size` headed by `top` adding at most `allowance` repeats, nearest first."""
        members = [top]

        def extend(start: int, added: int) -> Iterator[tuple[tuple[int, ...], int]]:
            if len(members) == size:
                yield tuple(members), added
                return
            for j in range(start, self.m):
                if self.seated[j]:
                    continue
                self.steps += 1
                if self.budget is not None and self.steps > self.budget:
                    raise _OutOfBudget
                extra = sum(1 for x in members if x in self.met[j])
                if added + extra <= allowance:
                    members.append(j)
                    yield from extend(j + 1, added + extra)
                    members.pop()

        yield from extend(top + 1, 0)

    def _choices(self, top: int, allowance: int) -> Iterator[tuple[tuple[int, ...], int, int]]:
        for size, left in self.sizes.items():
            if left:
                for group, added in self._groups(top, size, allowance):
                    yield group, added, size

    def _bound(self, free: int) -> int:
        """A lower bound on the repeats still to come: an entrant with fewer unmet entrants left
        than tablemates to have must repeat the difference; each repeat counts for two."""
        if free > self.most_met + max(self.sizes):
            return 0  # everyone still has enough unmet entrants left
        smallest = min(size for size, left in self.sizes.items() if left)
        free_ones = [i for i in range(self.m) if not self.seated[i]]
        short = 0
        for i in free_ones:
            unmet = sum(1 for j in free_ones if j != i and j not in self.met[i])
            short += max(0, smallest - 1 - unmet)
        return (short + 1) // 2

    def _set(self, group: tuple[int, ...], size: int, on: bool) -> None:
        for i in group:
            self.seated[i] = on
        self.sizes[size] += -1 if on else 1

    def first_within(self, limit: int) -> list[tuple[int, ...]] | None:
        """The first seating with at most `limit` repeats, None if there is none; raises
        _OutOfBudget when the budget runs out first (the seating state is reset either way)."""
        stack = [self._choices(0, limit)]
        placed: list[tuple[tuple[int, ...], int, int]] = []  # (group, repeats added, size) per level
        cost, free = 0, self.m
        try:
            while stack:
                if len(placed) == len(stack):  # leave this level's current table before its next one
                    group, added, size = placed.pop()
                    self._set(group, size, False)
                    cost, free = cost - added, free + len(group)
                try:
                    group, added, size = next(stack[-1])
                except StopIteration:
                    stack.pop()
                    continue
                self._set(group, size, True)
                placed.append((group, added, size))
                cost, free = cost + added, free - len(group)
                if free == 0:
                    return [g for g, _, _ in placed]
                if cost + self._bound(free) > limit:
                    continue
                top = next(i for i in range(group[0] + 1, self.m) if not self.seated[i])
                stack.append(self._choices(top, limit - cost))
            return None
        finally:
            for group, _, size in placed:
                self._set(group, size, False)

    def greedy(self) -> tuple[list[tuple[int, ...]], int]:
        """Top-down, each table the nearest group with the fewest repeats: always a seating, fast,
        the fallback when the exact search runs out of budget."""
        tables: list[tuple[int, ...]] = []
        cost, top = 0, 0
        self.budget = None  # no budget here: each table scans the field a few times at most
        try:
            while top < self.m:
                for allowance in range(max(self.sizes) ** 2):
                    found = next(self._choices(top, allowance), None)
                    if found:
                        group, added, size = found
                        break
                else:
                    raise AssertionError("unreachable: any group adds at most size² repeats")
                self._set(group, size, True)
                tables.append(group)
                cost += added
                top = next((i for i in range(top + 1, self.m) if not self.seated[i]), self.m)
        finally:
            for group in tables:
                self._set(group, len(group), False)
            self.steps, self.budget = 0, SEARCH_BUDGET
        return tables, cost


def repeats(tables: Sequence[Sequence[int]], met: Collection[frozenset[int]]) -> int:
    """How many pairs sharing a table in `tables` already met (are in `met`)."""
    return sum(1 for table in tables for a, b in combinations(table, 2) if frozenset((a, b)) in met)


def swiss_round(standing: Sequence[int], met: Collection[frozenset[int]], byes_had: Collection[int],
                seats: int, smallest: int) -> Round:
    """A Swiss round for `standing` (best first): byes to the lowest-standing entrants without one,
    tables filled top-down with near-standing entrants, and as few repeated pairs as can be.

    Exact (the fewest repeats, then the first seating in top-down order) unless the field is so
    large and tangled that the search budget runs out; then the best seating found.
    """
    _check_entrants(standing)
    sizes, bye_count = plan_tables(len(standing), seats, smallest)
    byes = _pick_byes(standing, byes_had, bye_count)
    playing = [e for e in standing if e not in byes]
    position = {e: i for i, e in enumerate(playing)}
    adjacent: list[set[int]] = [set() for _ in playing]
    for pair in met:
        if len(pair) == 2:
            a, b = pair
            if a in position and b in position:
                adjacent[position[a]].add(position[b])
                adjacent[position[b]].add(position[a])
    search = _SwissSearch(adjacent, sizes)
    best, best_cost = search.greedy()
    try:
        for limit in range(best_cost + 1):  # the fewest repeats first, then the first such seating
            found = search.first_within(limit)
            if found is not None:
                best = found
                break
    except _OutOfBudget:
        pass
    return Round(tables=tuple(tuple(playing[i] for i in group) for group in best),
                 byes=tuple(e for e in standing if e in byes))


def _circle(entrants: Sequence[int]) -> list[Round]:
    """The circle method: the first entrant stays, the others turn one place a round."""
    order = {e: i for i, e in enumerate(entrants)}
    ring: list[int | None] = list(entrants)
    if len(ring) % 2:
        ring.append(None)  # whoever faces the empty place has the bye
    rounds = []
    for _ in range(len(ring) - 1):
        tables, byes = [], []
        for k in range(len(ring) // 2):
            a, b = ring[k], ring[len(ring) - 1 - k]
            if a is None or b is None:
                byes.append(b if a is None else a)
            else:
                tables.append((a, b) if order[a] < order[b] else (b, a))
        rounds.append(Round(tables=tuple(tables), byes=tuple(e for e in byes if e is not None)))
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return rounds


def _covering(entrants: Sequence[int], seats: int, smallest: int) -> list[Round]:
    """Greedy covering: each round seats, table by table, the entrant with the most pairs still
    unmet, then whoever adds the most unmet pairs to the table (ties: more byes so far, then fewer
    meetings with the table, then entry order), until every pair has met."""
    order = {e: i for i, e in enumerate(entrants)}
    meetings = {frozenset(p): 0 for p in combinations(entrants, 2)}
    unmet = set(meetings)
    bye_count = dict.fromkeys(entrants, 0)
    sizes, _ = plan_tables(len(entrants), seats, smallest)
    rounds = []
    while unmet:
        free = list(entrants)
        tables = []
        for size in sizes:
            def open_pairs(e: int, pool: list[int]) -> int:
                return sum(1 for o in pool if o != e and frozenset((e, o)) in unmet)

            head = min(free, key=lambda e: (-open_pairs(e, free), -bye_count[e], order[e]))
            table = [head]
            free.remove(head)
            while len(table) < size:
                nxt = min(free, key=lambda e: (-open_pairs(e, table), -bye_count[e],
                                               sum(meetings[frozenset((e, t))] for t in table), order[e]))
                table.append(nxt)
                free.remove(nxt)
            for pair in combinations(table, 2):
                meetings[frozenset(pair)] += 1
                unmet.discard(frozenset(pair))
            tables.append(tuple(sorted(table, key=order.__getitem__)))
        for e in free:
            bye_count[e] += 1
        rounds.append(Round(tables=tuple(tables), byes=tuple(sorted(free, key=order.__getitem__))))
    return rounds


def round_robin(entrants: Sequence[int], seats: int, smallest: int) -> list[Round]:
    """Rounds in which every pair of entrants shares a table at least once.

    Seats 2: the circle method, n−1 rounds (n rounds with a bye each when n is odd). More seats: a
    greedy covering. Any schedule needs at least max(⌈(n−1)/(s−1)⌉, ⌈C(n,2)/P⌉) rounds, s the
    largest planned table and P the pairs one round seats; the greedy takes at most twice that for
    every field of 2–24 entrants at seats 3–5 (a tested figure, not a proof; docs/tournaments.md).
    """
    _check_entrants(entrants)
    _check_sizes(seats, smallest)
    if len(entrants) < 2:
        return []
    if len(entrants) < smallest:
        raise ValueError(f"{len(entrants)} entrants can't fill a table of at least {smallest}.")
    if seats == 2:
        return _circle(entrants)
    return _covering(entrants, seats, smallest)


def _bracket_order(size: int) -> list[int]:
    """Standard bracket seed numbers (1-based) in slot order for a power-of-2 `size`: 1 and 2 in
    opposite halves, 1 to 4 in different quarters, and so on; slot k pairs with slot k+1."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for s in order for seed in (s, total - s)]
    return order


def _seat_by_seed(ranked: Sequence[int], seats: int, smallest: int) -> Round:
    _check_entrants(ranked)
    _check_sizes(seats, smallest)
    if seats == 2:
        size = 1
        while size < len(ranked):
            size *= 2
        order = _bracket_order(size)
        tables, bye_seeds = [], []
        for k in range(0, size, 2):
            better, worse = sorted((order[k], order[k + 1]))
            if worse <= len(ranked):
                tables.append((ranked[better - 1], ranked[worse - 1]))
            elif better <= len(ranked):
                bye_seeds.append(better)
        return Round(tables=tuple(tables), byes=tuple(ranked[s - 1] for s in sorted(bye_seeds)))
    sizes, bye_count = plan_tables(len(ranked), seats, smallest)
    byes, playing = ranked[:bye_count], ranked[bye_count:]
    snake: list[list[int]] = [[] for _ in sizes]
    row, k = 0, 0
    while k < len(playing):
        for t in (range(len(sizes)) if row % 2 == 0 else reversed(range(len(sizes)))):
            if k < len(playing) and len(snake[t]) < sizes[t]:
                snake[t].append(playing[k])
                k += 1
        row += 1
    return Round(tables=tuple(tuple(t) for t in snake), byes=tuple(byes))


def seeded_bracket(entrants_by_rating: Sequence[int], seats: int, smallest: int = 2) -> Round:
    """The first elimination round, best-rated first in `entrants_by_rating`.

    Seats 2: the standard bracket (1 v n, 2 v n−1, …, seeds 1 and 2 in opposite halves), filled to
    the next power of 2 with byes that go to the top seeds. More seats: snake seeding, so the top
    seeds are spread over the tables; byes, if any, to the top seeds.
    """
    return _seat_by_seed(entrants_by_rating, seats, smallest)


def next_elimination_round(winners: Sequence[int], seats: int, smallest: int) -> Round:
    """Seat the winners (and bye holders) of the previous elimination round.

    List them in the order of where they come from: each table or bye goes at the best place it
    held in the list the previous round was seated from (so the winner of seed 1's table first).
    With seats 2 the bracket then stays the one `seeded_bracket` drew: the slot at place k meets
    the slot at place m+1−k, so seeds 1 and 2 can only meet in the final.
    """
    return _seat_by_seed(winners, seats, smallest)
