#include "openings/game_import.hpp"

#include <algorithm>
#include <array>
#include <chrono>

#include "engine/cfen.hpp"
#include "engine/notation.hpp"
#include "io/durable_file.hpp"

namespace camelot {
namespace {

std::string resultName(Outcome result) {
  return result == Outcome::None ? "unknown" : std::string(outcomeName(result));
}

// Thrown through readGames to stop it between games.
struct StopReading {};

}  // namespace

std::uint64_t gameDigest(const SourceGame& game) {
  // The positions one after another (a move is known by the position it leads to, R10), and
  // the start's clock, which the hashes leave out.
  const std::uint64_t clock = static_cast<std::uint64_t>(game.start.clock());
  return fnv1a64(std::as_bytes(std::span(game.keys))) ^
         fnv1a64(std::as_bytes(std::span(&clock, 1)));
}

GameImporter::GameImporter(GameDatabase& database, int batchGames)
    : database_(database),
      batchGames_(batchGames),
      known_(database.sqlite(), "SELECT 1 FROM games WHERE digest = ?1") {}

GameImporter::~GameImporter() = default;

bool GameImporter::add(const SourceGame& game) {
  const std::uint64_t digest = gameDigest(game);
  if (seen_.contains(digest)) return false;
  known_.bind(1, storedKey(digest));
  const bool known = known_.step();
  known_.reset();
  if (known) return false;
  seen_.insert(digest);

  PendingGame pending{
      digest, game.origin, game.white, game.black, toCfen(game.start), "", resultName(game.result)};
  pending.moves.reserve(game.moves.size() * 8);
  const std::size_t counted =
      std::min<std::size_t>(game.moves.size(), static_cast<std::size_t>(database_.treePlies()));
  const auto index = static_cast<std::uint32_t>(games_.size());
  for (std::size_t ply = 0; ply < game.moves.size(); ++ply) {
    if (!pending.moves.empty()) pending.moves += ' ';
    const std::size_t begin = pending.moves.size();
    pending.moves += toNotation(game.moves[ply]);
    if (ply < counted)
      plies_.push_back({storedKey(game.keys[ply]), storedKey(game.keys[ply + 1]), index,
                        static_cast<std::uint32_t>(begin),
                        static_cast<std::uint16_t>(pending.moves.size() - begin), game.result});
  }
  games_.push_back(std::move(pending));
  if (static_cast<int>(games_.size()) >= batchGames_ || plies_.size() >= kBatchPlies) flush();
  return true;
}

void GameImporter::finish() {
  flush();
}

void GameImporter::flush() {
  if (games_.empty()) return;
  Sqlite& db = database_.sqlite();
  Transaction batch(db);
  // A game another import wrote since add() looked is a duplicate found late: left out, with
  // its counts, so that two imports into one database at once both succeed.
  Statement insertGame(db,
                       "INSERT OR IGNORE INTO games (digest, origin, white, black, start, moves, "
                       "result) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)");
  std::vector<bool> written(games_.size());
  for (std::size_t i = 0; i < games_.size(); ++i) {
    const PendingGame& g = games_[i];
    insertGame.bind(1, storedKey(g.digest))
        .bind(2, g.origin)
        .bind(3, g.white)
        .bind(4, g.black)
        .bind(5, g.start)
        .bind(6, g.moves)
        .bind(7, g.result);
    insertGame.run();
    written[i] = db.changes() == 1;
  }
  const auto late = static_cast<std::int64_t>(std::count(written.begin(), written.end(), false));
  std::erase_if(plies_, [&](const PendingPly& ply) { return !written[ply.game]; });
  Statement upsert(db,
                   "INSERT INTO moves VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) "
                   "ON CONFLICT (position, child) DO UPDATE SET "
                   "white_wins = white_wins + excluded.white_wins, "
                   "draws = draws + excluded.draws, "
                   "black_wins = black_wins + excluded.black_wins, "
                   "unknown = unknown + excluded.unknown");
  // In key order, one row a move: SQLite's B-tree takes sorted inserts fastest.
  std::sort(plies_.begin(), plies_.end(), [](const PendingPly& a, const PendingPly& b) {
    return a.position != b.position ? a.position < b.position : a.child < b.child;
  });
  for (auto first = plies_.begin(); first != plies_.end();) {
    std::array<std::int64_t, 4> counts{};  // by Outcome: unknown, white, black, draws
    auto last = first;
    for (; last != plies_.end() && last->position == first->position && last->child == first->child;
         ++last)
      ++counts[static_cast<std::size_t>(last->result)];
    const std::string_view move =
        std::string_view(games_[first->game].moves).substr(first->textBegin, first->textSize);
    upsert.bind(1, first->position)
        .bind(2, first->child)
        .bind(3, move)
        .bind(4, counts[static_cast<std::size_t>(Outcome::WhiteWins)])
        .bind(5, counts[static_cast<std::size_t>(Outcome::Draw)])
        .bind(6, counts[static_cast<std::size_t>(Outcome::BlackWins)])
        .bind(7, counts[static_cast<std::size_t>(Outcome::None)]);
    upsert.run();
    first = last;
  }
  batch.commit();
  lateDuplicates_ += late;
  games_.clear();
  plies_.clear();
}

ImportSummary importGames(GameDatabase& database, const std::vector<std::filesystem::path>& sources,
                          const std::function<void(const std::string&)>& bad,
                          const std::function<void(const ImportSummary&)>& progress,
                          const std::atomic<bool>& interrupted) {
  using Clock = std::chrono::steady_clock;
  const auto begin = Clock::now();
  ImportSummary summary;
  GameImporter importer(database);
  const auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - begin).count(); };
  try {
    for (const std::filesystem::path& source : sources) {
      readGames(
          source,
          [&](SourceGame&& game) {
            if (interrupted) throw StopReading{};
            ++(importer.add(game) ? summary.imported : summary.duplicates);
            if ((summary.imported + summary.duplicates) % 1000 == 0) {
              summary.seconds = elapsed();
              progress(summary);
            }
          },
          [&](const std::string& line) {
            ++summary.bad;
            bad(line);
          });
    }
  } catch (const StopReading&) {
    summary.interrupted = true;
  } catch (...) {
    importer.finish();
    throw;
  }
  importer.finish();
  summary.imported -= importer.lateDuplicates();
  summary.duplicates += importer.lateDuplicates();
  summary.seconds = elapsed();
  return summary;
}

}  // namespace camelot
