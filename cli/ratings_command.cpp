// `camelot ratings`: the results of arenas, matches and training runs merged into one
// Bradley-Terry table; with --sprt, the SPRT of two players over all their merged games (an
// arena's test continued with fresh games is judged on every game, not restarted from none).
#include <memory>
#include <ostream>
#include <set>
#include <string>
#include <vector>

#include "cli/command.hpp"
#include "cli/input_error.hpp"
#include "io/durable_file.hpp"
#include "training/evaluation/elo.hpp"
#include "training/evaluation/ratings.hpp"
#include "training/evaluation/results_file.hpp"
#include "training/evaluation/sprt.hpp"

namespace camelot::cli {
namespace {

struct RatingsOptions {
  std::vector<std::string> sources;  // arena or run directories (their results.csv), or files
  std::string anchor;                // empty: random if it played, else the first player read
  std::string csv;                   // empty: print only (never overwrite a file unasked)
  std::string sprt;                  // "elo0,elo1": the SPRT of the two players; empty: none
};

// The SPRT of the first game's White (an arena's first player) against the other player over
// every game; the games must hold exactly those two.
std::string sprtOverGames(const std::vector<RatedGame>& games, const std::set<std::string>& names,
                          const std::string& sprtOption) {
  if (names.size() != 2) {
    std::string listed;
    for (const std::string& name : names)
      listed += (listed.empty() ? "" : ", ") + name;
    throw UsageError("--sprt tests two players; the games have " + std::to_string(names.size()) +
                     ": " + listed);
  }
  SprtSettings settings;
  try {
    settings = parseSprtSettings(sprtOption);
  } catch (const std::invalid_argument& e) {
    throw UsageError("--" + std::string(e.what()));
  }
  const std::string& tested = games.front().white;
  const std::string& other = *names.begin() == tested ? *names.rbegin() : *names.begin();
  MatchScore score;
  for (const RatedGame& g : games)
    score.add(g.white == tested ? g.whiteScore : 1.0 - g.whiteScore);
  return tested + " vs " + other + ": " + matchScoreText(score) + "\n" +
         sprtText(sprtStatus(score, settings), settings) + "\n";
}

// The table to `out`; warnings (a torn last line) to `err`.
void runRatings(const RatingsOptions& options, std::ostream& out, std::ostream& err) {
  std::vector<RatedGame> games;
  std::set<std::string> names;
  for (const std::string& source : options.sources) {
    const ResultsRead read = readRatedGames(source);
    for (const std::string& warning : read.warnings)
      err << "camelot ratings: " << warning << '\n';
    for (const RatedGame& g : read.games) {
      names.insert(g.white);
      names.insert(g.black);
    }
    games.insert(games.end(), read.games.begin(), read.games.end());
  }
  if (games.empty()) throw InputError("no games in " + options.sources.front());
  const std::string sprt = options.sprt.empty() ? "" : sprtOverGames(games, names, options.sprt);
  std::string anchor = options.anchor;
  if (anchor.empty()) anchor = names.contains("random") ? "random" : games.front().white;
  const RatingsTable table = fitRatings(games, anchor);
  out << games.size() << " games from " << options.sources.size()
      << (options.sources.size() == 1 ? " file" : " files") << "; Bradley-Terry ratings, " << anchor
      << " = 0:\n"
      << ratingsText(table);
  if (!sprt.empty()) out << '\n' << sprt;
  if (!options.csv.empty()) {
    writeTextFileAtomically(options.csv, ratingsCsv(table));
    out << "Wrote " << options.csv << '\n';
  }
}

}  // namespace

void addRatingsCommand(CLI::App& app, Commands& commands) {
  auto options = std::make_shared<RatingsOptions>();
  CLI::App* ratings = app.add_subcommand(
      "ratings",
      "Merge the results of arenas, matches and training runs and print Bradley-Terry ratings "
      "(player, games, score, Elo, 95% interval); with --csv, also as CSV; with --sprt, the SPRT "
      "of two players over all their games.");
  ratings
      ->add_option("SOURCE", options->sources,
                   "Arena or run directories (their results.csv), match directories (their "
                   "games.jsonl), results.csv or games.jsonl files")
      ->required();
  ratings->add_option("--anchor", options->anchor,
                      "Player rated 0 (default: random if it played, else the first)");
  ratings->add_option("--csv", options->csv,
                      "Also write the ratings to this CSV file (default: print only)");
  ratings->add_option("--sprt", options->sprt,
                      "ELO0,ELO1: the SPRT of the first game's White against the other player "
                      "over every merged game (exactly two players), e.g. an arena's test "
                      "continued with fresh games");
  commands.add(ratings,
               [options](const CommandStreams& io) { runRatings(*options, io.out, io.err); });
}

}  // namespace camelot::cli
