#include "cli/board_diagram.hpp"

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

}  // namespace camelot::cli
