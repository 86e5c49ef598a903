#pragma once
// Importing games into the opening database: each game replayed by the engine (game_source),
// known by its digest so that no game counts twice, written in batches of one transaction each.

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <unordered_set>
#include <vector>

#include "openings/game_database.hpp"
#include "openings/game_source.hpp"

namespace camelot {

// The 64-bit digest a game is known by: its positions in order and its start's clock, so the
// same game from two files (or imported twice) is one game.
std::uint64_t gameDigest(const SourceGame& game);

// Adds checked games to a database in batches, each batch one transaction: the games and every
// count they add land together or not at all.
class GameImporter {
 public:
  explicit GameImporter(GameDatabase& database, int batchGames = 20'000);
  ~GameImporter();  // does not write: call finish()

  // Queues `game`; false (and nothing queued) if the database or this import has it already.
  bool add(const SourceGame& game);
  // Writes what is queued.
  void finish();
  // Games add() took that another import wrote first, found as each batch was written: they
  // were skipped then, counts and all.
  std::int64_t lateDuplicates() const { return lateDuplicates_; }

 private:
  void flush();

  GameDatabase& database_;
  int batchGames_;
  Statement known_;
  std::unordered_set<std::uint64_t> seen_;  // digests of this import
  struct PendingGame {
    std::uint64_t digest;
    std::string origin, white, black, start, moves, result;
  };
  std::vector<PendingGame> games_;
  // One ply a game counts. A move is known by the positions before and after it (R10: moves
  // that lead to the same position are the same move); its text is a slice of its game's moves.
  // Kept flat and sorted at each flush, which beats a hash map's scattered nodes.
  struct PendingPly {
    std::int64_t position, child;  // as stored (storedKey)
    std::uint32_t game, textBegin;
    std::uint16_t textSize;
    Outcome result;
  };
  std::vector<PendingPly> plies_;
  std::int64_t lateDuplicates_ = 0;
  // A batch is also written when its plies reach this many (about 64 MB): a database that
  // counts thousands of plies a game is sized by what games hold, not by its setting.
  static constexpr std::size_t kBatchPlies = 2'000'000;
};

struct ImportSummary {
  std::int64_t imported = 0;
  std::int64_t duplicates = 0;  // already in the database, or twice in the sources
  std::int64_t bad = 0;         // lines that did not replay (each reported)
  double seconds = 0.0;
  bool interrupted = false;  // stopped early: what was read so far is imported, whole games only
};

// Imports every game of `sources` (readGames) into `database`. Each bad line goes to `bad`;
// `progress` hears the running count now and then. Stops between games once `interrupted`
// is set, keeping what was read. Throws GameSourceError for a source that cannot be read (the
// games before it are kept) and SqliteError.
ImportSummary importGames(GameDatabase& database, const std::vector<std::filesystem::path>& sources,
                          const std::function<void(const std::string&)>& bad,
                          const std::function<void(const ImportSummary&)>& progress,
                          const std::atomic<bool>& interrupted);

}  // namespace camelot
