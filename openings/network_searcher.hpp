#pragma once
// The network behind `camelot openings grow`: its alpha-beta (a `net:` player, with its time
// or depth) searches each new book position, and its value alone estimates every move.

#include <memory>

#include "openings/position_searcher.hpp"
#include "players/player_factory.hpp"

namespace camelot {

// Throws CheckpointError for a bad checkpoint.
std::unique_ptr<PositionSearcher> makeNetworkSearcher(const NetPlayerSpec& spec);

}  // namespace camelot
