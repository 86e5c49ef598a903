// The opening database of `camelot serve --db FILE`, live: the moves played from the position
// with their games, results and the book's values, walked by clicking a move in the table or
// on the board; the engine's view of the position on request.
"use strict";

const walk = {moves: [], generation: 0};
const $ = id => document.getElementById(id);
const board = new Board($("board"), move => go(walk.moves.concat([move])));

async function go(moves) {
  const generation = ++walk.generation;
  const query = `moves=${encodeURIComponent(moves.join(" "))}`;
  let legal, book;
  try {
    [legal, book] = await Promise.all([api("GET", `/api/legal?${query}`),
                                       api("GET", `/api/explorer?${query}`)]);
  } catch (error) {
    $("message").textContent = error.message;
    return;
  }
  if (generation !== walk.generation) return;
  walk.moves = moves;
  $("message").textContent = "";
  $("engine-view").textContent = "";
  $("line").textContent = moves.length ? moves.join(" ") : "the start";
  board.draw(legal.fen, legal.finished ? [] : legal.moves.map(m => m.move));
  const side = book.side_to_move === "white" ? "White" : "Black";
  $("summary").textContent = book.games > 0
      ? `${book.games} game${book.games === 1 ? "" : "s"} through this position; ${side} to move; ` +
        `score is ${side}'s.`
      : `No game in the database reaches this position; ${side} to move.`;
  $("book").querySelector("tbody").innerHTML = book.moves.map(m => {
    const n = m.games;
    const bar = `<div class="bar"><span class="white" style="width:${percent(m.white_wins, n)}%"></span>` +
                `<span class="draw" style="width:${percent(m.draws, n)}%"></span>` +
                `<span class="black" style="width:${percent(m.black_wins, n)}%"></span></div>`;
    return `<tr><td class="move"><a href="#" data-move="${esc(m.move)}">${esc(m.move)}</a></td><td>${n}</td>` +
           `<td>${bar}</td><td>${m.score === null ? "-" : m.score.toFixed(2)}</td>` +
           `<td>${signed(m.book_value)}</td><td>${m.book_margin === null ? "-" : m.book_margin.toFixed(3)}</td>` +
           `<td class="line">${esc(m.continuation.join(" "))}</td></tr>`;
  }).join("");
}

async function engineView() {
  const generation = walk.generation;
  $("engine-view").textContent = "The engine is thinking…";
  try {
    const started = await api("POST", "/api/analysis", {moves: walk.moves.join(" "), time_ms: 2000, top: 3});
    for (;;) {
      await new Promise(resolve => setTimeout(resolve, 200));
      if (generation !== walk.generation) return api("POST", `/api/analysis/cancel?id=${started.id}`);
      const answer = await api("GET", `/api/analysis?id=${started.id}`);
      if (answer.error) throw new Error(answer.error);
      if (answer.done) {
        $("engine-view").textContent = `Engine (${answer.search}, depth ${answer.depth}): value ` +
            `${signed(answer.value)} for the side to move; best ${answer.pv.join(" ")}`;
        return;
      }
    }
  } catch (error) {
    $("engine-view").textContent = error.message;
  }
}

$("book").addEventListener("click", event => {
  const link = event.target.closest("[data-move]");
  if (!link) return;
  event.preventDefault();
  go(walk.moves.concat([link.dataset.move]));
});
$("back").addEventListener("click", () => go(walk.moves.slice(0, -1)));
$("start").addEventListener("click", () => go([]));
$("engine").addEventListener("click", engineView);
go([]);
