// The board of either variant in SVG, drawn from a CFEN or a GFEN, with squares named as the
// notation names them (A1 .. L16; Grand Camelot's A1 .. P16) and moves entered by clicking a
// piece and then each square of its path.
"use strict";

// Each variant's rows, rank 16 first: their widths (centred on the files), and its castles.
const VARIANTS = {
  standard: {files: 12, widths: [2, 8, 10, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 10, 8, 2],
             castles: ["F1", "G1", "F16", "G16"]},
  grand: {files: 16, widths: [2, 8, 10, 12, 14, 14, 14, 16, 16, 14, 14, 14, 12, 10, 8, 2],
          castles: ["H1", "I1", "H16", "I16", "A8", "A9", "P8", "P9"]},
};
const CELL = 32, MARGIN = 20;
// Pieces' colours by letter (a knight's is its capital): White and Black; Red, Green, Blue, Yellow.
const PIECE_COLOURS = {m: "#fff", k: "#fff", r: "#d33", g: "#3a3", b: "#36c", y: "#dc2"};
const SIDE_NAMES = {w: "White", b: "Black", r: "Red", g: "Green", y: "Yellow"};

// The squares of a move written in letter notation: "J11-H9-F9xD9" -> ["J11", "H9", "F9", "D9"].
function movePath(move) {
  return move.split(/[-x]/);
}

// A CFEN's or a GFEN's placement as {square: piece letter}, its variant and the side to move's
// letter ("w", "b"; "r", "g", "b", "y"). A GFEN has seven fields, a CFEN five.
function parsePosition(fen) {
  const fields = fen.trim().split(/\s+/);
  const variant = fields.length === 7 ? "grand" : "standard";
  const {files, widths} = VARIANTS[variant];
  const pieces = {};
  fields[0].split("/").forEach((row, r) => {
    let column = (files - widths[r]) / 2;
    for (let i = 0; i < row.length;) {
      if (row[i] >= "0" && row[i] <= "9") {
        let n = 0;
        while (i < row.length && row[i] >= "0" && row[i] <= "9") n = n * 10 + Number(row[i++]);
        column += n;
      } else {
        pieces[String.fromCharCode(65 + column) + (16 - r)] = row[i++];
        column += 1;
      }
    }
  });
  return {pieces, variant, side: fields[1]};
}

// Who moves: "White", "Black"; "Red", "Green", "Blue", "Yellow".
function sideToMoveName(fen) {
  const {variant, side} = parsePosition(fen);
  return variant === "grand" && side === "b" ? "Blue" : SIDE_NAMES[side];
}

// Whether the side to move is the first side (White; Grand Camelot's rb partnership), whose
// view the evaluation bar takes.
function firstSideToMove(fen) {
  const {variant, side} = parsePosition(fen);
  return variant === "grand" ? side === "r" || side === "b" : side === "w";
}

// A board in `svg`: draw(cfen, legalMoves) shows a position; a completed click path calls
// onMove(move).
class Board {
  constructor(svg, onMove) {
    this.svg = svg;
    this.onMove = onMove;
    this.moves = [];
    this.path = [];
    svg.addEventListener("click", event => {
      const square = event.target.closest("[data-square]");
      if (square) this.click(square.dataset.square);
    });
  }

  draw(cfen, moves) {
    this.cfen = cfen;
    this.moves = moves;
    this.path = [];
    this.render();
  }

  // The moves whose path begins with `path`.
  candidates(path) {
    return this.moves.filter(m => {
      const squares = movePath(m);
      return path.every((s, i) => squares[i] === s);
    });
  }

  click(square) {
    const extended = this.path.concat([square]);
    const last = this.path[this.path.length - 1];
    const complete = this.candidates(this.path).find(m => movePath(m).length === this.path.length);
    if (square === last && complete) return this.play(complete);  // a second click ends a path
    let found = this.path.length > 0 ? this.candidates(extended) : [];
    if (found.length === 0) {  // a new piece
      this.path = [];
      found = this.candidates([square]);
      if (found.length === 0) return this.render();
      this.path = [square];
    } else {
      this.path = extended;
    }
    if (found.length === 1 && movePath(found[0]).length === this.path.length) return this.play(found[0]);
    this.render();
  }

  play(move) {
    this.path = [];
    this.onMove(move);
  }

  render() {
    const {pieces, variant} = parsePosition(this.cfen);
    const {files, widths, castles} = VARIANTS[variant];
    const grand = variant === "grand";
    const next = new Set(this.candidates(this.path).map(m => movePath(m)[this.path.length]));
    const onPath = new Set(this.path);
    const width = 2 * MARGIN + files * CELL;
    this.svg.setAttribute("viewBox", `0 0 ${width} 550`);
    this.svg.setAttribute("width", String(Math.round(width * 0.9)));
    let out = "";
    widths.forEach((rowWidth, r) => {
      const y = MARGIN + r * CELL;
      out += `<text x="2" y="${y + 21}" font-size="12">${16 - r}</text>`;
      for (let column = (files - rowWidth) / 2; column < (files + rowWidth) / 2; ++column) {
        const name = String.fromCharCode(65 + column) + (16 - r);
        const x = MARGIN + column * CELL;
        const light = (column + r) % 2 === 0;
        const fill = onPath.has(name) ? "#e8c84a" : castles.includes(name) ? "#c9a96e"
                   : light ? "#eee8d5" : "#b5b08a";
        out += `<g class="square" data-square="${name}"><rect x="${x}" y="${y}" width="${CELL}" ` +
               `height="${CELL}" fill="${fill}" stroke="#777"/>`;
        const piece = pieces[name];
        if (piece) {
          const lower = piece.toLowerCase();
          const knight = grand ? piece !== lower : lower === "k";
          const colour = grand ? PIECE_COLOURS[lower] : piece === piece.toUpperCase() ? "#fff" : "#222";
          const ink = colour === "#222" ? "#fff" : "#222";
          out += `<circle class="piece" cx="${x + CELL / 2}" cy="${y + CELL / 2}" r="12" fill="${colour}" ` +
                 `stroke="${ink}"/>`;
          if (knight)
            out += `<text x="${x + 11}" y="${y + 21}" font-size="14" font-weight="bold" ` +
                   `fill="${ink}">K</text>`;
        }
        if (this.path.length > 0 && next.has(name))
          out += `<circle class="target" cx="${x + CELL / 2}" cy="${y + CELL / 2}" r="5" fill="#3a7d3a"/>`;
        out += "</g>";
      }
    });
    for (let c = 0; c < files; ++c)
      out += `<text x="${MARGIN + c * CELL + 12}" y="${MARGIN + 16 * CELL + 16}" font-size="12">` +
             `${String.fromCharCode(65 + c)}</text>`;
    this.svg.innerHTML = out;
  }
}
