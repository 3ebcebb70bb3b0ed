// A game's replay: a slider and step buttons over its history; each step's picture and lines are
// fetched as they are wanted. `#12` in the address opens step 12.
"use strict";
(() => {
  const main = document.getElementById("replay");
  if (!main) return;
  const byId = (id) => document.getElementById(id);
  const total = Number(main.dataset.total);
  const base = main.dataset.steps;
  const key = main.dataset.key;
  const scrub = byId("scrub");
  const board = byId("board");
  let at = 0;
  let wanted = 0;
  let playing = null;
  let pending = null;

  const address = (index) => `${base}${index}.json${key ? `?key=${encodeURIComponent(key)}` : ""}`;

  async function show(index) {
    wanted = Math.max(0, Math.min(total, index));
    scrub.value = String(wanted);
    const response = await fetch(address(wanted), { credentials: "omit" });
    if (!response.ok || wanted !== index) return;
    const step = await response.json();
    if (step.step !== wanted) return;
    at = step.step;
    board.src = step.picture;
    board.alt = `The board: ${step.label}`;
    byId("label").textContent = step.label;
    const lines = byId("lines");
    lines.replaceChildren(...step.lines.map((text) => {
      const item = document.createElement("li");
      item.textContent = text;
      return item;
    }));
    history.replaceState(null, "", `#${at}`);
    main.dataset.step = String(at);
    if (at < total) new Image().src = step.picture.replace(`/step/${at}.png`, `/step/${at + 1}.png`);
  }

  function go(index) {
    clearTimeout(pending);
    pending = setTimeout(() => show(index), 60);
  }

  function stop() {
    if (playing !== null) clearInterval(playing);
    playing = null;
    byId("play").textContent = "▶ Play";
  }

  byId("first").addEventListener("click", () => { stop(); go(0); });
  byId("back").addEventListener("click", () => { stop(); go(at - 1); });
  byId("next").addEventListener("click", () => { stop(); go(at + 1); });
  byId("last").addEventListener("click", () => { stop(); go(total); });
  byId("play").addEventListener("click", () => {
    if (playing !== null) { stop(); return; }
    if (at >= total) go(0);
    byId("play").textContent = "⏸ Pause";
    playing = setInterval(() => { if (at >= total) stop(); else show(at + 1); }, 1500);
  });
  scrub.addEventListener("input", () => { stop(); go(Number(scrub.value)); });
  document.addEventListener("keydown", (event) => {
    const moves = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: total };
    if (event.key in moves) { stop(); go(moves[event.key]); event.preventDefault(); }
  });
  const start = Number(location.hash.slice(1));
  show(Number.isInteger(start) && start > 0 ? start : 0);
})();
