#include "training/evaluation/openings.hpp"

#include <algorithm>
#include <fstream>
#include <random>

#include "engine/cfen.hpp"
#include "engine/game.hpp"
#include "training/evaluation/match.hpp"

namespace camelot {

template <class Rules>
std::vector<typename Rules::Position> randomOpenings(std::uint64_t seed, int count, int plies) {
  std::vector<typename Rules::Position> openings;
  for (int k = 0; k < count; ++k)
    openings.push_back(randomOpening<Rules>(seed, k, plies));
  return openings;
}

Position scatteredPosition(std::uint64_t seed) {
  std::vector<Square> squares;
  for (int rank = 1; rank <= kRanks; ++rank)
    for (int file = firstFile(rank); file <= lastFile(rank); ++file) {
      const Square s = makeSquare(file, rank);
      if (!isCastleOf(Color::White, s) && !isCastleOf(Color::Black, s)) squares.push_back(s);
    }
  std::mt19937_64 rng(seed);
  while (true) {
    std::shuffle(squares.begin(), squares.end(), rng);
    Position p;
    std::size_t next = 0;
    bool enough = true;
    for (const Color c : {Color::White, Color::Black}) {
      const int knights = std::uniform_int_distribution<int>(0, kMaxKnightsPerSide)(rng);
      const int men = std::uniform_int_distribution<int>(0, kMaxMenPerSide)(rng);
      enough = enough && knights + men >= 2;
      for (int k = 0; k < knights + men; ++k)
        p.put(squares[next++], Piece{c, k < knights ? PieceKind::Knight : PieceKind::Man});
    }
    p.setSideToMove(std::bernoulli_distribution(0.5)(rng) ? Color::White : Color::Black);
    if (enough && !Game(p).finished()) return p;
  }
}

template <class Rules>
std::vector<typename Rules::Position> readOpenings(const std::filesystem::path& file) {
  std::ifstream in(file);
  if (!in) throw OpeningsError(file.string() + ": cannot read the openings file");
  std::vector<typename Rules::Position> openings;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    const auto first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos || line[first] == '#') continue;
    const auto last = line.find_last_not_of(" \t\r");
    const std::string where = file.string() + ":" + std::to_string(number) + ": ";
    try {
      const typename Rules::Position position =
          Rules::parsePosition(line.substr(first, last - first + 1));
      if (BasicGame<Rules>(position).finished())
        throw OpeningsError(where + "the game is already over here");
      openings.push_back(position);
    } catch (const std::invalid_argument& e) {  // CfenError, GfenError
      throw OpeningsError(where + e.what());
    }
  }
  if (openings.empty()) throw OpeningsError(file.string() + ": no openings in the file");
  return openings;
}

template <class Rules>
std::string openingsText(const std::vector<typename Rules::Position>& openings) {
  std::string text =
      std::string("# CamelotZero opening suite: one ") + Rules::kPositionFormat + " per line\n";
  for (const typename Rules::Position& p : openings)
    text += Rules::positionText(p) + '\n';
  return text;
}

template std::vector<Position> randomOpenings<StandardRules>(std::uint64_t, int, int);
template std::vector<grand::GrandPosition> randomOpenings<GrandRules>(std::uint64_t, int, int);
template std::vector<Position> readOpenings<StandardRules>(const std::filesystem::path&);
template std::vector<grand::GrandPosition> readOpenings<GrandRules>(const std::filesystem::path&);
template std::string openingsText<StandardRules>(const std::vector<Position>&);
template std::string openingsText<GrandRules>(const std::vector<grand::GrandPosition>&);

}  // namespace camelot
