#include <filesystem>
#include <functional>
#include <iomanip>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "cli/command.hpp"
#include "cli/command_options.hpp"
#include "cli/input_error.hpp"
#include "engine/game_rules.hpp"
#include "nn/backend/fresh_network.hpp"
#include "nn/checkpoint.hpp"
#include "nn/mlp/average.hpp"
#include "nn/mlp/mlp_layout.hpp"
#include "nn/mlp/narrow.hpp"
#include "nn/mlp/quantization_error.hpp"
#include "nn/mlp/sampled_positions.hpp"
#include "nn/mlp/widen.hpp"
#include "nn/model.hpp"
#include "nn/network_config.hpp"

namespace camelot::cli {
namespace {

// Refuses to write over an existing `out` unless `force`: a checkpoint written before is kept.
void refuseToReplace(const std::string& out, bool force) {
  if (std::filesystem::exists(out) && !force)
    throw InputError(out + ": already exists (use --force to replace it)");
}

struct NetInitOptions {
  std::string architecture = "mlp";
  NetworkConfig config;           // its architecture and historyPlies come from the two below
  std::optional<int> history;     // the family's default when absent
  std::string otherFamilyOption;  // an option given that belongs to the other family
  std::uint64_t seed = 1;
  std::string out;
  bool force = false;
  std::optional<Variant> variant;  // --variant; none: standard
};

void runNetInit(const NetInitOptions& options, std::ostream& out) {
  refuseToReplace(options.out, options.force);
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
  config.variant = options.variant.value_or(Variant::Standard);
  try {
    validate(config);
  } catch (const std::invalid_argument& e) {
    throw InputError(e.what());
  }
  writeFreshNetwork(options.out, config, options.seed);
  out << "wrote " << options.out << ": " << describe(config) << ", seed " << options.seed << '\n';
}

// Prints a checkpoint's header (and checks it is readable by this program).
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

// `net init`: its options, those of the family not chosen refused by runNetInit.
void addNetInit(CLI::App* net, Commands& commands) {
  auto options = std::make_shared<NetInitOptions>();
  CLI::App* init =
      net->add_subcommand("init", "Write a freshly initialised network (seeded) as a checkpoint.");
  NetworkConfig& config = options->config;
  init->add_option("--architecture", options->architecture,
                   "Network family: mlp (sparse features, plain C++ on the CPU) or resnet "
                   "(residual tower, LibTorch, the GPU path)")
      ->check(CLI::IsMember({"mlp", "resnet"}))
      ->capture_default_str();
  const std::vector<CLI::Option*> mlpOptions = {
      init->add_option("--accumulator", config.accumulator, "mlp: units of the feature layer")
          ->capture_default_str(),
      init->add_option("--hidden", config.hidden, "mlp: units of each dense layer")
          ->capture_default_str(),
      init->add_option("--move-embedding", config.moveEmbedding,
                       "mlp: width of the move embeddings")
          ->capture_default_str()};
  const std::vector<CLI::Option*> resnetOptions = {
      init->add_option("--blocks", config.blocks, "resnet: residual blocks")->capture_default_str(),
      init->add_option("--channels", config.channels, "resnet: channels per block (even)")
          ->capture_default_str(),
      init->add_option("--pooling-every", config.globalPoolingEvery,
                       "resnet: every Nth block pools the whole board (0: none)")
          ->capture_default_str(),
      init->add_option("--policy-channels", config.policyChannels, "resnet: query/key width (even)")
          ->capture_default_str(),
      init->add_option("--history", options->history,
                       "resnet: earlier positions in the input (default 2)"),
      init->add_option("--tactical-planes", config.tacticalPlanes,
                       "resnet: input planes of the pieces each side could capture or bring to a "
                       "goal next")
          ->capture_default_str()};
  init->callback([options, mlpOptions, resnetOptions] {
    for (const CLI::Option* option : options->architecture == "mlp" ? resnetOptions : mlpOptions)
      if (option->count() > 0 && options->otherFamilyOption.empty())
        options->otherFamilyOption = option->get_name();
  });
  init->add_option("--seed", options->seed, "Seed of the initial weights")->capture_default_str();
  init->add_option("--out", options->out, "Checkpoint file to write")->required();
  addVariantOption(init, options->variant,
                   "; its network is an mlp over nn/features/grand_features.hpp's inputs",
                   "standard");
  init->add_flag("--force", options->force, "Replace an existing file");
  commands.add(init, [options](const CommandStreams& io) { runNetInit(*options, io.out); });
}

void addNetInfo(CLI::App* net, Commands& commands) {
  struct InfoOptions {
    std::string file;
    bool json = false;
  };
  auto options = std::make_shared<InfoOptions>();
  CLI::App* info = net->add_subcommand("info", "Print a checkpoint's header.");
  info->add_option("FILE", options->file, "Checkpoint file")->required();
  info->add_flag("--json", options->json, "Print one JSON object");
  commands.add(info, [options](const CommandStreams& io) {
    runNetInfo(options->file, options->json, io.out);
  });
}

struct NetWidenOptions {
  std::string file;
  int accumulator = 0;  // 0: as it is
  int hidden = 0;       // 0: as it is
  std::uint64_t seed = 1;
  std::string out;
  bool force = false;
};

// The mlp of `file`, to be written reshaped to `out` (`camelot net widen` and `narrow`): refuses
// an existing `out` without `force`, a checkpoint of another encoding or a residual net, and a
// shape the network cannot have (`reshape` applied to its config); `contents` keeps the header.
MlpWeights mlpToReshape(const std::string& file, const std::string& out, bool force,
                        const std::function<void(NetworkConfig&)>& reshape,
                        CheckpointContents& contents) {
  refuseToReplace(out, force);
  contents = readCheckpoint(file);
  requireCompatible(file, contents.header);
  MlpWeights weights = mlpWeights(file, contents);
  NetworkConfig config = weights.config;
  reshape(config);
  try {
    validate(config);
  } catch (const std::invalid_argument& e) {
    throw InputError(e.what());
  }
  return weights;
}

// Writes `weights` to `out` with `contents`' header (generation and training step kept), so that
// a run can go on from it with --init.
void writeReshaped(const std::string& out, CheckpointContents& contents,
                   const MlpWeights& weights) {
  contents.header.config = weights.config;
  writeCheckpoint(out, contents.header, mlpTensors(weights));
}

// Writes `file`'s mlp with a wider accumulator, wider dense layers or both, computing the same
// function (nn/mlp/widen.hpp).
void runNetWiden(const NetWidenOptions& options, std::ostream& out) {
  if (options.accumulator == 0 && options.hidden == 0)
    throw InputError("give --accumulator, --hidden or both: the widths to widen to");
  CheckpointContents contents;
  const MlpWeights narrow = mlpToReshape(
      options.file, options.out, options.force,
      [&](NetworkConfig& c) {
        if (options.accumulator != 0) c.accumulator = options.accumulator;
        if (options.hidden != 0) c.hidden = options.hidden;
      },
      contents);
  if (options.accumulator != 0 && options.accumulator <= narrow.config.accumulator)
    throw InputError(options.file + ": has " + std::to_string(narrow.config.accumulator) +
                     " accumulator units; --accumulator must be more");
  if (options.hidden != 0 && options.hidden <= narrow.config.hidden)
    throw InputError(options.file + ": has " + std::to_string(narrow.config.hidden) +
                     " hidden units; --hidden must be more");
  MlpWeights wide = narrow;
  if (options.accumulator != 0) wide = widenedMlp(wide, options.accumulator, options.seed);
  if (options.hidden != 0) wide = widenedHidden(wide, options.hidden, options.seed);
  writeReshaped(options.out, contents, wide);
  out << "wrote " << options.out << ": " << describe(wide.config) << ", from "
      << describe(narrow.config) << " (" << options.file << "), the same outputs\n";
}

void addNetWiden(CLI::App* net, Commands& commands) {
  auto options = std::make_shared<NetWidenOptions>();
  CLI::App* widen = net->add_subcommand(
      "widen",
      "Write an mlp with more accumulator units, more hidden units or both that computes what "
      "FILE computes (each new unit a copy of an old one sharing its outgoing weights), to train "
      "on from with --init.");
  widen->add_option("FILE", options->file, "Checkpoint of an mlp")->required();
  widen->add_option("--accumulator", options->accumulator,
                    "Units of the wider feature layer (up to 4,096)");
  widen->add_option("--hidden", options->hidden,
                    "Units of each of the two wider dense layers (up to 1,024)");
  widen->add_option("--seed", options->seed, "Seed of the shares the copies take")
      ->capture_default_str();
  widen->add_option("--out", options->out, "Checkpoint file to write")->required();
  widen->add_flag("--force", options->force, "Replace an existing file");
  commands.add(widen, [options](const CommandStreams& io) { runNetWiden(*options, io.out); });
}

struct NetNarrowOptions {
  std::string file;
  std::optional<int> accumulator, hidden;  // none: the network's own
  std::string out;
  bool force = false;
};

// Writes `file`'s mlp with fewer accumulator or hidden units, chosen by their activations in
// positions of random play (nn/mlp/narrow.hpp).
void runNetNarrow(const NetNarrowOptions& options, std::ostream& out) {
  if (!options.accumulator && !options.hidden)
    throw InputError("give --accumulator, --hidden or both: the widths to narrow to");
  CheckpointContents contents;
  MlpWidths widths;
  const MlpWeights wide = mlpToReshape(
      options.file, options.out, options.force,
      [&](NetworkConfig& c) {
        widths = {options.accumulator.value_or(c.accumulator), options.hidden.value_or(c.hidden)};
        c.accumulator = widths.accumulator;
        c.hidden = widths.hidden;
      },
      contents);
  const auto refuseWider = [&](const std::optional<int>& asked, int has, const char* units,
                               const char* option) {
    if (asked && *asked >= has)
      throw InputError(options.file + ": has " + std::to_string(has) + " " + units + "; " + option +
                       " must be fewer");
  };
  refuseWider(options.accumulator, wide.config.accumulator, "accumulator units", "--accumulator");
  refuseWider(options.hidden, wide.config.hidden, "hidden units", "--hidden");
  std::vector<std::vector<std::int32_t>> samples;
  const auto keep = [&samples](const std::vector<std::int32_t>& f) { samples.push_back(f); };
  if (wide.config.variant == Variant::Grand)
    forEachSampledPosition<GrandRules>(keep);
  else
    forEachSampledPosition<StandardRules>(keep);
  const MlpWeights narrow = narrowedMlp(wide, widths, samples);
  writeReshaped(options.out, contents, narrow);
  out << "wrote " << options.out << ": " << describe(narrow.config) << ", from "
      << describe(wide.config) << " (" << options.file
      << "), close to its outputs: train on from it with --init\n";
}

void addNetNarrow(CLI::App* net, Commands& commands) {
  auto options = std::make_shared<NetNarrowOptions>();
  CLI::App* narrow = net->add_subcommand(
      "narrow",
      "Write an mlp with fewer accumulator or hidden units than FILE (those whose activations in "
      "random play matter most kept, the others' means folded into the next layers' biases), to "
      "train on from with --init.");
  narrow->add_option("FILE", options->file, "Checkpoint of an mlp")->required();
  narrow->add_option("--accumulator", options->accumulator,
                     "Units of the feature layer (default: FILE's)");
  narrow->add_option("--hidden", options->hidden,
                     "Units of each of the two dense layers (default: FILE's)");
  narrow->add_option("--out", options->out, "Checkpoint file to write")->required();
  narrow->add_flag("--force", options->force, "Replace an existing file");
  commands.add(narrow, [options](const CommandStreams& io) { runNetNarrow(*options, io.out); });
}

struct NetAverageOptions {
  std::vector<std::string> files;
  std::string out;
  bool force = false;
};

// Writes the weight-by-weight mean of the mlps of `files` (nn/mlp/average.hpp) with the first
// file's header (its generation and training step), so that it plays and trains on as that one.
void runNetAverage(const NetAverageOptions& options, std::ostream& out) {
  if (options.files.size() < 2) throw UsageError("give two networks or more to average");
  refuseToReplace(options.out, options.force);
  CheckpointContents first;
  std::vector<MlpWeights> networks;
  for (const std::string& file : options.files) {
    CheckpointContents contents = readCheckpoint(file);
    requireCompatible(file, contents.header);
    networks.push_back(mlpWeights(file, contents));
    const NetworkConfig& config = networks.back().config;
    if (!(config == networks.front().config))
      throw InputError(file + ": " + describe(config) + ", where " + options.files.front() +
                       " is " + describe(networks.front().config) +
                       ": only networks of one shape are averaged");
    if (networks.size() == 1) first = std::move(contents);
  }
  const MlpWeights mean = averagedMlp(networks);
  writeReshaped(options.out, first, mean);
  out << "wrote " << options.out << ": " << describe(mean.config) << ", the mean of "
      << networks.size() << " networks\n";
}

void addNetAverage(CLI::App* net, Commands& commands) {
  auto options = std::make_shared<NetAverageOptions>();
  CLI::App* average = net->add_subcommand(
      "average",
      "Write the mean of several mlps of one shape, weight by weight (networks continued from "
      "one parent, or one run's last generations), to play or to train on from with --init.");
  average->add_option("FILES", options->files, "Checkpoints of mlps of one shape (two or more)")
      ->required();
  average->add_option("--out", options->out, "Checkpoint file to write")->required();
  average->add_flag("--force", options->force, "Replace an existing file");
  commands.add(average, [options](const CommandStreams& io) { runNetAverage(*options, io.out); });
}

struct NetCheckOptions {
  std::string file;
  int positions = 2000;
  std::uint64_t seed = 17;
};

// Prints how far `file`'s integer inference, which every command but training runs, is from its
// float reference on positions of random games (nn/mlp/quantization_error.hpp).
void runNetCheck(const NetCheckOptions& options, std::ostream& out) {
  const CheckpointContents contents = readCheckpoint(options.file);
  requireCompatible(options.file, contents.header);
  if (contents.header.config.architecture != Architecture::Mlp)
    throw InputError(options.file +
                     ": a residual net runs in float alone; net check compares an mlp's integer "
                     "inference with its float one");
  const MlpWeights weights = mlpWeights(options.file, contents);
  const QuantizationError e = quantizationError(weights, options.positions, options.seed);
  out << options.file << " (" << describe(weights.config)
      << "): integer inference against float on " << options.positions
      << " positions of random games (seed " << options.seed << "), largest differences\n"
      << std::fixed << std::setprecision(4) << "  expected score (win - loss): " << e.expected
      << " (mean " << e.meanExpected << ")\n"
      << "  win, draw or loss:           " << e.wdl << '\n'
      << "  a move's prior:              " << e.prior << '\n';
}

void addNetCheck(CLI::App* net, Commands& commands) {
  auto options = std::make_shared<NetCheckOptions>();
  CLI::App* check = net->add_subcommand(
      "check",
      "Compare an mlp's integer inference (what play, analysis and self-play run) with its float "
      "reference on positions of random games, and print the largest differences in the value "
      "and the priors.");
  check->add_option("FILE", options->file, "Checkpoint of an mlp")->required();
  check->add_option("--positions", options->positions, "Positions to compare")
      ->check(CLI::Range(1, 1'000'000))
      ->capture_default_str();
  check->add_option("--seed", options->seed, "Seed of the random games")->capture_default_str();
  commands.add(check, [options](const CommandStreams& io) { runNetCheck(*options, io.out); });
}

}  // namespace

void addNetCommand(CLI::App& app, Commands& commands) {
  CLI::App* net = app.add_subcommand("net", "Create and inspect network checkpoints.");
  net->require_subcommand(1);
  addNetInit(net, commands);
  addNetInfo(net, commands);
  addNetWiden(net, commands);
  addNetNarrow(net, commands);
  addNetAverage(net, commands);
  addNetCheck(net, commands);
}

}  // namespace camelot::cli
