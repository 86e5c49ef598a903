#pragma once
// A Grand Camelot match between two players, each playing a partnership: a player spec moves
// for both of its seats (two instances, seeded apart, so the partners do not share a tree).
// As in the standard match, games come in pairs from the same opening with the partnerships
// swapped: even-numbered games give the first player Red and Blue (who move first).

#include <cstdint>
#include <functional>
#include <memory>

#include "players/grand_game_record.hpp"
#include "players/player.hpp"
#include "training/evaluation/match.hpp"

namespace camelot {

using GrandPlayerMaker = std::function<std::unique_ptr<GrandPlayer>(std::uint64_t seed)>;

MatchResult playGrandMatch(const GrandPlayerMaker& first, const GrandPlayerMaker& second,
                           const MatchSettings& settings,
                           const std::function<void(int, const GrandGameRecord&)>& onGame);

}  // namespace camelot
