#pragma once
// The opening explorer as a static site (docs/openings.md): index.html with its script and
// style inline, board.js and format.js (the web app's, from web/), and data.js holding the
// positions from the start with their moves, games and book values. It opens from the file system,
// with no server and nothing downloaded; the position's line is in the URL fragment
// (#F6-F8,G11-G9), so a line can be shared.

#include <cstddef>
#include <filesystem>

#include "openings/game_database.hpp"

namespace camelot {

struct ExplorerSiteSettings {
  int plies = 12;  // how deep from the start the site reaches
  // A move leads on into the site when this many games played it, or the book searched the
  // position after it; the rest are listed without a link.
  int minGames = 1;
  std::size_t maxPositions = 20'000;  // keeps data.js to a few MB
};

struct ExplorerSiteSummary {
  std::size_t positions = 0;
  std::size_t moves = 0;
};

// Writes DIR/index.html, DIR/data.js, DIR/board.js and DIR/format.js (creating DIR), each file
// whole or not at all.
ExplorerSiteSummary writeExplorerSite(GameDatabase& database, const std::filesystem::path& dir,
                                      const ExplorerSiteSettings& settings = {});

}  // namespace camelot
