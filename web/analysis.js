// The analysis board: a position (pasted, or played by clicks from the start), the engine's
// lines streaming while it thinks (the server's /api/analysis, polled), an evaluation bar and
// the moves played with the engine's value after each.
"use strict";

const state = {
  start: "startpos",  // the position the moves are played from
  moves: [],          // moves played from it
  values: [],         // the engine's value after each move, White's view (null: not yet)
  legal: null,        // /api/legal's answer for the current position
  query: null,        // the running analysis' id
  generation: 0,      // bumped when the position changes: older answers are ignored
};

const $ = id => document.getElementById(id);
const board = new Board($("board"), move => play(move));

function positionQuery() {
  return `fen=${encodeURIComponent(state.start)}&moves=${encodeURIComponent(state.moves.join(" "))}`;
}

function message(text) { $("message").textContent = text || ""; }

async function show() {
  const generation = ++state.generation;
  if (state.query !== null) api("POST", `/api/analysis/cancel?id=${state.query}`).catch(() => {});
  state.query = null;
  try {
    state.legal = await api("GET", `/api/legal?${positionQuery()}`);
  } catch (error) {
    message(error.message);
    return;
  }
  if (generation !== state.generation) return;
  message("");
  $("fen").textContent = state.legal.fen;
  $("status").textContent = state.legal.finished ? `The game is over: ${state.legal.status}.` :
      `${sideToMoveName(state.legal.fen)} to move.`;
  board.draw(state.legal.fen, state.legal.moves.map(m => m.move));
  renderMoves();
  $("lines").querySelector("tbody").innerHTML = "";
  $("summary").textContent = "";
  if (state.legal.finished) {
    $("engine-state").textContent = "";
    return;
  }
  analyse(generation);
}

async function analyse(generation) {
  $("engine-state").textContent = "thinking…";
  let started;
  try {
    started = await api("POST", "/api/analysis",
                        {fen: state.start, moves: state.moves.join(" "), time_ms: 5000, top: 5});
  } catch (error) {
    $("engine-state").textContent = "";
    message(error.message);
    return;
  }
  if (generation !== state.generation) {
    api("POST", `/api/analysis/cancel?id=${started.id}`).catch(() => {});
    return;
  }
  state.query = started.id;
  for (;;) {
    await new Promise(resolve => setTimeout(resolve, 100));
    if (generation !== state.generation) return;
    let answer;
    try {
      answer = await api("GET", `/api/analysis?id=${started.id}`);
    } catch (error) {
      message(error.message);
      return;
    }
    if (generation !== state.generation) return;
    if (answer.error) {
      message(answer.error);
      $("engine-state").textContent = "";
      return;
    }
    if (answer.moves) renderAnalysis(answer);
    if (answer.done) {
      $("engine-state").textContent = "done";
      state.query = null;
      return;
    }
  }
}

function renderAnalysis(answer) {
  const whiteValue = firstSideToMove(answer.fen) ? answer.value : -answer.value;
  $("eval-white").style.height = `${50 + 50 * whiteValue}%`;
  if (state.moves.length > 0) {
    state.values[state.moves.length - 1] = whiteValue;
    renderMoves();
  }
  const figures = answer.simulations !== undefined ? `${answer.simulations} simulations`
                                                    : `depth ${answer.depth}, ${answer.nodes} nodes`;
  $("summary").textContent =
      `${answer.search}: ${figures}, ${answer.seconds.toFixed(1)} s, value ${signed(answer.value)} ` +
      `for the side to move` + (answer.wdl ? `, W/D/L ${answer.wdl.map(p => (100 * p).toFixed(0)).join("/")} %` : "");
  const rows = answer.moves.map((m, i) => {
    const value = m.q !== undefined ? signed(m.q) : i === 0 ? signed(answer.value) : "";
    const line = (m.pv || []).join(" ");
    return `<tr><td class="move"><a href="#" data-move="${m.move}">${m.move}</a></td><td>${value}</td>` +
           `<td>${m.prior !== undefined ? m.prior.toFixed(3) : ""}</td>` +
           `<td>${m.visits !== undefined ? m.visits : ""}</td><td class="line" title="${line}">${line}</td></tr>`;
  });
  $("lines").querySelector("tbody").innerHTML = rows.join("");
}

function renderMoves() {
  $("moves").innerHTML = state.moves.map((m, i) => {
    const value = state.values[i];
    return `<li${i === state.moves.length - 1 ? ' class="current"' : ""}>${m}` +
           `${value === null || value === undefined ? "" : " (" + signed(value) + ")"}</li>`;
  }).join("");
}

function play(move) {
  state.moves.push(move);
  state.values.push(null);
  show();
}

$("lines").addEventListener("click", event => {
  const link = event.target.closest("[data-move]");
  if (!link) return;
  event.preventDefault();
  play(link.dataset.move);
});
$("back").addEventListener("click", () => {
  if (state.moves.length === 0) return;
  state.moves.pop();
  state.values.pop();
  show();
});
$("reset").addEventListener("click", () => {
  state.start = "startpos";
  state.moves = [];
  state.values = [];
  show();
});
$("fen-form").addEventListener("submit", event => {
  event.preventDefault();
  const text = $("fen-input").value.trim();
  if (!text) return;
  const previous = state.start;
  state.start = text;
  state.moves = [];
  state.values = [];
  show().then(() => { if ($("message").textContent) state.start = previous; });
});
$("copy-fen").addEventListener("click", () => navigator.clipboard.writeText($("fen").textContent));
$("copy-line").addEventListener("click", () => navigator.clipboard.writeText(state.moves.join(" ")));

show();
