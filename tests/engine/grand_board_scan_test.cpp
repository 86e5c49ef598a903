// The sparse scan of a Grand Camelot board (forEachNonZeroByte, forEachPiece): the same squares,
// in the same order, as a plain loop over every cell.

#include <gtest/gtest.h>

#include <array>
#include <random>
#include <vector>

#include "engine/game.hpp"
#include "engine/grand/grand_position.hpp"

namespace camelot::grand {
namespace {

std::vector<int> nonZeroByLoop(const std::vector<unsigned char>& bytes) {
  std::vector<int> out;
  for (int i = 0; i < static_cast<int>(bytes.size()); ++i)
    if (bytes[static_cast<std::size_t>(i)] != 0) out.push_back(i);
  return out;
}

std::vector<int> nonZeroByScan(const std::vector<unsigned char>& bytes) {
  std::vector<int> out;
  forEachNonZeroByte(bytes.data(), static_cast<int>(bytes.size()),
                     [&](int i) { out.push_back(i); });
  return out;
}

// Every density from empty to full, and the edges of each word (bytes 0, 7, 8, 255).
TEST(GrandBoardScan, FindsEveryNonZeroByteInOrder) {
  std::mt19937_64 rng(3);
  for (const double density : {0.0, 0.05, 0.2, 0.5, 1.0}) {
    std::vector<unsigned char> bytes(256);
    std::bernoulli_distribution set(density);
    for (unsigned char& b : bytes)
      b = set(rng) ? static_cast<unsigned char>(1 + rng() % 255) : 0;
    EXPECT_EQ(nonZeroByScan(bytes), nonZeroByLoop(bytes)) << "density " << density;
  }
  std::vector<unsigned char> edges(256);
  for (const int i : {0, 7, 8, 255})
    edges[static_cast<std::size_t>(i)] = 0x80;
  EXPECT_EQ(nonZeroByScan(edges), (std::vector<int>{0, 7, 8, 255}));
}

// G2: the start's 48 pieces, 12 a player, and along a random game each piece where the board
// holds it and each partnership's count.
TEST(GrandBoardScan, VisitsEveryPieceOfTheBoard) {
  GrandGame game;
  std::mt19937_64 rng(7);
  for (int ply = 0; ply < 200 && !game.finished(); ++ply) {
    const GrandPosition& p = game.position();
    std::vector<int> scanned;
    forEachPiece(p, [&](Square s, Piece piece) {
      EXPECT_EQ(piece, p.board[s]);
      scanned.push_back(s);
    });
    EXPECT_EQ(scanned, nonZeroByLoop(std::vector<unsigned char>(
                           reinterpret_cast<const unsigned char*>(p.board.data()),
                           reinterpret_cast<const unsigned char*>(p.board.data()) + kGridSquares)));
    if (ply == 0) {
      EXPECT_EQ(scanned.size(), 48u);
      for (int i = 0; i < kPlayers; ++i)
        EXPECT_EQ(p.piecesOf(playerAt(i)), 12);
    }
    // G12.2-3 count each partnership's pieces in one pass: Red and Blue, Green and Yellow.
    EXPECT_EQ(p.partnershipPieces(),
              (std::array<int, 2>{p.piecesOf(Player::Red) + p.piecesOf(Player::Blue),
                                  p.piecesOf(Player::Green) + p.piecesOf(Player::Yellow)}));
    const auto& moves = game.legalMoves();
    game.play(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
  }
}

}  // namespace
}  // namespace camelot::grand
