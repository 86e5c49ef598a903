#include "tests/fuzz/fuzz_targets.hpp"

#include <unistd.h>

#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

#include "cli/engine_session.hpp"
#include "engine/cfen.hpp"
#include "engine/game.hpp"
#include "engine/notation.hpp"
#include "io/byte_reader.hpp"
#include "io/byte_writer.hpp"
#include "mcts/random_player.hpp"
#include "nn/checkpoint.hpp"
#include "training/replay/chunk_file.hpp"
#include "training/run/train_config.hpp"
#include "training/selfplay/game_record.hpp"

namespace camelot::fuzz {
namespace {

std::string text(Input input) {
  return {reinterpret_cast<const char*>(input.data()), input.size()};
}

// A file holding the input, for the readers of files (one per process: fuzzing is serial).
std::filesystem::path asFile(Input input) {
  static const std::filesystem::path path =
      std::filesystem::temp_directory_path() / ("camelot-fuzz-" + std::to_string(::getpid()));
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

// Lines of the engine protocol to a session with a random player: every line answered, none
// fatal.
void engineProtocol(Input input) {
  cli::EngineSession session(std::make_unique<RandomPlayer>(1));
  std::istringstream lines(text(input));
  std::ostringstream answers;
  int count = 0;
  for (std::string line; std::getline(lines, line) && count < 200; ++count)
    if (!session.handle(line, answers)) break;
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

// A game record as ranks send it under MPI: what reads must write back to the same bytes.
void gameRecordBytes(Input input) {
  const auto bytes = std::as_bytes(input);
  ByteReader in(bytes);
  try {
    const GameRecord record = readGameRecord(in);
    ByteWriter out;
    writeGameRecord(out, record);
    const auto read = bytes.first(bytes.size() - in.remaining());
    if (!std::equal(read.begin(), read.end(), out.bytes().begin(), out.bytes().end()))
      broken("a game record's bytes write back as other bytes");
  } catch (const ByteReader::Short&) {
  } catch (const GameRecordError&) {
  }
}

constexpr std::array<Target, 8> kTargets = {{{"cfen", cfen},
                                             {"move", move},
                                             {"engine_protocol", engineProtocol},
                                             {"config", config},
                                             {"checkpoint", checkpoint},
                                             {"chunk", chunk},
                                             {"game_record", gameRecord},
                                             {"game_record_bytes", gameRecordBytes}}};

}  // namespace

std::span<const Target> targets() {
  return kTargets;
}

}  // namespace camelot::fuzz
