// The explorer site in a real browser: Debian's chromium, headless, opens the generated page at
// a URL fragment and the test reads the DOM its script built (moves, counts, the transposed
// position's merged games, links that walk on).
#include "openings/explorer_site.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cctype>
#include <cstdio>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>

#include "openings/game_import.hpp"
#include "tests/scratch_dir.hpp"

namespace camelot {
namespace {

namespace fs = std::filesystem;

// The DOM after the page's scripts ran, as headless chromium dumps it.
std::string dumpedDom(const std::string& command) {
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
  if (!pipe) return "";
  std::string dom;
  std::array<char, 4096> buffer;
  for (std::size_t n; (n = std::fread(buffer.data(), 1, buffer.size(), pipe.get())) > 0;)
    dom.append(buffer.data(), n);
  return dom;
}

// A page always has a DOM, so an empty dump is a browser that did not start (seen once in a full
// test run with another chromium test beside it): it is asked again, up to three times.
std::string domAt(const fs::path& page, const std::string& fragment, const fs::path& profile) {
  const std::string command = "chromium --headless --no-sandbox --disable-gpu --user-data-dir='" +
                              profile.string() + "' --dump-dom 'file://" + page.string() + "#" +
                              fragment + "' 2>/dev/null";
  std::string dom;
  for (int attempt = 0; attempt < 3 && dom.empty(); ++attempt)
    dom = dumpedDom(command);
  return dom;
}

TEST(ExplorerSite, ABrowserShowsThePositionOfTheFragment) {
  const testing_support::ScratchDir dir;
  std::ofstream(dir / "games.txt") << "D7-D8 I10-I9 E7-E8 H10-H9 1-0\n"
                                      "E7-E8 I10-I9 D7-D8 H10-H9 0-1\n"
                                      "E7-E8 I10-I9 D7-D8 D10-D9 1/2-1/2\n";
  GameDatabase database(dir / "games.db");
  const std::atomic<bool> never{false};
  importGames(
      database, {dir / "games.txt"}, [](const std::string&) {}, [](const ImportSummary&) {}, never);
  const ExplorerSiteSummary summary = writeExplorerSite(database, dir / "site");
  // The start, after D7-D8, after E7-E8, after each and I10-I9 (two), the merged position,
  // and after H10-H9 and D10-D9.
  EXPECT_EQ(summary.positions, 8u);
  ASSERT_TRUE(fs::exists(dir / "site" / "data.js"));
  const fs::path page = dir / "site" / "index.html";

  const std::string start = domAt(page, "", dir / "profile");
  ASSERT_NE(start.find("3 games through this position"), std::string::npos)
      << "chromium (scripts/setup.sh installs it) gave: " << start.substr(0, 400);
  EXPECT_NE(start.find(R"(data-move="E7-E8" data-games="2")"), std::string::npos);
  EXPECT_NE(start.find(R"(data-move="D7-D8" data-games="1")"), std::string::npos);
  EXPECT_NE(start.find(R"(<a href="#E7-E8">E7-E8</a>)"), std::string::npos);

  // Reached by either move order, the position holds all three games.
  const std::string merged = domAt(page, "D7-D8,I10-I9,E7-E8", dir / "profile");
  EXPECT_NE(merged.find("D7-D8 I10-I9 E7-E8 (Black to move)"), std::string::npos) << merged;
  EXPECT_NE(merged.find("3 games through this position"), std::string::npos);
  EXPECT_NE(merged.find(R"(data-move="H10-H9" data-games="2")"), std::string::npos);
  EXPECT_NE(merged.find(R"(data-move="D10-D9" data-games="1")"), std::string::npos);
  EXPECT_NE(merged.find(R"(<a href="#D7-D8%2CI10-I9%2CE7-E8%2CH10-H9">H10-H9</a>)"),
            std::string::npos);
  // The board: 14 pieces a side, none taken yet, drawn as circles (the script's own template
  // for them, also in the DOM, has no number after cx=).
  const std::string circle = R"(<circle class="piece" cx=")";
  std::size_t pieces = 0;
  for (std::size_t at = merged.find(circle); at != std::string::npos;
       at = merged.find(circle, at + 1))
    pieces += std::isdigit(static_cast<unsigned char>(merged[at + circle.size()])) ? 1 : 0;
  EXPECT_EQ(pieces, 28u);
}

// Text from a database never becomes markup: a hand-edited move is refused where it is read,
// and the page shows whatever its data holds as text, so no script in it runs.
TEST(ExplorerSite, DataTextNeverRunsAsScript) {
  const testing_support::ScratchDir dir;
  std::ofstream(dir / "games.txt") << "D7-D8 I10-I9 1-0\n";
  GameDatabase database(dir / "games.db");
  const std::atomic<bool> never{false};
  importGames(
      database, {dir / "games.txt"}, [](const std::string&) {}, [](const ImportSummary&) {}, never);
  const std::string attack = R"(<img src=x onerror="document.body.dataset.ran='yes'">)";
  database.sqlite().exec("UPDATE moves SET move = 'D7-D8' || char(10) WHERE move = 'D7-D8'");
  try {
    writeExplorerSite(database, dir / "refused");
    ADD_FAILURE() << "a move that is not notation was published";
  } catch (const SqliteError& e) {
    EXPECT_EQ(std::string(e.what()), (dir / "games.db").string() +
                                         ": moves.move holds 'D7-D8\n', which is not a move in "
                                         "letter notation");
  }
  EXPECT_FALSE(fs::exists(dir / "refused" / "data.js"));

  // The page itself, given such data (as the web app may serve it), shows it as text.
  database.sqlite().exec("UPDATE moves SET move = 'D7-D8' WHERE move LIKE 'D7-D8%'");
  writeExplorerSite(database, dir / "site");
  std::ifstream in(dir / "site" / "data.js");
  std::string data((std::istreambuf_iterator<char>(in)), {});
  const std::size_t at = data.find("\"D7-D8\"");
  ASSERT_NE(at, std::string::npos) << data;
  data.replace(at, 7, nlohmann::json(attack).dump());
  std::ofstream(dir / "site" / "data.js") << data;
  const std::string dom = domAt(dir / "site" / "index.html", "", dir / "profile");
  ASSERT_NE(dom.find("1 games through this position"), std::string::npos)
      << "chromium (scripts/setup.sh installs it) gave: " << dom.substr(0, 400);
  EXPECT_EQ(dom.find("data-ran"), std::string::npos) << dom;
  EXPECT_EQ(dom.find("<img"), std::string::npos) << dom;
  EXPECT_NE(dom.find("&lt;img src=x onerror="), std::string::npos) << dom;
}

}  // namespace
}  // namespace camelot
