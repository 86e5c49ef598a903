// A game against CamelotZero at a chosen level: the person's moves by clicks, the program's
// from the server (/api/move), undo, and the game saved as a line of a games file.
"use strict";

const game = {moves: [], levels: [], thinking: false, generation: 0};
const $ = id => document.getElementById(id);
const board = new Board($("board"), move => { if (!game.thinking) play(move); });

function message(text) { $("message").textContent = text || ""; }
function humanSide() { return $("colour").value; }
function levelName() { return game.levels[Number($("level").value)].name; }

async function show() {
  const generation = ++game.generation;
  let legal;
  try {
    legal = await api("GET", `/api/legal?moves=${encodeURIComponent(game.moves.join(" "))}`);
  } catch (error) {
    return message(error.message);
  }
  if (generation !== game.generation) return;
  const yours = parsePosition(legal.fen).side === humanSide();
  board.draw(legal.fen, yours && !legal.finished ? legal.moves.map(m => m.move) : []);
  $("moves").innerHTML = game.moves.map(m => `<li>${m}</li>`).join("");
  if (legal.finished) {
    $("status").textContent = `The game is over: ${legal.status}.`;
    return;
  }
  $("status").textContent = yours ? "Your move." : "CamelotZero is thinking…";
  if (!yours) reply(generation);
}

async function reply(generation) {
  game.thinking = true;
  try {
    const answer = await api("POST", "/api/move",
                             {moves: game.moves.join(" "), level: Number($("level").value)});
    if (generation !== game.generation) return;
    game.moves.push(answer.move);
    message("");
  } catch (error) {
    message(error.message);
  } finally {
    game.thinking = false;
  }
  if (generation === game.generation) show();
}

function play(move) {
  game.moves.push(move);
  show();
}

function newGame() {
  game.moves = [];
  message("");
  show();
}

$("new-game").addEventListener("click", newGame);
$("colour").addEventListener("change", newGame);
$("level").addEventListener("change", () => {
  $("rating").textContent = `rating ${game.levels[Number($("level").value)].rating}`;
});
$("undo").addEventListener("click", () => {
  // Back to the person's last turn: their move and the program's reply.
  if (game.thinking) return;
  const white = humanSide() === "w";
  do {
    game.moves.pop();
  } while (game.moves.length > 0 && (game.moves.length % 2 === 0) !== white);
  show();
});
$("save").addEventListener("click", async () => {
  const you = "person", program = `camelotzero (${levelName()})`;
  const white = humanSide() === "w";
  const record = await api("POST", "/api/record", {moves: game.moves.join(" "),
                                                   white: white ? you : program,
                                                   black: white ? program : you});
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([record.line + "\n"], {type: "application/json"}));
  link.download = "camelot-game.jsonl";
  link.click();
});

api("GET", "/api/levels").then(levels => {
  game.levels = levels;
  $("level").innerHTML = levels.map((l, i) => `<option value="${i}">${l.name}</option>`).join("");
  $("level").value = "3";
  $("rating").textContent = `rating ${levels[3].rating}`;
  show();
});
