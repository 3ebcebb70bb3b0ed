"""My City Roll & Build: the questions a newcomer asks first land on the entry that answers them (issue 30).

Discord's /rules opens the first answer, so for My City the question set is held to top-1, not
only to the top-3 floor every game keeps (test_questions.py).
"""

from __future__ import annotations

from benchmarks.rules import accuracy, load_questions
from bot.rules.index import RulesIndex

GAME = "my-city"


def _first(index: RulesIndex, query: str) -> str:
    hits = index.search(GAME, query, limit=3)
    assert hits, f"nothing found for {query!r}"
    return hits[0].entry.id


def test_my_city_what_do_the_dice_tell_me_answers_with_the_dice_first(index: RulesIndex) -> None:
    assert _first(index, "what do the dice tell me") == "my-city/dice"
    dice = index.entry("my-city/dice")
    assert dice is not None and "blue dice" in dice.text and "white die" in dice.text


def test_my_city_what_if_i_cant_place_the_building_answers_with_passing_first(index: RulesIndex) -> None:
    assert _first(index, "what if I can't place the building") == "my-city/passing"
    assert _first(index, "what if I cannot place the building") == "my-city/passing"
    # Not a question about being unable: where a building may go is still Placing.
    assert _first(index, "where can I place a building") == "my-city/placing"


def test_my_city_how_many_points_for_churches_answers_with_churches_not_the_chapter_blurb(index: RulesIndex) -> None:
    assert _first(index, "how many points for churches") == "my-city/churches"
    churches = index.entry("my-city/churches")
    assert churches is not None and "Points:" in churches.text and "scoring area" in churches.text


def test_my_city_what_does_the_double_mean_finds_the_blue_dice_pair(index: RulesIndex) -> None:
    assert _first(index, "what does the double mean") == "my-city/dice/shape"
    shape = index.entry("my-city/dice/shape")
    assert shape is not None and "double" in shape.text


def test_my_city_every_question_of_its_set_gets_the_right_first_answer(index: RulesIndex) -> None:
    questions = [q for q in load_questions() if q.game == GAME]
    assert len(questions) >= 10
    result = accuracy(index, questions)
    wrong = [f"{q.q!r}: expected {q.expect}, got {_first(index, q.q)}"
             for q in questions if _first(index, q.q) != q.expect]
    assert result.top1 == result.total, "\n".join(wrong)
