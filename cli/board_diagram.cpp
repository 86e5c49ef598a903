#include "cli/board_diagram.hpp"

#include <array>

namespace camelot::cli {

std::string boardDiagram(const Position& position, Color seenFrom) {
  const bool turned = seenFrom == Color::Black;
  std::string files = "    ";
  for (int i = 0; i < kFiles; ++i)
    files += std::string(" ") + static_cast<char>('A' + (turned ? kFiles - 1 - i : i));
  files += '\n';
  std::string text = files;
  for (int row = 0; row < kRanks; ++row) {
    const int rank = turned ? row + 1 : kRanks - row;
    std::string line(rank < 10 ? 2 : 1, ' ');
    line += std::to_string(rank) + "  ";
    for (int column = 0; column < kFiles; ++column) {
      const int file = turned ? kFiles - 1 - column : column;
      char c = ' ';
      if (isOnBoard(file, rank)) {
        const Square s = makeSquare(file, rank);
        const auto piece = position.pieceAt(s);
        if (!piece) {
          c = (rank == 1 || rank == kRanks) ? '*' : '.';
        } else {
          const bool knight = piece->kind == PieceKind::Knight;
          c = piece->color == Color::White ? (knight ? 'K' : 'M') : (knight ? 'k' : 'm');
        }
      }
      line += c;
      line += ' ';
    }
    if (rank < 10) line += ' ';
    line += std::to_string(rank);
    text += line + '\n';
  }
  return text + files;
}

std::string boardLegend() {
  return "M K: White man, knight   m k: Black man, knight   *: castle square   .: empty\n";
}

namespace {

// The (file, rank - 1) a seat sees at (row, column), row 0 at the top: the seat's side at the
// bottom, as a player sitting there sees the board.
std::array<int, 2> coordinatesSeen(grand::Player seat, int row, int column) {
  const int last = grand::kSide - 1;
  switch (seat) {
    case grand::Player::Green:  // the rank 16 side: turned round
      return {last - column, row};
    case grand::Player::Blue:  // the A side, facing P: rank 16 on the left
      return {last - row, last - column};
    case grand::Player::Yellow:  // the P side, facing A: rank 1 on the left
      return {row, column};
    default:  // Red, the rank 1 side
      return {column, last - row};
  }
}

grand::Square seenAt(grand::Player seat, int row, int column) {
  const auto [file, rank0] = coordinatesSeen(seat, row, column);
  return grand::isReal(file, rank0 + 1) ? grand::makeSquare(file, rank0 + 1) : grand::kNoSquare;
}

// A column's or row's label: a file letter where files run across, else a rank number.
std::string labelSeen(grand::Player seat, int index, bool column) {
  const auto [file, rank0] =
      column ? coordinatesSeen(seat, 0, index) : coordinatesSeen(seat, index, 0);
  const bool filesAcross = seat == grand::Player::Red || seat == grand::Player::Green;
  if (filesAcross == column) return std::string(1, static_cast<char>('A' + file));
  return std::to_string(rank0 + 1);
}

}  // namespace

std::string grandBoardDiagram(const grand::GrandPosition& position, grand::Player seat) {
  std::string columns = "    ";
  for (int column = 0; column < grand::kSide; ++column) {
    const std::string name = labelSeen(seat, column, true);
    columns += std::string(name.size() == 1 ? " " : "") + name + " ";
  }
  std::string text = columns + '\n';
  for (int row = 0; row < grand::kSide; ++row) {
    const std::string name = labelSeen(seat, row, false);
    std::string line = std::string(3 - name.size(), ' ') + name + " ";
    for (int column = 0; column < grand::kSide; ++column) {
      const grand::Square s = seenAt(seat, row, column);
      char c = ' ';
      if (s != grand::kNoSquare) {
        const grand::Piece piece = position.board[s];
        const bool castle =
            grand::inCastle(s, grand::Player::Red) || grand::inCastle(s, grand::Player::Green) ||
            grand::inCastle(s, grand::Player::Blue) || grand::inCastle(s, grand::Player::Yellow);
        if (piece.empty()) {
          c = castle ? '*' : '.';
        } else {
          const char letter = grand::playerLetter(piece.owner());
          c = piece.knight() ? static_cast<char>(letter - 'a' + 'A') : letter;
        }
      }
      line += ' ';
      line += c;
      line += ' ';
    }
    text += line + " " + name + '\n';
  }
  return text + columns + '\n';
}

std::string grandBoardLegend() {
  return "R r: Red knight, man   G g: Green   B b: Blue   Y y: Yellow   *: castle square   .: "
         "empty\n";
}

}  // namespace camelot::cli
