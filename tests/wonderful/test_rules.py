"""Rules of It's a Wonderful World as the rulebook states them (docs/its-a-wonderful-world.md)."""

from __future__ import annotations

import pytest

from engine.errors import IllegalMove
from engine.wonderful import GAME, rules
from engine.wonderful.cards import DEVELOPMENTS, PICKS, RESOURCES, title
from engine.wonderful.state import DRAFT, PLANNING, PRODUCTION, Board, Site, WonderfulState


def table(players: int = 3, seed: int = 1) -> WonderfulState:
    """A fresh game with every empire cleared, so positions are built by hand."""
    state = GAME.setup(players, None, seed)
    empires = ["noram-states", "federation-of-asia", "panafrican-union", "republic-of-europe", "aztec-empire"]
    state.boards = [Board(empires[seat]) for seat in range(players)]
    return state


def production_step(state: WonderfulState, step: int) -> list[str]:
    state.phase = PRODUCTION
    return [e.text for e in rules.start_production(state, step)]


def test_the_base_deck_has_150_developments() -> None:
    assert sum(d.copies for d in DEVELOPMENTS) == 150
    state = GAME.setup(5, None, 3)
    assert len(state.deck) + sum(len(h) for h in state.hands) == 150


def test_a_production_step_tie_for_most_gives_no_supremacy_token() -> None:
    state = table()
    # Noram makes 3 materials, Asia 1, Panafrica 2; a Recycling Plant lifts Asia to 3: a tie at the top.
    state.boards[1].built.append("recycling-plant")
    lines = production_step(state, 0)
    assert [b.financiers for b in state.boards] == [0, 0, 0]
    assert "Materials production: Seat 1 3, Seat 2 3, Seat 3 2; supremacy tied: no token." in lines
    # Nothing needed the materials, so they went onto the Empire cards and the steps went on to
    # science, where Panafrica (2, alone) must choose its token.
    assert state.step == 2 and GAME.to_move(state) == frozenset({2})


def test_the_only_top_producer_takes_the_steps_character() -> None:
    state = table()
    lines = production_step(state, 0)  # materials: Noram 3 alone on top
    assert [b.financiers for b in state.boards] == [1, 0, 0]
    assert lines[0].endswith("supremacy: Seat 1 takes a financier.")
    production_step(state, 1)  # energy: Europe would, but only seats 0-2 play: nobody produces energy
    assert [b.generals for b in state.boards] == [0, 0, 0]


def test_science_supremacy_lets_the_winner_choose_a_financier_or_a_general() -> None:
    state = table()
    production_step(state, 2)  # science: Panafrica 2 alone
    assert GAME.to_move(state) == frozenset({2})
    texts = [m.text for m in GAME.legal_moves(state, 2)]
    assert "choose general" in texts and "done" not in texts
    with pytest.raises(IllegalMove, match="Choose your science supremacy token first"):
        GAME.apply(state, 2, "done")
    after = GAME.apply(state, 2, "choose general").state
    assert after.board(2).generals == 1


def test_five_resources_on_the_empire_card_make_one_krystallium() -> None:
    state = table()
    state.boards[0].pile = 3
    state.boards[0].sites.append(Site("financial-center"))  # needs materials: they stay to be placed
    production_step(state, 0)  # Noram: 3 materials
    after = GAME.apply(state, 0, "place materials on krystallium").state
    after = GAME.apply(after, 0, "place materials on krystallium").state
    board = after.board(0)
    assert (board.pile, board.krystallium, board.available) == (0, 1, {"materials": 1})
    # `done` puts the last one there too.
    after = GAME.apply(after, 0, "done").state
    assert (after.boards[0].pile, after.boards[0].krystallium) == (1, 1)


def test_krystallium_stands_in_for_any_resource_but_not_a_character() -> None:
    state = table()
    board = state.boards[0]
    board.krystallium = 2
    board.sites += [Site("zeppelin"), Site("giant-tower")]
    production_step(state, 0)
    texts = [m.text for m in GAME.legal_moves(state, 0)]
    assert "place krystallium on zeppelin as energy" in texts
    assert "place krystallium on giant-tower as gold" in texts
    assert not any("as financier" in t for t in texts)


def test_a_card_completed_mid_step_produces_from_the_next_step_on() -> None:
    state = table()
    board = state.boards[0]  # Noram: 3 materials, 1 gold
    board.sites.append(Site("recycling-plant", ["materials"]))  # needs 1 more materials; makes 2 materials
    board.sites.append(Site("wind-turbines", ["materials"]))  # needs 1 more materials; makes 1 energy
    production_step(state, 0)
    assert state.boards[0].available == {"materials": 3}
    state = GAME.apply(state, 0, "place materials on recycling-plant").state
    state = GAME.apply(state, 0, "place materials on wind-turbines").state
    assert state.board(0).built == ["recycling-plant", "wind-turbines"]
    # The materials step counted its production when it began: the Recycling Plant adds nothing now.
    assert state.board(0).available == {"materials": 1}
    step = GAME.apply(state, 0, "done")
    # Every other seat had nothing to place, so the energy step began: the Wind Turbines produce in it.
    assert "Energy production: Seat 1 1; supremacy: Seat 1 takes a general." in [e.text for e in step.events]
    assert step.state.boards[0].generals == 1


def test_a_completed_card_gives_its_construction_bonus_at_once() -> None:
    state = table()
    state.boards[0].sites.append(Site("financial-center", ["materials", "materials", "energy"]))
    production_step(state, 0)
    state = GAME.apply(state, 0, "place materials on financial-center").state
    assert state.board(0).financiers == 1  # the materials supremacy's (Noram 3 alone on top)
    state = GAME.apply(state, 0, "place materials on financial-center").state
    assert state.board(0).built == ["financial-center"] and state.board(0).financiers == 2


def test_recycling_a_card_under_construction_loses_its_resources_and_banks_its_bonus() -> None:
    state = table()
    board = state.boards[0]
    board.krystallium = 0
    board.sites.append(Site("nuclear-plant", ["materials", "materials", "science"], krystallium=1))
    production_step(state, 0)
    state = GAME.apply(state, 0, "recycle nuclear-plant").state
    board = state.board(0)
    assert board.sites == [] and board.krystallium == 1 and board.pile == 1  # its energy bonus banked
    assert state.boards[0].sites != []  # the table sees it only once the step is revealed


def test_planning_recycles_a_drafted_card_for_a_resource_to_place() -> None:
    state = table()
    state.phase = PLANNING
    state.boards[0].drafted = ["wind-turbines", "zeppelin"]
    rules.start_planning(state)
    state = GAME.apply(state, 0, "construct zeppelin").state
    state = GAME.apply(state, 0, "recycle wind-turbines").state
    assert state.board(0).available == {"energy": 1}
    state = GAME.apply(state, 0, "place energy on zeppelin").state
    assert state.board(0).sites[0].covered == ["energy"]
    with pytest.raises(IllegalMove, match="not in your draft area"):
        GAME.apply(state, 0, "construct zeppelin")


def test_end_of_game_scoring_counts_characters_and_multipliers() -> None:
    board = Board("noram-states", financiers=3, generals=2,
                  built=["secret-society", "financial-center", "financial-center", "transportation-network",
                         "zeppelin", "tank-division", "genetic-upgrades"])
    sheet = rules.score_sheet(board, "a")
    # Printed 3 (Genetic Upgrades); financiers: 1 each + 1 (Noram) + 1 (Secret Society) = 3 × 3;
    # generals 1 × 2; vehicles: Transportation Network's 1 × 2.
    assert sheet["cards"] == 3 and sheet["financier"] == 9 and sheet["general"] == 2 and sheet["vehicle"] == 2
    assert sheet["total"] == 16
    assert rules.score_sheet(board, "b")["total"] == 13  # face B has no Empire bonus


def test_ties_go_to_most_built_cards_then_most_characters() -> None:
    state = table(3)
    state.phase = "over"
    state.face = "b"  # no Empire bonuses
    state.boards[0].built = ["genetic-upgrades"]  # 3 points, 1 card
    state.boards[1].built = ["human-cloning", "robotic-animals"]  # 1 + 2 points, 2 cards
    state.boards[2].built = ["human-cloning", "robotic-animals"]
    state.boards[2].generals = 0
    state.boards[1].financiers = 0
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.scores == (3, 3, 3)
    assert outcome.ranks == (3, 1, 1) and outcome.winners == (1, 2)
    state.boards[2].financiers = 1  # 4 points now: alone on top
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (2,)


@pytest.mark.parametrize("round_number, passes_to", [(1, +1), (2, -1), (3, +1), (4, -1)])
def test_the_draft_passes_left_in_rounds_one_and_three_and_right_in_two_and_four(
        round_number: int, passes_to: int) -> None:
    state = GAME.setup(3, None, 7)
    state.round = round_number
    hands = [h.copy() for h in state.hands]
    picks = [hand[0] for hand in hands]
    for seat in range(3):
        state = GAME.apply(state, seat, f"draft {picks[seat]}").state
    for seat in range(3):
        giver = (seat - passes_to) % 3
        expected = hands[giver].copy()
        expected.remove(picks[giver])
        assert state.hands[seat] == expected
    assert [b.drafted for b in state.boards] == [[p] for p in picks]


def test_picks_stay_hidden_until_every_empire_has_picked_and_can_be_taken_back() -> None:
    state = GAME.setup(3, None, 7)
    card = state.hands[0][0]
    step = GAME.apply(state, 0, f"draft {card}")
    assert GAME.view(step.state, 1)["boards"][0]["drafted"] == []
    assert GAME.view(step.state, 1)["boards"][0]["picked"] is True
    assert "pick" not in GAME.view(step.state, None)
    assert GAME.view(step.state, 0)["pick"] == card
    assert GAME.undoable(state, 0, step)
    state = step.state
    state = GAME.apply(state, 1, f"draft {state.hands[1][0]}").state
    last = GAME.apply(state, 2, f"draft {state.hands[2][0]}")
    assert not GAME.undoable(state, 2, last)  # it revealed every pick
    assert GAME.view(last.state, 1)["boards"][0]["drafted"] == [card]


def _two_player_draft(version: int) -> tuple[WonderfulState, list[str]]:
    state = GAME.setup(2, None, 5, version)
    assert [len(h) for h in state.hands] == [10, 10]
    lines: list[str] = []
    for _ in range(PICKS):
        for seat in range(2):
            step = GAME.apply(state, seat, f"draft {state.hands[seat][0]}")
            state, lines = step.state, lines + [e.text for e in step.events]
    assert state.phase == PLANNING and all(len(b.drafted) == PICKS for b in state.boards)
    return state, lines


def test_two_players_are_dealt_ten_and_the_three_left_in_each_hand_are_discarded() -> None:
    state, lines = _two_player_draft(2)
    # As printed (and as /rules says): discarded, face up. Both seats held both hands, so the
    # discard tells neither anything it had not seen.
    assert state.leftovers == [] and len(state.discard) == 6
    assert lines[-2] == "The 6 cards left over go to the discard pile."
    view = GAME.view(state, None)
    assert view["leftover_count"] == 0 and set(view["discard"]) <= set(view["cards"])


def test_rules_1_set_the_two_player_leftovers_aside_face_down() -> None:
    state, _ = _two_player_draft(1)
    assert len(state.leftovers) == 6 and state.discard == []


def test_the_last_card_of_a_hand_is_still_drafted_by_its_seat() -> None:
    state = GAME.setup(3, None, 5)
    for _ in range(PICKS - 1):
        for seat in range(3):
            state = GAME.apply(state, seat, f"draft {state.hands[seat][0]}").state
    assert state.phase == DRAFT and [len(h) for h in state.hands] == [1, 1, 1]
    assert [m.text for m in GAME.legal_moves(state, 0) if m.text.startswith("draft ")] == [f"draft {state.hands[0][0]}"]


def test_ai_players_are_pure() -> None:
    state = GAME.setup(4, None, 11)
    for kind, player in GAME.ai_players().items():
        assert player.choose(state, 1, 5) == player.choose(state, 1, 5), kind


def test_productions_make_what_production_makes_step_by_step() -> None:
    state = table(5)
    state.boards[1].built += ["recycling-plant", "aircraft-carrier", "zeppelin", "mega-drill"]
    state.boards[2].built += ["robot-assistants", "wind-turbines", "harbor-zone"]
    for face in "ab":
        for board in state.boards:
            assert rules.productions(board, face) == {
                resource: rules.production(board, resource, face) for resource in RESOURCES}


def test_determinize_puts_another_seat_still_planning_back_at_the_steps_start() -> None:
    """Issue 44: another seat's working board is hidden until the step is revealed, so a state
    determinized for seat 0 shows seat 1 as the table last saw it; seat 0's own work and a seat
    that is done keep theirs."""
    state = GAME.setup(3, None, 5)
    while state.phase == DRAFT:
        seat = min(GAME.to_move(state))
        state = GAME.apply(state, seat, GAME.legal_moves(state, seat)[0]).state
    assert state.phase == PLANNING
    for seat in (0, 1):
        slate = next(m for m in GAME.legal_moves(state, seat) if m.text.startswith("construct "))
        state = GAME.apply(state, seat, slate).state
    while not state.done[2]:
        state = GAME.apply(state, 2, GAME.legal_moves(state, 2)[0]).state
    other = GAME.determinize(state, 0, 11)
    assert other.board(0) == state.board(0)
    assert other.board(1) == state.boards[1] != state.board(1)
    assert other.board(2) == state.board(2)
    assert GAME.view(other, 0) == GAME.view(state, 0)


def _unseen_by_0(state: WonderfulState) -> list[str]:
    """The cards seat 0 of a 3-player draft can't see: the deck, the other hands and picks."""
    picks = [pick for pick in state.picks[1:] if pick is not None]
    return sorted(state.deck + state.hands[1] + state.hands[2] + picks)


def test_determinize_redeals_the_other_seats_face_down_picks() -> None:
    """Issue 44: a pick made this draft turn is hidden from the other seats until every seat has
    picked, so determinize redeals it from the cards the viewer can't see: the viewer can't tell
    the states apart, the redealt picks vary with the seed, and the move completing the turn
    reveals the picks of the sampled world."""
    state = GAME.setup(3, None, 5)
    for seat in (1, 2):
        state = GAME.apply(state, seat, GAME.legal_moves(state, seat)[0]).state
    assert GAME.to_move(state) == {0} and state.picks[0] is None
    seen_by_0 = GAME.view(state, 0)
    picks = set()
    for seed in range(12):
        other = GAME.determinize(state, 0, seed)
        assert GAME.view(other, 0) == seen_by_0
        assert other.hands[0] == state.hands[0]
        assert _unseen_by_0(other) == _unseen_by_0(state)
        picks.add((other.picks[1], other.picks[2]))
        move = GAME.legal_moves(other, 0)[0]
        told = [e.text for e in GAME.apply(other, 0, move).events if e.seats is None]
        assert any(line.startswith("Drafted: ") and title(str(other.picks[1])) in line for line in told)
    assert len(picks) > 1
