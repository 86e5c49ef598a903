#include "engine/grand/grand_position.hpp"

#include <charconv>
#include <vector>

namespace camelot::grand {
namespace {

std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  std::size_t begin = 0;
  for (;;) {
    const std::size_t end = text.find(separator, begin);
    parts.push_back(text.substr(begin, end == std::string_view::npos ? end : end - begin));
    if (end == std::string_view::npos) return parts;
    begin = end + 1;
  }
}

int number(std::string_view text, const std::string& field, int lo, int hi) {
  int value = -1;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc{} || end != text.data() + text.size() || value < lo ||
      value > hi)
    throw GfenError("bad GFEN: " + field + " '" + std::string(text) + "' (expected " +
                    std::to_string(lo) + ".." + std::to_string(hi) + ")");
  return value;
}

Piece pieceOfLetter(char c) {
  switch (c) {
    case 'r':
    case 'R':
      return Piece::of(Player::Red, c == 'R');
    case 'g':
    case 'G':
      return Piece::of(Player::Green, c == 'G');
    case 'b':
    case 'B':
      return Piece::of(Player::Blue, c == 'B');
    case 'y':
    case 'Y':
      return Piece::of(Player::Yellow, c == 'Y');
    default:
      return Piece{};
  }
}

char letterOf(Piece piece) {
  const char letter = playerLetter(piece.owner());
  return piece.knight() ? static_cast<char>(letter - 'a' + 'A') : letter;
}

}  // namespace

std::string squareName(Square s) {
  return std::string(1, static_cast<char>('A' + fileOf(s))) + std::to_string(rankOf(s));
}

std::optional<Square> parseSquare(std::string_view text) {
  if (text.size() < 2 || text.size() > 3 || text[0] < 'A' || text[0] > 'P') return std::nullopt;
  int rank = 0;
  const auto [end, error] = std::from_chars(text.data() + 1, text.data() + text.size(), rank);
  if (error != std::errc{} || end != text.data() + text.size() || text[1] == '0')
    return std::nullopt;
  const int file = text[0] - 'A';
  if (!isReal(file, rank)) return std::nullopt;
  return makeSquare(file, rank);
}

GrandPosition GrandPosition::start() {
  return parseGfen(kGrandStartGfen);
}

int GrandPosition::piecesOf(Player p) const {
  // A plain loop over every cell: the compiler vectorises it, which a sparse scan would undo.
  int count = 0;
  for (const Piece piece : board)
    count += !piece.empty() && piece.owner() == p ? 1 : 0;
  return count;
}

std::array<int, 2> GrandPosition::partnershipPieces() const {
  // One plain loop as above: a piece's code less one holds its player's index from bit 1, and
  // the index's low bit is the partnership (partnershipOf).
  int pieces = 0, second = 0;
  for (const Piece piece : board) {
    const int occupied = piece.code != 0 ? 1 : 0;
    pieces += occupied;
    second += occupied & ((piece.code - 1) >> 1);
  }
  return {pieces - second, second};
}

namespace {

// The position with every square and player mapped, the castle counts following their players.
template <class SquareMap>
GrandPosition mapped(const GrandPosition& position, SquareMap squareMap, int playerXor) {
  GrandPosition out;
  for (int s = 0; s < kGridSquares; ++s) {
    const Piece piece = position.board[static_cast<std::size_t>(s)];
    if (piece.empty()) continue;
    out.board[squareMap(static_cast<Square>(s))] =
        Piece::of(playerAt(index(piece.owner()) ^ playerXor), piece.knight());
  }
  out.toMove = playerAt(index(position.toMove) ^ playerXor);
  for (int p = 0; p < kPlayers; ++p)
    out.castleMovesUsed[static_cast<std::size_t>(p ^ playerXor)] =
        position.castleMovesUsed[static_cast<std::size_t>(p)];
  out.clock = position.clock;
  return out;
}

}  // namespace

Square transposedSquare(Square s) {
  return makeSquare(rankOf(s) - 1, fileOf(s) + 1);
}

Square halfTurnedSquare(Square s) {
  return makeSquare(kSide - 1 - fileOf(s), kSide + 1 - rankOf(s));
}

// Red (0) <-> Blue (2), Green (1) <-> Yellow (3): index xor 2.
GrandPosition transposed(const GrandPosition& position) {
  return mapped(position, transposedSquare, 2);
}

// Red (0) <-> Green (1), Blue (2) <-> Yellow (3): index xor 1.
GrandPosition halfTurned(const GrandPosition& position) {
  return mapped(position, halfTurnedSquare, 1);
}

bool looksLikeGfen(std::string_view text) {
  return split(text, ' ').size() == 7;
}

GrandPosition parseGfen(std::string_view text) {
  const std::vector<std::string_view> fields = split(text, ' ');
  if (fields.size() != 7)
    throw GfenError("bad GFEN: " + std::to_string(fields.size()) +
                    " fields (expected 7: ranks, player to move, 4 castle counts, clock)");
  const std::vector<std::string_view> ranks = split(fields[0], '/');
  if (ranks.size() != kSide)
    throw GfenError("bad GFEN: " + std::to_string(ranks.size()) + " ranks (expected 16)");
  GrandPosition position;
  for (int r = 0; r < kSide; ++r) {
    const int rank = kSide - r;
    const auto [first, last] = realFilesOfRank(rank);
    const std::string_view row = ranks[static_cast<std::size_t>(r)];
    const std::string where = "rank " + std::to_string(rank);
    int file = first;
    bool afterNumber = false;
    for (std::size_t i = 0; i < row.size();) {
      if (row[i] >= '0' && row[i] <= '9') {
        if (afterNumber) throw GfenError("bad GFEN: " + where + ": two numbers in a row");
        std::size_t j = i;
        while (j < row.size() && row[j] >= '0' && row[j] <= '9')
          ++j;
        file += number(row.substr(i, j - i), where + " empty count", 1, 16);
        afterNumber = true;
        i = j;
        continue;
      }
      const Piece piece = pieceOfLetter(row[i]);
      if (piece.empty())
        throw GfenError("bad GFEN: " + where + ": '" + std::string(1, row[i]) +
                        "' is not a piece (RGBY knights, rgby men)");
      if (file > last)
        throw GfenError("bad GFEN: " + where + " describes more than its " +
                        std::to_string(last - first + 1) + " squares");
      position.board[makeSquare(file, rank)] = piece;
      ++file;
      afterNumber = false;
      ++i;
    }
    if (file != last + 1)
      throw GfenError("bad GFEN: " + where + " describes " + std::to_string(file - first) +
                      " squares (it has " + std::to_string(last - first + 1) + ")");
  }
  // G2: each player starts with 4 knights and 8 men, and pieces are never added.
  for (int p = 0; p < kPlayers; ++p) {
    int men = 0, knights = 0;
    for (const Piece piece : position.board)
      if (!piece.empty() && index(piece.owner()) == p) ++(piece.knight() ? knights : men);
    const std::string who = playerName(playerAt(p));
    if (men > kMenPerPlayer)
      throw GfenError("bad GFEN: " + who + " has " + std::to_string(men) + " men, at most " +
                      std::to_string(kMenPerPlayer) + " exist");
    if (knights > kKnightsPerPlayer)
      throw GfenError("bad GFEN: " + who + " has " + std::to_string(knights) +
                      " knights, at most " + std::to_string(kKnightsPerPlayer) + " exist");
  }
  const std::string_view mover = fields[1];
  if (mover.size() != 1 || std::string_view("rgby").find(mover[0]) == std::string_view::npos)
    throw GfenError("bad GFEN: player to move '" + std::string(mover) +
                    "' (expected r, g, b or y)");
  position.toMove = playerAt(static_cast<int>(std::string_view("rgby").find(mover[0])));
  for (int p = 0; p < kPlayers; ++p)
    position.castleMovesUsed[static_cast<std::size_t>(p)] =
        number(fields[static_cast<std::size_t>(2 + p)],
               std::string("castle moves of ") + playerLetter(playerAt(p)), 0, 2);
  position.clock = number(fields[6], "clock", 0, 1'000'000);
  return position;
}

std::string toGfen(const GrandPosition& position) {
  std::string text;
  for (int rank = kSide; rank >= 1; --rank) {
    const auto [first, last] = realFilesOfRank(rank);
    int empty = 0;
    for (int file = first; file <= last; ++file) {
      const Piece piece = position.board[makeSquare(file, rank)];
      if (piece.empty()) {
        ++empty;
        continue;
      }
      if (empty > 0) text += std::to_string(empty);
      empty = 0;
      text += letterOf(piece);
    }
    if (empty > 0) text += std::to_string(empty);
    if (rank > 1) text += '/';
  }
  text += ' ';
  text += playerLetter(position.toMove);
  for (const int used : position.castleMovesUsed)
    text += ' ' + std::to_string(used);
  text += ' ' + std::to_string(position.clock);
  return text;
}

}  // namespace camelot::grand
