#pragma once
// A thin RAII layer over SQLite's C API: a connection, prepared statements and transactions.
// Every failure throws SqliteError naming the database file and SQLite's own message.

#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace camelot {

class SqliteError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class Sqlite {
 public:
  // Opens `file`, creating it if it does not exist (its folder must).
  explicit Sqlite(const std::filesystem::path& file);
  ~Sqlite();
  Sqlite(const Sqlite&) = delete;
  Sqlite& operator=(const Sqlite&) = delete;

  // Runs one or more statements that return no rows.
  void exec(std::string_view sql);
  // The same, tried again while SQLite answers "database is locked" without waiting: where
  // waiting could deadlock (two connections switching a new file's journal to WAL at once) it
  // returns SQLITE_BUSY at once instead of calling the busy handler. Gives up after the busy
  // timeout.
  void execWaitingIfBusy(std::string_view sql);
  // Rows the last INSERT, UPDATE or DELETE changed.
  std::int64_t changes() const;
  const std::filesystem::path& file() const { return file_; }
  sqlite3* handle() const { return db_; }
  // Throws SqliteError: "FILE: what: SQLite's message".
  [[noreturn]] void fail(std::string_view what) const;

 private:
  std::filesystem::path file_;
  sqlite3* db_ = nullptr;
};

class Statement {
 public:
  Statement(Sqlite& db, std::string_view sql);
  ~Statement();
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  // Parameters are numbered from 1, as in SQL's ?1, ?2...
  Statement& bind(int index, std::int64_t value);
  Statement& bind(int index, double value);
  Statement& bind(int index, std::string_view text);
  Statement& bindNull(int index);
  // Steps once: true while there is a row to read, false when done.
  bool step();
  // Clears the bindings and rewinds, ready to run again.
  void reset();
  // Runs a statement that returns no rows, then reset().
  void run();

  // Columns of the current row, numbered from 0.
  std::int64_t integer(int column) const;
  double real(int column) const;
  std::string text(int column) const;
  bool isNull(int column) const;

 private:
  Sqlite& db_;
  sqlite3_stmt* statement_ = nullptr;
};

// BEGIN IMMEDIATE on construction; commit() makes it durable, and a transaction destroyed
// without commit() (an exception on the way) rolls back, so nothing half-written remains.
class Transaction {
 public:
  explicit Transaction(Sqlite& db);
  ~Transaction();
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  void commit();

 private:
  Sqlite& db_;
  bool open_ = true;
};

}  // namespace camelot
