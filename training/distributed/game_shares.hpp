#pragma once
// Games split over the ranks of an MPI job. A call's work is a list of items (game numbers)
// that rank 0 hands out as the ranks ask, so every rank plays until the list runs out and they
// all finish together, however long their games happen to be. Every rank plays on a worker
// thread while its main thread talks MPI: what the worker emits (a finished game, as bytes)
// goes to rank 0 as it comes, and rank 0 hands every rank's results, its own included, to one
// callback on its calling thread. When rank 0 is asked to stop, no rank starts another game.
// A call is collective: every rank makes it, with the same item count, in the same order.

#include <atomic>
#include <cstddef>
#include <functional>
#include <optional>
#include <vector>

#include "training/distributed/mpi_world.hpp"

namespace camelot {

// Where a rank's worker gets its items: rank 0's list, directly or by message.
class WorkSource {
 public:
  virtual ~WorkSource() = default;
  // The next item (a position in the call's list) to play, or none when the list has run out
  // or the work is stopping. Safe from any thread; may wait for rank 0's answer.
  virtual std::optional<int> next() = 0;
  // No item after this one: next() says none from now on.
  virtual void end() = 0;
};

// Plays this rank's part: takes items from `work` as it starts games, calls `emit` for each
// result. Returns its report (its statistics, as bytes).
using PlayShare =
    std::function<std::vector<std::byte>(WorkSource& work, const std::atomic<bool>& stop,
                                         const std::function<void(std::vector<std::byte>)>& emit)>;

// Runs `play` on every rank over items 0..items-1. On rank 0 `onResult` receives each result
// and the call returns every rank's report, by rank; `stop` is asked while the ranks play. On
// the others it returns their own report alone, and `stop` (this rank's own interruption)
// stops its part.
std::vector<std::vector<std::byte>> playShares(
    MpiWorld& world, int items, const PlayShare& play,
    const std::function<void(std::vector<std::byte>&&)>& onResult,
    const std::function<bool()>& stop);

}  // namespace camelot
