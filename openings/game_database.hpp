#pragma once
// The opening database (docs/openings.md): an SQLite file holding every imported game once,
// and for each position (keyed by its Zobrist hash, so that move orders reaching the same
// position share one node) every move played from it with the games' results.

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "openings/sqlite.hpp"

namespace camelot {

// PRAGMA user_version of the files this program writes (1: games only; 2: the book too). An
// older file is upgraded when opened.
inline constexpr int kOpeningsSchemaVersion = 2;

// Plies of each game whose moves the position tree counts, unless a new database is given
// another: the opening and early middle game, where games meet again; past it nearly every
// position is one game's alone (10,000 self-play games of ~110 plies: 1.15 million rows,
// 55 MB, with no cap).
inline constexpr int kDefaultTreePlies = 40;
// The most plies a database may count (what `openings import --plies` accepts).
inline constexpr int kMaxTreePlies = 10'000;

// What a position's move has scored, from White's side as chess databases count.
struct MoveStats {
  std::string move;         // letter notation as the engine writes it
  std::uint64_t child = 0;  // the position after it
  std::int64_t whiteWins = 0, draws = 0, blackWins = 0, unknown = 0;
  std::int64_t games() const { return whiteWins + draws + blackWins + unknown; }
};

// SQLite's integers are signed 64-bit: a hash is stored as the same bits.
inline std::int64_t storedKey(std::uint64_t key) {
  return static_cast<std::int64_t>(key);
}

// `text`, a move read from `column` of the database in `db`, if it is letter notation (the
// characters of R1's squares, '-' and 'x'); else SqliteError naming the column. Whatever
// shows the database (a terminal, the explorer page) gets no other text from it.
std::string checkedMoveText(const Sqlite& db, std::string text, std::string_view column);

class GameDatabase {
 public:
  // Opens `file`, creating it with the schema when it does not exist (counting `treePlies`
  // plies of each game; 0: the default). Throws SqliteError for a file that is not an SQLite
  // database, another program's database, a newer schema, and a `treePlies` other than an
  // existing database's.
  explicit GameDatabase(const std::filesystem::path& file, int treePlies = 0);

  // The moves played from the position with Zobrist hash `key`, most played first (then by
  // notation).
  std::vector<MoveStats> moves(std::uint64_t key);
  std::int64_t gameCount();
  // Plies of each game the position tree counts (a setting of the file, fixed at creation).
  int treePlies() const { return treePlies_; }
  Sqlite& sqlite() { return db_; }

 private:
  Sqlite db_;
  int treePlies_ = kDefaultTreePlies;
};

}  // namespace camelot
