#pragma once
// Self-play over the ranks of an MPI job. Rank 0 runs the training loop with an MpiSelfPlay
// as its SelfPlayCluster; the other ranks serve it (serveSelfPlay). For each generation rank 0
// broadcasts the job: the run's config, the generation, the game numbers to play and the
// network as its checkpoint file's bytes. The ranks take the job's numbers from rank 0 as they
// start games (training/distributed/game_shares.hpp) and send each game back as it finishes: its
// record, and its samples in the replay chunk encoding (checksummed, as on disk). Rank 0 writes
// them to the run directory.

#include <atomic>

#include "training/distributed/mpi_world.hpp"
#include "training/run/selfplay_games.hpp"

namespace camelot {

// One per variant (engine/game_rules.hpp): the run's config says which, and a serving rank
// reads it from each job.
template <class Rules>
class BasicMpiSelfPlay final : public BasicSelfPlayCluster<Rules> {
 public:
  explicit BasicMpiSelfPlay(MpiWorld& world) : world_(world) {}
  // Tells the serving ranks that the run is over (or, should it end inside a generation's
  // games, where they wait on rank 0, ends the whole job).
  ~BasicMpiSelfPlay() override;

  int processes() const override { return world_.size(); }
  BatchedGamesStats play(const TrainConfig& config, const SelfPlayJob& job,
                         const std::shared_ptr<const Model>& net,
                         const std::filesystem::path& checkpoint,
                         const std::function<void(BasicPlayedGame<Rules>&&)>& onGame,
                         const std::function<bool()>& stop) override;

 private:
  MpiWorld& world_;
  bool playing_ = false;  // inside play(): the other ranks are in the same generation
};

using MpiSelfPlay = BasicMpiSelfPlay<StandardRules>;
using GrandMpiSelfPlay = BasicMpiSelfPlay<GrandRules>;

// A rank other than 0: plays its share of each job rank 0 broadcasts, in the variant its config
// names, until rank 0 says the run is over. `interrupted` (this rank's own Ctrl-C) stops its
// share; rank 0 then stops the run as if interrupted.
void serveSelfPlay(MpiWorld& world, const std::atomic<bool>& interrupted);

}  // namespace camelot
