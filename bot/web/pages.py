"""The pages' HTML: each page drawn as it stands when asked, so it reads without script too; the
scripts (bot/web/static/) keep it live. No inline script or style (the policy forbids them):
what a script needs is in `data-` attributes, every text is escaped here.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from html import escape

from bot.names import result_line
from bot.notify import PublicUpdate, SeatInfo
from bot.tables.clocks import label as clock_label
from bot.web import documents, links
from bot.web.reading import Current, Listed


def _page(title: str, body: str, *, script: str | None, kind: str, root: str | None) -> str:
    """A whole page; `root` None: without the style sheet (a refusal, which knows no root)."""
    head_script = f'<script src="{root}/static/{script}" defer></script>' if script else ""
    style = f'<link rel="stylesheet" href="{root}/static/skald.css">' if root is not None else ""
    return (
        "<!doctype html>\n"
        '<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta name="robots" content="noindex, nofollow">'
        f"<title>{escape(title)} — Skald</title>"
        f"{style}{head_script}</head>"
        f'<body class="{kind}">{body}</body></html>\n'
    )


def status_text(update: PublicUpdate) -> str:
    """The game in one line, as the thread's status says it."""
    names = [seat.name for seat in update.seats]
    if update.status == "running":
        waiting = [names[s] for s in update.to_move if 0 <= s < len(names)]
        if not waiting:
            return "Running"
        return f"{' and '.join(waiting)} to move" if len(waiting) <= 2 else f"{', '.join(waiting)} to move"
    if update.status == "lobby":
        return "Waiting for players to sit down"
    if update.status == "cancelled":
        return "This table was called off"
    if update.status == "abandoned":
        return "This game was abandoned"
    if update.outcome is not None:
        return result_line(update.outcome, names)
    return "The game is over"


def span(seconds: float) -> str:
    """A time left, to the two largest units: "2d 3h", "3h 12m", "12m 5s", "5s" (as live.js writes it)."""
    whole = max(0, int(seconds))
    days, hours, minutes, secs = whole // 86400, whole // 3600 % 24, whole // 60 % 60, whole % 60
    if days:
        return f"{days}d {hours}h"
    if hours:
        return f"{hours}h {minutes}m"
    if minutes:
        return f"{minutes}m {secs}s"
    return f"{secs}s"


def seat_clock(seat: SeatInfo, now: float) -> str:
    """A seat's time as the page shows it first (the script counts it down)."""
    if seat.paused and seat.left is not None:
        return f"paused, {span(seat.left)} left"
    if seat.deadline is not None:
        return f"{span(seat.deadline - now)} left"
    if seat.bank is not None:
        return f"bank {span(seat.bank)}"
    return ""


def _seats(update: PublicUpdate, now: float) -> str:
    to_move = set(update.to_move)
    items = []
    for seat in update.seats:
        classes = "seat to-move" if seat.seat in to_move else "seat"
        # A badge in words, not the thread's robot: the pages' own font draws it the same everywhere.
        badge = '<span class="badge">AI</span>' if seat.ai is not None or seat.stand_in is not None else ""
        clock = seat_clock(seat, now)
        items.append(f'<li class="{classes}"><span class="name">{escape(seat.name)}{badge}</span>'
                     f'<span class="time">{escape(clock)}</span></li>')
    return "".join(items)


def _story(current: Current) -> str:
    return "".join(f'<li data-id="{line.state_id}">{escape(line.text)}</li>' for line in current.story)


def _picture(current: Current, key: str, root: str) -> str:
    update = current.update
    if not update.view:
        return '<p class="empty">The board shows once the game starts.</p>'
    src = documents.picture_path(update.game_id, update.state_id, key, root)
    return (f'<img id="board" src="{escape(src)}" alt="The public board of {escape(update.title)} '
            f'#{update.game_id} after change {update.state_id}">')


def game(current: Current, key: str, root: str = "") -> str:
    """A game's live page."""
    update = current.update
    now = time.time()
    events = documents.with_key(f"{root}/g/{update.game_id}/events", key)
    clock = f"Clock: {clock_label(current.clock)}" if current.clock != "none" else "No clock"
    paused = " · paused" if current.paused else ""
    body = (
        f'<main id="game" data-events="{escape(events)}" data-seq="{update.state_id}" data-key="{escape(key)}">'
        f'<header><h1>{escape(update.title)} <span class="number">#{update.game_id}</span></h1>'
        f'<p id="status" class="status">{escape(status_text(update))}</p>'
        f'<nav><a href="{escape(root + links.game_path(update.game_id, key, board=True))}">Board only</a>'
        f'<a href="{escape(documents.with_key(f"{root}/g/{update.game_id}/replay", key))}">Replay</a></nav></header>'
        f'<section class="board">{_picture(current, key, root)}</section>'
        f'<aside><h2>Seats</h2><ul id="seats">{_seats(update, now)}</ul>'
        f'<p id="clock" class="rule">{escape(clock + paused)}</p>'
        f'<h2>Story</h2><ol id="story">{_story(current)}</ol></aside>'
        f'<footer><span id="live" class="live">live</span> · board <span id="seq">{update.state_id}</span>'
        "</footer></main>"
    )
    return _page(f"{update.title} #{update.game_id}", body, script="live.js", kind="game", root=root)


def board_only(current: Current, key: str, *, bar: bool, root: str = "") -> str:
    """The board alone, on a transparent page, sized to its window: a stream's browser source, a
    tablet at the table. `bar`: a line under it says whose turn it is."""
    update = current.update
    events = documents.with_key(f"{root}/g/{update.game_id}/events", key)
    status = f'<p id="status" class="status bar">{escape(status_text(update))}</p>' if bar else ""
    body = (f'<main id="game" class="only" data-events="{escape(events)}" data-seq="{update.state_id}" '
            f'data-key="{escape(key)}">{_picture(current, key, root)}{status}</main>')
    return _page(f"{update.title} #{update.game_id}", body, script="live.js", kind="board-only", root=root)


def replay(current: Current, key: str, total: int, version: int, root: str = "") -> str:
    """A game's replay: a slider and step buttons over its history."""
    update = current.update
    steps = f"{root}/g/{update.game_id}/step/"
    first = documents.step_picture_path(update.game_id, 0, version, key, root)
    body = (
        f'<main id="replay" data-steps="{escape(steps)}" data-total="{total}" data-version="{version}" '
        f'data-key="{escape(key)}">'
        f'<header><h1>{escape(update.title)} <span class="number">#{update.game_id}</span> — replay</h1>'
        f'<nav><a href="{escape(root + links.game_path(update.game_id, key))}">Live page</a></nav></header>'
        f'<section class="board"><img id="board" src="{escape(first)}" alt="The board at the start"></section>'
        '<section class="scrubber">'
        '<div class="buttons">'
        '<button type="button" id="first" aria-label="Start">⏮</button>'
        '<button type="button" id="back" aria-label="One change back">◀</button>'
        '<button type="button" id="play" aria-label="Play">▶ Play</button>'
        '<button type="button" id="next" aria-label="One change on">▶</button>'
        '<button type="button" id="last" aria-label="Last change">⏭</button></div>'
        f'<input id="scrub" type="range" min="0" max="{total}" value="0" aria-label="Change">'
        '<p id="label" class="status">Start</p><ul id="lines"></ul></section></main>'
    )
    return _page(f"{update.title} #{update.game_id} — replay", body, script="replay.js", kind="replay", root=root)


def server(guild_id: int, games: Sequence[Listed], root: str = "") -> str:
    """A server's games open to all."""
    items = "".join(
        f'<li class="listed {escape(g.status)}"><a href="{escape(root + links.game_path(g.game_id))}">'
        f'{escape(g.title)} <span class="number">#{g.game_id}</span></a>'
        f'<span class="seats">{escape(", ".join(g.seats))}</span>'
        f'<span class="state">{escape(_listed_state(g))}</span></li>'
        for g in games) or '<li class="empty">No game here is open to spectators right now.</li>'
    body = (f'<main id="server" data-events="{root}/s/{guild_id}/events"><header><h1>Games</h1></header>'
            f'<ul id="games">{items}</ul></main>')
    return _page("Games", body, script="list.js", kind="server", root=root)


def _listed_state(listed: Listed) -> str:
    if listed.status == "running":
        return f"{' and '.join(listed.to_move)} to move" if listed.to_move else "running"
    return {"lobby": "waiting for players", "finished": "finished"}.get(listed.status, listed.status)


def home(root: str = "") -> str:
    body = ('<main id="home"><header><h1>Skald</h1></header><p>Spectator pages of board games played in '
            "Discord. Open the link a game's thread gives.</p></main>")
    return _page("Skald", body, script=None, kind="home", root=root)


def refusal(status: int, text: str) -> str:
    body = f'<main id="refused"><header><h1>{status}</h1></header><p>{escape(text)}</p></main>'
    return _page(str(status), body, script=None, kind="refused", root=None)
