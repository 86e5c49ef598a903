#include "training/distributed/mpi_selfplay.hpp"

#include <unistd.h>

#include <chrono>
#include <string>
#include <type_traits>

#include "io/byte_reader.hpp"
#include "io/byte_writer.hpp"
#include "io/durable_file.hpp"
#include "nn/model.hpp"
#include "players/variant_record.hpp"
#include "training/distributed/game_shares.hpp"
#include "training/replay/chunk_file.hpp"

namespace camelot {
namespace {

namespace fs = std::filesystem;

enum class Command : std::uint8_t { Quit = 0, Play = 1 };

std::vector<std::byte> encodeJob(const TrainConfig& config, const SelfPlayJob& job,
                                 std::string_view checkpoint) {
  ByteWriter out;
  out.put(static_cast<std::uint8_t>(Command::Play));
  out.putSized<std::uint64_t>(toToml(config));
  out.put(job.generation);
  out.putSized<std::uint64_t>(checkpoint);
  out.put(static_cast<std::uint32_t>(job.numbers.size()));
  for (const int number : job.numbers)
    out.put(static_cast<std::int32_t>(number));
  return std::move(out).bytes();
}

// The outcome a game's samples are scored by, as bytes and back.
void writeSampleOutcome(ByteWriter& out, Outcome outcome) {
  out.put(static_cast<std::uint8_t>(outcome));
}
void writeSampleOutcome(ByteWriter& out, const grand::GrandOutcome& outcome) {
  writeOutcome(out, outcome);
}
template <class Rules>
typename VariantRecord<Rules>::Outcome readSampleOutcome(ByteReader& in) {
  if constexpr (std::is_same_v<Rules, GrandRules>)
    return readGrandOutcome(in);
  else
    return static_cast<Outcome>(in.get<std::uint8_t>("the samples' outcome"));
}

template <class Rules>
typename VariantRecord<Rules>::Record readRecord(ByteReader& in) {
  if constexpr (std::is_same_v<Rules, GrandRules>)
    return readGrandGameRecord(in);
  else
    return readGameRecord(in);
}

template <class Rules>
std::vector<std::byte> encodeGame(const BasicPlayedGame<Rules>& game) {
  ByteWriter out;
  out.put(static_cast<std::int32_t>(game.number));
  writeSampleOutcome(out, game.sampleOutcome);
  writeGameRecord(out, game.record);
  out.put(static_cast<std::uint64_t>(game.chunk.size()));
  out.putBytes(game.chunk);
  return std::move(out).bytes();
}

template <class Rules>
BasicPlayedGame<Rules> decodeGame(std::span<const std::byte> bytes) {
  ByteReader in(bytes);
  BasicPlayedGame<Rules> game;
  try {
    game.number = in.get<std::int32_t>("the game number");
    game.sampleOutcome = readSampleOutcome<Rules>(in);
    game.record = readRecord<Rules>(in);
    const auto size = static_cast<std::size_t>(in.get<std::uint64_t>("the chunk size"));
    const auto chunk = in.take(size, "the chunk");
    game.chunk.assign(chunk.begin(), chunk.end());
  } catch (const ByteReader::Short& s) {
    throw MpiError("a self-play game arrived short (" + s.what + ")");
  } catch (const GameRecordError& e) {
    throw MpiError(std::string("a self-play game arrived malformed (") + e.what() + ")");
  }
  game.samples = decodeChunk<Rules>(game.chunk, "game " + std::to_string(game.number + 1));
  return game;
}

std::vector<std::byte> encodeStats(const BatchedGamesStats& stats) {
  ByteWriter out;
  out.put(static_cast<std::int64_t>(stats.games));
  out.put(stats.samples);
  out.put(stats.plies);
  out.put(stats.evaluations);
  out.put(stats.batches);
  return std::move(out).bytes();
}

void addStats(BatchedGamesStats& sum, std::span<const std::byte> bytes) {
  ByteReader in(bytes);
  sum.games += static_cast<int>(in.get<std::int64_t>("games"));
  sum.samples += in.get<std::int64_t>("samples");
  sum.plies += in.get<std::int64_t>("plies");
  sum.evaluations += in.get<std::int64_t>("evaluations");
  sum.batches += in.get<std::int64_t>("batches");
}

// Plays this rank's part of `job`: the numbers at the positions rank 0 hands out, each game
// sent on as bytes.
template <class Rules>
PlayShare selfPlayShare(const TrainConfig& config, const SelfPlayJob& job,
                        const std::shared_ptr<const Model>& net) {
  return [&config, &job, net](WorkSource& work, const std::atomic<bool>& stop,
                              const std::function<void(std::vector<std::byte>)>& emit) {
    return encodeStats(playSelfPlayGames<Rules>(
        config, job.generation, static_cast<int>(job.numbers.size()),
        [&](int) -> std::optional<int> {
          const std::optional<int> position = work.next();
          if (!position) return std::nullopt;
          return job.numbers[static_cast<std::size_t>(*position)];
        },
        net, [&](BasicPlayedGame<Rules>&& game) { emit(encodeGame(game)); }, &stop));
  };
}

}  // namespace

template <class Rules>
BasicMpiSelfPlay<Rules>::~BasicMpiSelfPlay() {
  if (playing_) world_.abort(1);
  try {
    world_.broadcast({std::byte{static_cast<std::uint8_t>(Command::Quit)}});
  } catch (const MpiError&) {
    world_.abort(1);
  }
}

template <class Rules>
BatchedGamesStats BasicMpiSelfPlay<Rules>::play(
    const TrainConfig& config, const SelfPlayJob& job, const std::shared_ptr<const Model>& net,
    const fs::path& checkpoint, const std::function<void(BasicPlayedGame<Rules>&&)>& onGame,
    const std::function<bool()>& stop) {
  const auto begin = std::chrono::steady_clock::now();
  playing_ = true;
  world_.broadcast(encodeJob(config, job, readTextFile(checkpoint)));
  const std::vector<std::vector<std::byte>> reports = playShares(
      world_, static_cast<int>(job.numbers.size()), selfPlayShare<Rules>(config, job, net),
      [&](std::vector<std::byte>&& bytes) { onGame(decodeGame<Rules>(bytes)); }, stop);
  playing_ = false;
  BatchedGamesStats stats;
  for (const std::vector<std::byte>& report : reports)
    addStats(stats, report);
  stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
  return stats;
}

void serveSelfPlay(MpiWorld& world, const std::atomic<bool>& interrupted) {
  const std::string origin = "rank 0's config";
  for (;;) {
    const std::vector<std::byte> bytes = world.broadcast({});
    ByteReader in(bytes);
    if (static_cast<Command>(in.get<std::uint8_t>("the command")) != Command::Play) return;
    const TrainConfig config = parseTrainConfig(in.sized<std::uint64_t>("the config"), origin);
    SelfPlayJob job;
    job.generation = in.get<std::int64_t>("the generation");
    const std::string_view network = in.sized<std::uint64_t>("the network");
    job.numbers.resize(in.get<std::uint32_t>("the game count"));
    for (int& number : job.numbers)
      number = in.get<std::int32_t>("a game number");
    // The network is loaded as rank 0 saved it: from a file of its bytes, removed at once.
    const fs::path file =
        fs::temp_directory_path() / ("camelot-rank" + std::to_string(world.rank()) + "-" +
                                     std::to_string(::getpid()) + ".ckpt");
    writeTextFileAtomically(file, network);
    std::shared_ptr<const Model> net;
    try {
      net = loadModel(file, config.selfplay.device);
    } catch (...) {
      fs::remove(file);
      throw;
    }
    fs::remove(file);
    const PlayShare share = config.network.variant == Variant::Grand
                                ? selfPlayShare<GrandRules>(config, job, net)
                                : selfPlayShare<StandardRules>(config, job, net);
    playShares(world, static_cast<int>(job.numbers.size()), share, {},
               [&] { return interrupted.load(); });
  }
}

template class BasicMpiSelfPlay<StandardRules>;
template class BasicMpiSelfPlay<GrandRules>;

}  // namespace camelot
