#include "engine/square.hpp"

#include <charconv>

namespace camelot {
namespace {

struct SquareTables {
  std::array<Square, kRealSquares> denseToSquare{};
  std::array<int, kGridSquares> squareToDense{};
  std::array<int, kGridSquares> squareToNumeric{};  // 1..156, or 0 for a castle square
  std::array<Square, 157> numericToSquare{};

  SquareTables() {
    squareToDense.fill(-1);
    squareToNumeric.fill(-1);
    int dense = 0;
    for (int rank = 1; rank <= kRanks; ++rank) {
      for (int file = firstFile(rank); file <= lastFile(rank); ++file) {
        const Square s = makeSquare(file, rank);
        denseToSquare[dense] = s;
        squareToDense[s] = dense++;
      }
    }
    int number = 1;
    for (int rank = 15; rank >= 2; --rank) {
      for (int file = firstFile(rank); file <= lastFile(rank); ++file) {
        const Square s = makeSquare(file, rank);
        numericToSquare[number] = s;
        squareToNumeric[s] = number++;
      }
    }
    for (const Square s : {kF1, kG1, kF16, kG16})
      squareToNumeric[s] = 0;
  }
};

const SquareTables& tables() {
  static const SquareTables instance;
  return instance;
}

}  // namespace

std::string squareName(Square s) {
  return std::string(1, static_cast<char>('A' + fileOf(s))) + std::to_string(rankOf(s));
}

std::optional<Square> parseSquareName(std::string_view text) {
  if (text.size() < 2 || text.size() > 3) return std::nullopt;
  const char letter = text[0];
  int file = -1;
  if (letter >= 'A' && letter <= 'L') file = letter - 'A';
  if (letter >= 'a' && letter <= 'l') file = letter - 'a';
  if (file < 0 || text[1] == '0') return std::nullopt;
  int rank = 0;
  const auto [end, error] = std::from_chars(text.data() + 1, text.data() + text.size(), rank);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  if (!isOnBoard(file, rank)) return std::nullopt;
  return makeSquare(file, rank);
}

std::string numericSquareName(Square s) {
  switch (s) {
    case kF16:
      return "A";
    case kG16:
      return "B";
    case kF1:
      return "Y";
    case kG1:
      return "Z";
    default:
      return std::to_string(tables().squareToNumeric[s]);
  }
}

std::optional<Square> parseNumericSquareName(std::string_view text) {
  if (text == "A") return kF16;
  if (text == "B") return kG16;
  if (text == "Y") return kF1;
  if (text == "Z") return kG1;
  if (text.empty() || text.size() > 3 || text[0] == '0') return std::nullopt;
  int number = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), number);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  if (number < 1 || number > 156) return std::nullopt;
  return tables().numericToSquare[number];
}

int denseIndex(Square s) {
  return tables().squareToDense[s];
}

Square squareFromDense(int dense) {
  return tables().denseToSquare[dense];
}

const std::array<Square, kRealSquares>& allSquares() {
  return tables().denseToSquare;
}

}  // namespace camelot
