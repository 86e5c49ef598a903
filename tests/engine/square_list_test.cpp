// A move's square list: the same answers as a std::vector of squares whether the list fits in
// place or spills to the heap and back, and copies that own their squares.

#include "engine/grand/square_list.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace camelot::grand {
namespace {

using List = SquareList<3>;

std::vector<Square> asVector(const List& list) {
  return {list.begin(), list.end()};
}

TEST(SquareList, GrowsPastItsPlaceAndShrinksBackLikeAVector) {
  List list;
  std::vector<Square> reference;
  EXPECT_TRUE(list.empty());
  for (Square s = 10; s < 16; ++s) {  // 6 squares: 3 in place, then the heap
    list.push_back(s);
    reference.push_back(s);
    EXPECT_EQ(asVector(list), reference);
    EXPECT_EQ(list.front(), 10);
    EXPECT_EQ(list.back(), s);
  }
  list[4] = 99;
  reference[4] = 99;
  EXPECT_EQ(asVector(list), reference);
  while (!list.empty()) {  // back through the boundary into place
    list.pop_back();
    reference.pop_back();
    EXPECT_EQ(asVector(list), reference);
  }
  list.push_back(7);  // in place again after the heap was used
  EXPECT_EQ(asVector(list), std::vector<Square>{7});
}

TEST(SquareList, CopiesAreIndependentAndCompareByContent) {
  const List shortList{1, 2};
  const List longList{1, 2, 3, 4, 5};
  List copy = longList;
  EXPECT_EQ(copy, longList);
  copy.pop_back();
  EXPECT_EQ(asVector(longList), (std::vector<Square>{1, 2, 3, 4, 5}));
  EXPECT_FALSE(copy == longList);
  copy.resize(2);
  EXPECT_EQ(copy, shortList);
  copy.resize(4);  // new squares are 0
  EXPECT_EQ(asVector(copy), (std::vector<Square>{1, 2, 0, 0}));
  List moved = std::move(copy);
  EXPECT_EQ(asVector(moved), (std::vector<Square>{1, 2, 0, 0}));
  List spilled = longList;
  List taken = std::move(spilled);
  EXPECT_EQ(taken, longList);
  EXPECT_TRUE(spilled.empty());  // NOLINT(bugprone-use-after-move): moved from is empty
  spilled.push_back(9);
  EXPECT_EQ(asVector(spilled), std::vector<Square>{9});
  moved.clear();
  EXPECT_TRUE(moved.empty());
}

}  // namespace
}  // namespace camelot::grand
