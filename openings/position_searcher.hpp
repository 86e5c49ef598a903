#pragma once
// What the opening book asks of a player: a searched value for each new position, and a quick
// estimate for each position one move on. The network behind `openings grow` provides both
// (openings/network_searcher.hpp); tests give their own.

#include "engine/position.hpp"

namespace camelot {

class PositionSearcher {
 public:
  virtual ~PositionSearcher() = default;
  // The side to move's expected score in [-1, 1] after searching `position` (not finished).
  virtual double search(const Position& position) = 0;
  // A quick estimate of the same, without a search (a network's value alone).
  virtual double estimate(const Position& position) = 0;
};

}  // namespace camelot
