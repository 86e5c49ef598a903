// Games from a games file (one JSON record a line: a run's, a match's, an arena's, a saved
// game; read in the browser, nothing uploaded to a path) stepped through ply by ply, with the
// shipped network's value of every position drawn over the game.
"use strict";

const replay = {games: [], fens: [], values: [], moves: [], ply: 0};
const $ = id => document.getElementById(id);
const board = new Board($("board"), () => {});

// The records of a games file's text; a line that is not one is counted, not fatal.
function readGames(text) {
  const games = [];
  let skipped = 0;
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    try {
      const record = JSON.parse(line);
      if (!Array.isArray(record.moves) || (record.variant && record.variant !== "standard")) throw 0;
      games.push(record);
    } catch (_) {
      ++skipped;
    }
  }
  replay.games = games;
  $("message").textContent =
      skipped ? `${skipped} line${skipped === 1 ? " was" : "s were"} not a standard game record` : "";
  $("games").querySelector("tbody").innerHTML = games.map((g, i) =>
      `<tr data-game="${i}"><td><a href="#">${esc(g.game ?? i + 1)}</a></td><td>${esc(g.white ?? "")}</td>` +
      `<td>${esc(g.black ?? "")}</td><td>${esc(g.result ?? "")}</td><td>${g.moves.length}</td></tr>`).join("");
  if (games.length > 0) open(0);
}

async function open(index) {
  const game = replay.games[index];
  let answer;
  try {
    answer = await api("POST", "/api/evaluations",
                       {fen: game.start || "startpos", moves: game.moves.join(" ")});
  } catch (error) {
    $("message").textContent = `game ${game.game ?? index + 1}: ${error.message}`;
    return;
  }
  replay.fens = answer.fens;
  replay.values = answer.values;
  replay.moves = game.moves;
  $("game-status").textContent = `${game.white ?? "?"} against ${game.black ?? "?"}: ${answer.status}`;
  $("moves").innerHTML = game.moves.map((m, i) => `<li data-ply="${i + 1}">${esc(m)}</li>`).join("");
  go(0);
}

function go(ply) {
  replay.ply = Math.max(0, Math.min(ply, replay.fens.length - 1));
  board.draw(replay.fens[replay.ply], []);
  $("ply").textContent = `ply ${replay.ply} of ${replay.fens.length - 1}, value ` +
      `${replay.values[replay.ply] >= 0 ? "+" : ""}${replay.values[replay.ply].toFixed(2)} (White's view)`;
  for (const li of $("moves").children) li.classList.toggle("current", Number(li.dataset.ply) === replay.ply);
  const plies = replay.values.map((_, i) => i);
  drawChart($("value-chart"), {title: "the network's value, White's view", xLabel: "ply",
                               series: [{name: "value", xs: plies, ys: replay.values},
                                        {name: "here", xs: [replay.ply, replay.ply], ys: [-1, 1]}]});
}

$("file").addEventListener("change", () => {
  const file = $("file").files[0];
  if (file) file.text().then(readGames);
});
$("read-paste").addEventListener("click", () => readGames($("paste").value));
$("games").addEventListener("click", event => {
  const row = event.target.closest("[data-game]");
  if (!row) return;
  event.preventDefault();
  open(Number(row.dataset.game));
});
$("moves").addEventListener("click", event => {
  const li = event.target.closest("[data-ply]");
  if (li) go(Number(li.dataset.ply));
});
$("first").addEventListener("click", () => go(0));
$("back").addEventListener("click", () => go(replay.ply - 1));
$("forward").addEventListener("click", () => go(replay.ply + 1));
$("last").addEventListener("click", () => go(replay.fens.length - 1));
document.addEventListener("keydown", event => {
  if (event.target.tagName === "TEXTAREA" || event.target.tagName === "INPUT") return;
  if (event.key === "ArrowLeft") go(replay.ply - 1);
  if (event.key === "ArrowRight") go(replay.ply + 1);
});
