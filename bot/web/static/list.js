// A server's page: its games open to spectators, kept current by the server's events.
"use strict";
(() => {
  const main = document.getElementById("server");
  if (!main) return;
  const list = document.getElementById("games");

  function state(game) {
    if (game.status === "running") return game.to_move.length ? `${game.to_move.join(" and ")} to move` : "running";
    return { lobby: "waiting for players", finished: "finished" }[game.status] || game.status;
  }

  function draw(games) {
    if (!games.length) {
      const empty = document.createElement("li");
      empty.className = "empty";
      empty.textContent = "No game here is open to spectators right now.";
      list.replaceChildren(empty);
      return;
    }
    list.replaceChildren(...games.map((game) => {
      const item = document.createElement("li");
      item.className = `listed ${game.status}`;
      const link = document.createElement("a");
      link.href = game.url;
      link.textContent = `${game.title} `;
      const number = document.createElement("span");
      number.className = "number";
      number.textContent = `#${game.game_id}`;
      link.append(number);
      const seats = document.createElement("span");
      seats.className = "seats";
      seats.textContent = game.seats.join(", ");
      const now = document.createElement("span");
      now.className = "state";
      now.textContent = state(game);
      item.append(link, seats, now);
      return item;
    }));
  }

  const source = new EventSource(main.dataset.events);
  source.addEventListener("games", (event) => draw(JSON.parse(event.data).games));
})();
