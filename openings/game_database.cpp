#include "openings/game_database.hpp"

#include <algorithm>

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

}  // namespace

GameDatabase::GameDatabase(const std::filesystem::path& file, int treePlies) : db_(file) {
  if (treePlies < 0)
    throw SqliteError(file.string() + ": tree plies must be at least 1 (got " +
                      std::to_string(treePlies) + ")");
  db_.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL");
  const std::int64_t version = pragma(db_, "user_version");
  const std::int64_t application = pragma(db_, "application_id");
  Statement tables(db_, "SELECT count(*) FROM sqlite_schema");
  tables.step();
  if (tables.integer(0) == 0) {
    treePlies_ = treePlies > 0 ? treePlies : kDefaultTreePlies;
    Transaction create(db_);
    db_.exec(kSchema);
    db_.exec(kBookSchema);
    db_.exec("PRAGMA application_id = " + std::to_string(kApplicationId) +
             "; PRAGMA user_version = " + std::to_string(kOpeningsSchemaVersion) +
             "; INSERT INTO settings VALUES ('tree_plies', '" + std::to_string(treePlies_) + "')");
    create.commit();
    return;
  }
  if (application != kApplicationId)
    throw SqliteError(file.string() + ": an SQLite database, but not an opening database");
  if (version > kOpeningsSchemaVersion)
    throw SqliteError(file.string() + ": schema version " + std::to_string(version) +
                      " is newer than this program's " + std::to_string(kOpeningsSchemaVersion));
  if (version < 2) {
    Transaction upgrade(db_);
    db_.exec(kBookSchema);
    db_.exec("PRAGMA user_version = 2");
    upgrade.commit();
  }
  Statement setting(db_, "SELECT value FROM settings WHERE key = 'tree_plies'");
  if (!setting.step()) throw SqliteError(file.string() + ": no tree_plies setting");
  treePlies_ = std::stoi(setting.text(0));
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
    moves.push_back({query.text(0), static_cast<std::uint64_t>(query.integer(1)), query.integer(2),
                     query.integer(3), query.integer(4), query.integer(5)});
  return moves;
}

std::int64_t GameDatabase::gameCount() {
  Statement query(db_, "SELECT count(*) FROM games");
  query.step();
  return query.integer(0);
}

}  // namespace camelot
