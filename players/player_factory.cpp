#include "players/player_factory.hpp"

#include <map>
#include <mutex>

#include "nn/checkpoint.hpp"
#include "nn/model.hpp"
#include "nn/network_judge.hpp"
#include "players/alphabeta_player.hpp"
#include "players/blended_judge.hpp"
#include "players/engine_player.hpp"
#include "players/ensemble_judge.hpp"
#include "players/grand_greedy_player.hpp"
#include "players/greedy_player.hpp"
#include "players/mcts_player.hpp"
#include "players/random_player.hpp"
#include "players/rollout_mcts_player.hpp"

namespace camelot {
namespace {

constexpr int kMaxSimulations = 10'000'000;
constexpr int kMaxMilliseconds = 3'600'000;

// sims=N and time=MS: with only a time limit the simulation count is unbounded.
template <typename Options>
void readBudget(const PlayerSpec& spec, Options& options, int defaultSimulations) {
  const int ms = spec.intOption("time", 0, 0, kMaxMilliseconds);
  if (ms > 0) options.time = std::chrono::milliseconds(ms);
  const int sims = spec.intOption("sims", ms > 0 ? 0 : defaultSimulations, 0, kMaxSimulations);
  options.simulations = sims > 0 ? std::optional<int>(sims) : std::nullopt;
  if (!options.simulations && !options.time)
    throw SpecError("player '" + spec.text() + "': give sims=N (N >= 1) or time=MS");
}

// Sequential halving divides a known number of simulations among the root's candidates, so a
// Gumbel search needs one; a time limit can only cut it short.
void requireGumbelSimulations(const PlayerSpec& spec, SearchKind search,
                              const std::optional<int>& simulations) {
  if (search == SearchKind::Gumbel && !simulations)
    throw SpecError("player '" + spec.text() +
                    "': the Gumbel search needs sims=N (sequential halving plans them); time=MS "
                    "can only cap it");
}

template <class Rules>
std::unique_ptr<BasicPlayer<Rules>> makeMctsPlayer(const PlayerSpec& spec, SearchKind kind,
                                                   int defaultSims, std::uint64_t seed) {
  spec.expectOnly({"sims", "time", "eval"});
  MctsPlayerOptions options;
  options.search = kind;
  readBudget(spec, options, defaultSims);
  requireGumbelSimulations(spec, kind, options.simulations);
  options.evaluator = spec.choiceOption("eval", "uniform", {"uniform", "rollout"}) == "rollout"
                          ? EvaluatorKind::Rollout
                          : EvaluatorKind::Uniform;
  options.seed = seed;
  return std::make_unique<BasicMctsPlayer<Rules>>(options);
}

constexpr int kMaxDepth = 64;

// alphabeta: options: depth=D (plies), time=MS (a move; none: depth only) and deepen=PERCENT
// (BasicAlphaBetaSettings::deepenPercent). The depth's default is 4 without a time and no cap
// with one, as for net: (a time limit that still stopped at depth 4 would leave time unused
// wherever depth 4 comes fast).
template <class Rules>
BasicAlphaBetaSettings<Rules> alphaBetaSettings(const PlayerSpec& spec, std::uint64_t seed) {
  spec.expectOnly({"depth", "time", "deepen"});
  BasicAlphaBetaSettings<Rules> settings;
  settings.deepenPercent = spec.intOption("deepen", settings.deepenPercent, 1, 100);
  if (const int ms = spec.intOption("time", 0, 0, kMaxMilliseconds); ms > 0) {
    settings.timeLimit = std::chrono::milliseconds(ms);
    settings.maxDepth = kMaxDepth;
  }
  settings.maxDepth = spec.intOption("depth", settings.maxDepth, 1, kMaxDepth);
  settings.seed = seed;
  return settings;
}

// A network's alpha-beta answers in about a second when given no limit: deep enough to be its
// strongest at a pace a person waits for.
constexpr std::chrono::milliseconds kNetAlphaBetaTime{1000};
// prune=K beyond this keeps every quiet move of any position either game has.
constexpr int kMaxPruneMoves = 1000;

// One loaded model per checkpoint file while any player uses it: a match makes a player per
// game, and they share the weights.
std::shared_ptr<const Model> sharedModel(const std::string& file) {
  static std::mutex mutex;
  static std::map<std::string, std::weak_ptr<const Model>> models;
  const std::lock_guard lock(mutex);
  if (auto model = models[file].lock()) return model;
  auto model = loadModel(file);
  models[file] = model;
  return model;
}

// The error for `file`, the checkpoint of `net` or one of its with= partners (named then), whose
// network plays `plays` where the game is `wanted`; `player` is the spec as the user wrote it.
WrongVariantError wrongVariant(const std::string& player, const NetPlayerSpec& net,
                               const std::string& file, Variant plays, Variant wanted) {
  return WrongVariantError("player '" + player + "': the network" +
                           (file == net.file ? "" : " " + file) + " plays " +
                           std::string(gameName(plays)) + ", not " + std::string(gameName(wanted)));
}

// The model of `file` (the player's own checkpoint or a partner of with=), which must play
// `variant`.
std::shared_ptr<const Model> sharedModelOf(const NetPlayerSpec& net, const std::string& file,
                                           Variant variant) {
  std::shared_ptr<const Model> model = sharedModel(file);
  if (model->config().variant != variant)
    throw wrongVariant("net:" + net.file, net, file, model->config().variant, variant);
  return model;
}

// A network's tree search (PUCT or Gumbel), in either variant.
template <class Rules>
std::unique_ptr<BasicPlayer<Rules>> makeNetTreePlayer(const NetPlayerSpec& net, const Model& model,
                                                      std::uint64_t seed) {
  MctsPlayerOptions options;
  options.search = net.treeSearchKind();
  options.simulations = net.simulations;
  options.time = net.time;
  options.params = model.searchParams();
  options.params.minimaxWeight = net.minimaxWeight;
  options.seed = seed;
  return std::make_unique<BasicMctsPlayer<Rules>>(options, model.evaluatorFor<Rules>(),
                                                  "net:" + net.file);
}

// A network's player in the game Rules plays: alpha-beta on its value and policy, or its tree
// search.
template <class Rules>
std::unique_ptr<BasicPlayer<Rules>> makeNetPlayerFor(const NetPlayerSpec& net, std::uint64_t seed) {
  const std::shared_ptr<const Model> model = sharedModelOf(net, net.file, Rules::kVariant);
  if (net.treeSearch()) return makeNetTreePlayer<Rules>(net, *model, seed);
  return makeNetAlphaBetaPlayer<Rules>(net, *model, seed);
}

}  // namespace

template <class Rules>
std::unique_ptr<BasicPlayer<Rules>> makeNetAlphaBetaPlayer(const NetPlayerSpec& net,
                                                           const Model& model, std::uint64_t seed) {
  BasicAlphaBetaSettings<Rules> settings;
  settings.maxDepth = net.depth.value_or(kMaxDepth);
  settings.timeLimit = net.time;
  if (!net.depth && !net.time) settings.timeLimit = kNetAlphaBetaTime;
  settings.seed = seed;
  settings.orderByPriors = net.policyOrder;
  constexpr int kVariantPruneMoves = AlphaBetaVariant<Rules>::kPolicyPruneMoves;
  settings.policyPruneMoves = net.pruneMoves.value_or(kVariantPruneMoves);
  settings.deepenPercent = net.deepenPercent.value_or(settings.deepenPercent);
  std::unique_ptr<BasicPositionJudge<Rules>> judge = makeNetworkJudgeFor<Rules>(model);
  if (!net.partners.empty()) {
    std::vector<std::unique_ptr<BasicPositionJudge<Rules>>> networks;
    networks.push_back(std::move(judge));
    for (const std::string& partner : net.partners)
      networks.push_back(makeNetworkJudgeFor<Rules>(*sharedModelOf(net, partner, Rules::kVariant)));
    judge = makeEnsembleJudge<Rules>(std::move(networks));
  }
  if (net.handPercent > 0)
    judge = makeBlendedJudge<Rules>(std::move(judge), net.handPercent, settings.weights);
  std::string name = "net:" + net.file + ",";
  if (!net.policyOrder) name += "order=heuristics,";
  if (net.handPercent > 0) name += "hand=" + std::to_string(net.handPercent) + ",";
  if (settings.policyPruneMoves != kVariantPruneMoves)
    name += "prune=" + std::to_string(settings.policyPruneMoves) + ",";
  if (!net.partners.empty()) {
    name += "with=";
    for (std::size_t i = 0; i < net.partners.size(); ++i)
      name += (i == 0 ? "" : "+") + net.partners[i];
    name += ",";
  }
  return std::make_unique<BasicAlphaBetaPlayer<Rules>>(settings, std::move(judge), name);
}

template std::unique_ptr<Player> makeNetAlphaBetaPlayer<StandardRules>(const NetPlayerSpec&,
                                                                       const Model&, std::uint64_t);
template std::unique_ptr<GrandPlayer> makeNetAlphaBetaPlayer<GrandRules>(const NetPlayerSpec&,
                                                                         const Model&,
                                                                         std::uint64_t);

std::unique_ptr<Player> makeNetPlayer(const NetPlayerSpec& net, std::uint64_t seed) {
  return makeNetPlayerFor<StandardRules>(net, seed);
}

const char* netSearchName(NetSearch search) {
  switch (search) {
    case NetSearch::AlphaBeta:
      return "alphabeta";
    case NetSearch::Puct:
      return "puct";
    case NetSearch::Gumbel:
      return "gumbel";
  }
  return "";
}

std::optional<NetSearch> netSearchNamed(std::string_view name) {
  for (const NetSearch search : {NetSearch::AlphaBeta, NetSearch::Puct, NetSearch::Gumbel})
    if (name == netSearchName(search)) return search;
  return std::nullopt;
}

std::optional<NetPlayerSpec> netPlayerSpec(const PlayerSpec& spec, NetSearch fallback) {
  if (spec.kind() != "net") return std::nullopt;
  NetPlayerSpec net;
  net.file = spec.file();
  net.search = *netSearchNamed(
      spec.choiceOption("search", netSearchName(fallback), {"alphabeta", "puct", "gumbel"}));
  if (!net.treeSearch()) {
    spec.expectOnly({"search", "depth", "time", "deepen", "order", "hand", "with", "prune"});
    if (spec.has("depth")) net.depth = spec.intOption("depth", 0, 1, kMaxDepth);
    if (spec.has("deepen")) net.deepenPercent = spec.intOption("deepen", 0, 1, 100);
    net.policyOrder = spec.choiceOption("order", "policy", {"policy", "heuristics"}) == "policy";
    net.handPercent = spec.intOption("hand", 0, 0, 100);
    if (spec.has("prune")) net.pruneMoves = spec.intOption("prune", 0, 0, kMaxPruneMoves);
    net.partners = spec.listOption("with", '+');
    if (const int ms = spec.intOption("time", 0, 0, kMaxMilliseconds); ms > 0)
      net.time = std::chrono::milliseconds(ms);
    return net;
  }
  spec.expectOnly({"search", "sims", "time", "minimax"});
  readBudget(spec, net, kDefaultTreeSimulations);
  net.minimaxWeight = static_cast<float>(spec.intOption("minimax", 0, 0, 100)) / 100.0f;
  requireGumbelSimulations(spec, net.treeSearchKind(), net.simulations);
  return net;
}

template <>
std::unique_ptr<Player> makePlayer<StandardRules>(const PlayerSpec& spec, std::uint64_t seed) {
  if (spec.kind() == "random") {
    spec.expectOnly({});
    return std::make_unique<RandomPlayer>(seed);
  }
  if (spec.kind() == "greedy") {
    spec.expectOnly({});
    return std::make_unique<GreedyPlayer>(seed);
  }
  if (spec.kind() == "alphabeta")
    return std::make_unique<AlphaBetaPlayer>(alphaBetaSettings<StandardRules>(spec, seed));
  if (spec.kind() == "mcts")
    return makeMctsPlayer<StandardRules>(spec, SearchKind::Puct, kDefaultTreeSimulations, seed);
  if (spec.kind() == "gumbel")
    return makeMctsPlayer<StandardRules>(spec, SearchKind::Gumbel, 32, seed);
  if (spec.kind() == "rollout") {
    spec.expectOnly({"sims", "time"});
    RolloutMctsOptions options;
    readBudget(spec, options, 1000);
    options.seed = seed;
    return std::make_unique<RolloutMctsPlayer>(options);
  }
  if (const auto net = netPlayerSpec(spec)) return makeNetPlayer(*net, seed);
  // An outside program decides for itself; the seed means nothing to it.
  if (spec.kind() == "engine") return std::make_unique<EnginePlayer>(spec.command());
  throw SpecError("player '" + spec.text() + "': unknown kind '" + spec.kind() +
                  "' (players: " + knownPlayerKinds<StandardRules>() + ")");
}

template <>
void validatePlayerSpec<StandardRules>(const PlayerSpec& spec) {
  // PlayerSpec::parse has checked an engine's spec; checking must not start the program.
  if (spec.kind() == "engine") return;
  if (const auto net = netPlayerSpec(spec)) {
    const auto check = [&](const std::string& file) {
      const CheckpointHeader header = readCheckpointHeader(file);
      requireCompatible(file, header);
      if (header.config.variant != Variant::Standard)
        throw wrongVariant(spec.text(), *net, file, header.config.variant, Variant::Standard);
    };
    check(net->file);
    for (const std::string& partner : net->partners)
      check(partner);
    return;
  }
  makePlayer<StandardRules>(spec, 0);
}

template <>
std::string knownPlayerKinds<StandardRules>() {
  return "random, greedy, alphabeta, mcts, gumbel, rollout, net, engine";
}

template <>
std::unique_ptr<GrandPlayer> makePlayer<GrandRules>(const PlayerSpec& spec, std::uint64_t seed) {
  if (spec.kind() == "random") {
    spec.expectOnly({});
    return std::make_unique<GrandRandomPlayer>(seed);
  }
  if (spec.kind() == "greedy") {
    spec.expectOnly({});
    return std::make_unique<GrandGreedyPlayer>(seed);
  }
  if (spec.kind() == "alphabeta")
    return std::make_unique<GrandAlphaBetaPlayer>(alphaBetaSettings<GrandRules>(spec, seed));
  if (spec.kind() == "mcts")
    return makeMctsPlayer<GrandRules>(spec, SearchKind::Puct, kDefaultTreeSimulations, seed);
  if (spec.kind() == "gumbel")
    return makeMctsPlayer<GrandRules>(spec, SearchKind::Gumbel, 32, seed);
  if (const auto net = netPlayerSpec(spec)) return makeNetPlayerFor<GrandRules>(*net, seed);
  throw SpecError("player '" + spec.text() + "': kind '" + spec.kind() +
                  "' does not play Grand Camelot (its players: " + knownPlayerKinds<GrandRules>() +
                  ")");
}

template <>
void validatePlayerSpec<GrandRules>(const PlayerSpec& spec) {
  makePlayer<GrandRules>(spec, 0);
}

template <>
std::string knownPlayerKinds<GrandRules>() {
  return "random, greedy, alphabeta, mcts, gumbel, net";
}

}  // namespace camelot
