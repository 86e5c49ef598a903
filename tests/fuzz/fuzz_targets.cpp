#include "tests/fuzz/fuzz_targets.hpp"

#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>

#include "cli/engine_session.hpp"
#include "engine/cfen.hpp"
#include "engine/game.hpp"
#include "engine/grand/grand_rules.hpp"
#include "engine/notation.hpp"
#include "io/byte_reader.hpp"
#include "io/byte_writer.hpp"
#include "nn/checkpoint.hpp"
#include "openings/explorer_site.hpp"
#include "openings/game_import.hpp"
#include "openings/position_lookup.hpp"
#include "players/game_record.hpp"
#include "players/random_player.hpp"
#include "training/replay/chunk_file.hpp"
#include "training/run/train_config.hpp"

namespace camelot::fuzz {
namespace {

std::string text(Input input) {
  return {reinterpret_cast<const char*>(input.data()), input.size()};
}

// A path of this process's own (fuzzing is serial), cleared of what a reader left there last
// time (SQLite's -wal and -shm files beside it, a site's folder).
std::filesystem::path scratchPath(const std::string& extension) {
  const std::filesystem::path path = std::filesystem::temp_directory_path() /
                                     ("camelot-fuzz-" + std::to_string(::getpid()) + extension);
  std::error_code ignored;
  for (const char* suffix : {"", "-wal", "-shm"})
    std::filesystem::remove_all(path.string() + suffix, ignored);
  return path;
}

// A file holding the input, for the readers of files.
std::filesystem::path asFile(Input input, const std::string& extension = "") {
  const std::filesystem::path path = scratchPath(extension);
  std::ofstream(path, std::ios::binary | std::ios::trunc)
      .write(reinterpret_cast<const char*>(input.data()),
             static_cast<std::streamsize>(input.size()));
  return path;
}

[[noreturn]] void broken(const std::string& what) {
  throw std::logic_error("fuzz: " + what);
}

// A CFEN that parses writes back to a CFEN that parses to the same position.
void cfen(Input input) {
  try {
    const Position position = parseCfen(text(input));
    if (parseCfen(toCfen(position)) != position) broken("CFEN round trip changed the position");
  } catch (const CfenError&) {
  }
}

// The move text against positions with men, knights, castles and obligations; a move read is
// one of the legal moves and its notation reads back as the same move.
void move(Input input) {
  static const std::array<Position, 3> positions = {
      Position::start(), parseCfen("2/8/10/12/12/8m3/12/7m4/6M5/5M6/5K6/12/12/10/8/2 w 0 0 0"),
      parseCfen("2/8/10/11m/12/12/12/3m8/2M9/12/12/12/5mm5/10/3M4/K1 w 0 0 0")};
  for (const Position& position : positions) {
    try {
      const Move read = parseMove(position, text(input));
      if (parseMove(position, toNotation(read)) != read)
        broken("a move's notation reads back as another");
      if (parseMove(position, toNumericNotation(read, position)) != read)
        broken("a move's numeric notation reads back as another");
    } catch (const MoveError&) {
    }
  }
}

// Lines of the engine protocol to a session of `Rules` with a random player: every line
// answered, none fatal.
template <class Rules>
void protocolLines(Input input) {
  cli::BasicEngineSession<Rules> session(std::make_unique<BasicRandomPlayer<Rules>>(1));
  std::istringstream lines(text(input));
  std::ostringstream answers;
  int count = 0;
  for (std::string line; std::getline(lines, line) && count < 200; ++count)
    if (!session.handle(line, answers)) break;
}

void engineProtocol(Input input) {
  protocolLines<StandardRules>(input);
}

void config(Input input) {
  try {
    const TrainConfig parsed = parseTrainConfig(text(input), "fuzz.toml");
    if (!(parseTrainConfig(toToml(parsed), "again.toml") == parsed))
      broken("a config's TOML reads back as another config");
  } catch (const ConfigError&) {
  }
}

void checkpoint(Input input) {
  try {
    const CheckpointContents contents = readCheckpoint(asFile(input));
    requireCompatible("fuzz.ckpt", contents.header);
  } catch (const CheckpointError&) {
  }
}

void chunk(Input input) {
  try {
    readChunk(asFile(input));
  } catch (const ChunkError&) {
  }
}

void gameRecord(Input input) {
  try {
    readGameRecordLine(text(input));
  } catch (const GameRecordError&) {
  }
}

// A game record as ranks send it under MPI: a record read writes bytes that read back as the
// same record, written the same again. (Not the input's own bytes: the start's CFEN may be
// written another way that reads as the same position, "startpos" for one.)
void gameRecordBytes(Input input) {
  ByteReader in(std::as_bytes(input));
  try {
    const GameRecord record = readGameRecord(in);
    ByteWriter out;
    writeGameRecord(out, record);
    ByteReader again(out.bytes());
    ByteWriter twice;
    writeGameRecord(twice, readGameRecord(again));
    if (twice.bytes() != out.bytes() || again.remaining() != 0)
      broken("a game record's bytes read back as another record");
  } catch (const ByteReader::Short&) {
  } catch (const GameRecordError&) {
  }
}

// A GFEN that parses writes back to one that parses to the same position, whose moves are
// found in bounded work (no board GFEN accepts makes the capture search run on).
void gfen(Input input) {
  try {
    const grand::GrandPosition position = grand::parseGfen(text(input));
    if (grand::parseGfen(grand::toGfen(position)) != position)
      broken("GFEN round trip changed the position");
    grand::legalMoves(position);
  } catch (const grand::GfenError&) {
  }
}

// Grand move text (notation, key, or FROM-TO) against the start and a position with captures:
// a move found is found again by its notation and by its key.
void grandMove(Input input) {
  static const std::array<grand::GrandPosition, 2> positions = {
      grand::GrandPosition::start(),
      grand::parseGfen("2/8/10/8g3/14/14/14/16/3b12/14/14/1b10y1/12/10/8/2 g 0 0 0 0 8")};
  for (const grand::GrandPosition& position : positions) {
    const std::optional<grand::GrandMove> found = grand::findMove(position, text(input));
    if (!found) continue;
    for (const std::string& again : {grand::notation(*found), grand::moveKey(*found)}) {
      const std::optional<grand::GrandMove> reread = grand::findMove(position, again);
      if (!reread || grand::moveKey(*reread) != grand::moveKey(*found))
        broken("a Grand move's notation or key reads back as another");
    }
  }
}

void grandEngineProtocol(Input input) {
  protocolLines<GrandRules>(input);
}

// A file of the opening import's readers: text (one game a line) and games.jsonl, every game
// read replayed into an in-memory database.
void importedGames(Input input, const char* extension) {
  const std::filesystem::path file = asFile(input, extension);
  try {
    GameDatabase database(":memory:");
    const std::atomic<bool> never{false};
    importGames(
        database, {file}, [](const std::string&) {}, [](const ImportSummary&) {}, never);
  } catch (const GameSourceError&) {
  }
}

void textGames(Input input) {
  importedGames(input, ".txt");
}

void gamesJsonl(Input input) {
  importedGames(input, ".jsonl");
}

// A (mutated) opening database file, read as `openings show` and `openings html` read it.
void openingDatabase(Input input) {
  const std::filesystem::path file = asFile(input, ".db");
  try {
    GameDatabase database(file);
    const OpeningBook book(database);
    lookUpPosition(database, book, Position::start(), 2);
    ExplorerSiteSettings small;
    small.plies = 3;
    small.maxPositions = 50;
    writeExplorerSite(database, scratchPath(".site"), small);
  } catch (const SqliteError&) {
  } catch (const CfenError&) {
  } catch (const MoveError&) {
  }
}

constexpr std::array<Target, 14> kTargets = {{{"cfen", cfen},
                                              {"move", move},
                                              {"engine_protocol", engineProtocol},
                                              {"config", config},
                                              {"checkpoint", checkpoint},
                                              {"chunk", chunk},
                                              {"game_record", gameRecord},
                                              {"game_record_bytes", gameRecordBytes},
                                              {"gfen", gfen},
                                              {"grand_move", grandMove},
                                              {"grand_engine_protocol", grandEngineProtocol},
                                              {"text_games", textGames},
                                              {"games_jsonl", gamesJsonl},
                                              {"opening_database", openingDatabase}}};

}  // namespace

std::span<const Target> targets() {
  return kTargets;
}

}  // namespace camelot::fuzz
