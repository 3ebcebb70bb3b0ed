// A game's live page (and its board-only page): follows the game's events and redraws what
// changed. Everything it needs is in data- attributes; it writes text, never HTML.
"use strict";
(() => {
  const main = document.getElementById("game");
  if (!main) return;
  const byId = (id) => document.getElementById(id);
  let offset = 0; // the server's clock minus this one's, in seconds
  let seats = [];
  let gone = false;
  let wanted = null; // the newest picture asked for

  function span(seconds) {
    const whole = Math.max(0, Math.floor(seconds));
    const days = Math.floor(whole / 86400), hours = Math.floor(whole / 3600) % 24;
    const minutes = Math.floor(whole / 60) % 60, secs = whole % 60;
    if (days) return `${days}d ${hours}h`;
    if (hours) return `${hours}h ${minutes}m`;
    if (minutes) return `${minutes}m ${secs}s`;
    return `${secs}s`;
  }

  function clockText(seat) {
    const now = Date.now() / 1000 + offset;
    if (seat.paused && seat.left !== null) return `paused, ${span(seat.left)} left`;
    if (seat.deadline !== null) return `${span(seat.deadline - now)} left`;
    if (seat.bank !== null) return `bank ${span(seat.bank)}`;
    return "";
  }

  function statusText(doc) {
    if (doc.status === "running") {
      const names = doc.to_move.map((s) => s.name);
      if (!names.length) return "Running";
      return `${names.length <= 2 ? names.join(" and ") : names.join(", ")} to move`;
    }
    if (doc.status === "lobby") return "Waiting for players to sit down";
    if (doc.status === "cancelled") return "This table was called off";
    if (doc.status === "abandoned") return "This game was abandoned";
    return doc.result || "The game is over";
  }

  function drawSeats() {
    const list = byId("seats");
    if (!list) return;
    const items = seats.map((seat) => {
      const item = document.createElement("li");
      item.className = seat.to_move ? "seat to-move" : "seat";
      const name = document.createElement("span");
      name.className = "name";
      name.textContent = seat.name;
      if (seat.ai !== null || seat.stand_in !== null) {
        const badge = document.createElement("span");
        badge.className = "badge";
        badge.textContent = "AI";
        name.append(badge);
      }
      const time = document.createElement("span");
      time.className = "time";
      time.textContent = clockText(seat);
      item.append(name, time);
      return item;
    });
    list.replaceChildren(...items);
  }

  function tick() {
    const list = byId("seats");
    if (!list) return;
    list.querySelectorAll(".time").forEach((time, index) => {
      if (seats[index]) time.textContent = clockText(seats[index]);
    });
  }

  function tell(lines, whole) {
    const story = byId("story");
    if (!story) return;
    if (whole) story.replaceChildren();
    const last = story.lastElementChild ? Number(story.lastElementChild.dataset.id) : -1;
    const atEnd = story.scrollTop + story.clientHeight >= story.scrollHeight - 4;
    for (const line of lines) {
      if (!whole && line.id <= last && story.querySelector(`li[data-id="${line.id}"]`)) continue;
      const item = document.createElement("li");
      item.dataset.id = String(line.id);
      item.textContent = line.text;
      story.append(item);
    }
    while (story.children.length > 400) story.firstElementChild.remove();
    if (atEnd || whole) story.scrollTop = story.scrollHeight;
  }

  function showBoard(doc) {
    const board = byId("board");
    if (!doc.picture) return;
    if (!board) {
      const img = document.createElement("img");
      img.id = "board";
      img.alt = `The public board of ${doc.title} #${doc.game_id}`;
      const empty = main.querySelector(".empty");
      if (empty) empty.replaceWith(img);
      else main.prepend(img);
      img.src = doc.picture;
      return;
    }
    wanted = doc.picture;
    if (board.getAttribute("src") === doc.picture) return;
    // The new picture replaces the old once loaded, so a stream never shows a blank board; and only
    // while it is still the newest wanted: an older one loading late never covers a newer one.
    const next = new Image();
    next.onload = () => {
      if (wanted !== doc.picture) return;
      board.src = doc.picture;
      board.alt = `The public board of ${doc.title} #${doc.game_id} after change ${doc.seq}`;
    };
    next.src = doc.picture;
  }

  function apply(doc) {
    offset = doc.now - Date.now() / 1000;
    seats = doc.seats;
    main.dataset.seq = String(doc.seq);
    const seq = byId("seq");
    if (seq) seq.textContent = String(doc.seq);
    const status = byId("status");
    if (status) status.textContent = statusText(doc);
    const rule = byId("clock");
    if (rule) rule.textContent = (doc.clock ? `Clock: ${doc.clock}` : "No clock") + (doc.paused ? " · paused" : "");
    showBoard(doc);
    drawSeats();
    tell(doc.lines, doc.since === null);
  }

  function live(state) {
    const mark = byId("live");
    if (!mark) return;
    mark.classList.toggle("on", state === "on");
    mark.classList.toggle("gone", state === "gone");
    mark.textContent = state === "gone" ? "no longer live" : state === "on" ? "live" : "reconnecting…";
  }

  const source = new EventSource(main.dataset.events);
  source.addEventListener("open", () => live("on"));
  source.addEventListener("error", () => { if (!gone) live("off"); });
  source.addEventListener("change", (event) => apply(JSON.parse(event.data)));
  source.addEventListener("gone", () => { gone = true; source.close(); live("gone"); });
  setInterval(tick, 1000);
})();
