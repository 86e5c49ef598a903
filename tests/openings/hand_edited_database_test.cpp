// Opening databases edited by hand, or by another program, and two imports at once: every
// value read from the file is checked where it is read (an error naming the table or setting),
// a book line as long as the file holds is valued without recursion, a book that lost its
// start grows it again, and two imports into one database both succeed.
#include <gtest/gtest.h>

#include <fstream>
#include <functional>
#include <sstream>
#include <thread>

#include "engine/cfen.hpp"
#include "engine/notation.hpp"
#include "openings/game_import.hpp"
#include "openings/opening_book.hpp"
#include "openings/opening_trend.hpp"
#include "tests/scratch_dir.hpp"

namespace camelot {
namespace {

namespace fs = std::filesystem;

std::string errorOf(const std::function<void()>& action) {
  try {
    action();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "(no error)";
}

// Every position is worth 0 to it.
class EvenSearcher : public PositionSearcher {
 public:
  double search(const Position&) override { return 0.0; }
  double estimate(const Position&) override { return 0.0; }
};

SourceGame gameOf(const std::string& moves, const std::string& origin) {
  SourceGame game;
  game.origin = origin;
  Position p = Position::start();
  game.keys.push_back(p.hash());
  std::istringstream words(moves);
  for (std::string text; words >> text;) {
    game.moves.push_back(parseMove(p, text));
    p.play(game.moves.back());
    game.keys.push_back(p.hash());
  }
  return game;
}

TEST(HandEditedDatabase, ABadTreePliesSettingIsNamed) {
  const testing_support::ScratchDir dir;
  const fs::path file = dir / "games.db";
  { GameDatabase created(file); }
  for (const char* bad : {"x", "", "0", "-3", "10001", "99999999999999999999", "12abc"}) {
    {
      Sqlite db(file);
      Statement set(db, "UPDATE settings SET value = ?1 WHERE key = 'tree_plies'");
      set.bind(1, std::string_view(bad)).run();
    }
    EXPECT_EQ(errorOf([&] { GameDatabase opened(file); }),
              file.string() + ": settings.tree_plies is '" + bad +
                  "' (a whole number from 1 to 10000 is expected)");
  }
  EXPECT_EQ(errorOf([&] { GameDatabase other(dir / "new.db", 10'001); }),
            (dir / "new.db").string() + ": tree plies must be from 1 to 10000 (got 10001)");
}

TEST(HandEditedDatabase, MoveCountsOutOfRangeAreNamed) {
  const testing_support::ScratchDir dir;
  const fs::path file = dir / "games.db";
  GameDatabase database(file);
  GameImporter importer(database);
  importer.add(gameOf("F7-F8", "a:1"));
  importer.finish();
  database.sqlite().exec("UPDATE moves SET white_wins = 9223372036854775807");
  EXPECT_EQ(errorOf([&] { database.moves(Position::start().hash()); }),
            file.string() +
                ": a count of F7-F8 in table moves is 9223372036854775807 (0 to 2^48 is expected)");
  database.sqlite().exec("UPDATE moves SET white_wins = 0, draws = -1");
  EXPECT_EQ(errorOf([&] { database.moves(Position::start().hash()); }),
            file.string() + ": a count of F7-F8 in table moves is -1 (0 to 2^48 is expected)");
}

// A chain of 300,000 book positions from the start (each the start's CFEN: the book trusts its
// keys) is valued, grown and read back without running out of stack.
TEST(HandEditedDatabase, ABookLineAsLongAsTheFileHoldsIsValued) {
  const testing_support::ScratchDir dir;
  GameDatabase database(dir / "book.db");
  constexpr std::int64_t kChain = 300'000;
  const std::int64_t start = storedKey(Position::start().hash());
  {
    Sqlite& db = database.sqlite();
    Transaction write(db);
    Statement position(db, "INSERT INTO book_positions VALUES (?1, ?2, ?3)");
    Statement move(db, "INSERT INTO book_moves VALUES (?1, ?2, 'F7-F8', 0.5, 0)");
    const std::string cfen = toCfen(Position::start());
    for (std::int64_t i = 0; i < kChain; ++i) {
      const std::int64_t key = i == 0 ? start : i;
      position.bind(1, key).bind(2, cfen).bind(3, 0.25).run();
      if (i + 1 < kChain) move.bind(1, key).bind(2, i + 1).run();
    }
    write.commit();
  }
  OpeningBook book(database);
  EXPECT_EQ(book.size(), static_cast<std::size_t>(kChain));
  // The last position's search value, backed up through the chain, the side flipping each ply.
  const std::optional<BookPosition> root = book.position(Position::start().hash());
  ASSERT_TRUE(root.has_value());
  EXPECT_DOUBLE_EQ(root->value, kChain % 2 == 0 ? -0.25 : 0.25);
  EXPECT_EQ(book.balancedPositions(2, 1.0).size(), 1u);
}

TEST(HandEditedDatabase, ABookWithoutItsStartGrowsItFirst) {
  const testing_support::ScratchDir dir;
  GameDatabase database(dir / "book.db");
  Position after = Position::start();
  after.play(parseMove(after, "F7-F8"));
  database.sqlite().exec("INSERT INTO book_positions VALUES (" +
                         std::to_string(storedKey(after.hash())) + ", '" + toCfen(after) +
                         "', 0.0)");
  OpeningBook book(database);
  EvenSearcher searcher;
  EXPECT_EQ(book.grow(searcher), std::vector<std::string>{});  // the start
  EXPECT_TRUE(book.position(Position::start().hash()).has_value());
  EXPECT_EQ(book.size(), 2u);
}

TEST(HandEditedDatabase, BadBookValuesAreNamed) {
  const testing_support::ScratchDir dir;
  const fs::path file = dir / "book.db";
  GameDatabase database(file);
  const std::string key = std::to_string(storedKey(Position::start().hash()));
  database.sqlite().exec("INSERT INTO book_positions VALUES (" + key + ", 'not a cfen', 0.0)");
  EXPECT_TRUE(errorOf([&] {
                OpeningBook book(database);
              }).starts_with(file.string() + ": book_positions.cfen of position " + key + ": "));
  database.sqlite().exec("UPDATE book_positions SET cfen = '" + toCfen(Position::start()) +
                         "', search_value = 7");
  EXPECT_EQ(errorOf([&] { OpeningBook book(database); }),
            file.string() + ": book_positions.search_value of position " + key +
                " is 7.000000 (a value in [-1, 1] is expected)");
}

TEST(HandEditedDatabase, AGenerationNumberTooLargeForOneIsNamed) {
  const testing_support::ScratchDir dir;
  fs::create_directories(dir / "run" / "games");
  std::ofstream(dir / "run" / "games" / "gen-99999999999999999999.jsonl") << "{\"moves\":[]}\n";
  std::ofstream(dir / "run" / "games" / "gen-000001.jsonl")
      << "{\"moves\":[\"F7-F8\",\"G10-G9\"]}\n";
  std::vector<std::string> bad;
  const std::vector<TrendBin> bins =
      openingTrend(dir / "run", 1, [&](const std::string& line) { bad.push_back(line); });
  ASSERT_EQ(bins.size(), 1u);
  EXPECT_EQ(bins[0].games, 1);
  ASSERT_EQ(bad.size(), 1u);
  EXPECT_EQ(bad[0], (dir / "run" / "games" / "gen-99999999999999999999.jsonl").string() +
                        ": not a generation's games (the number is 0 or above 1000000000); "
                        "skipped");
}

// Two imports into one database at once: the one that writes second skips what the first
// wrote (counts and all) and adds the rest.
TEST(ConcurrentImports, TheSecondToWriteSkipsWhatTheFirstWrote) {
  const testing_support::ScratchDir dir;
  const fs::path file = dir / "games.db";
  GameDatabase first(file);
  GameDatabase second(file);
  GameImporter early(first);
  GameImporter late(second);
  EXPECT_TRUE(late.add(gameOf("F7-F8 G10-G9", "late:1")));
  EXPECT_TRUE(late.add(gameOf("E7-E8", "late:2")));
  EXPECT_TRUE(early.add(gameOf("F7-F8 G10-G9", "early:1")));
  early.finish();
  late.finish();
  EXPECT_EQ(late.lateDuplicates(), 1);
  EXPECT_EQ(first.gameCount(), 2);
  const std::vector<MoveStats> fromStart = first.moves(Position::start().hash());
  ASSERT_EQ(fromStart.size(), 2u);
  EXPECT_EQ(fromStart[0].games() + fromStart[1].games(), 2);  // F7-F8 once, not twice
}

// Two processes creating one database at once: the second waits for the first's schema.
TEST(ConcurrentImports, TwoOpeningsOfANewFileAtOnceBothSucceed) {
  const testing_support::ScratchDir dir;
  for (int round = 0; round < 20; ++round) {
    const fs::path file = dir / ("new-" + std::to_string(round) + ".db");
    std::string errors[2];
    std::thread other([&] { errors[0] = errorOf([&] { GameDatabase a(file); }); });
    errors[1] = errorOf([&] { GameDatabase b(file); });
    other.join();
    EXPECT_EQ(errors[0], "(no error)") << round;
    EXPECT_EQ(errors[1], "(no error)") << round;
  }
}

}  // namespace
}  // namespace camelot
