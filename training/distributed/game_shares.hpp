#pragma once
// Games split over the ranks of an MPI job. Every rank plays its share on a worker thread
// while its main thread talks MPI: what a share emits (a finished game, as bytes) goes to
// rank 0 as it comes, and rank 0 hands every rank's results, its own included, to one
// callback on its calling thread. When rank 0 is asked to stop, every share stops starting
// games. A call is collective: every rank makes it, in the same order.

#include <atomic>
#include <cstddef>
#include <functional>
#include <vector>

#include "training/distributed/mpi_world.hpp"

namespace camelot {

// Plays this rank's share: `emit` for each result, `stop` asked between games. Returns the
// share's report (its statistics, as bytes).
using PlayShare = std::function<std::vector<std::byte>(
    const std::atomic<bool>& stop, const std::function<void(std::vector<std::byte>)>& emit)>;

// Runs `play` on every rank. On rank 0 `onResult` receives each result and the call returns
// every rank's report, by rank; `stop` is asked while the shares play. On the others it
// returns their own report alone, and `stop` (this rank's own interruption) stops its share.
std::vector<std::vector<std::byte>> playShares(
    MpiWorld& world, const PlayShare& play,
    const std::function<void(std::vector<std::byte>&&)>& onResult,
    const std::function<bool()>& stop);

}  // namespace camelot
