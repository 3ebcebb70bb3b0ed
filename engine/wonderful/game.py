"""The It's a Wonderful World `Game`: setup, views, hidden piles and the contract hooks."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from engine.core import JSON, AIPlayer, Event, Game, Move, OptionSpec, Outcome, Pile, seat_label, validate_options
from engine.rng import Rng
from engine.views import as_json, outcome_view
from engine.views.shared import shared
from engine.views.wonderful import BoardView, CardView, EmpireView, SiteView, WonderfulView
from engine.wonderful import ai, construction, grammar, rules
from engine.wonderful.cards import (
    CARDS,
    DEVELOPMENTS,
    EMPIRE_KEYS,
    RESOURCES,
    Development,
    Empire,
    empire_face,
    pass_left,
    title,
)
from engine.wonderful.grammar import WonderfulMove
from engine.wonderful.state import OVER, PRODUCTION, RULES, Board, WonderfulState, clone, decode, encode

OPTIONS = (
    OptionSpec("face", "a", ("a", "b"),
               "Empire card face: a (each empire its own production and bonus) or b (the same for all)"),
)


def _card_view(card: Development) -> CardView:
    return {
        "key": card.key, "title": card.title, "type": card.type, "cost": list(card.slots),
        "produces": [item for item, count in card.produces for _ in range(count)],
        "produces_per": None if card.produces_per is None else {"resource": card.produces_per[0],
                                                                "per": card.produces_per[1]},
        "recycle": card.recycle, "bonus": list(card.bonus), "points": card.points,
        "points_per": None if card.points_per is None else {"count": card.points_per[0], "per": card.points_per[1]},
    }


# Built once and shared by every view, read-only: the printed facts never change, and copying
# them was a quarter of a view's time.
_CARD_VIEWS: dict[str, CardView] = {card.key: shared(_card_view(card)) for card in DEVELOPMENTS}


def card_view(key: str) -> CardView:
    """A card's printed facts as the view carries them (shared, read-only)."""
    return _CARD_VIEWS[key]


def _empire_view(empire: Empire) -> EmpireView:
    return {"key": empire.key, "title": empire.title,
            "produces": [item for item, count in empire.produces for _ in range(count)],
            "points_per": None if empire.points_per is None else {"count": empire.points_per[0],
                                                                  "per": empire.points_per[1]}}


_EMPIRE_VIEWS: dict[tuple[str, str], EmpireView] = {
    (key, face): shared(_empire_view(empire_face(key, face))) for key in EMPIRE_KEYS for face in "ab"}


def empire_view(key: str, face: str) -> EmpireView:
    """An empire's face in play as the view carries it (shared, read-only)."""
    return _EMPIRE_VIEWS[key, face]


def shown_cards(view: WonderfulView) -> list[str]:
    """Every card key a view shows, sorted: the discard, each board's draft, construction and
    built areas as that viewer sees them, and the viewer's own hand and pick (never another's)."""
    keys = set(view["discard"])
    for board in view["boards"]:
        keys.update(board["drafted"], board["built"])
        keys.update(site["card"] for site in board["sites"])
    keys.update(view.get("hand", ()))
    pick = view.get("pick")
    if pick is not None:
        keys.add(pick)
    return sorted(keys)


class Wonderful(Game[WonderfulState]):
    """Draft seven cards a round, plan them, produce five resources in turn; four rounds."""

    name = "wonderful"
    # 2 (2026-12-06): rules 2 (state.RULES): the printed production flow, recycling a card slated
    # this round for cubes to place, named copies, tokens taken back, two-player leftovers discarded.
    version = 2
    title = "It's a Wonderful World"
    min_players = 2
    max_players = 5

    def options(self) -> tuple[OptionSpec, ...]:
        return OPTIONS

    def setup(self, players: int, options: Mapping[str, Any] | None, seed: int,
              version: int | None = None) -> WonderfulState:
        """Shuffle the 150 developments (hidden stream), hand out empires (public stream), deal round 1.
        History version 1 plays rules 1, version 2 rules 2 (docs/wonderful.md, "Rules versions")."""
        self.check_players(players)
        chosen = validate_options(OPTIONS, options, self.title)
        hidden, public = Rng.stream(seed, "hidden"), Rng.stream(seed, "public")
        deck = [d.key for d in DEVELOPMENTS for _ in range(d.copies)]
        hidden.shuffle(deck)
        empires = list(EMPIRE_KEYS)
        public.shuffle(empires)
        state = WonderfulState(
            players=players, face=chosen["face"], rng=hidden.state,
            boards=[Board(empires[seat]) for seat in range(players)], deck=deck,
            hands=[[] for _ in range(players)], picks=[None] * players,
            rules=RULES if self.check_version(version) >= 2 else 1, autopass=[False] * players,
        )
        rules.deal(state)
        return state

    def to_move(self, state: WonderfulState) -> frozenset[int]:
        if state.phase == OVER:
            return frozenset()
        if state.phase == "draft":
            return frozenset(s for s, p in enumerate(state.picks) if p is None)
        return frozenset(s for s, d in enumerate(state.done) if not d)

    def step(self, state: WonderfulState) -> Hashable:
        return state.reveals  # every simultaneous step completed reveals something

    def legal_moves(self, state: WonderfulState, seat: int) -> list[Move]:
        return list(grammar.legal_moves(state, seat))

    def parse_move(self, state: WonderfulState, seat: int, text: str) -> WonderfulMove:
        return grammar.parse(text, state.board(seat))

    def check_move(self, state: WonderfulState, seat: int, move: Move) -> None:
        move = self._typed(state, seat, move)
        if not grammar.is_legal(state, seat, move):
            raise grammar.refusal(state, seat, move)

    def _typed(self, state: WonderfulState, seat: int, move: Move) -> WonderfulMove:
        """`move` as this game's value (a plain `Move` handed in is read once here)."""
        return move if isinstance(move, WonderfulMove) else grammar.parse(move.text, state.board(seat))

    def _apply(self, state: WonderfulState, seat: int, move: Move) -> tuple[Event, ...]:
        move = self._typed(state, seat, move)
        verb, item = move.verb, move.item
        if verb == "draft":
            return tuple(rules.draft(state, seat, item))
        if verb == "done":
            return tuple(rules.finish(state, seat))
        mine = frozenset({seat})
        if verb == "set":  # set autopass on|off
            state.autopass[seat] = item == "on"
            said = ("You will pass the production steps in which you produce nothing." if state.autopass[seat]
                    else "You will act in every production step again.")
            return (Event(said, mine),)
        board = state.board(seat)
        printed = state.rules >= 2
        if verb == "construct":
            construction.construct(board, item, fresh=printed)
            return (Event(f"You slate {title(item)} for construction.", mine),)
        if verb == "recycle":
            return (Event(self._recycle(board, item, printed), mine),)
        if verb == "choose":
            rules.choose(board, item)
            return (Event(f"You take a {item}.", mine),)
        target, stand_in = move.target, move.stand_in
        if verb == "take":
            index = grammar.site_index(board, target, lambda site: construction.holds(site, item, stand_in))
            card = board.sites[index].card
            construction.take_back(board, item, index, stand_in)
            return (Event(f"You take a {item} back from {title(card)}.", mine),)
        if target == "krystallium":
            construction.take(board, item)
            made = construction.to_pile(board)
            said = " It makes a krystallium." if made else ""
            return (Event(f"You put {item} on your Empire card.{said}", mine),)
        slot = move.slot
        if printed:
            index = grammar.site_index(board, target, lambda site: slot in construction.missing(site))
        else:
            found = construction.site_needing(board, target, slot)
            assert found is not None
            index = found
        card = board.sites[index].card
        built = construction.place(board, item, index, stand_in, mark=printed)
        said = f" {title(card)} is built." if built else ""
        return (Event(f"You place {item} on {title(card)}.{said}", mine),)

    @staticmethod
    def _recycle(board: Board, word: str, printed: bool) -> str:
        """Recycle the drafted copy of a card when the word is its key alone and one waits in
        the draft area, else the copy under construction it names (rules 1: the one with the
        least on it); what the player is told (rules 1's words unchanged: stored games replay
        to the same lines)."""
        key = grammar.split(word)[0]
        if word == key and key in board.drafted:
            construction.recycle_drafted(board, key)
            return f"You recycle {title(key)} from your draft area."
        if printed:
            index = grammar.site_index(board, word, lambda site: True)
        else:
            index = construction.least_covered(board, key)
        fresh = board.sites[index].fresh
        back = construction.recycle_site(board, index)
        said = f"You recycle {title(key)} from your construction area."
        if fresh:
            cubes = f" and the {len(back)} cube{'s' * (len(back) != 1)} on it" if back else ""
            said += f" Slated this round: its {CARDS[key].recycle}{cubes} are yours to place."
        return said

    def playout_moves(self, state: WonderfulState, seat: int) -> Sequence[Move]:
        return grammar.legal_moves(state, seat)  # the grammar's own list, without the seat guard

    def _reveals_nothing(self, before: WonderfulState, seat: int, after: WonderfulState) -> bool:
        # Within a simultaneous step a move changes only its seat's hidden pick or working board;
        # the move that completes the step reveals them all (and may deal a round).
        return after.reveals == before.reveals

    def clone(self, state: WonderfulState) -> WonderfulState:
        return clone(state)

    def outcome(self, state: WonderfulState) -> Outcome | None:
        if state.phase != OVER:
            return None
        sheets = [rules.score_sheet(b, state.face) for b in state.boards]
        scores = tuple(s["total"] for s in sheets)
        keys = [(scores[seat], *rules.tie_break(b)) for seat, b in enumerate(state.boards)]
        ranks = tuple(1 + sum(other > keys[seat] for other in keys) for seat in range(state.players))
        winners = tuple(seat for seat in range(state.players) if ranks[seat] == 1)
        names = " and ".join(seat_label(s) for s in winners)
        verb = "wins" if len(winners) == 1 else "share the win"
        summary = f"{names} {verb} with {scores[winners[0]]} points."
        return Outcome(winners=winners, summary=summary, scores=scores, ranks=ranks,
                       sheet={"seats": sheets, "built": [len(b.built) for b in state.boards],
                              "characters": [b.financiers + b.generals for b in state.boards]})

    def encode(self, state: WonderfulState) -> JSON:
        return encode(state)

    def decode(self, data: Mapping[str, Any]) -> WonderfulState:
        return decode(data)

    def _board_view(self, state: WonderfulState, seat: int, board: Board) -> BoardView:
        sites: list[SiteView] = [{"card": s.card, "covered": s.covered.copy(), "missing": construction.missing(s),
                                  "krystallium": s.krystallium, "stand_ins": s.stand_ins.copy(), "fresh": s.fresh}
                                 for s in board.sites]
        return {
            "empire": board.empire, "hand_count": len(state.hands[seat]),
            "picked": state.picks[seat] is not None, "drafted": board.drafted.copy(), "sites": sites,
            "built": board.built.copy(), "available": dict(sorted(board.available.items())), "pile": board.pile,
            "krystallium": board.krystallium, "financiers": board.financiers, "generals": board.generals,
            "choosing": board.choosing, "done": state.done[seat] if state.done else False,
            "autopass": state.autopass[seat],
            "production": rules.productions(board, state.face),
            "score": rules.score(board, state.face),
        }

    def view(self, state: WonderfulState, seat: int | None) -> JSON:
        """The table as revealed, plus the viewer's hand, pick and working board (docs/views/wonderful.md)."""
        boards = [self._board_view(state, s, state.board(s) if s == seat else state.boards[s])
                  for s in range(state.players)]
        view: WonderfulView = {
            "game": self.name, "viewer": seat, "players": state.players,
            "to_move": sorted(self.to_move(state)), "outcome": outcome_view(self.outcome(state)),
            "options": {"face": state.face}, "rules": state.rules, "round": state.round, "phase": state.phase,
            "step": RESOURCES[state.step] if state.phase == PRODUCTION else None,
            "direction": "left" if pass_left(state.round) else "right",
            "deck_count": len(state.deck), "discard": state.discard.copy(),
            "leftover_count": len(state.leftovers), "boards": boards,
            "supremacy": state.last_supremacy.copy(), "cards": {},
            "empires": {b.empire: empire_view(b.empire, state.face) for b in state.boards},
        }
        if seat is not None:
            view["hand"] = state.hands[seat].copy()
            view["pick"] = state.picks[seat]
        view["cards"] = {key: card_view(key) for key in shown_cards(view)}
        return as_json(view)

    def determinize(self, state: WonderfulState, seat: int | None, seed: int) -> WonderfulState:
        """Redeal what `seat` can't see: the deck, the left-over cards, the other hands and the
        other seats' picks of this draft turn (still face down), all from one pool; and another
        seat still working on this step is back at the step's start (its working board is the
        board the table saw), since what it did so far is hidden. A seat that is done keeps its
        finished board (it is public that it could be done with it). The move completing a
        draft turn then reveals the redealt picks: its public line follows the sampled world,
        as everything after it does (docs/engine.md, 2026-12-07)."""
        other = clone(state)
        rng = Rng.from_seed(seed)
        unseen = [s for s in range(state.players) if s != seat]
        picked = [s for s in unseen if state.picks[s] is not None]
        pool = other.deck + other.leftovers + [c for s in unseen for c in other.hands[s]]
        pool += [card for s in picked if (card := other.picks[s]) is not None]
        rng.shuffle(pool)
        other.deck = pool[:len(state.deck)]
        pool = pool[len(state.deck):]
        other.leftovers = pool[:len(state.leftovers)]
        pool = pool[len(state.leftovers):]
        for s in unseen:
            size = len(state.hands[s])
            other.hands[s] = sorted(pool[:size])
            pool = pool[size:]
            if other.work[s] is not None and not other.done[s]:
                other.work[s] = other.boards[s].copy()
        for s in picked:
            other.picks[s] = pool.pop(0)
        other.rng = rng.next64()
        return other

    def piles(self, state: WonderfulState) -> tuple[Pile, ...]:
        """Deck, left-overs, hands and this draft turn's face-down picks share the pool of
        unseen cards."""
        piles = [Pile("deck", tuple(state.deck), pool="unseen"),
                 Pile("leftovers", tuple(state.leftovers), pool="unseen")]
        for seat in range(state.players):
            board = state.boards[seat]
            pick = state.picks[seat]
            piles += [
                Pile(f"hand {seat + 1}", tuple(state.hands[seat]), seat=seat, pool="unseen"),
                Pile(f"pick {seat + 1}", () if pick is None else (pick,), seat=seat, pool="unseen"),
                Pile(f"drafted {seat + 1}", tuple(board.drafted), public=True),
                Pile(f"construction {seat + 1}", tuple(s.card for s in board.sites), public=True),
                Pile(f"built {seat + 1}", tuple(board.built), public=True),
            ]
        piles.append(Pile("discard", tuple(state.discard), public=True))
        return tuple(piles)

    def ai_players(self) -> Mapping[str, AIPlayer[WonderfulState]]:
        return ai.players(self)

    def not_your_turn_reason(self, state: WonderfulState, seat: int) -> str:
        if state.phase == "draft":
            return "You have picked already: the picks are revealed once every empire has picked."
        return super().not_your_turn_reason(state, seat)
