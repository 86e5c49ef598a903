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
#include <stdexcept>

#include "engine/game.hpp"
#include "engine/splitmix64.hpp"
#include "mcts/mcts_player.hpp"
#include "nn/encoding.hpp"
#include "nn/model.hpp"
#include "training/evaluation/engine_player.hpp"
#include "training/evaluation/player_factory.hpp"
#include "training/selfplay/material_adjudication.hpp"

namespace camelot {
namespace {

// One game in a worker's batch, with its search and the samples waiting for the result.
struct Slot {
  int index = -1;  // the plan's index; -1 when the slot is idle
  GamePlan plan;
  Game game;
  std::array<std::unique_ptr<Player>, 2> players;  // for classical sides
  std::unique_ptr<TreeSearch> search;
  std::mt19937_64 rng;  // which moves get the full search
  bool searching = false;
  bool fullSearch = false;
  int net = -1;  // the network of the search in progress
  std::vector<TrainingSample> samples;
  std::vector<Color> sampleMovers;
  std::size_t requestBegin = 0;  // its requests in the batch of its network
  std::size_t requestCount = 0;
  GameStatus forfeit;  // set when an outside engine broke the protocol
  std::string note;    // the referee's reason for it
};

// What the workers share.
struct Shared {
  Shared(const BatchedGamesSettings& s, int total, const GamePlans& plans,
         const std::function<void(FinishedGame&&)>& emit, const std::atomic<bool>* stopFlag)
      : settings(s), count(total), planFor(plans), onGame(emit), stop(stopFlag) {}

  const BatchedGamesSettings& settings;
  int count;
  const GamePlans& planFor;
  const std::function<void(FinishedGame&&)>& onGame;
  const std::atomic<bool>* stop;
  std::atomic<int> nextGame{0};
  std::atomic<bool> ended{false};  // planFor said no game: no index after it is claimed
  std::mutex emitMutex;
  // Finished games wait here until every game before them is reported or skipped (under
  // emitMutex); an index planFor had no game for is skipped.
  std::map<int, FinishedGame> waiting;
  std::set<int> skipped;
  int nextToReport = 0;
  std::atomic<std::int64_t> samples{0}, plies{0}, evaluations{0}, batches{0};
  std::atomic<int> games{0};

  bool stopping() const { return stop && stop->load(std::memory_order_relaxed); }
};

class Worker {
 public:
  Worker(Shared& shared, const std::vector<std::shared_ptr<const Model>>& nets)
      : shared_(shared),
        settings_(shared.settings),
        nets_(nets),
        slots_(static_cast<std::size_t>(settings_.gamesPerWorker)),
        requests_(nets.size()),
        answers_(nets.size()) {
    // One core per worker: each evaluator runs its batches on this worker's thread alone.
    for (const auto& net : nets)
      evaluators_.push_back(net->evaluator(/*threads=*/1));
    for (std::size_t i = 0; i < slots_.size(); ++i) {
      SearchParams params;
      params.gumbelConsidered = settings_.gumbelConsidered;
      params.reuseTree = false;  // each move's search starts fresh (root noise, fresh Gumbel draws)
      params.rootNoise = !settings_.gumbel && settings_.puctRootNoise;
      slots_[i].search =
          makeSearch(settings_.gumbel ? SearchKind::Gumbel : SearchKind::Puct, params, 0);
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
    slot.forfeit = {};
    slot.note.clear();
    if (shared_.stopping() || shared_.ended) return;
    const int index = shared_.nextGame.fetch_add(1);
    if (index >= shared_.count) return;
    std::optional<GamePlan> plan = shared_.planFor(index);
    if (!plan) {
      shared_.ended = true;
      const std::lock_guard lock(shared_.emitMutex);
      shared_.skipped.insert(index);
      reportInOrder();
      return;
    }
    slot.index = index;
    slot.plan = std::move(*plan);
    slot.game = Game(slot.plan.start);
    // Everything random in a game comes from the run's seed and the game's number, never from
    // the worker or slot that plays it: the same games for any number of workers or processes.
    const auto game = static_cast<std::uint64_t>(slot.plan.number >= 0 ? slot.plan.number : index);
    slot.search->reseed(mixSeed(settings_.seed, 4 * game + 2));
    slot.rng.seed(mixSeed(settings_.seed, 4 * game + 3));
    for (int side = 0; side < 2; ++side) {
      const GameSide& s = slot.plan.sides[static_cast<std::size_t>(side)];
      slot.players[static_cast<std::size_t>(side)] =
          s.net >= 0
              ? nullptr
              : makePlayer(PlayerSpec::parse(s.spec),
                           mixSeed(settings_.seed, 4 * game + static_cast<std::uint64_t>(side)));
    }
    slot.searching = false;
    slot.samples.clear();
    slot.sampleMovers.clear();
  }

  // Plays the slot's moves until a search needs a network (its requests join that network's
  // batch), its game ends (the other slots then take their turn, so games finish roughly in
  // the order they were claimed and progress is reported as they do) or it has no game left.
  void advance(Slot& slot) {
    while (slot.index >= 0 && !shared_.stopping()) {
      const auto side = static_cast<std::size_t>(index(slot.game.position().sideToMove()));
      if (slot.plan.sides[side].net < 0) {
        Move move;
        try {
          move = slot.players[side]->chooseMove(slot.game);
        } catch (const EngineForfeit& e) {
          // The referee's decision, as in matches: the player that broke the protocol loses.
          slot.forfeit = {side == 0 ? Outcome::BlackWins : Outcome::WhiteWins, EndReason::Forfeit};
          slot.note = e.what();
          finishGame(slot);
          claimGame(slot);
          return;
        }
        if (play(slot, move)) return;
        continue;
      }
      if (!slot.searching) beginSearch(slot, slot.plan.sides[side].net);
      const SearchStep step = slot.search->step();
      if (step.kind == StepKind::NeedsEvaluation) {
        auto& batch = requests_[static_cast<std::size_t>(slot.net)];
        slot.requestBegin = batch.size();
        slot.requestCount = step.requests.size();
        batch.insert(batch.end(), step.requests.begin(), step.requests.end());
        return;
      }
      slot.searching = false;
      const SearchResult& result = slot.search->result();
      if (slot.plan.record && (slot.fullSearch || settings_.recordCheapSearches))
        recordSample(slot, result, slot.fullSearch);
      if (play(slot, result.moves[static_cast<std::size_t>(result.chosen)])) return;
    }
    if (slot.index >= 0) slot.index = -1;  // stopping: the game in flight is dropped
  }

  void beginSearch(Slot& slot, int net) {
    const int ply = static_cast<int>(slot.game.moves().size());
    slot.net = net;
    slot.fullSearch = std::bernoulli_distribution(settings_.fullSearchFraction)(slot.rng);
    SearchParams params = slot.search->params();
    const bool sampling = ply < settings_.samplingPlies;
    params.gumbelScale = sampling ? 1.0f : 0.0f;
    params.temperature = sampling ? static_cast<float>(settings_.temperature) : 0.0f;
    slot.search->setParams(nets_[static_cast<std::size_t>(net)]->searchParams(params));
    const std::span<const Position> positions(slot.game.positions());
    slot.search->setRoot(slot.game.position(), positions.first(positions.size() - 1));
    const int full =
        slot.plan.sides[static_cast<std::size_t>(index(slot.game.position().sideToMove()))]
            .simulations;
    slot.search->start(slot.fullSearch ? (full > 0 ? full : settings_.simulations)
                                       : settings_.cheapSimulations);
    slot.searching = true;
  }

  // Plays the move; at the end of the game, records it and claims the next (true).
  bool play(Slot& slot, const Move& move) {
    slot.game.play(move);
    ++shared_.plies;
    const bool capped = static_cast<int>(slot.game.moves().size()) >= settings_.maxPlies;
    if (!slot.game.finished() && !capped) return false;
    finishGame(slot);
    claimGame(slot);
    return true;
  }

  // The position with its search's value, and its policy when `withPolicy` (a full search).
  void recordSample(Slot& slot, const SearchResult& result, bool withPolicy) {
    const Position& position = slot.game.position();
    TrainingSample sample;
    sample.position = position;
    const auto& positions = slot.game.positions();
    const auto history =
        static_cast<std::size_t>(nets_[static_cast<std::size_t>(slot.net)]->historyPlies());
    const std::size_t keep = std::min(positions.size() - 1, history);
    sample.history.assign(positions.end() - 1 - static_cast<std::ptrdiff_t>(keep),
                          positions.end() - 1);
    sample.repetitions = static_cast<std::uint8_t>(slot.game.repetitions() - 1);
    if (withPolicy) {
      legal_.clear();
      for (const Move& m : result.moves)
        legal_.push_back(m);
      policy_.assign(legal_, position.sideToMove());
      sample.policyIndices = policy_.indices;
      sample.policyTarget.assign(policy_.size(), 0.0f);
      for (std::size_t m = 0; m < result.moves.size(); ++m)
        sample.policyTarget[static_cast<std::size_t>(policy_.slotOfMove[m])] += result.policy[m];
    }
    sample.rootValue = result.rootValue;
    sample.movesLeft = static_cast<std::int32_t>(slot.game.moves().size());  // made relative later
    slot.sampleMovers.push_back(position.sideToMove());
    slot.samples.push_back(std::move(sample));
  }

  void finishGame(Slot& slot) {
    GameStatus status = slot.forfeit.finished() ? slot.forfeit : slot.game.status();
    if (!status.finished()) status = {Outcome::Draw, EndReason::Adjudicated};
    const auto plies = static_cast<std::int32_t>(slot.game.moves().size());
    const Outcome scored =
        trainingOutcome(status, slot.game.position(), settings_.materialAdjudication);
    for (std::size_t i = 0; i < slot.samples.size(); ++i) {
      TrainingSample& s = slot.samples[i];
      s.movesLeft = plies - s.movesLeft;
      const Outcome won =
          slot.sampleMovers[i] == Color::White ? Outcome::WhiteWins : Outcome::BlackWins;
      s.result = scored == Outcome::Draw ? 0 : scored == won ? 1 : -1;
    }
    FinishedGame finished;
    finished.index = slot.index;
    finished.record.game =
        static_cast<int>(slot.plan.number >= 0 ? slot.plan.number : slot.index) + 1;
    finished.record.white = slot.plan.sides[0].name;
    finished.record.black = slot.plan.sides[1].name;
    finished.record.start = slot.plan.start;
    finished.record.moves = slot.game.moves();
    finished.record.status = status;
    finished.record.note = slot.note;
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

  Shared& shared_;
  const BatchedGamesSettings& settings_;
  const std::vector<std::shared_ptr<const Model>>& nets_;
  std::vector<std::unique_ptr<Evaluator>> evaluators_;  // per network
  std::vector<Slot> slots_;
  std::vector<std::vector<EvaluationRequest>> requests_;  // per network
  std::vector<std::vector<Evaluation>> answers_;
  MoveList legal_;
  LegalPolicy policy_;
};

// One worker's run, ordered after everything its spawner did before handing it over (the
// acquire) and before everything the spawner does after the wait (the release).
[[gnu::noinline]] void runWorker(Shared* shared,
                                 const std::vector<std::shared_ptr<const Model>>* nets,
                                 std::atomic<int>* handedOver) {
  handedOver->load(std::memory_order_acquire);
  Worker(*shared, *nets).run();
  handedOver->fetch_add(1, std::memory_order_acq_rel);
}

// The task TBB runs for a worker. Debian's TBB is not built with ThreadSanitizer: the task is
// written on the spawning thread and read on a worker, handed over inside libtbb where
// ThreadSanitizer cannot see it (scripts/test.sh --sanitize). So reading the task's three
// pointers is left unchecked, and runWorker's acquire states the hand-off for all the rest.
struct WorkerTask {
  Shared* shared;
  const std::vector<std::shared_ptr<const Model>>* nets;
  std::atomic<int>* handedOver;

  __attribute__((no_sanitize("thread"))) void operator()() const {
    runWorker(shared, nets, handedOver);
  }
};

}  // namespace

BatchedGamesStats playBatchedGames(const std::vector<std::shared_ptr<const Model>>& nets,
                                   const BatchedGamesSettings& settings, int count,
                                   const GamePlans& planFor,
                                   const std::function<void(FinishedGame&&)>& onGame,
                                   const std::atomic<bool>* stop) {
  if (count < 0 || settings.workers < 1 || settings.gamesPerWorker < 1 ||
      settings.simulations < 1 || settings.cheapSimulations < 1 || settings.maxPlies < 1 ||
      settings.fullSearchFraction < 0.0 || settings.fullSearchFraction > 1.0)
    throw std::invalid_argument(
        "batched games: workers, games per worker, simulations and the game length cap must be "
        "positive and the full-search fraction in [0, 1]");
  Shared shared(settings, count, planFor, onGame, stop);
  const auto begin = std::chrono::steady_clock::now();
  std::atomic<int> handedOver{0};
  tbb::task_arena arena(settings.workers);
  arena.execute([&] {
    tbb::task_group group;
    handedOver.store(0, std::memory_order_release);
    for (int w = 0; w < settings.workers; ++w)
      group.run(WorkerTask{&shared, &nets, &handedOver});
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

}  // namespace camelot
