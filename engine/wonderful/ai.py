"""AI seats for It's a Wonderful World: random, a one-step greedy player and a planner.

Both non-random players measure in victory points. A resource is worth about RESOURCE points
(what it buys toward a card); a built card is worth its points (multipliers counted on what the
board has, plus one), what it will still produce, and its bonus. The greedy player scores each
legal move on its own; the planner decides the whole round's construction at once: it keeps the
drafted cards its projected production can finish by the end of the game, best value per
resource first, recycles the rest, and feeds first the cards that pay back soonest.
"""

from __future__ import annotations

from abc import abstractmethod
from collections import Counter
from collections.abc import Mapping

from engine.core import AIPlayer, Game, Move, RandomPlayer
from engine.errors import IllegalMove
from engine.wonderful import rules
from engine.wonderful.cards import (
    CARDS,
    CHARACTERS,
    FINANCIER,
    GENERAL,
    KRYSTALLIUM,
    RESOURCES,
    ROUNDS,
    Development,
    empire_face,
)
from engine.wonderful.construction import missing, placeable
from engine.wonderful.grammar import WonderfulMove, legal_moves, site_index, split
from engine.wonderful.state import DRAFT, PLANNING, PRODUCTION, Board, Site, WonderfulState

RESOURCE = 0.45  # points a resource is worth toward a card
PRODUCED = 0.35  # points a unit of production is worth each round it still runs
KRYSTALLIUM_WORTH = 0.8
CHARACTER_WORTH = 1.0


def rounds_after(state: WonderfulState) -> int:
    """Production phases still to come after this round's (a card built now produces in them)."""
    return ROUNDS - state.round


def _combo_count(board: Board, per: str, extra: Counter[str]) -> int:
    have = rules.counts(board)
    return have.get(per, 0) + extra[per]


def worth(state: WonderfulState, board: Board, card: Development, extra: Counter[str] | None = None) -> float:
    """What `card`, once built, adds to `board` in points (its cost not deducted)."""
    extra = extra if extra is not None else Counter()
    value = float(card.points)
    if card.points_per is not None:
        points, per = card.points_per
        value += points * (_combo_count(board, per, extra) + 1)
    # The board's own multipliers on this card's type.
    for points, per in rules.combos(board, state.face):
        if per == card.type:
            value += points
    runs = rounds_after(state) + (1 if state.phase in (DRAFT, PLANNING) else 0)
    made = sum(n for _, n in card.produces)
    if card.produces_per is not None:
        made += _combo_count(board, card.produces_per[1], extra) + 1
    value += made * PRODUCED * runs
    for bonus in card.bonus:
        value += KRYSTALLIUM_WORTH if bonus == KRYSTALLIUM else CHARACTER_WORTH
    return value


def budget(state: WonderfulState, board: Board) -> Counter[str]:
    """Resources the board can expect by the end of the game, by kind (this round's included)."""
    runs = rounds_after(state) + (1 if state.phase in (DRAFT, PLANNING) else 0)
    out: Counter[str] = Counter()
    for resource in RESOURCES:
        out[resource] = rules.production(board, resource, state.face) * runs + board.available.get(resource, 0)
    return out


def shortfall(state: WonderfulState, board: Board, need: Counter[str]) -> int:
    """Resources `need` asks for beyond the budget, less the krystallium that can stand in."""
    have = budget(state, board)
    short = sum(max(0, need[r] - have[r]) for r in RESOURCES) + need[KRYSTALLIUM]
    characters = sum(max(0, need[c] - (board.financiers if c == FINANCIER else board.generals)) for c in CHARACTERS)
    return max(0, short - board.krystallium) + 3 * characters


def net(state: WonderfulState, board: Board, card: Development, need: Counter[str] | None = None) -> float:
    """Worth of building `card` less its cost and a penalty for what the board can't pay."""
    need = Counter(need or {})
    need.update(card.slots)
    cost = len(card.slots)
    return worth(state, board, card) - RESOURCE * cost - 1.5 * shortfall(state, board, need)


def site_need(board: Board) -> Counter[str]:
    need: Counter[str] = Counter()
    for site in board.sites:
        need.update(missing(site))
    return need


def finishable(board: Board, site: Site) -> bool:
    """Whether what the board holds now (resources to place, krystallium, characters) finishes the site."""
    spare = dict(board.available)
    krystallium = board.krystallium
    held = {FINANCIER: board.financiers, GENERAL: board.generals}
    for item in missing(site):
        if item in held:
            if held[item] == 0:
                return False
            held[item] -= 1
        elif item != KRYSTALLIUM and spare.get(item, 0) > 0:
            spare[item] -= 1
        elif krystallium > 0:
            krystallium -= 1
        else:
            return False
    return True


def last_step(state: WonderfulState) -> bool:
    """The game's last production step: what is left unbuilt then scores nothing."""
    return state.round == ROUNDS and state.phase == PRODUCTION and state.step == len(RESOURCES) - 1


def _choose_character(state: WonderfulState, board: Board) -> str:
    gain = {c: sum(p for p, per in rules.combos(board, state.face) if per == c) for c in CHARACTERS}
    return FINANCIER if gain[FINANCIER] >= gain[GENERAL] else GENERAL


class _Player(AIPlayer[WonderfulState]):
    """Shared by the two scoring players: pick the legal move with the best score, texts breaking ties."""

    looks_ahead = False  # whether it spends krystallium on a card it can finish with what it holds

    def choose(self, state: WonderfulState, seat: int, seed: int) -> Move:
        moves = legal_moves(state, seat)
        if not moves:
            raise IllegalMove("This seat has no legal move now.")
        scored = [(self.score(state, seat, move), move.text, move) for move in moves]
        return max(scored, key=lambda t: (t[0], [-ord(ch) for ch in t[1]]))[2]

    @abstractmethod
    def score(self, state: WonderfulState, seat: int, move: WonderfulMove) -> float:
        """How good `move` is for `seat`, in points."""

    def shared_score(self, state: WonderfulState, board: Board, move: WonderfulMove) -> float | None:
        """The moves both players score alike: autopass is a person's choice, never an AI's; a
        token is taken back only at the game's last step, a character (it scores a point there)
        from a card that can't be finished."""
        verb = move.verb
        if verb == "set":
            return -10.0
        if verb != "take":
            return None
        if move.item == KRYSTALLIUM or not last_step(state):
            return -10.0
        index = site_index(board, move.target, lambda site: move.item in site.covered)
        return -10.0 if finishable(board, board.sites[index]) else 0.5

    def place_score(self, state: WonderfulState, board: Board, move: WonderfulMove) -> float:
        item, target = move.item, move.target
        if target == KRYSTALLIUM:
            return -0.1  # `done` puts what is left there anyway
        slot = move.slot
        site = board.sites[site_index(board, target, lambda s: slot in missing(s))]
        left = len(missing(site))
        card = CARDS[split(target)[0]]
        if item == KRYSTALLIUM:
            # Krystallium only to finish a card: its last item, or (a player that looks ahead) on
            # the way when what the board holds now finishes it.
            return 3.0 if left == 1 else 2.0 if self.looks_ahead and finishable(board, site) else -1.0
        if item in CHARACTERS and last_step(state) and not finishable(board, site):
            return -10.0  # held, it scores a point; on a card left unbuilt, nothing
        value = worth(state, board, card) / max(1, len(card.slots))
        return 1.0 + value + (3.0 if left == 1 else 0.0) - 0.05 * left


class GreedyPlayer(_Player):
    """One step: each move scored on its own (a card's worth less its cost, a placement's progress)."""

    name = "greedy"
    description = "scores each move on its own: cards by points less cost, placements by progress"

    def score(self, state: WonderfulState, seat: int, move: WonderfulMove) -> float:
        board = state.board(seat)
        shared = self.shared_score(state, board, move)
        if shared is not None:
            return shared
        verb, item = move.verb, move.item
        if verb == "draft":
            card = CARDS[item]
            return max(net(state, board, card, site_need(board)), RESOURCE)
        if verb == "construct":
            return 1.0 + net(state, board, CARDS[item], site_need(board))
        if verb == "recycle":
            if item in board.drafted:
                return 1.0 + RESOURCE + (0.3 if placeable(board, CARDS[item].recycle) else 0.0)
            return -5.0
        if verb == "choose":
            return 1.0 if item == _choose_character(state, board) else 0.5
        if verb == "place":
            return self.place_score(state, board, move)
        return 0.0  # done


class PlannerPlayer(_Player):
    """Plans the round: the drafted cards to build are chosen together against the projected
    production of the rest of the game; placements feed the cards that pay back soonest."""

    name = "planner"
    description = "plans which drafted cards its production can finish and feeds the best first"
    looks_ahead = True

    def keep(self, state: WonderfulState, board: Board) -> set[str]:
        """The drafted cards worth slating: best value per resource first, while the budget holds."""
        need = site_need(board)
        chosen: set[str] = set()
        ranked = sorted(board.drafted, key=lambda c: (-net(state, board, CARDS[c]) / max(1, len(CARDS[c].slots)), c))
        recycled: Counter[str] = Counter(CARDS[c].recycle for c in board.drafted)
        for key in ranked:
            card = CARDS[key]
            trial = need + Counter(card.slots)
            spare = recycled.copy()
            spare[card.recycle] -= 1
            covered = Counter({r: max(0, trial[r] - spare[r]) for r in trial})
            if net(state, board, card, need) > 0 and shortfall(state, board, covered) <= 1:
                chosen.add(key)
                need = trial
                recycled = spare
        return chosen

    def draft_value(self, state: WonderfulState, board: Board, key: str) -> float:
        card = CARDS[key]
        need = site_need(board)
        for drafted in board.drafted:
            need.update(CARDS[drafted].slots)
        value = net(state, board, card, need)
        # Synergy: cards already drafted or under construction that multiply this card's type.
        pending = [CARDS[c] for c in board.drafted] + [CARDS[s.card] for s in board.sites]
        for other in pending:
            if other.points_per is not None and other.points_per[1] == card.type:
                value += other.points_per[0] * 0.7
            if card.points_per is not None and card.points_per[1] == other.type:
                value += card.points_per[0] * 0.7
        return max(value, RESOURCE)

    def score(self, state: WonderfulState, seat: int, move: WonderfulMove) -> float:
        board = state.board(seat)
        shared = self.shared_score(state, board, move)
        if shared is not None:
            return shared
        verb, item = move.verb, move.item
        if verb == "draft":
            return self.draft_value(state, board, item)
        if verb in ("construct", "recycle") and item in board.drafted:
            kept = item in self.keep(state, board)
            return 2.0 if kept == (verb == "construct") else -1.0
        if verb == "recycle":
            return -5.0
        if verb == "choose":
            return 1.0 if item == _choose_character(state, board) else 0.5
        if verb == "place":
            score = self.place_score(state, board, move)
            if item != KRYSTALLIUM and move.target != KRYSTALLIUM:
                card = CARDS[split(move.target)[0]]
                makes = sum(n for _, n in card.produces) + (1 if card.produces_per else 0)
                score += 0.3 * makes * (rounds_after(state) + 1)
            return score
        return 0.0


def players(game: Game[WonderfulState]) -> Mapping[str, AIPlayer[WonderfulState]]:
    return {"random": RandomPlayer(game), "greedy": GreedyPlayer(game), "planner": PlannerPlayer(game)}


__all__ = ["GreedyPlayer", "PlannerPlayer", "empire_face", "players"]
