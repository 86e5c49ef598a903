#include <filesystem>
#include <iomanip>
#include <nlohmann/json.hpp>
#include <ostream>
#include <sstream>

#include "cli/commands.hpp"
#include "nn/checkpoint.hpp"
#include "nn/fresh_network.hpp"
#include "nn/model.hpp"

namespace camelot::cli {

void runNetInit(const NetInitOptions& options, std::ostream& out) {
  if (std::filesystem::exists(options.out) && !options.force)
    throw InputError(options.out + ": already exists (use --force to replace it)");
  NetworkConfig config = options.config;
  const auto architecture = parseArchitecture(options.architecture);
  if (!architecture)
    throw UsageError("--architecture must be mlp or resnet (got '" + options.architecture + "')");
  config.architecture = *architecture;
  if (!options.otherFamilyOption.empty())
    throw UsageError(options.otherFamilyOption + " is not a setting of --architecture " +
                     options.architecture);
  config.historyPlies = options.history.value_or(defaultNetworkConfig(*architecture).historyPlies);
  if (config.architecture == Architecture::Mlp) config.tacticalPlanes = false;
  config.variant = parseVariant(options.variant).value_or(Variant::Standard);
  try {
    validate(config);
  } catch (const std::invalid_argument& e) {
    throw InputError(e.what());
  }
  writeFreshNetwork(options.out, config, options.seed);
  out << "wrote " << options.out << ": " << describe(config) << ", seed " << options.seed << '\n';
}

void runNetInfo(const std::string& file, bool json, std::ostream& out) {
  const CheckpointHeader h = readCheckpointHeader(file);
  requireCompatible(file, h);
  // The whole file, as a command that plays it would load it: checksum, tensor section, every
  // tensor the architecture needs, finite weights.
  loadModel(file);
  std::ostringstream checksum;
  checksum << std::hex << std::setw(16) << std::setfill('0') << h.weightsChecksum;
  const NetworkConfig& c = h.config;
  if (json) {
    const nlohmann::json config =
        c.architecture == Architecture::Mlp
            ? nlohmann::json{{"architecture", architectureName(c.architecture)},
                             {"variant", variantName(c.variant)},
                             {"accumulator", c.accumulator},
                             {"hidden", c.hidden},
                             {"move_embedding", c.moveEmbedding},
                             {"history_plies", c.historyPlies}}
            : nlohmann::json{{"architecture", architectureName(c.architecture)},
                             {"blocks", c.blocks},
                             {"channels", c.channels},
                             {"global_pooling_every", c.globalPoolingEvery},
                             {"policy_channels", c.policyChannels},
                             {"value_channels", c.valueChannels},
                             {"value_hidden", c.valueHidden},
                             {"history_plies", c.historyPlies},
                             {"tactical_planes", c.tacticalPlanes}};
    out << nlohmann::json{{"file", file},
                          {"format_version", h.formatVersion},
                          {"encoding_version", h.encodingVersion},
                          {"training_step", h.trainingStep},
                          {"generation", h.generation},
                          {"weights_bytes", h.weightsBytes},
                          {"weights_checksum", checksum.str()},
                          {"config", config}}
               .dump()
        << '\n';
    return;
  }
  out << "file:             " << file << '\n'
      << "architecture:     " << architectureName(c.architecture) << '\n'
      << "network:          " << describe(c) << '\n'
      << "generation:       " << h.generation << '\n'
      << "training step:    " << h.trainingStep << '\n'
      << "format version:   " << h.formatVersion << '\n'
      << "encoding version: " << h.encodingVersion << '\n'
      << "weights:          " << h.weightsBytes << " bytes, checksum " << checksum.str()
      << " (verified)\n";
}

}  // namespace camelot::cli
