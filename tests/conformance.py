"""The checks every registered game must pass, step by step along seeded random playouts.

Kept apart from the test module so benchmarks and new games can run it on their own.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from engine import Game, GameOver, IllegalMove, Move, NotYourTurn, Rng, replay
from engine.core import Step
from engine.errors import BadMove

PLAYOUTS_PER_GAME = 200
MAX_STEPS = 5000
SAMPLED_MOVES = 6  # legal moves applied per step when a playout is not exhaustive
EXHAUSTIVE_EVERY_SET = 4  # up to this many option sets, each is played exhaustively at each player count
QUICK_TABLE = 3  # `make test` plays every option set up to this many players; beyond, the fullest set only
# Games whose checked playouts are too long for `make test` beyond this many players: it plays every
# option set at these tables only, `make playouts` the rest. Nidavellir: a checked 4- or 5-player
# playout with both expansions takes 15-30 s. It's a Wonderful World: every seat acts at every
# step of a 200-500 move random game, so a checked playout costs about 3 s at 2 players, 10 at 3,
# 20-25 at 4 or 5 (2026-12-02). Either would have kept `make test` over five minutes.
SMALL_QUICK_TABLES: dict[str, int] = {"nidavellir": 3, "wonderful": 2}
# Games whose playouts are several times longer than the others' play fewer, so each game's
# playouts check a like number of steps: It's a Wonderful World's 40 playouts of 200-500 steps
# (about 12,000) against Tranquility's 200 of 40-150 and Nidavellir's 200 of about 100
# (2026-12-02; its 200 would have added some 40 CPU minutes to `make playouts`).
PLAYOUTS: dict[str, int] = {"wonderful": 40}

GARBAGE = ["", "   ", "xyzzy", "🙂🙂", "99999999999999999999", "-1", "a" * 500, "' OR 1=1 --", "\x00"]


@dataclass
class Scenario:
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    exhaustive: bool
    repeat: int = 0  # its place among the playouts of one player count and option set (0: the first)
    quick: bool = True  # played by `make test` (the others run with `make playouts`)

    @property
    def id(self) -> str:
        opts = ",".join(f"{k}={v}" for k, v in sorted(self.options.items()))
        return f"{self.game}-p{self.players}-{opts or 'default'}-s{self.seed}"


def scenarios(game: Game[Any]) -> list[Scenario]:
    """At least PLAYOUTS_PER_GAME playouts (or the game's own number) spread over player counts
    and option sets."""
    counts = list(range(game.min_players, game.max_players + 1))
    option_sets = game.option_sets()
    wanted = PLAYOUTS.get(game.name, PLAYOUTS_PER_GAME)
    per_combo = max(1, math.ceil(wanted / (len(counts) * len(option_sets))))
    # Every option set at every player count gets one exhaustive playout, unless a game has so
    # many option sets (Tranquility's 15) that every third one, and the fullest (the last), is
    # enough. `make test` plays the first playout of each set at small tables, and at bigger ones
    # (the slow ones: a checked 5-player Nidavellir playout takes 20-30 s) of the fullest set only.
    stride = 1 if len(option_sets) <= EXHAUSTIVE_EVERY_SET else 3
    fullest = len(option_sets) - 1
    small = SMALL_QUICK_TABLES.get(game.name)
    result = []
    for players in counts:
        for opt_index, options in enumerate(option_sets):
            for k in range(per_combo):
                seed = 1000 * players + 37 * opt_index + k
                exhaustive = k == 0 and (opt_index % stride == 0 or opt_index == fullest)
                quick = k == 0 and (players <= QUICK_TABLE or opt_index == fullest)
                if small is not None:
                    quick = k == 0 and players <= small
                result.append(Scenario(game.name, players, options, seed, exhaustive=exhaustive, repeat=k,
                                       quick=quick))
    return result


@dataclass
class Report:
    steps: int = 0
    hidden_redealt: int = 0  # steps where a spectator determinization changed the state
    undoable: int = 0  # moves checked that their seat could take back
    reveals_told: int = 0  # moves whose public lines told a reveal that differed in the mover's twin
    log: list[tuple[int, str]] = field(default_factory=list)


def _encoded(game: Game[Any], state: Any) -> str:
    return json.dumps(game.encode(state), sort_keys=True)


def _public(events: tuple[Any, ...]) -> list[str]:
    return [e.text for e in events if e.seats is None]


def _mutations(texts: list[str], rng: Rng) -> list[str]:
    """Plausible-looking wrong texts: legal ones with a token bumped or swapped."""
    out: list[str] = []
    for text in rng.sample(texts, min(4, len(texts))):
        tokens = text.split()
        for i, tok in enumerate(tokens):
            if tok.isdigit():
                for delta in (1, -1, 37):
                    changed = tokens.copy()
                    changed[i] = str(int(tok) + delta)
                    out.append(" ".join(changed))
        out.append(" ".join(reversed(tokens)))
        out.append(text + " extra")
        if len(tokens) > 1:
            out.append(" ".join(tokens[:-1]))
    return out


def check_step(game: Game[Any], players: int, state: Any, rng: Rng, exhaustive: bool, report: Report) -> None:
    before = _encoded(game, state)
    outcome = game.outcome(state)
    to_move = game.to_move(state)
    assert (outcome is None) == bool(to_move), "someone must be to move exactly while there is no outcome"
    assert to_move <= set(range(players))

    # clone: an equal, independent copy (the service and the search players rely on it)
    twin_state = game.clone(state)
    assert twin_state == state and twin_state is not state, "clone(state) must equal state"

    # encode / decode round trip, JSON-ready
    data = game.encode(state)
    decoded = game.decode(json.loads(json.dumps(data)))
    assert decoded == state, "decode(encode(state)) must equal state"
    assert _encoded(game, decoded) == before

    # views: JSON-ready and blind to everything the viewer may not see
    for viewer in [*range(players), None]:
        view = game.view(state, viewer)
        json.dumps(view)
        other = game.determinize(state, viewer, rng.below(1 << 30))
        assert game.view(other, viewer) == view, f"view of {viewer} depends on hidden information"
        check_piles(game, state, other, viewer)
        if viewer is None and _encoded(game, other) != before:
            report.hidden_redealt += 1
    assert _encoded(game, state) == before, "determinize/view must not touch the state"

    for seat in range(players):
        moves = game.legal_moves(state, seat)
        if seat not in to_move:
            assert moves == [], "a seat that need not act has no legal moves"
            with_texts = game.legal_moves(state, min(to_move)) if to_move else []
            text = with_texts[0].text if with_texts else "xyzzy"
            try:
                game.apply(state, seat, text)
            except (NotYourTurn, GameOver):
                pass
            else:
                raise AssertionError("a move out of turn was accepted")
            continue
        texts = [m.text for m in moves]
        assert texts, f"seat {seat} is to move but has no legal move"
        assert texts == sorted(texts), "legal moves must be sorted by text"
        assert len(set(texts)) == len(texts), "legal move texts must be unique"
        for move in moves:
            # Read once at the edge: a person's text becomes the very value the legal list holds.
            read = game.parse_move(state, seat, move.text)
            assert read == move, f"{move.text!r} must parse back"
            assert type(read) is type(move), f"{move.text!r} must parse to a {type(move).__name__}"
            assert read.parts() == move.parts(), f"{move.text!r} must parse to the same parts"
        chosen = moves if exhaustive or len(moves) <= SAMPLED_MOVES else rng.sample(moves, SAMPLED_MOVES)
        for move in chosen:
            step = game.apply(state, seat, move)
            if move is chosen[0]:  # once a step: the search players' unchecked step, in place, reaches it too
                ahead = game.clone(state)
                game.advance(ahead, seat, move)
                assert _encoded(game, ahead) == _encoded(game, step.state), (
                    f"advance({move.text!r}) must reach the state apply reaches")
            for event in step.events:
                assert event.seats is None or event.seats <= set(range(players))
            # The public story of a move can't depend on what the mover can't see, except where the
            # move ends a step and turns what was hidden face up for the table (a draft turn's
            # picks): then it tells the world it revealed (docs/engine.md, 2026-12-07).
            twin = game.determinize(state, seat, rng.below(1 << 30))
            twin_step = game.apply(twin, seat, move.text)
            if _public(twin_step.events) != _public(step.events):
                assert game.step(step.state) != game.step(state), "public events leak hidden information"
                assert len(_public(twin_step.events)) == len(_public(step.events)), (
                    "a reveal's public story has the same lines whatever was revealed")
                assert game.view(twin_step.state, None) != game.view(step.state, None), (
                    "public events leak hidden information the move did not reveal to the table")
                report.reveals_told += 1
            if game.undoable(state, seat, step):
                check_undoable(game, state, seat, move, step, twin_step.state, report, follow_ups=move is chosen[0])
        assert _encoded(game, state) == before, "apply must leave its input unchanged"

        legal = set(texts)
        for text in GARBAGE + _mutations(texts, rng):
            parsed: Move | None
            try:
                parsed = game.parse_move(state, seat, text)
            except BadMove:
                parsed = None
            try:
                game.apply(state, seat, text)
            except (BadMove, IllegalMove) as err:
                assert err.reason.strip(), "errors carry a readable reason"
                assert parsed is None or parsed.text not in legal, f"legal move {text!r} refused: {err.reason}"
            else:
                assert parsed is not None and parsed.text in legal, f"illegal text {text!r} was accepted"
        assert _encoded(game, state) == before, "a refused move must change nothing"


def check_piles(game: Game[Any], state: Any, other: Any, viewer: int | None) -> None:
    """Pile by pile, for a game that declares its piles: `other`, `state` determinized for
    `viewer`, has the same piles with the same sizes and sight; those `viewer` sees (public ones
    among them) are unchanged; the cards of the others were only reshuffled among them, within
    each pool."""
    before, after = game.piles(state), game.piles(other)
    if before is None:
        return
    assert after is not None and [p.name for p in after] == [p.name for p in before], (
        "determinize must keep the piles (the public part of the state decides them)")
    unseen: dict[str, Counter[Any]] = {}
    for old, new in zip(before, after, strict=True):
        assert (new.public, new.seat, new.pool) == (old.public, old.seat, old.pool), (
            f"determinize changed who sees pile {old.name!r}")
        assert len(new.cards) == len(old.cards), f"determinize changed the size of pile {old.name!r}"
        if old.public or (viewer is not None and viewer == old.seat):  # the pile is seen by `viewer`
            assert new.cards == old.cards, f"determinize for {viewer} changed pile {old.name!r}, which it sees"
        else:
            pool = unseen.setdefault(old.pool or old.name, Counter())
            pool.update(old.cards)
            pool.subtract(new.cards)
    for name, change in unseen.items():
        assert not +change and not -change, f"determinize for {viewer} changed the cards of pool {name!r}"


def check_undoable(game: Game[Any], state: Any, seat: int, move: Move, step: Step[Any], twin_after: Any,
                   report: Report, follow_ups: bool = True) -> None:
    """A move the engine lets its seat take back revealed nothing hidden: on a state the mover
    can't tell from this one (`twin_after` is the move applied to one), the mover and the table
    see the same afterwards. And in a simultaneous step (when `follow_ups`: once per seat and step,
    as the follow-ups cost a dozen applies a move), the other seats' moves that could follow it
    apply just as well without it, telling the same (the service replays them when the move is
    taken back)."""
    report.undoable += 1
    assert game.view(twin_after, seat) == game.view(step.state, seat), (
        f"{move.text!r} can be taken back, yet it showed its mover something hidden")
    assert game.view(twin_after, None) == game.view(step.state, None), (
        f"{move.text!r} can be taken back, yet it showed the table something hidden")
    if not follow_ups:
        return
    for other in sorted(game.to_move(step.state) & game.to_move(state) - {seat}):
        for follow in game.legal_moves(step.state, other)[:2]:
            after = game.apply(step.state, other, follow)
            if not game.undoable(step.state, other, after):
                continue
            alone = game.apply(state, other, follow.text)
            assert _public(alone.events) == _public(after.events), (
                f"{follow.text!r} tells otherwise once {move.text!r} is taken back")


def leaves(value: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    """Every (path, value) in a JSON document, containers included."""
    yield path, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from leaves(item, f"{path}/{key}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from leaves(item, f"{path}/{index}")


def secrets_of(seat_view: dict[str, Any], spectator: dict[str, Any]) -> dict[str, Any]:
    """What a seat's own view shows that the spectator's doesn't: path -> value (hands, own bids...)."""
    public = dict(leaves(spectator))
    return {path: value for path, value in leaves(seat_view)
            if path != "/viewer" and value is not None and public.get(path) != value
            and not isinstance(value, dict | list)}


# What a spectator's web page is sent of a game (bot/web/documents.py): its keys, always these.
WEB_LIVE_KEYS = ["schema", "seq", "guild_id", "game_id", "game", "title", "status", "reason", "seats", "to_move",
                 "actor", "outcome", "result", "updated_at", "clock", "paused", "picture", "since", "lines", "now"]
WEB_SEAT_KEYS = ["seat", "name", "ai", "stand_in", "to_move", "deadline", "paused", "bank", "left"]


def check_web_documents(game: Game[Any], players: int, state: Any, step: Step[Any] | None, state_id: int) -> None:
    """The web pages' documents of this state (bot/web/documents.py), made the way a page process
    makes them (the table service's `public_update` of a table holding the state, then its story
    lines): the spectator's view and nothing a seat alone may see; the story's public lines only."""
    from bot.kinds import ChangeKind, Status
    from bot.names import name_seats
    from bot.store.records import GameRow, SeatRow
    from bot.tables.publisher import public_update
    from bot.tables.table import Table
    from bot.web import documents
    from bot.web.reading import Current, Line

    names = [f"Player {seat + 1}" for seat in range(players)]
    outcome = game.outcome(state)
    row = GameRow(id=1, guild_id=2, channel_id=3, thread_id=None, game=game.name, options={}, seed=None,
                  status=Status.RUNNING if outcome is None else Status.FINISHED, state_id=state_id, host_id=4,
                  outcome=None if outcome is None else json.loads(json.dumps(outcome.to_dict())),
                  lobby_message_id=None, created_at=0.0, updated_at=0.0, to_move=tuple(sorted(game.to_move(state))))
    seats = tuple(SeatRow(seat, names[seat], user_id=None, ai="random", dm_ok=None) for seat in range(players))
    table = Table(engine=game, row=row, seats=seats, state=state)
    events = step.events if step is not None else ()
    update = public_update(table, reason=ChangeKind.MOVE, events=events)
    lines = tuple(Line(state_id, name_seats(text, names)) for text in update.events)
    current = Current(update, "none", False, lines)
    spectator = game.view(state, None)
    live = documents.live(current, since=None, now=0.0)
    state_json = documents.state_json(current)
    assert list(live) == WEB_LIVE_KEYS and all(list(seat) == WEB_SEAT_KEYS for seat in live["seats"])
    assert state_json["view"] == spectator, "a page is sent the spectator's view, and no other"
    assert [line["text"] for line in live["lines"]] == [name_seats(e.text, names) for e in events if e.public]
    private = {name_seats(e.text, names) for e in events if not e.public} - {line.text for line in lines}
    for document in (live, state_json):
        told = [value for _, value in leaves(document) if isinstance(value, str)]
        assert not private.intersection(told), "a private line reached a web page"
    published = dict(leaves(state_json["view"]))
    for seat in range(players):
        secrets = secrets_of(game.view(state, seat), spectator)
        assert not any(published.get(path) == value for path, value in secrets.items()), (
            f"seat {seat}'s secret reached a web page")


def random_walk(game: Game[Any], player_counts: tuple[int, ...], first_seed: int) -> Iterator[tuple[Any, int]]:
    """Seeded random games at each option set and player count: every state before each move,
    with the seat about to move (the lowest to move), which then plays a uniformly random legal
    move. The state is the walk's own and changes once the walk goes on."""
    for number, options in enumerate(game.option_sets()):
        for players in player_counts:
            seed = first_seed + number * 7 + players
            state = game.setup(players, options, seed)
            rng = Rng.from_seed(seed)
            while game.outcome(state) is None:
                seat = min(game.to_move(state))
                yield state, seat
                game.advance(state, seat, rng.choice(game.legal_moves(state, seat)))


def play(game: Game[Any], scenario: Scenario, check: bool = True,
         enough: Callable[[Report], bool] | None = None) -> tuple[Any, Report]:
    """One seeded random playout to the end, checking every step when `check`; it stops early,
    unfinished, once `enough` says the report shows what was looked for."""
    rng = Rng.from_seed(scenario.seed)
    state = game.setup(scenario.players, scenario.options, scenario.seed)
    report = Report()
    while game.outcome(state) is None:
        if check:
            check_step(game, scenario.players, state, rng, scenario.exhaustive, report)
            if enough is not None and enough(report):
                return state, report
        seat = rng.choice(sorted(game.to_move(state)))
        move: Move = rng.choice(game.legal_moves(state, seat))
        step = game.apply(state, seat, move)
        state = step.state
        report.log.append((seat, move.text))
        report.steps += 1
        assert report.steps < MAX_STEPS, "playout did not end"
        if check:
            check_web_documents(game, scenario.players, state, step, report.steps)
    if check:
        check_step(game, scenario.players, state, rng, scenario.exhaustive, report)
        for seat in range(scenario.players):
            assert game.legal_moves(state, seat) == []
            try:
                game.apply(state, seat, "xyzzy")
            except GameOver:
                pass
            else:
                raise AssertionError("a move after the end was accepted")
        replayed = replay(game, scenario.players, scenario.options, scenario.seed, report.log)
        assert _encoded(game, replayed) == _encoded(game, state), "replay must reproduce the state"
    return state, report
