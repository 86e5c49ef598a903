// The standard Camelot board in SVG, drawn from a CFEN, with squares named as the notation
// names them (A1 .. L16) and moves entered by clicking a piece and then each square of its path.
"use strict";

const BOARD_WIDTHS = [2, 8, 10, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 10, 8, 2];  // rank 16 first
const CELL = 32, MARGIN = 20;

// The squares of a move written in letter notation: "J11-H9-F9xD9" -> ["J11", "H9", "F9", "D9"].
function movePath(move) {
  return move.split(/[-x]/);
}

// {square: piece letter} of a CFEN's placement, and the side to move ("w" or "b").
function parseCfen(cfen) {
  const fields = cfen.trim().split(/\s+/);
  const rows = fields[0].split("/");
  const pieces = {};
  rows.forEach((row, r) => {
    let column = (12 - BOARD_WIDTHS[r]) / 2;
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
  return {pieces, side: fields[1]};
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
    const {pieces} = parseCfen(this.cfen);
    const next = new Set(this.candidates(this.path).map(m => movePath(m)[this.path.length]));
    const onPath = new Set(this.path);
    let out = "";
    BOARD_WIDTHS.forEach((width, r) => {
      const y = MARGIN + r * CELL;
      out += `<text x="2" y="${y + 21}" font-size="12">${16 - r}</text>`;
      for (let column = (12 - width) / 2; column < (12 + width) / 2; ++column) {
        const name = String.fromCharCode(65 + column) + (16 - r);
        const x = MARGIN + column * CELL;
        const castle = r === 0 || r === 15;
        const light = (column + r) % 2 === 0;
        const fill = onPath.has(name) ? "#e8c84a" : castle ? "#c9a96e" : light ? "#eee8d5" : "#b5b08a";
        out += `<g class="square" data-square="${name}"><rect x="${x}" y="${y}" width="${CELL}" ` +
               `height="${CELL}" fill="${fill}" stroke="#777"/>`;
        const piece = pieces[name];
        if (piece) {
          const white = piece === piece.toUpperCase();
          out += `<circle cx="${x + CELL / 2}" cy="${y + CELL / 2}" r="12" fill="${white ? "#fff" : "#222"}" ` +
                 `stroke="${white ? "#222" : "#fff"}"/>`;
          if (piece.toLowerCase() === "k")
            out += `<text x="${x + 11}" y="${y + 21}" font-size="14" font-weight="bold" ` +
                   `fill="${white ? "#222" : "#fff"}">K</text>`;
        }
        if (this.path.length > 0 && next.has(name))
          out += `<circle class="target" cx="${x + CELL / 2}" cy="${y + CELL / 2}" r="5" fill="#3a7d3a"/>`;
        out += "</g>";
      }
    });
    for (let c = 0; c < 12; ++c)
      out += `<text x="${MARGIN + c * CELL + 12}" y="${MARGIN + 16 * CELL + 16}" font-size="12">` +
             `${String.fromCharCode(65 + c)}</text>`;
    this.svg.innerHTML = out;
  }
}
