#pragma once
// An arena over the ranks of an MPI job: the ranks take the games' indices from rank 0 as they
// start games (training/distributed/game_shares.hpp), play each as it would be played alone,
// and send each finished game to rank 0, which hands them to `onGame` in the order of their
// indices, as playArena does in one process, so both write the same results files. Every rank calls
// it with the same players, pairings and settings; `onGame` and `stop` are rank 0's.

#include "training/distributed/mpi_world.hpp"
#include "training/evaluation/arena.hpp"

namespace camelot {

void playArenaOnAllRanks(MpiWorld& world, const std::vector<ArenaPlayer>& players,
                         const std::vector<Pairing>& pairings, const ArenaSettings& settings,
                         const std::function<void(const ArenaGame&)>& onGame,
                         const std::function<bool()>& stop);

}  // namespace camelot
