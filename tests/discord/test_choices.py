"""Long move lists fit Discord's selects: grouped by leading tokens, split, paged."""

from __future__ import annotations

from bot.discord.choices import PAGE, SELECT, menu, read_value, under
from bot.discord.panels import move_controls
from engine import registry
from engine.core import Move


def _all_reachable(moves: list[Move]) -> set[str]:
    """Every move a player can reach by narrowing and paging from the top."""
    reached: set[str] = set()
    stack = [""]
    while stack:
        prefix = stack.pop()
        first = menu(moves, prefix)
        for page in range(first.pages):
            for option in menu(moves, prefix, page).options:
                kind, text = read_value(option.value)
                if kind == "m":
                    reached.add(text)
                else:
                    assert len(under(moves, text)) < len(under(moves, prefix))
                    stack.append(text)
    return reached


def test_a_long_tranquility_move_list_is_offered_in_groups_of_at_most_25() -> None:
    game = registry.get("tranquility")
    state = game.setup(1, None, seed=7)
    moves = game.legal_moves(state, 0)
    assert len(moves) > SELECT
    top = menu(moves)
    assert 1 < len(top.options) <= SELECT and top.pages == 1
    assert _all_reachable(moves) == {m.text for m in moves}


def test_moves_sharing_every_leading_word_go_into_several_selects_then_pages() -> None:
    cells = [Move(f"place 7 at {cell}") for cell in range(1, 37)]
    shown = menu(cells)
    assert shown.moves_only and len(shown.options) == 36 and shown.pages == 1
    view = move_controls(1, 3, cells)
    selects = [item for item in view.children if item.type.value == 3]
    assert len(selects) == 2
    many = [Move(f"take {n}") for n in range(250)]
    pages = [menu(many, "", page) for page in range(menu(many).pages)]
    assert [len(p.options) for p in pages] == [PAGE, PAGE, 50]
    assert _all_reachable(many) == {m.text for m in many}


def test_a_handful_of_moves_are_buttons() -> None:
    moves = [Move("take blacksmith", "Take Blacksmith"), Move("take hunter", "Take Hunter")]
    view = move_controls(4, 9, moves)
    labels = [getattr(getattr(item, "item", item), "label", None) for item in view.children]
    assert "Take Blacksmith" in labels and "Refresh" in labels
