#pragma once
// Opening suites: the positions pairs of games start from. Two arenas that read the same suite
// file play the same openings, so their results are comparable. A suite file holds one CFEN per
// line; blank lines and lines starting with '#' are ignored.

#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/position.hpp"

namespace camelot {

class OpeningsError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// `count` openings of `plies` random plies from the start: matchOpening(seed, k, plies).
std::vector<Position> randomOpenings(std::uint64_t seed, int count, int plies);

// Throws OpeningsError "FILE:LINE: ..." for a bad CFEN, a finished position or no openings.
std::vector<Position> readOpenings(const std::filesystem::path& file);

// The suite as a file's text, readable by readOpenings.
std::string openingsText(const std::vector<Position>& openings);

}  // namespace camelot
