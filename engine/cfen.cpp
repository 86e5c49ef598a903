#include "engine/cfen.hpp"

#include <array>
#include <charconv>
#include <vector>

namespace camelot {
namespace {

std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  std::size_t begin = 0;
  while (true) {
    const std::size_t end = text.find(separator, begin);
    parts.push_back(text.substr(begin, end - begin));
    if (end == std::string_view::npos) return parts;
    begin = end + 1;
  }
}

std::vector<std::string_view> splitWhitespace(std::string_view text) {
  std::vector<std::string_view> parts;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t'))
      ++i;
    const std::size_t begin = i;
    while (i < text.size() && text[i] != ' ' && text[i] != '\t')
      ++i;
    if (i > begin) parts.push_back(text.substr(begin, i - begin));
  }
  return parts;
}

[[noreturn]] void fail(const std::string& message) {
  throw CfenError("bad CFEN: " + message);
}

int parseCounter(std::string_view field, std::string_view name, int max) {
  int value = -1;
  const auto [end, error] = std::from_chars(field.data(), field.data() + field.size(), value);
  if (error != std::errc() || end != field.data() + field.size() || value < 0 || value > max)
    fail(std::string(name) + " is '" + std::string(field) + "', expected a whole number 0.." +
         std::to_string(max));
  return value;
}

void parseRank(Position& p, std::string_view field, int rank, std::array<int, 4>& counts) {
  const std::string where = "rank " + std::to_string(rank) + " ('" + std::string(field) + "')";
  if (field.empty()) fail(where + " is empty");
  int described = 0;
  std::size_t i = 0;
  while (i < field.size()) {
    const char c = field[i];
    if (c >= '0' && c <= '9') {
      if (c == '0') fail(where + ": an empty run cannot start with 0");
      int run = 0;
      while (i < field.size() && field[i] >= '0' && field[i] <= '9' && run <= kFiles)
        run = run * 10 + (field[i++] - '0');
      described += run;
      continue;
    }
    Piece piece{};
    switch (c) {
      case 'M':
        piece = {Color::White, PieceKind::Man};
        break;
      case 'K':
        piece = {Color::White, PieceKind::Knight};
        break;
      case 'm':
        piece = {Color::Black, PieceKind::Man};
        break;
      case 'k':
        piece = {Color::Black, PieceKind::Knight};
        break;
      default:
        fail(where + ": unknown piece letter '" + std::string(1, c) +
             "' (expected M, K, m, k or a digit)");
    }
    if (described < rankWidth(rank)) {
      p.put(makeSquare(firstFile(rank) + described, rank), piece);
      ++counts[index(piece.color) * 2 + (piece.kind == PieceKind::Knight ? 1 : 0)];
    }
    ++described;
    ++i;
  }
  if (described != rankWidth(rank))
    fail(where + " describes " + std::to_string(described) + " squares, expected " +
         std::to_string(rankWidth(rank)));
}

}  // namespace

Position parseCfen(std::string_view text) {
  const std::vector<std::string_view> fields = splitWhitespace(text);
  if (fields.size() == 1 && fields[0] == "startpos") return Position::start();
  if (fields.size() != 5)
    fail(
        "expected 5 space-separated fields (board side white-castle-moves black-castle-moves "
        "clock), found " +
        std::to_string(fields.size()));

  const std::vector<std::string_view> ranks = split(fields[0], '/');
  if (ranks.size() != kRanks)
    fail("the board has " + std::to_string(ranks.size()) + " rank fields, expected 16");

  Position p;
  std::array<int, 4> counts{};  // white men, white knights, black men, black knights
  for (int i = 0; i < kRanks; ++i)
    parseRank(p, ranks[i], kRanks - i, counts);

  const char* colorNames[] = {"White", "Black"};
  for (int c = 0; c < 2; ++c) {
    if (counts[c * 2] > kMaxMenPerSide)
      fail(std::string(colorNames[c]) + " has " + std::to_string(counts[c * 2]) +
           " men, at most 10 exist");
    if (counts[c * 2 + 1] > kMaxKnightsPerSide)
      fail(std::string(colorNames[c]) + " has " + std::to_string(counts[c * 2 + 1]) +
           " knights, at most 4 exist");
  }

  if (fields[1] == "w") {
    p.setSideToMove(Color::White);
  } else if (fields[1] == "b") {
    p.setSideToMove(Color::Black);
  } else {
    fail("side to move is '" + std::string(fields[1]) + "', expected w or b");
  }
  p.setCastleMovesUsed(Color::White,
                       parseCounter(fields[2], "White's castle moves", kMaxCastleMoves));
  p.setCastleMovesUsed(Color::Black,
                       parseCounter(fields[3], "Black's castle moves", kMaxCastleMoves));
  // The clock may exceed R9 f's limit: such a position is a finished game, still a position.
  p.setClock(parseCounter(fields[4], "clock", kMaxClock));
  return p;
}

std::string toCfen(const Position& p) {
  std::string out;
  for (int rank = kRanks; rank >= 1; --rank) {
    int emptyRun = 0;
    for (int file = firstFile(rank); file <= lastFile(rank); ++file) {
      const auto piece = p.pieceAt(makeSquare(file, rank));
      if (!piece) {
        ++emptyRun;
        continue;
      }
      if (emptyRun > 0) out += std::to_string(emptyRun);
      emptyRun = 0;
      const bool knight = piece->kind == PieceKind::Knight;
      out += piece->color == Color::White ? (knight ? 'K' : 'M') : (knight ? 'k' : 'm');
    }
    if (emptyRun > 0) out += std::to_string(emptyRun);
    if (rank > 1) out += '/';
  }
  out += p.sideToMove() == Color::White ? " w " : " b ";
  out += std::to_string(p.castleMovesUsed(Color::White)) + ' ' +
         std::to_string(p.castleMovesUsed(Color::Black)) + ' ' + std::to_string(p.clock());
  return out;
}

}  // namespace camelot
