#include "openings/sqlite.hpp"

#include <sqlite3.h>

#include <chrono>
#include <thread>

namespace camelot {
namespace {

// How long a connection waits for another that holds the lock, and how often it looks again
// where SQLite does not wait itself (execWaitingIfBusy).
constexpr int kBusyTimeoutMs = 10'000;
constexpr int kBusyRetryMs = 5;

}  // namespace

Sqlite::Sqlite(const std::filesystem::path& file) : file_(file) {
  const int status =
      sqlite3_open_v2(file.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
  if (status != SQLITE_OK) {
    const std::string message = db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(status);
    sqlite3_close(db_);
    db_ = nullptr;
    throw SqliteError(file.string() + ": cannot open: " + message);
  }
  // Another process writing the same database waits for it rather than failing at once.
  sqlite3_busy_timeout(db_, kBusyTimeoutMs);
}

Sqlite::~Sqlite() {
  sqlite3_close(db_);
}

void Sqlite::exec(std::string_view sql) {
  char* message = nullptr;
  if (sqlite3_exec(db_, std::string(sql).c_str(), nullptr, nullptr, &message) != SQLITE_OK) {
    const std::string text = message ? message : "unknown error";
    sqlite3_free(message);
    throw SqliteError(file_.string() + ": " + text);
  }
}

void Sqlite::execWaitingIfBusy(std::string_view sql) {
  const std::string text(sql);
  for (int attempt = 0;; ++attempt) {
    const int status = sqlite3_exec(db_, text.c_str(), nullptr, nullptr, nullptr);
    if (status == SQLITE_OK) return;
    if (status != SQLITE_BUSY || attempt >= kBusyTimeoutMs / kBusyRetryMs)
      fail("cannot run " + text);
    std::this_thread::sleep_for(std::chrono::milliseconds(kBusyRetryMs));
  }
}

std::int64_t Sqlite::changes() const {
  return sqlite3_changes64(db_);
}

void Sqlite::fail(std::string_view what) const {
  throw SqliteError(file_.string() + ": " + std::string(what) + ": " + sqlite3_errmsg(db_));
}

Statement::Statement(Sqlite& db, std::string_view sql) : db_(db) {
  if (sqlite3_prepare_v2(db.handle(), sql.data(), static_cast<int>(sql.size()), &statement_,
                         nullptr) != SQLITE_OK)
    db.fail("cannot prepare '" + std::string(sql.substr(0, 40)) + "'");
}

Statement::~Statement() {
  sqlite3_finalize(statement_);
}

Statement& Statement::bind(int index, std::int64_t value) {
  if (sqlite3_bind_int64(statement_, index, value) != SQLITE_OK) db_.fail("bind");
  return *this;
}

Statement& Statement::bind(int index, double value) {
  if (sqlite3_bind_double(statement_, index, value) != SQLITE_OK) db_.fail("bind");
  return *this;
}

Statement& Statement::bind(int index, std::string_view text) {
  if (sqlite3_bind_text(statement_, index, text.data(), static_cast<int>(text.size()),
                        SQLITE_TRANSIENT) != SQLITE_OK)
    db_.fail("bind");
  return *this;
}

Statement& Statement::bindNull(int index) {
  if (sqlite3_bind_null(statement_, index) != SQLITE_OK) db_.fail("bind");
  return *this;
}

bool Statement::step() {
  const int status = sqlite3_step(statement_);
  if (status == SQLITE_ROW) return true;
  if (status == SQLITE_DONE) return false;
  db_.fail("step");
}

void Statement::reset() {
  sqlite3_reset(statement_);
  sqlite3_clear_bindings(statement_);
}

void Statement::run() {
  step();
  reset();
}

std::int64_t Statement::integer(int column) const {
  return sqlite3_column_int64(statement_, column);
}

double Statement::real(int column) const {
  return sqlite3_column_double(statement_, column);
}

std::string Statement::text(int column) const {
  const auto* text = sqlite3_column_text(statement_, column);
  return text ? std::string(reinterpret_cast<const char*>(text),
                            static_cast<std::size_t>(sqlite3_column_bytes(statement_, column)))
              : std::string();
}

bool Statement::isNull(int column) const {
  return sqlite3_column_type(statement_, column) == SQLITE_NULL;
}

Transaction::Transaction(Sqlite& db) : db_(db) {
  db_.exec("BEGIN IMMEDIATE");
}

Transaction::~Transaction() {
  if (open_) sqlite3_exec(db_.handle(), "ROLLBACK", nullptr, nullptr, nullptr);
}

void Transaction::commit() {
  db_.exec("COMMIT");
  open_ = false;
}

}  // namespace camelot
