#include "training/run/machine_check.hpp"

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <limits>
#include <optional>
#include <string>

#include "nn/backend/trainer.hpp"
#include "nn/network_config.hpp"
#include "players/engine_player.hpp"
#include "players/player_factory.hpp"

namespace camelot {
namespace {

// MemAvailable of /proc/meminfo, in bytes (nothing where there is none).
std::optional<std::int64_t> availableMemoryBytes() {
  std::ifstream in("/proc/meminfo");
  for (std::string key; in >> key;) {
    std::int64_t kilobytes = 0;
    in >> kilobytes;
    if (key == "MemAvailable:") return kilobytes * 1024;
    in.ignore(std::numeric_limits<std::streamsize>::max(), '\n');
  }
  return std::nullopt;
}

std::string gigabytes(std::int64_t bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f GB", static_cast<double>(bytes) / (1024.0 * 1024 * 1024));
  return text;
}

}  // namespace

void checkMachineCanRun(const TrainConfig& config, const std::filesystem::path& configFile) {
  const std::string origin = configFile.string() + ": ";
  const auto check = [&](const char* key, const std::string& device) {
    if (const auto problem = deviceProblemHere(device))
      throw ConfigError(origin + key + ": \"" + device + "\" cannot be used on this machine (" +
                        *problem + "); \"cpu\" can");
  };
  check("training.device", config.training.device);
  check("selfplay.device", config.selfplay.device);
  // An outside engine among the baselines must start and answer its handshake now, not fail
  // every evaluation later.
  for (const std::string& baseline : config.evaluation.baselines) {
    const PlayerSpec spec = PlayerSpec::parse(baseline);
    if (spec.kind() != "engine") continue;
    try {
      makePlayer<StandardRules>(spec, 1);
    } catch (const EngineStartError& e) {
      throw ConfigError(origin + "evaluation.baselines: " + e.what());
    }
  }
  const std::optional<std::int64_t> free = availableMemoryBytes();
  const std::int64_t perPosition = trainingBytesPerPosition(config.network);
  const std::int64_t needed = perPosition * config.training.batchSize;
  if (config.training.device == "cpu" && free && needed > *free)
    throw ConfigError(origin + "training.batch_size: " + std::to_string(config.training.batchSize) +
                      " positions a step need about " + gigabytes(needed) + " for this network (" +
                      describe(config.network) + "), more than the " + gigabytes(*free) +
                      " this machine has free; about " + std::to_string(*free / perPosition) +
                      " fit");
}

}  // namespace camelot
