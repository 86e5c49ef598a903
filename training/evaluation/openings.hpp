#pragma once
// Opening suites: the positions pairs of games start from. Two arenas that read the same suite
// file play the same openings, so their results are comparable. A suite file holds one position
// a line (CFEN; GFEN for Grand Camelot); blank lines and lines starting with '#' are ignored.
// The suite functions serve either variant (engine/game_rules.hpp), the standard game unless
// told.

#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/game_rules.hpp"

namespace camelot {

class OpeningsError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The opening of pair `pair`: `plies` random plies from the start, seeded by (seed, pair),
// drawn again in the rare case that they end the game. Every match and arena with the same
// seed plays the same openings. In either variant (engine/game_rules.hpp).
template <class Rules>
typename Rules::Position randomOpening(std::uint64_t seed, int pair, int plies);
inline Position matchOpening(std::uint64_t seed, int pair, int plies) {
  return randomOpening<StandardRules>(seed, pair, plies);
}

// `count` openings of `plies` random plies from the start: randomOpening<Rules>(seed, k, plies).
template <class Rules = StandardRules>
std::vector<typename Rules::Position> randomOpenings(std::uint64_t seed, int count, int plies);

// A scattered start for self-play (selfplay.scattered_start_fraction). The standard game's: each
// side gets 0-4 knights and 0-10 men, at least two pieces, on distinct random squares outside the
// four castle squares, and either side moves first; a position already over (R9) is drawn again.
// From the standard start, weak self-play rarely carries a piece to either castle, so the network
// would seldom see the race to the goal that decides most Camelot games; from scattered pieces it
// sees races and castle defences from the first generation. Grand Camelot's: each player gets
// 0-2 knights and 0-4 men (a third of a start's, so that games end and finishing is practised),
// each partnership at least two pieces, on distinct random squares outside the eight castle
// squares, and any player moves first; a position already over (G12) is drawn again. The same
// seed gives the same position.
template <class Rules = StandardRules>
typename Rules::Position scatteredPosition(std::uint64_t seed);
template <>
Position scatteredPosition<StandardRules>(std::uint64_t seed);
template <>
grand::GrandPosition scatteredPosition<GrandRules>(std::uint64_t seed);

// Throws OpeningsError "FILE:LINE: ..." for a bad CFEN or GFEN, a finished position or no
// openings.
template <class Rules = StandardRules>
std::vector<typename Rules::Position> readOpenings(const std::filesystem::path& file);

// The suite as a file's text, readable by readOpenings.
template <class Rules = StandardRules>
std::string openingsText(const std::vector<typename Rules::Position>& openings);

}  // namespace camelot
