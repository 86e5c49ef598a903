// A game against CamelotZero at a chosen level, in either variant: the person's moves by clicks
// (in Grand Camelot for one seat, programs in the other three), the program's from the server
// (/api/move), undo, and the game saved as a line of a games file.
"use strict";

const game = {moves: [], levels: [], thinking: false, generation: 0};
const $ = id => document.getElementById(id);
const board = new Board($("board"), move => { if (!game.thinking) play(move); });

function message(text) { $("message").textContent = text || ""; }
// The seats of each variant in turn order: the letter a position gives its side to move.
const SEATS = {
  standard: [["w", "White (you move first)"], ["b", "Black"]],
  grand: [["r", "Red (you move first; your partner is Blue)"], ["g", "Green"], ["b", "Blue"],
          ["y", "Yellow"]],
};
function variant() { return $("variant").value; }
function humanSide() { return $("colour").value; }
function positionQuery() {
  return `variant=${variant()}&moves=${encodeURIComponent(game.moves.join(" "))}`;
}
function levelName() { return game.levels[Number($("level").value)].name; }

async function show() {
  const generation = ++game.generation;
  let legal;
  try {
    legal = await api("GET", `/api/legal?${positionQuery()}`);
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
    const answer = await api("POST", "/api/move", {variant: variant(), moves: game.moves.join(" "),
                                                   level: Number($("level").value)});
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

// The colours and levels of the chosen variant, then a new game.
async function chooseVariant() {
  const seats = SEATS[variant()];
  $("colour").innerHTML = seats.map(([letter, name]) => `<option value="${letter}">${name}</option>`).join("");
  game.levels = await api("GET", `/api/levels?variant=${variant()}`);
  $("level").innerHTML = game.levels.map((l, i) => `<option value="${i}">${esc(l.name)}</option>`).join("");
  $("level").value = String(Math.min(3, game.levels.length - 1));
  showRating();
  newGame();
}

function showRating() {
  $("rating").textContent = `rating ${game.levels[Number($("level").value)].rating}`;
}

$("new-game").addEventListener("click", newGame);
$("colour").addEventListener("change", newGame);
$("variant").addEventListener("change", chooseVariant);
$("level").addEventListener("change", showRating);
$("undo").addEventListener("click", () => {
  // Back to the person's last turn: their move and the programs' replies.
  if (game.thinking) return;
  const seats = SEATS[variant()].map(([letter]) => letter);
  const mine = seats.indexOf(humanSide());
  do {
    game.moves.pop();
  } while (game.moves.length > 0 && game.moves.length % seats.length !== mine);
  show();
});
$("save").addEventListener("click", async () => {
  // The first side's players and the second's: White and Black, or the partnerships rb and gy.
  const program = `camelotzero (${levelName()})`;
  const seats = SEATS[variant()].map(([letter]) => letter);
  const mine = seats.indexOf(humanSide());
  const names = [0, 1].map(side => {
    if (mine % 2 !== side) return program;
    return variant() === "grand" ? `person and ${program}` : "person";
  });
  const record = await api("POST", "/api/record", {variant: variant(), moves: game.moves.join(" "),
                                                   white: names[0], black: names[1]});
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([record.line + "\n"], {type: "application/json"}));
  link.download = "camelot-game.jsonl";
  link.click();
});

chooseVariant();
