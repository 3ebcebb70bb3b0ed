"""Rules 2, the printed flow (issue 43; docs/its-a-wonderful-world.md, docs/wonderful.md "Rules
versions"): every seat that could act is in every production step, recycling a card slated this
round gives its bonus and cubes to place, the player names which copy of a card, krystallium and
characters come back off a card, and games set up before keep rules 1."""

from __future__ import annotations

import pytest

from engine.errors import IllegalMove
from engine.wonderful import GAME, rules
from engine.wonderful.state import PLANNING, PRODUCTION, Board, Site, WonderfulState, decode, encode

EMPIRES = ["noram-states", "federation-of-asia", "panafrican-union", "republic-of-europe", "aztec-empire"]


def table(players: int = 3, seed: int = 1, version: int | None = None, face: str = "a") -> WonderfulState:
    """A fresh game (rules 2 unless `version` 1) with every empire cleared, positions built by hand."""
    state = GAME.setup(players, {"face": face}, seed, version)
    state.boards = [Board(EMPIRES[seat]) for seat in range(players)]
    return state


def produce(state: WonderfulState, step: int) -> list[str]:
    state.phase = PRODUCTION
    return [e.text for e in rules.start_production(state, step)]


def texts(state: WonderfulState, seat: int) -> list[str]:
    return [m.text for m in GAME.legal_moves(state, seat)]


def plan(state: WonderfulState, drafted: dict[int, list[str]]) -> WonderfulState:
    for seat, cards in drafted.items():
        state.boards[seat].drafted = cards
    state.phase = PLANNING
    rules.start_planning(state)
    return state


# -- every seat at every production step ---------------------------------------------------


def test_a_seat_that_produces_nothing_still_acts_in_the_step_when_it_could_change_its_board() -> None:
    state = table()
    state.boards[1].sites.append(Site("zeppelin"))  # Asia makes no energy, but has a card to work on
    lines = produce(state, 1)  # energy: Noram 0, Asia 0, Panafrica 0
    assert lines == ["Energy production: nobody produces any."]
    # Seat 2 could recycle its Zeppelin (or place krystallium or a character, had it one): it is
    # in the step. The others have no card under construction: nothing they do changes anything.
    assert GAME.to_move(state) == frozenset({1})
    assert texts(state, 1) == ["done", "recycle zeppelin", "set autopass on"]


def test_recycling_alone_keeps_a_seat_in_the_step_as_game_park_plays_it() -> None:
    # Recycling a card under construction is allowed at any time; Game Park makes every player
    # validate every production step for it. A seat with only that to do is asked too.
    state = table()
    state.boards[0].sites.append(Site("giant-tower"))  # needs gold and a financier; Noram makes no energy
    produce(state, 1)
    assert 0 in GAME.to_move(state)
    state = GAME.apply(state, 0, "recycle giant-tower").state
    assert state.board(0).pile == 1 and state.board(0).sites == []
    state = GAME.apply(state, 0, "done").state
    assert state.step > 1


def test_rules_1_skipped_a_seat_with_nothing_to_place() -> None:
    state = table(version=1)
    state.boards[0].sites.append(Site("giant-tower"))
    produce(state, 1)
    assert 0 not in GAME.to_move(state)


def test_krystallium_finishes_a_card_in_a_step_its_seat_produces_nothing_in() -> None:
    state = table()
    board = state.boards[0]  # Noram: 3 materials, 1 gold; no science
    board.krystallium = 2
    board.sites.append(Site("universal-vaccine", ["science"]))  # 3 science: 2 still to place
    produce(state, 2)
    assert 0 in GAME.to_move(state)
    state = GAME.apply(state, 0, "place krystallium on universal-vaccine as science").state
    state = GAME.apply(state, 0, "place krystallium on universal-vaccine as science").state
    assert state.board(0).built == ["universal-vaccine"]


def _seed_191(version: int) -> WonderfulState:
    """Seed 191, 5 players, face b, round 4, the gold step ending with Seat 1's `done`: seat 2
    has Time Travel under construction (5 science and 3 krystallium; 3 science on it), 4
    krystallium and 4 resources on its Empire card; its Zeppelin makes the one exploration of
    the table, which nothing of its takes (issue 43)."""
    state = table(5, 191, version, face="b")
    state.round = 4
    state.boards[0].built = ["giant-tower", "alexanders-tomb", "lunar-base"]  # 30 points
    state.boards[1].built = ["giant-tower", "alexanders-tomb"]  # 20
    state.boards[3].built = ["teleportation"]  # 8
    state.boards[4].built = ["ark-of-the-covenant"]  # 5
    seat = state.boards[2]
    seat.built = ["zeppelin", "bionic-grafts", "genetic-upgrades", "climate-control"]  # 4 + 3 + 2 points
    seat.financiers, seat.generals = 1, 1
    seat.sites = [Site("time-travel", ["science"] * 3)]
    seat.krystallium, seat.pile = 4, 4
    state.phase, state.step = PRODUCTION, 3
    state.work = [state.boards[0].copy(), None, None, None, None]
    state.done = [False, True, True, True, True]
    return state


def test_seed_191_time_travel_is_built_at_the_last_step_and_scores_as_printed() -> None:
    # Rules 1: the exploration step makes seat 2's fifth krystallium on its Empire card, and with
    # nothing to place the seat is skipped: the game ends inside the move, Time Travel unbuilt.
    step = GAME.apply(_seed_191(1), 0, "done")
    outcome = GAME.outcome(step.state)
    assert outcome is not None and outcome.scores is not None and outcome.ranks is not None
    assert step.state.boards[2].krystallium == 5 and (outcome.scores[2], outcome.ranks[2]) == (12, 3)
    # Rules 2: the seat is in the step and places its five krystallium: 27 points, second.
    state = GAME.apply(_seed_191(2), 0, "done").state
    assert GAME.outcome(state) is None and GAME.to_move(state) == frozenset({2})
    assert state.board(2).krystallium == 5
    for move in ["place krystallium on time-travel"] * 3 + ["place krystallium on time-travel as science"] * 2:
        state = GAME.apply(state, 2, move).state
    assert state.board(2).built[-1] == "time-travel"
    state = GAME.apply(state, 2, "done").state
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.scores is not None and outcome.ranks is not None
    assert (outcome.scores[2], outcome.ranks[2]) == (27, 2)


def test_the_planner_finishes_time_travel_with_krystallium_too() -> None:
    # The AI that sits in for people looks ahead; greedy spends krystallium on a last item only.
    state = GAME.apply(_seed_191(2), 0, "done").state
    player = GAME.ai_players()["planner"]
    while GAME.outcome(state) is None:
        state = GAME.apply(state, 2, player.choose(state, 2, 1)).state
    assert "time-travel" in state.boards[2].built


def test_a_player_who_always_makes_the_first_legal_move_finishes_the_game() -> None:
    # The autopass switch sorts after the moves that take the game on: no endless flipping.
    state = GAME.setup(3, None, 8)
    for _ in range(2000):
        if GAME.outcome(state) is not None:
            break
        seat = min(GAME.to_move(state))
        state = GAME.apply(state, seat, GAME.legal_moves(state, seat)[0]).state
    assert GAME.outcome(state) is not None


def test_autopass_passes_the_steps_its_seat_produces_nothing_in() -> None:
    state = table()
    state.boards[0].sites.append(Site("giant-tower"))
    state.boards[0].drafted = ["zeppelin"]
    state.phase = PLANNING
    rules.start_planning(state)
    state = GAME.apply(state, 0, "set autopass on").state
    assert state.autopass == [True, False, False] and GAME.view(state, 1)["boards"][0]["autopass"]
    state = GAME.apply(state, 0, "recycle zeppelin").state
    state = GAME.apply(state, 0, "place exploration on krystallium").state
    for seat in range(3):
        state = GAME.apply(state, seat, "done").state
    # Materials: Noram makes 3 (nothing takes them), so it is in the step; energy and science it
    # makes none of: passed, Giant Tower and all (Panafrica chooses its science token); gold: 1,
    # in again.
    assert (state.step, GAME.to_move(state)) == (0, frozenset({0}))
    state = GAME.apply(state, 0, "done").state
    assert (state.step, GAME.to_move(state)) == (2, frozenset({2}))
    state = GAME.apply(GAME.apply(state, 2, "choose general").state, 2, "done").state
    assert (state.step, GAME.to_move(state)) == (3, frozenset({0}))
    state = GAME.apply(state, 0, "set autopass off").state
    state = GAME.apply(state, 0, "place gold on giant-tower").state
    state = GAME.apply(state, 0, "done").state
    assert (state.step, GAME.to_move(state)) == (4, frozenset({0}))  # exploration: none made, but in again


# -- recycling -----------------------------------------------------------------------------


def test_recycling_a_card_slated_this_round_gives_its_bonus_and_its_cubes_to_place() -> None:
    state = table()
    state.boards[0].krystallium = 1
    state = plan(state, {0: ["industrial-complex", "wind-turbines", "zeppelin"]})
    for move in ("construct industrial-complex", "recycle wind-turbines", "place energy on industrial-complex",
                 "place krystallium on industrial-complex as materials"):
        state = GAME.apply(state, 0, move).state
    step = GAME.apply(state, 0, "recycle industrial-complex")
    board = step.state.board(0)
    assert step.events[0].text == ("You recycle Industrial Complex from your construction area. Slated this "
                                   "round: its gold and the 1 cube on it are yours to place.")
    assert board.available == {"energy": 1, "gold": 1} and board.krystallium == 1 and board.pile == 0


def test_recycling_an_older_card_banks_its_bonus_and_loses_its_cubes_but_not_its_tokens() -> None:
    for phase in ("planning", "production"):
        state = table()
        board = state.boards[0]
        board.sites.append(Site("giant-tower", ["gold", "financier", "gold"], krystallium=1, stand_ins=["gold"]))
        if phase == "planning":
            state = plan(state, {0: ["zeppelin"]})
        else:
            produce(state, 1)
        state = GAME.apply(state, 0, "recycle giant-tower").state
        board = state.board(0)
        assert (board.pile, board.krystallium, board.financiers, board.available) == (1, 1, 1, {}), phase


def test_a_card_slated_this_round_is_like_any_other_once_planning_ends() -> None:
    state = plan(table(), {seat: ["zeppelin"] for seat in range(3)})
    for seat in range(3):
        state = GAME.apply(state, seat, "construct zeppelin").state
        assert state.board(seat).sites[0].fresh
        state = GAME.apply(state, seat, "done").state
    assert not any(site.fresh for board in state.boards for site in board.sites)


# -- which copy ----------------------------------------------------------------------------


def test_the_player_chooses_which_copy_of_a_card_receives_an_item_when_the_copies_differ() -> None:
    state = table()
    state.boards[1].sites += [Site("harbor-zone", ["gold"] * 4), Site("harbor-zone", ["gold"]),
                              Site("harbor-zone", ["gold"])]
    produce(state, 3)  # gold: Asia 2
    offered = [t for t in texts(state, 1) if t.startswith("place gold on harbor")]
    # The third copy is like the second: one move for both, on the older.
    assert offered == ["place gold on harbor-zone:1", "place gold on harbor-zone:2"]
    labels = {m.text: m.label for m in GAME.legal_moves(state, 1)}
    assert labels["place gold on harbor-zone:1"] == "Place gold on Harbor Zone #1 (4 gold)"
    state = GAME.apply(state, 1, "place gold on harbor-zone:2").state
    assert [s.covered for s in state.board(1).sites] == [["gold"] * 4, ["gold"] * 2, ["gold"]]
    with pytest.raises(IllegalMove, match="differ: say which, `place gold on harbor-zone:1` or"):
        GAME.apply(state, 1, "place gold on harbor-zone")
    state = GAME.apply(state, 1, "place gold on harbor-zone:1").state
    assert state.board(1).built == ["harbor-zone"]


def test_alike_copies_are_one_move_and_a_numbered_one_is_refused_with_the_move_to_say() -> None:
    state = table()
    state.boards[1].sites += [Site("harbor-zone", ["gold"]), Site("harbor-zone", ["gold"])]
    produce(state, 3)
    assert [t for t in texts(state, 1) if "harbor" in t] == ["place gold on harbor-zone", "recycle harbor-zone"]
    with pytest.raises(IllegalMove, match="like every other copy for this: say `place gold on harbor-zone`"):
        GAME.apply(state, 1, "place gold on harbor-zone:2")
    with pytest.raises(IllegalMove, match="no Harbor Zone #3 under construction"):
        GAME.apply(state, 1, "recycle harbor-zone:3")


def test_the_player_chooses_which_copy_to_recycle_the_drafted_one_or_one_under_construction() -> None:
    state = table()
    state.boards[0].sites.append(Site("zeppelin", ["energy"]))
    state = plan(state, {0: ["zeppelin"]})
    assert [t for t in texts(state, 0) if t.startswith("recycle")] == ["recycle zeppelin", "recycle zeppelin:1"]
    assert [m.label for m in GAME.legal_moves(state, 0) if m.text.startswith("recycle")] == [
        "Recycle Zeppelin (drafted)", "Recycle Zeppelin #1 (1 energy)"]
    drafted = GAME.apply(state, 0, "recycle zeppelin").state.board(0)
    assert drafted.drafted == [] and drafted.available == {"exploration": 1}
    older = GAME.apply(state, 0, "recycle zeppelin:1").state.board(0)
    assert older.drafted == ["zeppelin"] and older.sites == [] and older.pile == 1


def test_rules_1_chose_the_copy_for_the_player() -> None:
    state = table(version=1)
    state.boards[1].sites += [Site("harbor-zone", ["gold"] * 4), Site("harbor-zone", ["gold"])]
    produce(state, 3)
    assert [t for t in texts(state, 1) if "harbor" in t] == ["place gold on harbor-zone", "recycle harbor-zone"]
    after = GAME.apply(state, 1, "place gold on harbor-zone").state.board(1)
    assert after.built == ["harbor-zone"]  # the oldest copy
    with pytest.raises(IllegalMove, match="rules it began with"):
        GAME.apply(state, 1, "place gold on harbor-zone:2")


# -- tokens taken back ---------------------------------------------------------------------


def test_krystallium_and_characters_come_back_off_a_card_under_construction() -> None:
    state = table()
    board = state.boards[0]
    board.krystallium, board.financiers = 2, 1
    board.sites.append(Site("secret-society"))  # 3 gold, 1 krystallium
    board.sites.append(Site("giant-tower"))  # 2 materials, 3 gold, 1 financier
    produce(state, 3)  # Noram: 1 gold
    for move in ("place krystallium on secret-society", "place krystallium on secret-society as gold",
                 "place financier on giant-tower"):
        state = GAME.apply(state, 0, move).state
    board = state.board(0)
    assert board.sites[0].stand_ins == ["gold"] and (board.krystallium, board.financiers) == (0, 0)
    assert {"take krystallium from secret-society", "take krystallium from secret-society as gold",
            "take financier from giant-tower"} <= set(texts(state, 0))
    labels = {m.text: m.label for m in GAME.legal_moves(state, 0)}
    assert labels["take krystallium from secret-society as gold"] == "Take krystallium as gold from Secret Society"
    state = GAME.apply(state, 0, "take krystallium from secret-society as gold").state
    state = GAME.apply(state, 0, "take financier from giant-tower").state
    board = state.board(0)
    assert board.sites[0].covered == ["krystallium"] and board.sites[0].stand_ins == []
    assert (board.krystallium, board.financiers, board.sites[1].covered) == (1, 1, [])
    # The slot a krystallium stood in is free again for the gold.
    state = GAME.apply(state, 0, "place gold on secret-society").state
    assert state.board(0).sites[0].covered == ["krystallium", "gold"]


def test_a_resource_whose_only_slot_holds_a_krystallium_stays_to_place() -> None:
    state = table()
    board = state.boards[0]
    board.sites.append(Site("wind-turbines", ["materials", "materials"], krystallium=1, stand_ins=["materials"]))
    produce(state, 0)  # Noram: 3 materials; the Wind Turbines' slots are covered, one by a krystallium
    assert state.board(0).available == {"materials": 3}
    state = GAME.apply(state, 0, "take krystallium from wind-turbines as materials").state
    state = GAME.apply(state, 0, "place materials on wind-turbines").state
    assert state.board(0).built == ["wind-turbines"] and state.board(0).krystallium == 1


def test_the_view_marks_the_item_a_krystallium_replaced() -> None:
    state = table()
    state.boards[0].krystallium = 1
    state.boards[0].sites.append(Site("nuclear-plant", ["materials"]))  # 4 materials, 1 science
    produce(state, 1)
    state = GAME.apply(state, 0, "place krystallium on nuclear-plant as science").state
    site = GAME.view(state, 0)["boards"][0]["sites"][0]
    assert (site["covered"], site["krystallium"], site["stand_ins"]) == (["materials", "science"], 1, ["science"])


# -- versions ------------------------------------------------------------------------------


def test_a_version_1_encoding_decodes_as_a_rules_1_game() -> None:
    state = table(version=1)
    state.boards[0].sites.append(Site("zeppelin", ["energy"], krystallium=1))
    data = encode(state)
    assert data["version"] == 2 and data["rules"] == 1
    old = {key: value for key, value in data.items() if key not in ("rules", "autopass")}
    old["version"] = 1
    for board in old["boards"]:
        for site in board["sites"]:
            del site["stand_ins"], site["fresh"]
    assert decode(old) == state


def test_a_new_game_plays_rules_2_and_says_so_in_its_view() -> None:
    assert GAME.version == 2
    assert GAME.setup(3, None, 1).rules == 2 and GAME.setup(3, None, 1, 1).rules == 1
    assert GAME.view(GAME.setup(3, None, 1), None)["rules"] == 2
