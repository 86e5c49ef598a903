#include "training/evaluation/openings.hpp"

#include <algorithm>
#include <array>
#include <fstream>
#include <random>

#include "engine/cfen.hpp"
#include "engine/game.hpp"
#include "engine/random/splitmix64.hpp"

namespace camelot {

template <class Rules>
typename Rules::Position randomOpening(std::uint64_t seed, int pair, int plies) {
  constexpr int kAttempts = 100;
  for (int attempt = 0; attempt < kAttempts; ++attempt) {
    std::mt19937_64 rng(mixSeed(mixSeed(seed, static_cast<std::uint64_t>(pair)), attempt));
    typename Rules::Game game;
    for (int ply = 0; ply < plies && !game.finished(); ++ply) {
      const auto& moves = game.legalMoves();
      game.play(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
    }
    if (!game.finished()) return game.position();
  }
  throw std::invalid_argument("no opening of " + std::to_string(plies) +
                              " random plies that leaves the game running was found");
}

template Position randomOpening<StandardRules>(std::uint64_t, int, int);
template grand::GrandPosition randomOpening<GrandRules>(std::uint64_t, int, int);

template <class Rules>
std::vector<typename Rules::Position> randomOpenings(std::uint64_t seed, int count, int plies) {
  std::vector<typename Rules::Position> openings;
  for (int k = 0; k < count; ++k)
    openings.push_back(randomOpening<Rules>(seed, k, plies));
  return openings;
}

template <>
Position scatteredPosition<StandardRules>(std::uint64_t seed) {
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

template <>
grand::GrandPosition scatteredPosition<GrandRules>(std::uint64_t seed) {
  std::vector<grand::Square> squares;
  for (int rank = 1; rank <= grand::kSide; ++rank)
    for (int file = 0; file < grand::kSide; ++file) {
      const grand::Square s = grand::makeSquare(file, rank);
      bool castle = false;
      for (int owner = 0; owner < grand::kPlayers; ++owner)
        castle = castle || grand::inCastle(s, grand::playerAt(owner));
      if (grand::isReal(file, rank) && !castle) squares.push_back(s);
    }
  std::mt19937_64 rng(seed);
  while (true) {
    std::shuffle(squares.begin(), squares.end(), rng);
    grand::GrandPosition p;
    std::size_t next = 0;
    std::array<int, 2> partnershipPieces{};
    for (int i = 0; i < grand::kPlayers; ++i) {
      const grand::Player player = grand::playerAt(i);
      const int knights = std::uniform_int_distribution<int>(0, grand::kKnightsPerPlayer / 2)(rng);
      const int men = std::uniform_int_distribution<int>(0, grand::kMenPerPlayer / 2)(rng);
      partnershipPieces[static_cast<std::size_t>(grand::partnershipOf(player))] += knights + men;
      for (int k = 0; k < knights + men; ++k)
        p.board[squares[next++]] = grand::Piece::of(player, k < knights);
    }
    p.toMove = grand::playerAt(std::uniform_int_distribution<int>(0, grand::kPlayers - 1)(rng));
    if (partnershipPieces[0] >= 2 && partnershipPieces[1] >= 2 &&
        !BasicGame<GrandRules>(p).finished())
      return p;
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
