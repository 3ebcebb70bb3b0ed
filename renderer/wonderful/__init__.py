"""It's a Wonderful World pictures (docs/renderer.md, "It's a Wonderful World"): the table, a seat's
own hand and draft, and the score sheet. Each draws only what its view holds: the cards' and
empires' printed facts too (`cards`, `empires`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import NamedTuple

from engine.views.wonderful import RESOURCES, ROUNDS, BoardView, WonderfulView
from renderer.canvas import (
    BOLD,
    GOLD,
    HIGHLIGHT,
    INK,
    INK_SOFT,
    INNER,
    MARGIN,
    PARCHMENT_DARK,
    SANS,
    SERIF,
    WHITE,
    Sheet,
    wrap,
)
from renderer.names import seat_name
from renderer.text import named
from renderer.wonderful.pieces import (
    ITEM,
    LETTER,
    PANEL,
    ROW_GAP,
    ROW_H,
    SIZE,
    TYPE_FILL,
    TYPE_ORDER,
    TYPE_SHORT,
    Card,
    Pill,
    Site,
    built_tile,
    card_row,
    draw_flow,
    flow_height,
    printed,
    site_tile,
    span,
    tile_places,
)
from renderer.zones import Names, Zone, panel, stack

PAD = 14  # inside a seat's panel
LINE = 36  # a line of 25 px text
LEFT = MARGIN + PAD
WIDTH = INNER - 2 * PAD
REWARD = {"materials": "Fin", "energy": "Gen", "science": "F/G", "gold": "Fin", "exploration": "Gen"}


def card(view: WonderfulView, key: str) -> Card:
    """Card `key` as the view prints it (its `cards`)."""
    return printed(key, view["cards"].get(key))


def empire_title(view: WonderfulView, key: str) -> str:
    found = view["empires"].get(key)
    return found["title"] if found else key  # a name only the view gives: never one made up from a key


def _points(points: int) -> str:
    return f"{points} pt" if points == 1 else f"{points} pts"


class Block(NamedTuple):
    """A band of a seat's panel: its height and how to draw it at a top."""

    height: int
    draw: Callable[[Sheet, float], None]


# -- the head: round, phase, deck, supremacy ---------------------------------------------------


def _title(view: WonderfulView) -> str:
    round_ = f"Round {min(view['round'], ROUNDS)} of {ROUNDS}"
    phase = view["phase"]
    if phase == "over":
        return "Game over"
    if phase == "production":
        return f"{round_} · Production: {view['step']}"
    if phase == "draft":
        return f"{round_} · Draft, pass {view['direction']}"
    return f"{round_} · Planning"


def _facts(view: WonderfulView) -> str:
    facts = [f"deck {view['deck_count']}", f"recycled {len(view['discard'])}"]
    if view["leftover_count"]:
        facts.append(f"set aside {view['leftover_count']}")
    facts.append(f"face {view['options']['face'].upper()}")
    return " · ".join(facts)


def _shows_supremacy(view: WonderfulView) -> bool:
    return view["phase"] == "production" or any(winner is not None for winner in view["supremacy"])


CELL_W = (INNER - 4 * 8) / 5


def _head_height(view: WonderfulView, names: Names) -> int:
    height = 90
    if _shows_supremacy(view):
        height += 30 + 2 * LINE + 16
    return height


def _draw_head(sheet: Sheet, view: WonderfulView, names: Names, top: float) -> None:
    sheet.text((MARGIN + 4, top + 20), _title(view), 32, role="label", face=SERIF, anchor="lm", max_width=INNER)
    sheet.text((MARGIN + 4, top + 60), _facts(view), SIZE, role="label", face=SANS, fill=INK_SOFT, anchor="lm",
               max_width=INNER)
    if not _shows_supremacy(view):
        return
    y = top + 90
    said = "Supremacy, last round" if view["phase"] == "over" else "Supremacy this round"
    sheet.text((MARGIN + 4, y + 14), said, SIZE, role="label", face=SANS, fill=INK_SOFT,
               anchor="lm")
    y += 30
    # A step's supremacy is settled as the step begins: the current one is decided too.
    step = view["step"]
    decided = RESOURCES.index(step) + 1 if step in RESOURCES else len(RESOURCES) * (view["phase"] == "over")
    for number, resource in enumerate(RESOURCES):
        x = MARGIN + number * (CELL_W + 8)
        current = view["phase"] == "production" and view["step"] == resource
        sheet.box((x, y, x + CELL_W, y + 2 * LINE + 8), PARCHMENT_DARK, outline=HIGHLIGHT if current else INK_SOFT,
                  width=4 if current else 2, radius=10)
        letter = LETTER[resource]
        colour, ink, shown = ITEM[letter]
        sheet.box((x + 8, y + 6, x + 38, y + 36), colour, outline=INK, width=1, radius=5)
        sheet.text((x + 23, y + 21), shown, SIZE, role="card", face=BOLD, fill=ink, anchor="mm")
        sheet.text((x + 46, y + 21), REWARD[resource], SIZE, role="label", face=SANS, anchor="lm",
                   max_width=CELL_W - 50)
        winners = view["supremacy"]
        winner = winners[number] if number < len(winners) else None
        if winner is not None:
            who = seat_name(names, winner, size=SIZE, max_width=CELL_W - 14)
            sheet.text((x + 8, y + LINE + 22), who, SIZE, role="name", face=BOLD, anchor="lm", max_width=CELL_W - 14)
        else:
            said = "nobody" if number < decided else "later"
            sheet.text((x + 8, y + LINE + 22), said, SIZE, role="label", face=SANS, fill=INK_SOFT, anchor="lm")


HEAD = Zone[WonderfulView]("head", _head_height, _draw_head)


# -- a seat's panel ------------------------------------------------------------------------------


def _status(view: WonderfulView, seat: int, board: BoardView) -> str:
    if view["phase"] == "over":
        return ""
    if board["choosing"]:
        return "to choose F or Gn"
    if view["phase"] == "draft":
        return "picked" if board["picked"] else "to pick"
    if seat in view["to_move"]:
        return "to act"
    return "done" if board["done"] else "waiting"


def _resource_pills(counts: dict[str, int]) -> list[Pill]:
    pills = []
    for resource in (*RESOURCES, "krystallium"):
        count = counts.get(resource, 0)
        if count:
            colour, ink, shown = ITEM[LETTER[resource]]
            pills.append(Pill(f"{count} {shown}", colour, ink, "coin"))
    return pills


def _stock_pills(view: WonderfulView, board: BoardView) -> list[Pill]:
    pills = [Pill("makes", None, INK_SOFT)]
    made = _resource_pills(board["production"])
    pills += made or [Pill("nothing", None, INK_SOFT)]
    pills.append(Pill("has", None, INK_SOFT))
    pills.append(Pill(f"{board['financiers']} F", ITEM["F"][0], WHITE, "coin"))
    pills.append(Pill(f"{board['generals']} Gn", ITEM["N"][0], WHITE, "coin"))
    pills.append(Pill(f"{board['krystallium']} K", ITEM["K"][0], WHITE, "coin"))
    pills.append(Pill(f"pile {board['pile']}/5", PARCHMENT_DARK, INK, "coin"))
    if view["phase"] == "draft":
        pills.append(Pill(f"hand {board['hand_count']}", PARCHMENT_DARK, INK, "coin"))
    return pills


def _built_label(built: Sequence[Card]) -> str:
    counts = {type_: 0 for type_ in TYPE_FILL}
    for facts in built:
        if facts.type in counts:
            counts[facts.type] += 1
    parts = [f"{count} {TYPE_SHORT[type_]}" for type_, count in counts.items() if count]
    return f"Built {len(built)}" + (": " + " · ".join(parts) if parts else "")


def _label_block(text: str) -> Block:
    def draw(sheet: Sheet, top: float) -> None:
        sheet.text((LEFT, top + LINE / 2), text, SIZE, role="label", face=SANS, fill=INK_SOFT, anchor="lm",
                   max_width=WIDTH)
    return Block(LINE, draw)


def _tiles_block(spans: Sequence[int], draw_one: Callable[[Sheet, float, float, int], None]) -> Block:
    """Tiles of these spans (columns each), drawn in order by `draw_one(sheet, x, y, index)`."""
    def draw(sheet: Sheet, top: float) -> None:
        for index, (x, y) in enumerate(tile_places(spans, LEFT, top)[0]):
            draw_one(sheet, x, y, index)
    return Block(tile_places(spans, LEFT, 0)[1] + 6, draw)


def _cards_block(cards: Sequence[Card]) -> Block:
    """Built or drafted cards as tiles, each as wide as its whole name needs."""
    spans = [span(facts.title) for facts in cards]
    return _tiles_block(spans, lambda sheet, x, y, i: built_tile(sheet, x, y, cards[i], spans[i]))


def _seat_blocks(view: WonderfulView, seat: int, names: Names, *, own: bool) -> list[Block]:
    """A seat's panel top to bottom: name, empire and score; what it makes and holds; then its
    draft area, construction area and built cards (the draft area is in rows elsewhere when `own`)."""
    board = view["boards"][seat]
    blocks: list[Block] = []

    def head(sheet: Sheet, top: float) -> None:
        score = _points(board["score"])
        right = MARGIN + INNER - PAD
        sheet.box((right - 120, top + 4, right, top + 38), GOLD, outline=INK, width=1, radius=8)
        sheet.text((right - 60, top + 21), score, SIZE, role="points", face=BOLD, anchor="mm", max_width=112)
        you = " (you)" if seat == view["viewer"] else ""
        name = seat_name(names, seat, size=28, max_width=WIDTH - 140 - 8 * len(you))
        sheet.text((LEFT, top + 21), name, 28, role="name", face=BOLD, anchor="lm", max_width=WIDTH - 140,
                   tail=you)
        status = _status(view, seat, board)
        line = empire_title(view, board["empire"]) + (f" · {status}" if status else "")
        if board["autopass"] and view["phase"] != "over":
            line += " · autopass"  # its player passes the production steps it produces nothing in
        sheet.text((LEFT, top + 21 + LINE), line, SIZE, role="label", face=SANS, fill=INK_SOFT, anchor="lm",
                   max_width=WIDTH)

    blocks.append(Block(2 * LINE + 8, head))
    stock = _stock_pills(view, board)
    blocks.append(Block(flow_height(stock, WIDTH) + 8, lambda sheet, top: draw_flow(sheet, LEFT, top, stock, WIDTH)))
    if board["available"]:
        place = [Pill("to place", None, HIGHLIGHT), *_resource_pills(board["available"])]
        blocks.append(Block(flow_height(place, WIDTH) + 8,
                            lambda sheet, top: draw_flow(sheet, LEFT, top, place, WIDTH)))
    drafted = [card(view, key) for key in board["drafted"]]
    if drafted and not own:
        blocks.append(_label_block(f"Draft area {len(drafted)}: what each makes and scores"))
        blocks.append(_cards_block(drafted))
    if board["sites"]:
        blocks += _sites_blocks(view, board)
    built = sorted((card(view, key) for key in board["built"]),
                   key=lambda facts: (TYPE_ORDER.get(facts.type, 9), facts.title))
    blocks.append(_label_block(_built_label(built)))
    if built:
        blocks.append(_cards_block(built))
    return blocks


def _sites_blocks(view: WonderfulView, board: BoardView) -> list[Block]:
    """The construction area, oldest first: a card the seat builds more than one of carries its
    copy's number ("#2"), as moves name it (`place gold on harbor-zone:2`)."""
    sites = board["sites"]
    facts = [card(view, s["card"]) for s in sites]
    counts = Counter(s["card"] for s in sites)
    seen: Counter[str] = Counter()
    tags = []
    for site in sites:
        seen[site["card"]] += 1
        tags.append(f"#{seen[site['card']]}" if counts[site["card"]] > 1 else "")
    drawn = [Site(tuple(s["covered"]), tuple(s["missing"]), s["krystallium"], tuple(s["stand_ins"]))
             for s in sites]
    spans = [span(f.title, tag) for f, tag in zip(facts, tags, strict=True)]
    return [_label_block(f"Building {len(sites)}: filled placed, hollow still needed"),
            _tiles_block(spans, lambda sheet, x, y, i: site_tile(sheet, x, y, facts[i], drawn[i], spans[i], tags[i]))]


def _panel_height(blocks: Sequence[Block]) -> int:
    return 2 * 10 + sum(block.height for block in blocks)


def _draw_panel(sheet: Sheet, blocks: Sequence[Block], top: float, *, mine: bool) -> None:
    panel(sheet, top, _panel_height(blocks), PANEL, outline=HIGHLIGHT if mine else INK_SOFT,
          width=4 if mine else 2)
    y = top + 10
    for block in blocks:
        block.draw(sheet, y)
        y += block.height


def _seats_order(view: WonderfulView) -> list[int]:
    """The viewer's own empire first, then the others in seat order."""
    seats = list(range(view["players"]))
    viewer = view["viewer"]
    return seats if viewer is None else [viewer] + [s for s in seats if s != viewer]


def _seats_height(view: WonderfulView, names: Names) -> int:
    heights = [_panel_height(_seat_blocks(view, seat, names, own=False)) for seat in _seats_order(view)]
    return sum(heights) + 12 * (len(heights) - 1)


def _draw_seats(sheet: Sheet, view: WonderfulView, names: Names, top: float) -> None:
    for seat in _seats_order(view):
        blocks = _seat_blocks(view, seat, names, own=False)
        _draw_panel(sheet, blocks, top, mine=seat == view["viewer"])
        top += _panel_height(blocks) + 12


SEATS = Zone[WonderfulView]("seats", _seats_height, _draw_seats)


# -- the result banner and the score sheet -------------------------------------------------------


def _summary_lines(view: WonderfulView, names: Names) -> list[str]:
    result = view["outcome"]
    if result is None:
        return []
    return wrap(named(result["summary"], names), SERIF, 30, INNER - 28)


def _banner_height(view: WonderfulView, names: Names) -> int:
    lines = _summary_lines(view, names)
    return 20 + 40 * len(lines) if lines else 0


def _draw_banner(sheet: Sheet, view: WonderfulView, names: Names, top: float) -> None:
    lines = _summary_lines(view, names)
    panel(sheet, top, _banner_height(view, names), GOLD, outline=INK)
    sheet.lines(MARGIN + 12, top + 10, lines, 30, role="name", pitch=40, face=SERIF)


BANNER = Zone[WonderfulView]("banner", _banner_height, _draw_banner)

SOURCES = ("cards", "structure", "vehicle", "research", "project", "discovery", "financier", "general")
SOURCE_LABEL = {"cards": "Printed", "structure": "Structure", "vehicle": "Vehicle", "research": "Research",
                "project": "Project", "discovery": "Discovery", "financier": "Financier", "general": "General"}
CELL = (INNER - 2 * PAD - 3 * 8) / 4
CELL_H = 2 * LINE + 4
NOTE = ("Printed: the points on built cards. A type or a character: what the cards, the empire "
        "and 1 point per token give per built card or token held.")


def _sheet_seats(view: WonderfulView) -> list[dict[str, int]]:
    result = view["outcome"]
    sheet = result["sheet"] if result else None
    seats = sheet.get("seats") if isinstance(sheet, dict) else None
    return [dict(s) for s in seats] if isinstance(seats, list) else []


def _ranked(view: WonderfulView) -> list[int]:
    result = view["outcome"]
    ranks = result["ranks"] if result and result["ranks"] else list(range(1, view["players"] + 1))
    return sorted(range(view["players"]), key=lambda seat: (ranks[seat], seat))


def _score_block_height() -> int:
    return 2 * 10 + 2 * LINE + 8 + 2 * CELL_H + 8


def _note_lines() -> list[str]:
    return wrap(NOTE, SANS, SIZE, INNER - 8)


def _scores_height(view: WonderfulView, names: Names) -> int:
    if not _sheet_seats(view):
        return 0
    return view["players"] * (_score_block_height() + 12) + LINE * len(_note_lines())


def _draw_scores(sheet: Sheet, view: WonderfulView, names: Names, top: float) -> None:
    result = view["outcome"]
    assert result is not None
    seats = _sheet_seats(view)
    ranks = result["ranks"] or [1] * view["players"]
    raw = result["sheet"] or {}
    built = raw.get("built") or [0] * view["players"]
    characters = raw.get("characters") or [0] * view["players"]
    for seat in _ranked(view):
        won = seat in result["winners"]
        height = _score_block_height()
        panel(sheet, top, height, GOLD if won else PARCHMENT_DARK, outline=INK if won else INK_SOFT, width=2)
        y = top + 10
        score = seats[seat] if seat < len(seats) else {}
        sheet.text((LEFT, y + 18), f"{ranks[seat]}.", 28, role="points", face=BOLD, anchor="lm")
        total = _points(score.get("total", 0))
        sheet.text((MARGIN + INNER - PAD, y + 18), total, 28, role="points", face=BOLD, anchor="rm")
        name = seat_name(names, seat, size=28, max_width=WIDTH - 190)
        sheet.text((LEFT + 44, y + 18), name, 28, role="name", face=BOLD, anchor="lm", max_width=WIDTH - 190)
        board = view["boards"][seat]
        tokens = characters[seat]
        facts = f"{empire_title(view, board['empire'])} · {built[seat]} built · {tokens} character{'s' * (tokens != 1)}"
        sheet.text((LEFT, y + 18 + LINE), facts, SIZE, role="label", face=SANS, fill=INK, anchor="lm",
                   max_width=WIDTH)
        y += 2 * LINE + 8
        for number, source in enumerate(SOURCES):
            x = LEFT + (number % 4) * (CELL + 8)
            cy = y + (number // 4) * (CELL_H + 4)
            fill, ink = TYPE_FILL.get(source, (PARCHMENT_DARK if not won else (240, 214, 140), INK))
            sheet.box((x, cy, x + CELL, cy + CELL_H), fill, outline=INK_SOFT, width=1, radius=8)
            sheet.text((x + CELL / 2, cy + LINE / 2 + 4), SOURCE_LABEL[source], SIZE, role="label", face=SANS,
                       fill=ink, anchor="mm", max_width=CELL - 8)
            sheet.text((x + CELL / 2, cy + LINE + LINE / 2), str(score.get(source, 0)), SIZE, role="points",
                       face=BOLD, fill=ink, anchor="mm")
        top += height + 12
    sheet.lines(MARGIN + 4, top, _note_lines(), SIZE, role="label", pitch=LINE, face=SANS, fill=INK_SOFT)


SCORES = Zone[WonderfulView]("scores", _scores_height, _draw_scores)


# -- a seat's own picture: its hand, pick and draft area in full ---------------------------------


def _hand_cards(view: WonderfulView) -> tuple[str | None, list[str]]:
    """The pick (shown first) and the rest of the hand."""
    pick = view.get("pick")
    hand = list(view.get("hand") or [])
    if pick is not None and pick in hand:
        hand.remove(pick)
    return pick, hand


def _rows_height(count: int) -> int:
    return count * ROW_H + max(0, count - 1) * ROW_GAP


def _mine_height(view: WonderfulView, names: Names) -> int:
    viewer = view["viewer"]
    if viewer is None:
        return 0
    pick, hand = _hand_cards(view)
    drafted = view["boards"][viewer]["drafted"]
    height = 0
    for count in (len(hand) + (pick is not None), len(drafted)):
        if count:
            height += LINE + _rows_height(count) + 12
    return height or LINE


def _draw_mine(sheet: Sheet, view: WonderfulView, names: Names, top: float) -> None:
    viewer = view["viewer"]
    assert viewer is not None
    pick, hand = _hand_cards(view)
    drafted = view["boards"][viewer]["drafted"]
    if not hand and pick is None and not drafted:
        sheet.text((MARGIN + 4, top + LINE / 2), "No cards in your hand or draft area", SIZE, role="label", face=SANS,
                   fill=INK_SOFT, anchor="lm")
        return
    if hand or pick is not None:
        count = len(hand) + (pick is not None)
        said = ("picked, hidden until all have picked" if pick is not None
                else f"pick one, the rest pass {view['direction']}")
        sheet.text((MARGIN + 4, top + LINE / 2), f"Your hand {count}: {said}", SIZE, role="label", face=SANS,
                   fill=INK_SOFT, anchor="lm", max_width=INNER)
        y = top + LINE
        if pick is not None:
            card_row(sheet, MARGIN, y, INNER, card(view, pick), ring=HIGHLIGHT, tag="your pick")
            y += ROW_H + ROW_GAP
        for key in hand:
            card_row(sheet, MARGIN, y, INNER, card(view, key))
            y += ROW_H + ROW_GAP
        top = y - ROW_GAP + 12
    if drafted:
        sheet.text((MARGIN + 4, top + LINE / 2), f"Draft area {len(drafted)}: construct or recycle (♻) each",
                   SIZE, role="label", face=SANS, fill=INK_SOFT, anchor="lm", max_width=INNER)
        y = top + LINE
        for key in drafted:
            card_row(sheet, MARGIN, y, INNER, card(view, key))
            y += ROW_H + ROW_GAP


MINE = Zone[WonderfulView]("mine", _mine_height, _draw_mine)


def _own_height(view: WonderfulView, names: Names) -> int:
    viewer = view["viewer"]
    return 0 if viewer is None else _panel_height(_seat_blocks(view, viewer, names, own=True))


def _draw_own(sheet: Sheet, view: WonderfulView, names: Names, top: float) -> None:
    viewer = view["viewer"]
    assert viewer is not None
    _draw_panel(sheet, _seat_blocks(view, viewer, names, own=True), top, mine=True)


OWN = Zone[WonderfulView]("own", _own_height, _draw_own)


def board(view: WonderfulView, names: Names) -> Sheet:
    return stack((HEAD, BANNER, SEATS), view, names)


def hand(view: WonderfulView, names: Names) -> Sheet:
    if view["viewer"] is None:
        raise ValueError("A hand picture needs a seat's own view, not a spectator view.")
    return stack((HEAD, MINE, OWN), view, names)


def outcome(view: WonderfulView, names: Names) -> Sheet:
    if view["outcome"] is None:
        raise ValueError("The game is not over yet: there is no result to draw.")
    return stack((BANNER, SCORES), view, names)

