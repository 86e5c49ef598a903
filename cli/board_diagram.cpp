#include "cli/board_diagram.hpp"

namespace camelot::cli {

std::string boardDiagram(const Position& position) {
  const std::string files = "     A B C D E F G H I J K L\n";
  std::string text = files;
  for (int rank = kRanks; rank >= 1; --rank) {
    std::string row(rank < 10 ? 2 : 1, ' ');
    row += std::to_string(rank) + "  ";
    for (int file = 0; file < kFiles; ++file) {
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
      row += c;
      row += ' ';
    }
    if (rank < 10) row += ' ';
    row += std::to_string(rank);
    text += row + '\n';
  }
  return text + files;
}

}  // namespace camelot::cli
