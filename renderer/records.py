"""Pictures of records: a game's leaderboard, a player's rating over time, a crew's records at a
cooperative game, a player's record at every game (docs/records.md), and a tournament's standings.

Plain data in, a `Sheet` out: the bot turns its results and ratings into the dicts below (numbers
already worked out, names as the bot knows them), so this module knows nothing of the store or
of how ratings are computed. Same parchment, fonts and phone rule as every other picture.

    leaderboard: {"title", "subtitle", "rows": [{"place", "name", "ai", "rating", "games", "wins",
                  "you"}], "note"}
    rating:      {"title", "subtitle", "facts": [[label, value]], "points": [rating, ...],
                  "first", "last" (dates under the chart's ends), "note"}
    crew:        {"title", "subtitle", "facts": [[label, value]], "options": [{"label", "games",
                  "wins"}], "best": [{"won", "names", "detail", "when"}]}
    summary:     {"title", "subtitle", "games": [{"title", "line", "games", "wins"}]}
    standings:   {"title", "subtitle", "columns": [the format's tie-breaks' headings, in order; the first
                  two are drawn], "rows": [{"place" (int; shared places repeat), "name", "ai" (bool),
                  "points" (float: 4.5 shows as "4½"), "values" (float per column), "played" (int:
                  tables), "byes" (int: marked "1 bye" after the name), "out" (bool: dropped or
                  removed; greyed, marked "out"), "you" (bool: highlighted)}], "note"}
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any, Literal, NamedTuple

from renderer.canvas import (
    BOLD,
    GOLD,
    HIGHLIGHT,
    INK,
    INK_SOFT,
    INNER,
    MARGIN,
    MIN_TEXT,
    PARCHMENT_DARK,
    RGB,
    SANS,
    SERIF,
    WHITE,
    Sheet,
    least_size,
    wrap,
)
from renderer.names import drawable, short_names
from renderer.zones import Zone, panel, stack

JSON = dict[str, Any]
Kind = Literal["leaderboard", "rating", "crew", "summary", "standings"]

ROW_H = 56
NAME_SIZE = 27  # a ranked table's names
HEAD_H = 36  # a ranked table's column headings
OPTION_H = 70  # an option set's row: its label over its wins
NOTE_PITCH = 31
ROW_GAP = 6
AI_INK: RGB = (70, 96, 130)
WON: RGB = (62, 128, 70)
LOST: RGB = (150, 40, 36)
ROW_FILL: RGB = (233, 219, 186)
YOU_FILL: RGB = (246, 214, 128)
GRID: RGB = (205, 188, 150)
DROPPED_INK: RGB = (132, 120, 104)
CHART_H = 380
FACT_H = 86


def signed(value: float) -> str:
    """A rating with one decimal and a true minus sign."""
    return f"{value:.1f}".replace("-", "−")


def halves(value: float) -> str:
    """Tournament points: whole numbers bare, halves as "½" ("4½", "½"), anything else to two decimals."""
    sign = "−" if value < 0 else ""
    doubled = abs(value) * 2
    if doubled != round(doubled):
        return sign + f"{abs(value):.2f}".rstrip("0")
    whole, half = divmod(round(doubled), 2)
    return sign + (str(whole) if whole or not half else "") + ("½" if half else "")


def _name(text: Any) -> str:
    return drawable(str(text or "")) or "?"


# -- shared zones -----------------------------------------------------------------------------

def _header_height(data: JSON, names: Sequence[str]) -> int:
    return 50 + (36 if data.get("subtitle") else 0)


def _draw_header(sheet: Sheet, data: JSON, names: Sequence[str], top: float) -> None:
    sheet.text((MARGIN + 4, top + 24), _name(data.get("title")), 36, role="name", face=SERIF, anchor="lm",
               max_width=INNER - 8)
    if data.get("subtitle"):
        sheet.text((MARGIN + 4, top + 64), str(data["subtitle"]), MIN_TEXT, role="label", face=BOLD, fill=INK_SOFT,
                   anchor="lm", max_width=INNER - 8)


def _facts_height(data: JSON, names: Sequence[str]) -> int:
    return FACT_H if data.get("facts") else 0


def _draw_facts(sheet: Sheet, data: JSON, names: Sequence[str], top: float) -> None:
    """A row of boxes, each a small label over its value."""
    facts = list(data.get("facts") or [])[:5]
    gap = 10
    width = (INNER - gap * (len(facts) - 1)) / len(facts)
    for i, (label, value) in enumerate(facts):
        x = MARGIN + i * (width + gap)
        sheet.box((x, top, x + width, top + FACT_H), PARCHMENT_DARK, radius=12)
        sheet.text((x + width / 2, top + 22), str(label), MIN_TEXT, role="label", face=SANS, fill=INK_SOFT,
                   anchor="mm", max_width=width - 8)
        sheet.text((x + width / 2, top + 58), str(value), 30, role="points", face=SERIF, anchor="mm",
                   max_width=width - 10)


def _notes(data: JSON) -> list[str]:
    note = str(data.get("note") or "")
    return wrap(note, SANS, MIN_TEXT, INNER - 8) if note else []


def _note_height(data: JSON, names: Sequence[str]) -> int:
    return NOTE_PITCH * len(_notes(data))


def _draw_note(sheet: Sheet, data: JSON, names: Sequence[str], top: float) -> None:
    sheet.lines(MARGIN + 4, top, _notes(data), MIN_TEXT, role="label", pitch=NOTE_PITCH, face=SANS, fill=INK_SOFT)


HEADER = Zone("header", _header_height, _draw_header)
FACTS = Zone("facts", _facts_height, _draw_facts)
NOTE = Zone("note", _note_height, _draw_note)


# -- ranked tables: the leaderboard, a tournament's standings ---------------------------------

PLACE_X = MARGIN + 40
NAME_X = MARGIN + 76
RIGHT = MARGIN + INNER


class Column(NamedTuple):
    """A number column right of the names: its heading, its right edge, the room it keeps left of
    that edge (the next column or the names end there), and what a row shows in it."""

    heading: str
    right: float
    room: float
    value: Callable[[JSON], str]
    size: int = 26
    face: str = BOLD


def _after_gap(rows: Sequence[JSON]) -> list[bool]:
    """Whether each row follows a gap in the places (the asker's row far down the list); shared
    places (1, 2, 2, 4) are no gap."""
    gaps: list[bool] = []
    previous, sharing = 0, 0
    for row in rows:
        place = int(row["place"])
        if place == previous:
            sharing += 1
            gaps.append(False)
            continue
        gaps.append(bool(gaps) and place > previous + sharing)
        previous, sharing = place, 1
    return gaps


def _ranked_table(columns: Callable[[JSON], Sequence[Column]], row_h: int) -> Zone[JSON]:
    """The zone of a ranked table: place, name, then `columns(data)`, a row per `data["rows"]`."""

    def height(data: JSON, names: Sequence[str]) -> int:
        rows = list(data.get("rows") or [])
        return HEAD_H + len(rows) * (row_h + ROW_GAP) + sum(_after_gap(rows)) * 30 if rows else 0

    def draw(sheet: Sheet, data: JSON, names: Sequence[str], top: float) -> None:
        shown = columns(data)
        name_right = shown[0].right - shown[0].room
        sheet.text((PLACE_X, top + 15), "#", MIN_TEXT, role="label", face=BOLD, fill=INK_SOFT, anchor="mm")
        sheet.text((NAME_X, top + 15), "Player", MIN_TEXT, role="label", face=BOLD, fill=INK_SOFT, anchor="lm")
        for column in shown:  # sans: narrower, so "Buchholz" keeps clear of "Points"
            sheet.text((column.right, top + 15), column.heading, MIN_TEXT, role="label", face=SANS, fill=INK_SOFT,
                       anchor="rm")
        y = top + HEAD_H
        rows = list(data.get("rows") or [])
        everyone = tuple(_name(row.get("name")) for row in rows)
        for index, (row, gap) in enumerate(zip(rows, _after_gap(rows), strict=True)):
            if gap:
                sheet.text((MARGIN + INNER / 2, y + 12), "…", 25, role="label", face=BOLD, fill=INK_SOFT,
                           anchor="mm")
                y += 30
            _draw_row(sheet, row, shown, name_right, y, row_h, index, everyone)
            y += row_h + ROW_GAP

    return Zone("table", height, draw)


def _draw_row(sheet: Sheet, row: JSON, columns: Sequence[Column], name_right: float, y: float, row_h: int,
              index: int, everyone: tuple[str, ...]) -> None:
    """One ranked row; its name shortened beside `everyone`'s (`short_names`), so no two read alike."""
    you, dropped = bool(row.get("you")), bool(row.get("out"))
    if dropped:  # left the tournament: an outline on the bare parchment, every text greyed
        sheet.box((MARGIN, y, MARGIN + INNER, y + row_h), YOU_FILL if you else None, outline=GOLD if you else GRID,
                  width=3 if you else 2, radius=10)
    else:
        fill = YOU_FILL if you else ROW_FILL if index % 2 == 0 else PARCHMENT_DARK
        sheet.box((MARGIN, y, MARGIN + INNER, y + row_h), fill, outline=GOLD if you else None, width=3, radius=10)
    middle = y + row_h / 2
    sheet.text((PLACE_X, middle), str(row["place"]), 26, role="points", face=BOLD,
               fill=DROPPED_INK if dropped else INK_SOFT, anchor="mm")
    room = name_right - NAME_X
    byes = int(row.get("byes") or 0)
    marks = [f"{byes} bye{'s' if byes != 1 else ''}"] if byes else []
    if dropped:
        marks.append("out")
    if marks:
        room -= sheet.text((name_right, middle), " · ".join(marks), MIN_TEXT, role="label", face=BOLD,
                           fill=DROPPED_INK if dropped else INK_SOFT, anchor="rm") + 12
    ink = DROPPED_INK if dropped else AI_INK if row.get("ai") else INK
    sheet.text((NAME_X, middle), short_names(everyone, room, size=least_size(NAME_SIZE))[index], NAME_SIZE, role="name",
               face=BOLD, fill=ink, anchor="lm", max_width=room)
    for column in columns:
        sheet.text((column.right, middle), column.value(row), column.size, role="points", face=column.face,
                   fill=DROPPED_INK if dropped else INK, anchor="rm")


LEADERBOARD_COLUMNS = (
    Column("Rating", RIGHT - 236, 110, lambda row: signed(float(row["rating"])), 28, SERIF),
    Column("Games", RIGHT - 124, 112, lambda row: str(row["games"])),
    Column("Wins", RIGHT - 18, 106, lambda row: str(row["wins"])),
)

LEADERBOARD = (HEADER, _ranked_table(lambda data: LEADERBOARD_COLUMNS, ROW_H), NOTE)


# -- a tournament's standings ------------------------------------------------------------------

STANDING_H = 46  # lower than the leaderboard's rows: 64 entrants make a picture about 3,500 px tall

# Laid from the right edge leftwards (`_standing_columns`); each column's `right` is set there.
def _nth_value(index: int) -> Callable[[JSON], str]:
    return lambda row: halves(float(row["values"][index]))


STANDING_SHOWN = 2  # tie-break columns the picture has room for beside long names (the note names every one)


def _standing_columns(data: JSON) -> list[Column]:
    """Points, the format's first tie-breaks (as `data["columns"]` names them), and tables played,
    laid from the right edge leftwards."""
    shown = [Column("Points", 0, 90, lambda row: halves(float(row["points"])), 28, SERIF)]
    for index, heading in enumerate(list(data.get("columns") or [])[:STANDING_SHOWN]):
        shown.append(Column(str(heading), 0, max(84, 14 * len(str(heading)) + 30), _nth_value(index)))
    shown.append(Column("Played", 0, 92, lambda row: str(row["played"])))
    placed: list[Column] = []
    right: float = RIGHT - 18
    for column in reversed(shown):
        placed.insert(0, column._replace(right=right))
        right -= column.room
    return placed


STANDINGS = (HEADER, _ranked_table(_standing_columns, STANDING_H), NOTE)


# -- a player's rating over time ----------------------------------------------------------------

def _ticks(low: float, high: float, count: int = 5) -> list[float]:
    """Round values for the y axis covering [low, high]."""
    span = max(high - low, 1.0)
    raw = span / (count - 1)
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)
    first = math.floor(low / step) * step
    ticks: list[float] = []
    value = first
    while value < high + step * 0.999 or len(ticks) < 2:
        ticks.append(round(value, 6))
        value += step
    return ticks


def _chart_height(data: JSON, names: Sequence[str]) -> int:
    return CHART_H if data.get("points") else 0


def _draw_chart(sheet: Sheet, data: JSON, names: Sequence[str], top: float) -> None:
    points = [float(p) for p in data["points"]]
    values = [0.0, *points]  # the start: every newcomer's rating
    ticks = _ticks(min(values), max(values))
    low, high = ticks[0], ticks[-1]
    panel(sheet, top, CHART_H, PARCHMENT_DARK, width=0)
    left, right = MARGIN + 78, MARGIN + INNER - 24
    plot_top, plot_bottom = top + 22, top + CHART_H - 64

    def y_of(value: float) -> float:
        return plot_bottom - (value - low) / (high - low) * (plot_bottom - plot_top)

    for tick in ticks:
        y = y_of(tick)
        sheet.line((left, y, right, y), GRID, width=2)
        sheet.text((left - 10, y), f"{tick:g}".replace("-", "−"), MIN_TEXT, role="label", face=BOLD, fill=INK_SOFT,
                   anchor="rm")
    if low < 0 < high:
        sheet.line((left, y_of(0), right, y_of(0)), INK_SOFT, width=2)
    count = len(values)

    def x_of(index: int) -> float:
        return left + (right - left) * index / max(count - 1, 1)

    line = [(x_of(i), y_of(v)) for i, v in enumerate(values)]
    sheet.polyline(line, HIGHLIGHT, width=5)
    if count <= 60:
        for x, y in line[1:]:
            sheet.ellipse((x - 5, y - 5, x + 5, y + 5), HIGHLIGHT, outline=WHITE, width=2)
    x, y = line[-1]
    sheet.ellipse((x - 9, y - 9, x + 9, y + 9), GOLD, outline=INK, width=3)
    sheet.text((MARGIN + 14, plot_bottom + 30), str(data.get("first") or "start"), MIN_TEXT,
               role="label", face=BOLD,
               fill=INK_SOFT, anchor="lm", max_width=INNER / 2 - 20)
    sheet.text((MARGIN + INNER - 14, plot_bottom + 30), str(data.get("last") or ""), MIN_TEXT,
               role="label", face=BOLD,
               fill=INK_SOFT, anchor="rm", max_width=INNER / 2 - 20)
    games = len(points)
    sheet.text((MARGIN + INNER / 2, plot_bottom + 30), f"{games} game{'s' if games != 1 else ''}", MIN_TEXT,
               role="label", face=BOLD, fill=INK_SOFT, anchor="mm")


RATING = (HEADER, FACTS, Zone("chart", _chart_height, _draw_chart), NOTE)


# -- a cooperative game's records ---------------------------------------------------------------

def _section(sheet: Sheet, title: str, top: float) -> None:
    sheet.text((MARGIN + 4, top + 16), title, 26, role="label", face=SERIF, anchor="lm")


def _options_height(data: JSON, names: Sequence[str]) -> int:
    rows = list(data.get("options") or [])
    return 36 + len(rows) * (OPTION_H + ROW_GAP) if rows else 0


def _draw_options(sheet: Sheet, data: JSON, names: Sequence[str], top: float) -> None:
    _section(sheet, "By options", top)
    y = top + 36
    bar_left, bar_right = MARGIN + INNER - 250, MARGIN + INNER - 16
    for row in data.get("options") or []:
        games, wins = int(row["games"]), int(row["wins"])
        sheet.box((MARGIN, y, MARGIN + INNER, y + OPTION_H), ROW_FILL, radius=10)
        middle = y + OPTION_H / 2
        # the options across the row, then the wins with their share and its bar under them
        sheet.text((MARGIN + 16, middle - 15), str(row["label"]), MIN_TEXT, role="label", face=BOLD, anchor="lm",
                   max_width=INNER - 32)
        line = middle + 16
        sheet.text((MARGIN + 16, line), f"{wins} won of {games}", MIN_TEXT, role="label", face=SANS,
                   fill=INK_SOFT, anchor="lm", max_width=bar_left - MARGIN - 32)
        share = wins / games if games else 0.0
        sheet.text((bar_left + 72, line), f"{share:.0%}", 25, role="points", face=BOLD, anchor="rm")
        bar = bar_left + 86
        sheet.box((bar, line - 10, bar_right, line + 10), PARCHMENT_DARK, radius=8)
        if share > 0:
            sheet.box((bar, line - 10, bar + max(16.0, (bar_right - bar) * share), line + 10), WON, radius=8)
        y += OPTION_H + ROW_GAP


BEST_H = 84


def _best_height(data: JSON, names: Sequence[str]) -> int:
    rows = list(data.get("best") or [])
    return 36 + len(rows) * (BEST_H + ROW_GAP) if rows else 0


def _draw_best(sheet: Sheet, data: JSON, names: Sequence[str], top: float) -> None:
    _section(sheet, "Best results", top)
    y = top + 36
    for place, row in enumerate(data.get("best") or [], start=1):
        won = bool(row.get("won"))
        sheet.box((MARGIN, y, MARGIN + INNER, y + BEST_H), ROW_FILL if place % 2 else PARCHMENT_DARK,
                  outline=WON if won else None, width=3, radius=10)
        sheet.text((MARGIN + 30, y + BEST_H / 2), "✓" if won else "✗", 30, role="points", face=BOLD,
                   fill=WON if won else LOST, anchor="mm")
        when = str(row.get("when") or "")
        when_w = sheet.text((MARGIN + INNER - 14, y + 26), when, MIN_TEXT, role="label", face=BOLD, fill=INK_SOFT,
                            anchor="rm")
        sheet.text((MARGIN + 60, y + 27), _name(row.get("names")), 25, role="name", face=BOLD, anchor="lm",
                   max_width=INNER - 90 - when_w)
        sheet.text((MARGIN + 60, y + 60), str(row.get("detail") or ""), MIN_TEXT, role="label", face=SANS,
                   fill=INK_SOFT, anchor="lm", max_width=INNER - 80)
        y += BEST_H + ROW_GAP


CREW = (HEADER, FACTS, Zone("options", _options_height, _draw_options), Zone("best", _best_height, _draw_best), NOTE)


# -- a player's record at every game -----------------------------------------------------------

GAME_H = 96


def _games_height(data: JSON, names: Sequence[str]) -> int:
    rows = list(data.get("games") or [])
    return len(rows) * (GAME_H + ROW_GAP) - ROW_GAP if rows else 0


def _draw_games(sheet: Sheet, data: JSON, names: Sequence[str], top: float) -> None:
    y = top
    for row in data.get("games") or []:
        panel(sheet, y, GAME_H, ROW_FILL, width=0)
        sheet.text((MARGIN + 18, y + 30), str(row["title"]), 28, role="name", face=SERIF, anchor="lm",
                   max_width=INNER - 300)
        sheet.text((MARGIN + 18, y + 68), str(row.get("line") or ""), MIN_TEXT, role="label", face=BOLD, fill=INK_SOFT,
                   anchor="lm", max_width=INNER - 300)
        for x, value, label in ((MARGIN + INNER - 170, row["games"], "games"), (MARGIN + INNER - 60, row["wins"],
                                                                              "wins")):
            sheet.text((x, y + 38), str(value), 32, role="points", face=SERIF, anchor="mm")
            sheet.text((x, y + 74), label, MIN_TEXT, role="label", face=BOLD, fill=INK_SOFT, anchor="mm")
        y += GAME_H + ROW_GAP


SUMMARY = (HEADER, Zone("games", _games_height, _draw_games), NOTE)

PICTURES: dict[str, tuple[Zone[JSON], ...]] = {"leaderboard": LEADERBOARD, "rating": RATING, "crew": CREW,
                                               "summary": SUMMARY, "standings": STANDINGS}


def draw(kind: str, data: JSON) -> Sheet:
    """The picture `kind` of `data` (see the module docstring), before encoding."""
    zones = PICTURES.get(kind)
    if zones is None:
        raise ValueError(f"No records picture {kind!r}; pictures: {', '.join(PICTURES)}.")
    return stack(zones, data, ())


def png(kind: str, data: JSON) -> bytes:
    return draw(kind, data).png()

