#include "training/openings.hpp"

#include <fstream>

#include "engine/cfen.hpp"
#include "engine/game.hpp"
#include "training/match.hpp"

namespace camelot {

std::vector<Position> randomOpenings(std::uint64_t seed, int count, int plies) {
  std::vector<Position> openings;
  for (int k = 0; k < count; ++k)
    openings.push_back(matchOpening(seed, k, plies));
  return openings;
}

std::vector<Position> readOpenings(const std::filesystem::path& file) {
  std::ifstream in(file);
  if (!in) throw OpeningsError(file.string() + ": cannot read the openings file");
  std::vector<Position> openings;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    const auto first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos || line[first] == '#') continue;
    const auto last = line.find_last_not_of(" \t\r");
    const std::string where = file.string() + ":" + std::to_string(number) + ": ";
    try {
      const Position position = parseCfen(line.substr(first, last - first + 1));
      if (Game(position).finished()) throw OpeningsError(where + "the game is already over here");
      openings.push_back(position);
    } catch (const CfenError& e) {
      throw OpeningsError(where + e.what());
    }
  }
  if (openings.empty()) throw OpeningsError(file.string() + ": no openings in the file");
  return openings;
}

std::string openingsText(const std::vector<Position>& openings) {
  std::string text = "# CamelotZero opening suite: one CFEN per line\n";
  for (const Position& p : openings)
    text += toCfen(p) + '\n';
  return text;
}

}  // namespace camelot
