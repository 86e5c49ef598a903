#include "openings/explorer_site.hpp"

#include <deque>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>
#include <unordered_map>

#include "engine/cfen.hpp"
#include "engine/notation.hpp"
#include "io/durable_file.hpp"
#include "openings/opening_book.hpp"
#include "openings/position_lookup.hpp"

namespace camelot {
namespace fs = std::filesystem;
namespace {

// The page: a board in SVG, the move table with W/D/L bars, the line in the URL fragment.
// The board and the text formats are the web app's own scripts (web/board.js, web/format.js),
// copied beside it; everything else inline but the data, which data.js defines (a script, so
// that it loads from the
// file system, where a browser refuses to fetch a JSON file).
constexpr const char* kPage = R"html(<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>CamelotZero opening explorer</title>
<style>
body { font-family: sans-serif; margin: 1.5em; color: #222; }
#layout { display: flex; gap: 2em; align-items: flex-start; }
#line { font-family: monospace; margin: 0.5em 0 1em; }
button { font-size: 1em; margin-right: 1em; }
table { border-collapse: collapse; }
th, td { padding: 0.2em 0.6em; text-align: right; }
th { border-bottom: 1px solid #999; }
td.move { text-align: left; font-family: monospace; }
.bar { display: flex; width: 12em; height: 1em; border: 1px solid #999; }
.bar span { display: block; height: 100%; }
.white { background: #f4f4f4; } .draw { background: #aaa; } .black { background: #333; }
.note { color: #666; font-size: 0.9em; margin-top: 1em; }
</style>
</head>
<body>
<h1>Opening explorer</h1>
<div><button id="back">&#9664; back</button><button id="start">start</button></div>
<div id="line"></div>
<div id="layout">
<svg id="board" width="380" height="500" viewBox="0 0 420 550" style="flex: none"></svg>
<div>
<div id="summary"></div>
<table id="moves"><thead><tr><th>move</th><th>games</th><th>white / draw / black</th>
<th>score</th><th>book</th><th>margin</th></tr></thead><tbody></tbody></table>
<div class="note">Score: the side to move's, over the games with a result (a win 1, a draw &frac12;).
Book: the network's value of the move for the side to move (in [-1, 1]); margin: how much worse
than the book's best move.</div>
</div>
</div>
<script src="data.js"></script>
<script src="format.js"></script>
<script src="board.js"></script>
<script>
"use strict";
const board = new Board(document.getElementById("board"), move => {
  location.hash = walk(currentLine()).walked.concat([move]).join(",");
});

function currentLine() {
  const text = decodeURIComponent(location.hash.slice(1));
  return text ? text.split(",") : [];
}

// The node the line leads to, and the part of the line that leads there.
function walk(line) {
  let node = 0;
  const walked = [];
  for (const move of line) {
    const found = OPENINGS.nodes[node].m.find(m => m[0] === move);
    if (!found || found[1] < 0) break;
    walked.push(move);
    node = found[1];
  }
  return {node, walked};
}

function render() {
  const {node, walked} = walk(currentLine());
  const here = OPENINGS.nodes[node];
  const side = sideToMoveName(here.f);
  board.draw(here.f, here.m.filter(m => m[1] >= 0).map(m => m[0]));
  document.getElementById("line").textContent =
      (walked.length ? walked.join(" ") : "start position") + " (" + side + " to move)";
  document.getElementById("summary").textContent =
      here.n + " games through this position" +
      (here.v === null ? "" : "; book value " + signed(here.v) + " for " + side);
  const rows = here.m.map(m => {
    const [move, child, w, d, b, u, book, margin] = m;
    const games = w + d + b + u;
    const decided = w + d + b;
    const mine = side === "White" ? w : b;
    const score = decided > 0 ? ((mine + d / 2) / decided).toFixed(3) : "-";
    const link = child >= 0
        ? `<a href="#${encodeURIComponent(walked.concat([move]).join(","))}">${esc(move)}</a>`
        : esc(move);
    return `<tr class="move-row" data-move="${esc(move)}" data-games="${games}">` +
           `<td class="move">${link}</td><td>${games}</td><td><div class="bar">` +
           `<span class="white" style="width:${percent(w, games)}%"></span>` +
           `<span class="draw" style="width:${percent(d, games)}%"></span>` +
           `<span class="black" style="width:${percent(b, games)}%"></span></div></td>` +
           `<td>${score}</td><td>${signed(book)}</td><td>${margin === null ? "-" : margin.toFixed(3)}</td></tr>`;
  });
  document.querySelector("#moves tbody").innerHTML = rows.join("");
}

document.getElementById("back").onclick = () => {
  const line = walk(currentLine()).walked;
  line.pop();
  location.hash = line.join(",");
};
document.getElementById("start").onclick = () => { location.hash = ""; };
window.addEventListener("hashchange", render);
render();
</script>
</body>
</html>
)html";

}  // namespace

ExplorerSiteSummary writeExplorerSite(GameDatabase& database, const fs::path& dir,
                                      const ExplorerSiteSettings& settings) {
  const OpeningBook book(database);
  struct Visit {
    Position position;
    int depth;
  };
  std::unordered_map<std::uint64_t, int> index;  // position -> its node number
  std::deque<Visit> queue;
  nlohmann::json nodes = nlohmann::json::array();
  ExplorerSiteSummary summary;
  const auto enqueue = [&](const Position& position, int depth) -> int {
    const auto [found, added] = index.try_emplace(position.hash(), static_cast<int>(nodes.size()));
    if (added) {
      nodes.push_back(nullptr);
      queue.push_back({position, depth});
    }
    return found->second;
  };
  enqueue(Position::start(), 0);
  while (!queue.empty()) {
    const Visit visit = queue.front();
    queue.pop_front();
    const int number = index.at(visit.position.hash());
    const OpeningPosition here = lookUpPosition(database, book, visit.position, 0);
    nlohmann::json list = nlohmann::json::array();
    for (const OpeningMove& m : here.moves) {
      const MoveStats& s = m.stats;
      int child = -1;
      const bool leadsOn = s.games() >= settings.minGames || (m.book && m.book->expanded);
      if (leadsOn && visit.depth < settings.plies &&
          (index.contains(s.child) || index.size() < settings.maxPositions)) {
        Position next = visit.position;
        next.play(parseMove(visit.position, s.move));
        child = enqueue(next, visit.depth + 1);
      }
      list.push_back({s.move, child, s.whiteWins, s.draws, s.blackWins, s.unknown,
                      m.book ? nlohmann::json(m.book->value) : nlohmann::json(),
                      m.book ? nlohmann::json(m.book->margin) : nlohmann::json()});
      ++summary.moves;
    }
    nodes[static_cast<std::size_t>(number)] = {
        {"f", toCfen(visit.position)},
        {"n", here.games},
        {"v", here.bookValue ? nlohmann::json(*here.bookValue) : nlohmann::json()},
        {"m", list}};
  }
  summary.positions = nodes.size();
  fs::create_directories(dir);
  writeTextFileAtomically(dir / "data.js",
                          "// CamelotZero opening explorer data: positions from the start, "
                          "generated by `camelot openings html`.\nconst OPENINGS = " +
                              nlohmann::json{{"nodes", nodes}}.dump() + ";\n");
  writeTextFileAtomically(dir / "index.html", kPage);
  for (const char* script : {"board.js", "format.js"}) {
    const fs::path source = fs::path(CAMELOT_WEB_ROOT) / script;
    std::ifstream in(source, std::ios::binary);
    if (!in) throw std::runtime_error(source.string() + ": the web app's script is missing");
    std::ostringstream text;
    text << in.rdbuf();
    writeTextFileAtomically(dir / script, text.str());
  }
  return summary;
}

}  // namespace camelot
