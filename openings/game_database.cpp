#include "openings/game_database.hpp"

#include <algorithm>
#include <charconv>

namespace camelot {
namespace {

// 'CZop': marks the file as this program's opening database.
constexpr std::int64_t kApplicationId = 0x435A6F70;

constexpr const char* kSchema = R"sql(
CREATE TABLE games (
  id INTEGER PRIMARY KEY,
  digest INTEGER NOT NULL UNIQUE,  -- gameDigest: start and moves
  origin TEXT NOT NULL,            -- FILE:LINE it was first imported from
  white TEXT NOT NULL,
  black TEXT NOT NULL,
  start TEXT NOT NULL,             -- CFEN
  moves TEXT NOT NULL,             -- letter notation, space-separated
  result TEXT NOT NULL             -- white, black, draw or unknown
);
CREATE TABLE moves (
  position INTEGER NOT NULL,       -- Zobrist hash of the position before the move
  child INTEGER NOT NULL,          -- Zobrist hash of the position after it: the move (R10)
  move TEXT NOT NULL,              -- letter notation
  white_wins INTEGER NOT NULL,
  draws INTEGER NOT NULL,
  black_wins INTEGER NOT NULL,
  unknown INTEGER NOT NULL,        -- games without a result ('*')
  PRIMARY KEY (position, child)
) WITHOUT ROWID;
CREATE TABLE settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
)sql";

// Version 2: the book the network grows (openings/opening_book.hpp).
constexpr const char* kBookSchema = R"sql(
CREATE TABLE book_positions (
  position INTEGER PRIMARY KEY,    -- Zobrist hash
  cfen TEXT NOT NULL,
  search_value REAL NOT NULL       -- the side to move's expected score in [-1, 1], searched
);
CREATE TABLE book_moves (
  position INTEGER NOT NULL,
  child INTEGER NOT NULL,          -- the position after the move (R10)
  move TEXT NOT NULL,
  estimate REAL NOT NULL,          -- the mover's value after it: the network's alone, or the
                                   -- rules' when it ends the game
  final INTEGER NOT NULL,          -- 1: it ends the game
  PRIMARY KEY (position, child)
) WITHOUT ROWID;
)sql";

std::int64_t pragma(Sqlite& db, const char* name) {
  Statement query(db, std::string("PRAGMA ") + name);
  return query.step() ? query.integer(0) : 0;
}

// The tree_plies setting as the file holds it, checked: a whole number in [1, kMaxTreePlies].
int readTreePlies(const std::filesystem::path& file, const std::string& text) {
  int plies = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), plies);
  if (error != std::errc() || end != text.data() + text.size() || plies < 1 ||
      plies > kMaxTreePlies)
    throw SqliteError(file.string() + ": settings.tree_plies is '" + text.substr(0, 40) +
                      "' (a whole number from 1 to " + std::to_string(kMaxTreePlies) +
                      " is expected)");
  return plies;
}

// A move's count as the file holds it, checked: never negative, and small enough that the
// counts of every move of a position add up without overflow.
std::int64_t readCount(const Statement& row, int column, const Sqlite& db) {
  constexpr std::int64_t kMaxCount = std::int64_t{1} << 48;
  const std::int64_t count = row.integer(column);
  if (count < 0 || count > kMaxCount)
    throw SqliteError(db.file().string() + ": a count of " + row.text(0) + " in table moves is " +
                      std::to_string(count) + " (0 to 2^48 is expected)");
  return count;
}

// Tables in the file; the statement is done before the caller writes (an open read would keep
// a snapshot that a later write lock cannot take).
std::int64_t tableCount(Sqlite& db) {
  Statement tables(db, "SELECT count(*) FROM sqlite_schema");
  tables.step();
  return tables.integer(0);
}

}  // namespace

std::string checkedMoveText(const Sqlite& db, std::string text, std::string_view column) {
  constexpr std::size_t kLongest = 200;  // a path of every square is shorter
  if (text.empty() || text.size() > kLongest ||
      text.find_first_not_of("ABCDEFGHIJKL0123456789-x") != std::string::npos)
    throw SqliteError(db.file().string() + ": " + std::string(column) + " holds '" +
                      text.substr(0, 40) + (text.size() > 40 ? "...'" : "'") +
                      ", which is not a move in letter notation");
  return text;
}

GameDatabase::GameDatabase(const std::filesystem::path& file, int treePlies) : db_(file) {
  if (treePlies < 0 || treePlies > kMaxTreePlies)
    throw SqliteError(file.string() + ": tree plies must be from 1 to " +
                      std::to_string(kMaxTreePlies) + " (got " + std::to_string(treePlies) + ")");
  db_.execWaitingIfBusy("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL");
  if (tableCount(db_) == 0) {
    // Under the write lock, looked at again: of two processes creating one file, the second
    // waits here and then opens what the first created.
    Transaction create(db_);
    if (tableCount(db_) == 0) {
      treePlies_ = treePlies > 0 ? treePlies : kDefaultTreePlies;
      db_.exec(kSchema);
      db_.exec(kBookSchema);
      db_.exec("PRAGMA application_id = " + std::to_string(kApplicationId) +
               "; PRAGMA user_version = " + std::to_string(kOpeningsSchemaVersion) +
               "; INSERT INTO settings VALUES ('tree_plies', '" + std::to_string(treePlies_) +
               "')");
      create.commit();
      return;
    }
  }
  const std::int64_t version = pragma(db_, "user_version");
  const std::int64_t application = pragma(db_, "application_id");
  if (application != kApplicationId)
    throw SqliteError(file.string() + ": an SQLite database, but not an opening database");
  if (version > kOpeningsSchemaVersion)
    throw SqliteError(file.string() + ": schema version " + std::to_string(version) +
                      " is newer than this program's " + std::to_string(kOpeningsSchemaVersion));
  if (version < 2) {
    Transaction upgrade(db_);
    if (pragma(db_, "user_version") < 2) {  // looked at again under the write lock
      db_.exec(kBookSchema);
      db_.exec("PRAGMA user_version = 2");
    }
    upgrade.commit();
  }
  Statement setting(db_, "SELECT value FROM settings WHERE key = 'tree_plies'");
  if (!setting.step()) throw SqliteError(file.string() + ": no tree_plies setting");
  treePlies_ = readTreePlies(file, setting.text(0));
  if (treePlies > 0 && treePlies != treePlies_)
    throw SqliteError(file.string() + ": counts the first " + std::to_string(treePlies_) +
                      " plies of each game; it cannot count " + std::to_string(treePlies) +
                      " (a new database can)");
}

std::vector<MoveStats> GameDatabase::moves(std::uint64_t key) {
  Statement query(db_,
                  "SELECT move, child, white_wins, draws, black_wins, unknown FROM moves "
                  "WHERE position = ?1 "
                  "ORDER BY white_wins + draws + black_wins + unknown DESC, move");
  query.bind(1, storedKey(key));
  std::vector<MoveStats> moves;
  while (query.step())
    moves.push_back({checkedMoveText(db_, query.text(0), "moves.move"),
                     static_cast<std::uint64_t>(query.integer(1)), readCount(query, 2, db_),
                     readCount(query, 3, db_), readCount(query, 4, db_), readCount(query, 5, db_)});
  return moves;
}

std::int64_t GameDatabase::gameCount() {
  Statement query(db_, "SELECT count(*) FROM games");
  query.step();
  return query.integer(0);
}

}  // namespace camelot
