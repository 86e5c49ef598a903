#include "training/selfplay/batched_games.hpp"

#include <tbb/task_arena.h>
#include <tbb/task_group.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <mutex>
#include <optional>
#include <random>
#include <set>
#include <span>
#include <stdexcept>
#include <type_traits>

#include "engine/game.hpp"
#include "engine/random/splitmix64.hpp"
#include "nn/features/encoding.hpp"
#include "nn/features/grand_features.hpp"
#include "nn/model.hpp"
#include "players/engine_player.hpp"
#include "players/mcts_player.hpp"
#include "players/player_factory.hpp"
#include "training/selfplay/material_adjudication.hpp"

namespace camelot {
namespace {

// One game in a worker's batch, with its search and the samples waiting for the result.
template <class Rules>
struct Slot {
  int index = -1;  // the plan's index; -1 when the slot is idle
  BasicGamePlan<Rules> plan;
  typename Rules::Game game;
  std::array<std::unique_ptr<BasicPlayer<Rules>>, 2> players;  // for classical sides
  std::unique_ptr<BasicTreeSearch<Rules>> search;
  // Descent's trees (learning method "descent"): one for the game when both sides are the same
  // network, else one a side.
  std::array<std::unique_ptr<DescentSearch<Rules>>, 2> descent;
  std::mt19937_64 rng;  // which moves get the full search
  bool searching = false;
  bool fullSearch = false;
  int net = -1;  // the network of the search in progress
  std::vector<BasicTrainingSample<Rules>> samples;
  std::vector<int> sampleSides;  // the side to move of each sample
  std::size_t requestBegin = 0;  // its requests in the batch of its network
  std::size_t requestCount = 0;
  std::optional<typename Rules::Status> forfeit;  // an outside engine broke the protocol
  std::string note;                               // the referee's reason for it
};

// What the workers share.
template <class Rules>
struct Shared {
  Shared(const BatchedGamesSettings& s, int total, const BasicGamePlans<Rules>& plans,
         const std::function<void(BasicFinishedGame<Rules>&&)>& emit,
         const std::atomic<bool>* stopFlag)
      : settings(s), count(total), planFor(plans), onGame(emit), stop(stopFlag) {}

  const BatchedGamesSettings& settings;
  int count;
  const BasicGamePlans<Rules>& planFor;
  const std::function<void(BasicFinishedGame<Rules>&&)>& onGame;
  const std::atomic<bool>* stop;
  std::atomic<int> nextGame{0};
  std::atomic<bool> ended{false};  // planFor said no game: no index after it is claimed
  std::mutex emitMutex;
  // Finished games wait here until every game before them is reported or skipped (under
  // emitMutex); an index planFor had no game for is skipped.
  std::map<int, BasicFinishedGame<Rules>> waiting;
  std::set<int> skipped;
  int nextToReport = 0;
  std::atomic<std::int64_t> samples{0}, plies{0}, evaluations{0}, batches{0};
  std::atomic<int> games{0};

  bool stopping() const { return stop && stop->load(std::memory_order_relaxed); }
};

template <class Rules>
class Worker {
  using Slot = camelot::Slot<Rules>;

 public:
  Worker(Shared<Rules>& shared, const std::vector<std::shared_ptr<const Model>>& nets)
      : shared_(shared),
        settings_(shared.settings),
        nets_(nets),
        slots_(static_cast<std::size_t>(settings_.selfplay.gamesPerWorker)),
        requests_(nets.size()),
        answers_(nets.size()) {
    // One core per worker: each evaluator runs its batches on this worker's thread alone.
    for (const auto& net : nets)
      evaluators_.push_back(net->evaluatorFor<Rules>(/*threads=*/1));
    for (std::size_t i = 0; i < slots_.size(); ++i) {
      SearchParams params;
      params.gumbelConsidered = settings_.selfplay.gumbelConsidered;
      params.reuseTree = false;  // each move's search starts fresh (root noise, fresh Gumbel draws)
      const bool gumbel = settings_.selfplay.search == "gumbel";
      params.rootNoise = !gumbel && settings_.puctRootNoise;
      slots_[i].search =
          makeSearch<Rules>(gumbel ? SearchKind::Gumbel : SearchKind::Puct, params, 0);
    }
  }

  void run() {
    for (Slot& slot : slots_)
      claimGame(slot);
    for (;;) {
      for (auto& r : requests_)
        r.clear();
      for (Slot& slot : slots_)
        advance(slot);
      bool any = false;
      for (std::size_t n = 0; n < evaluators_.size(); ++n) {
        if (requests_[n].empty()) continue;
        any = true;
        answers_[n].resize(requests_[n].size());
        evaluators_[n]->evaluate(requests_[n], answers_[n]);
        shared_.evaluations += static_cast<std::int64_t>(requests_[n].size());
        ++shared_.batches;
      }
      // Slots of classical and time-limited players ask for no evaluation but may still play.
      if (!any && std::ranges::none_of(slots_, [](const Slot& s) { return s.index >= 0; })) break;
      for (Slot& slot : slots_) {
        if (slot.requestCount == 0) continue;
        const std::span<const Evaluation> answers(answers_[static_cast<std::size_t>(slot.net)]);
        slot.search->provide(answers.subspan(slot.requestBegin, slot.requestCount));
        slot.requestCount = 0;
      }
    }
  }

 private:
  void claimGame(Slot& slot) {
    slot.index = -1;
    slot.forfeit.reset();
    slot.note.clear();
    if (shared_.stopping() || shared_.ended) return;
    const int index = shared_.nextGame.fetch_add(1);
    if (index >= shared_.count) return;
    std::optional<BasicGamePlan<Rules>> plan = shared_.planFor(index);
    if (!plan) {
      shared_.ended = true;
      const std::lock_guard lock(shared_.emitMutex);
      shared_.skipped.insert(index);
      reportInOrder();
      return;
    }
    slot.index = index;
    slot.plan = std::move(*plan);
    slot.game = typename Rules::Game(slot.plan.start);
    // Everything random in a game comes from the run's seed and the game's number, never from
    // the worker or slot that plays it: the same games for any number of workers or processes.
    const auto game = static_cast<std::uint64_t>(slot.plan.number >= 0 ? slot.plan.number : index);
    slot.search->reseed(mixSeed(settings_.seed, 4 * game + 2));
    slot.rng.seed(mixSeed(settings_.seed, 4 * game + 3));
    for (int side = 0; side < 2; ++side) {
      const GameSide& s = slot.plan.sides[static_cast<std::size_t>(side)];
      const std::uint64_t seed =
          mixSeed(settings_.seed, 4 * game + static_cast<std::uint64_t>(side));
      slot.players[static_cast<std::size_t>(side)] =
          s.net < 0                        ? makePlayer<Rules>(PlayerSpec::parse(s.spec), seed)
          : settings_.learning.alphaBeta() ? networkAlphaBeta(s.net, seed)
                                           : nullptr;
    }
    slot.searching = false;
    slot.samples.clear();
    slot.sampleSides.clear();
    if (settings_.learning.descent()) {
      const LearningSettings& learning = settings_.learning;
      const DescentSettings search{.positionsPerMove = learning.positionsPerMove,
                                   .maxPlies = settings_.selfplay.maxPlies,
                                   .quickWinWeight = learning.quickWinWeight,
                                   .completion = learning.completion,
                                   .maxExpansions = learning.maxExpansions,
                                   .teacherWeight = learning.teacherWeight};
      for (auto& tree : slot.descent) {
        if (!tree) tree = std::make_unique<DescentSearch<Rules>>(search);
        tree->clear();
      }
    }
  }

  // The network's alpha-beta player (learning method "alphabeta"): the search `net:FILE` plays
  // with, to the config's depth and with its share of the hand-written evaluation.
  std::unique_ptr<BasicPlayer<Rules>> networkAlphaBeta(int net, std::uint64_t seed) const {
    NetPlayerSpec spec;
    spec.depth = settings_.learning.alphaBetaDepth;
    spec.handPercent = settings_.learning.alphaBetaHand;
    return makeNetAlphaBetaPlayer<Rules>(spec, *nets_[static_cast<std::size_t>(net)], seed);
  }

  // The network's alpha-beta move for `side`: the position is a sample with the search's value
  // and its move as the policy target. In the sampling plies a random legal move is played
  // instead with probability 1 - best_move_probability, so that games from one start differ
  // (the search is deterministic).
  typename Rules::Move alphaBetaMove(Slot& slot, std::size_t side) {
    BasicPlayer<Rules>& player = *slot.players[side];
    const typename Rules::Move best = player.chooseMove(slot.game);
    const typename Rules::MoveList& legal = slot.game.legalMoves();
    if (slot.plan.record) {
      oneHot_.assign(legal.size(), 0.0f);
      const auto chosen = std::ranges::find_if(
          legal, [&](const typename Rules::Move& m) { return Rules::sameMove(m, best); });
      oneHot_[static_cast<std::size_t>(chosen - legal.begin())] = 1.0f;
      slot.net = slot.plan.sides[side].net;
      recordSample(slot, legal, oneHot_, player.lastReport()->value);
    }
    const auto ply = static_cast<int>(slot.game.moves().size());
    if (ply < settings_.selfplay.openingPlies && legal.size() > 1 &&
        !std::bernoulli_distribution(settings_.learning.bestMoveProbability)(slot.rng))
      return legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(slot.rng)];
    return best;
  }

  // Whether both sides play from one Descent tree (the same network).
  static bool oneDescentTree(const Slot& slot) {
    return slot.plan.sides[0].net == slot.plan.sides[1].net;
  }

  // The Descent tree that plays `side`'s moves.
  DescentSearch<Rules>& descentTree(Slot& slot, std::size_t side) {
    return *slot.descent[oneDescentTree(slot) ? 0 : side];
  }

  // Descent's move for `side`: ordinal selection over its ranked moves in the sampling plies, the
  // best after them.
  typename Rules::Move descentMove(Slot& slot, std::size_t side) {
    const LearningSettings& descent = settings_.learning;
    DescentSearch<Rules>& tree = descentTree(slot, side);
    tree.search(slot.game, *evaluators_[static_cast<std::size_t>(slot.plan.sides[side].net)]);
    shared_.evaluations += tree.lastEvaluations();
    shared_.batches += tree.lastBatches();
    const auto ranked = tree.rankedMoves();
    const int ply = static_cast<int>(slot.game.moves().size());
    if (slot.plan.record && !descent.treeSamples) recordTreeSample(slot, tree.rootSample());
    const std::size_t chosen = ply < settings_.selfplay.openingPlies
                                   ? chooseOrdinal(ranked, descent.bestMoveProbability, slot.rng)
                                   : 0;
    return ranked[chosen].move;
  }

  // A node of a Descent tree as a sample: its backed-up value, its best move as the policy
  // target (the mlp reads no history, and a node off the game's line has none).
  void recordTreeSample(Slot& slot, const typename DescentSearch<Rules>::TreeSample& node) {
    BasicTrainingSample<Rules> sample;
    sample.position = *node.position;
    moveIndices_.clear();
    for (const typename Rules::Move& m : node.moves)
      moveIndices_.push_back(policyIndexOf(sample.position, m));
    policy_.assign(moveIndices_);
    sample.policyIndices = policy_.indices;
    sample.policyTarget.assign(policy_.size(), 0.0f);
    const auto best = static_cast<std::size_t>(node.best - node.moves.data());
    sample.policyTarget[static_cast<std::size_t>(policy_.slotOfMove[best])] = 1.0f;
    sample.rootValue = node.value;
    sample.movesLeft = node.ply;  // made relative later
    slot.sampleSides.push_back(Rules::side(sample.position));
    slot.samples.push_back(std::move(sample));
  }

  // Descent and alphabeta: the samples of the positions the game went through take
  // gameResultWeight of their value from the game's result.
  void anchorGameLine(Slot& slot) {
    const auto w = static_cast<float>(settings_.learning.gameResultWeight);
    // A position is its placement's hash and its clock (the hash leaves the clock out).
    std::set<std::pair<std::uint64_t, int>> line;
    for (const typename Rules::Position& p : slot.game.positions())
      line.insert({Rules::hash(p), Rules::clock(p)});
    for (BasicTrainingSample<Rules>& s : slot.samples)
      if (line.contains({Rules::hash(s.position), Rules::clock(s.position)}))
        s.rootValue = (1.0f - w) * s.rootValue + w * static_cast<float>(s.result);
  }

  // Descent with teacherResidual: the search judged each position by (1 - w) of the network's
  // value and w of the teacher's, so the network's target is what its part must be for that
  // blend to equal the sample's value (clamped to the value's range). The network is then
  // played in the same blend (net:FILE,hand=P with P = 100 w), and what it learnt is what
  // alpha-beta's leaves use.
  void leaveTheTeachersShare(Slot& slot) {
    const auto w = static_cast<float>(settings_.learning.teacherWeight);
    for (BasicTrainingSample<Rules>& s : slot.samples)
      s.rootValue =
          std::clamp((s.rootValue - w * teacherValue(s.position)) / (1.0f - w), -1.0f, 1.0f);
  }

  // Plays the slot's moves until a search needs a network (its requests join that network's
  // batch), its game ends (the other slots then take their turn, so games finish roughly in
  // the order they were claimed and progress is reported as they do) or it has no game left.
  void advance(Slot& slot) {
    while (slot.index >= 0 && !shared_.stopping()) {
      const auto side = static_cast<std::size_t>(Rules::side(slot.game.position()));
      if (settings_.learning.descent() && slot.plan.sides[side].net >= 0) {
        if (play(slot, descentMove(slot, side))) return;
        continue;
      }
      if (settings_.learning.alphaBeta() && slot.plan.sides[side].net >= 0) {
        if (play(slot, alphaBetaMove(slot, side))) return;
        continue;
      }
      if (slot.plan.sides[side].net < 0) {
        typename Rules::Move move;
        try {
          move = slot.players[side]->chooseMove(slot.game);
        } catch (const EngineForfeit& e) {
          // The referee's decision, as in matches: the player that broke the protocol loses.
          slot.forfeit = VariantRecord<Rules>::forfeitedBy(static_cast<int>(side));
          slot.note = e.what();
          finishGame(slot);
          claimGame(slot);
          return;
        }
        if (play(slot, move)) return;
        continue;
      }
      if (!slot.searching) beginSearch(slot, slot.plan.sides[side].net);
      const BasicSearchStep<Rules> step = slot.search->step();
      if (step.kind == StepKind::NeedsEvaluation) {
        auto& batch = requests_[static_cast<std::size_t>(slot.net)];
        slot.requestBegin = batch.size();
        slot.requestCount = step.requests.size();
        batch.insert(batch.end(), step.requests.begin(), step.requests.end());
        return;
      }
      slot.searching = false;
      const BasicSearchResult<Rules>& result = slot.search->result();
      if (slot.plan.record && (slot.fullSearch || settings_.selfplay.recordCheapSearches))
        recordSample(
            slot, result.moves,
            slot.fullSearch ? std::span<const float>(result.policy) : std::span<const float>(),
            result.rootValue);
      if (play(slot, result.moves[static_cast<std::size_t>(result.chosen)])) return;
    }
    if (slot.index >= 0) slot.index = -1;  // stopping: the game in flight is dropped
  }

  void beginSearch(Slot& slot, int net) {
    const int ply = static_cast<int>(slot.game.moves().size());
    slot.net = net;
    slot.fullSearch = std::bernoulli_distribution(settings_.selfplay.fullSearchFraction)(slot.rng);
    SearchParams params = slot.search->params();
    const bool sampling = ply < settings_.selfplay.openingPlies;
    params.gumbelScale = sampling ? 1.0f : 0.0f;
    params.temperature = sampling ? static_cast<float>(settings_.selfplay.temperature) : 0.0f;
    slot.search->setParams(nets_[static_cast<std::size_t>(net)]->searchParams(params));
    const std::span<const typename Rules::Position> positions(slot.game.positions());
    slot.search->setRoot(slot.game.position(), positions.first(positions.size() - 1));
    const int full =
        slot.plan.sides[static_cast<std::size_t>(Rules::side(slot.game.position()))].simulations;
    slot.search->start(slot.fullSearch ? (full > 0 ? full : settings_.selfplay.simulations)
                                       : settings_.selfplay.cheapSimulations);
    slot.searching = true;
  }

  // Plays the move; at the end of the game, records it and claims the next (true).
  bool play(Slot& slot, const typename Rules::Move& move) {
    slot.game.play(move);
    ++shared_.plies;
    const bool capped = static_cast<int>(slot.game.moves().size()) >= settings_.selfplay.maxPlies;
    if (!slot.game.finished() && !capped) return false;
    finishGame(slot);
    claimGame(slot);
    return true;
  }

  // The position with its search's value `rootValue`, and the search's policy over `moves` (its
  // legal moves) unless `policy` is empty (a cheap search's position, recorded for its value).
  template <class Moves>
  void recordSample(Slot& slot, const Moves& moves, std::span<const float> policy,
                    float rootValue) {
    const typename Rules::Position& position = slot.game.position();
    BasicTrainingSample<Rules> sample;
    sample.position = position;
    const auto& positions = slot.game.positions();
    const auto history =
        static_cast<std::size_t>(nets_[static_cast<std::size_t>(slot.net)]->historyPlies());
    const std::size_t keep = std::min(positions.size() - 1, history);
    sample.history.assign(positions.end() - 1 - static_cast<std::ptrdiff_t>(keep),
                          positions.end() - 1);
    sample.repetitions = static_cast<std::uint8_t>(slot.game.repetitions() - 1);
    if (!policy.empty()) {
      legal_.clear();
      for (const typename Rules::Move& m : moves)
        legal_.push_back(m);
      assignLegalPolicy(policy_, position, legal_);
      sample.policyIndices = policy_.indices;
      sample.policyTarget.assign(policy_.size(), 0.0f);
      for (std::size_t m = 0; m < moves.size(); ++m)
        sample.policyTarget[static_cast<std::size_t>(policy_.slotOfMove[m])] += policy[m];
    }
    sample.rootValue = rootValue;
    sample.movesLeft = static_cast<std::int32_t>(slot.game.moves().size());  // made relative later
    slot.sampleSides.push_back(Rules::side(position));
    slot.samples.push_back(std::move(sample));
  }

  void finishGame(Slot& slot) {
    const typename Rules::Status status = recordedEnd(slot.game, slot.forfeit);
    const auto plies = static_cast<std::int32_t>(slot.game.moves().size());
    const auto scored =
        trainingOutcome(status, slot.game.position(), settings_.selfplay.materialAdjudication);
    const std::optional<int> winner = winningSide(scored);  // the samples' +1 side
    if (settings_.learning.descent() && settings_.learning.treeSamples && slot.plan.record) {
      const std::size_t trees = oneDescentTree(slot) ? 1 : 2;
      for (std::size_t t = 0; t < trees; ++t)
        for (const auto& node : slot.descent[t]->treeSamples())
          recordTreeSample(slot, node);
    }
    for (std::size_t i = 0; i < slot.samples.size(); ++i) {
      BasicTrainingSample<Rules>& s = slot.samples[i];
      // A Descent tree's node deeper than the game lasted has no moves left to learn.
      s.movesLeft = std::max(0, plies - s.movesLeft);
      s.result = !winner ? 0 : *winner == slot.sampleSides[i] ? 1 : -1;
    }
    if ((settings_.learning.descent() || settings_.learning.alphaBeta()) &&
        settings_.learning.gameResultWeight > 0.0)
      anchorGameLine(slot);
    if (settings_.learning.teacherResidual) leaveTheTeachersShare(slot);
    BasicFinishedGame<Rules> finished;
    finished.index = slot.index;
    finished.record =
        VariantRecord<Rules>::record({slot.plan.sides[0].name, slot.plan.sides[1].name},
                                     slot.plan.start, slot.game.moves(), status, slot.note);
    finished.record.game =
        static_cast<int>(slot.plan.number >= 0 ? slot.plan.number : slot.index) + 1;
    finished.samples = std::move(slot.samples);
    finished.sampleOutcome = scored;
    slot.samples = {};
    // Checked under the lock: a game that finished while another worker's onGame set `stop`
    // is dropped, not reported after it; so are games still waiting for an earlier one.
    const std::lock_guard lock(shared_.emitMutex);
    if (shared_.stopping()) return;
    shared_.waiting.emplace(finished.index, std::move(finished));
    reportInOrder();
  }

  // Reports the finished games whose turn has come (under emitMutex).
  void reportInOrder() {
    while (!shared_.stopping()) {
      if (shared_.skipped.erase(shared_.nextToReport) > 0) {
        ++shared_.nextToReport;
        continue;
      }
      const auto next = shared_.waiting.find(shared_.nextToReport);
      if (next == shared_.waiting.end()) return;
      shared_.samples += static_cast<std::int64_t>(next->second.samples.size());
      ++shared_.games;
      ++shared_.nextToReport;
      shared_.onGame(std::move(next->second));
      shared_.waiting.erase(next);
    }
  }

  Shared<Rules>& shared_;
  const BatchedGamesSettings& settings_;
  const std::vector<std::shared_ptr<const Model>>& nets_;
  std::vector<std::unique_ptr<BasicEvaluator<Rules>>> evaluators_;  // per network
  std::vector<Slot> slots_;
  std::vector<std::vector<BasicEvaluationRequest<Rules>>> requests_;  // per network
  std::vector<std::vector<Evaluation>> answers_;
  typename Rules::MoveList legal_;  // scratch of the policy grouping
  LegalPolicy policy_;
  std::vector<std::int32_t> moveIndices_;  // scratch of a Descent sample's policy
  std::vector<float> oneHot_;              // scratch of an alpha-beta sample's policy
};

// One worker's run, ordered after everything its spawner did before handing it over (the
// acquire) and before everything the spawner does after the wait (the release).
template <class Rules>
[[gnu::noinline]] void runWorker(Shared<Rules>* shared,
                                 const std::vector<std::shared_ptr<const Model>>* nets,
                                 std::atomic<int>* handedOver) {
  handedOver->load(std::memory_order_acquire);
  Worker<Rules>(*shared, *nets).run();
  handedOver->fetch_add(1, std::memory_order_acq_rel);
}

// The task TBB runs for a worker. Debian's TBB is not built with ThreadSanitizer: the task is
// written on the spawning thread and read on a worker, handed over inside libtbb where
// ThreadSanitizer cannot see it (scripts/test.sh --sanitize). So reading the task's three
// pointers is left unchecked, and runWorker's acquire states the hand-off for all the rest.
template <class Rules>
struct WorkerTask {
  Shared<Rules>* shared;
  const std::vector<std::shared_ptr<const Model>>* nets;
  std::atomic<int>* handedOver;

  __attribute__((no_sanitize("thread"))) void operator()() const {
    runWorker(shared, nets, handedOver);
  }
};

}  // namespace

template <class Rules>
BatchedGamesStats playBatchedGames(
    const std::vector<std::shared_ptr<const Model>>& nets, const BatchedGamesSettings& settings,
    int count, const std::type_identity_t<BasicGamePlans<Rules>>& planFor,
    const std::type_identity_t<std::function<void(BasicFinishedGame<Rules>&&)>>& onGame,
    const std::atomic<bool>* stop) {
  if (count < 0 || settings.selfplay.workers < 1 || settings.selfplay.gamesPerWorker < 1 ||
      settings.selfplay.simulations < 1 || settings.selfplay.cheapSimulations < 1 ||
      settings.selfplay.maxPlies < 1 || settings.selfplay.fullSearchFraction < 0.0 ||
      settings.selfplay.fullSearchFraction > 1.0)
    throw std::invalid_argument(
        "batched games: workers, games per worker, simulations and the game length cap must be "
        "positive and the full-search fraction in [0, 1]");
  Shared<Rules> shared(settings, count, planFor, onGame, stop);
  const auto begin = std::chrono::steady_clock::now();
  std::atomic<int> handedOver{0};
  tbb::task_arena arena(settings.selfplay.workers);
  arena.execute([&] {
    tbb::task_group group;
    handedOver.store(0, std::memory_order_release);
    for (int w = 0; w < settings.selfplay.workers; ++w)
      group.run(WorkerTask<Rules>{&shared, &nets, &handedOver});
    group.wait();
  });
  handedOver.load(std::memory_order_acquire);
  BatchedGamesStats stats;
  stats.games = shared.games;
  stats.samples = shared.samples;
  stats.plies = shared.plies;
  stats.evaluations = shared.evaluations;
  stats.batches = shared.batches;
  stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
  return stats;
}

template BatchedGamesStats playBatchedGames<StandardRules>(
    const std::vector<std::shared_ptr<const Model>>&, const BatchedGamesSettings&, int,
    const GamePlans&, const std::function<void(FinishedGame&&)>&, const std::atomic<bool>*);
template BatchedGamesStats playBatchedGames<GrandRules>(
    const std::vector<std::shared_ptr<const Model>>&, const BatchedGamesSettings&, int,
    const BasicGamePlans<GrandRules>&, const std::function<void(GrandFinishedGame&&)>&,
    const std::atomic<bool>*);

}  // namespace camelot
