#pragma once
// A short list of Grand Camelot squares, a move's path or its captures: the first kInPlace
// squares live in the list itself and only a longer list goes to the heap. Listing a position's
// moves made a heap allocation for each path (malloc and free took a third of Grand self-play's
// time), and nearly every path and capture list is a few squares long.

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <vector>

#include "engine/grand/grand_board.hpp"

namespace camelot::grand {

template <std::size_t kInPlace>
class SquareList {
 public:
  using value_type = Square;
  using iterator = Square*;
  using const_iterator = const Square*;

  SquareList() = default;
  SquareList(std::initializer_list<Square> squares) : SquareList(squares.begin(), squares.end()) {}
  template <class Iterator>
  SquareList(Iterator first, Iterator last) {
    for (; first != last; ++first)
      push_back(*first);
  }

  SquareList(const SquareList&) = default;
  SquareList& operator=(const SquareList&) = default;
  // A list moved from is empty, as a moved-from std::vector is (its squares went with the heap).
  SquareList(SquareList&& other) noexcept
      : inPlace_(other.inPlace_), size_(other.size_), heap_(std::move(other.heap_)) {
    other.size_ = 0;
  }
  SquareList& operator=(SquareList&& other) noexcept {
    inPlace_ = other.inPlace_;
    size_ = other.size_;
    heap_ = std::move(other.heap_);
    other.size_ = 0;
    return *this;
  }

  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  Square* data() { return onHeap() ? heap_.data() : inPlace_.data(); }
  const Square* data() const { return onHeap() ? heap_.data() : inPlace_.data(); }
  Square* begin() { return data(); }
  Square* end() { return data() + size_; }
  const Square* begin() const { return data(); }
  const Square* end() const { return data() + size_; }
  Square& operator[](std::size_t i) { return data()[i]; }
  const Square& operator[](std::size_t i) const { return data()[i]; }
  Square& front() { return data()[0]; }
  const Square& front() const { return data()[0]; }
  Square& back() { return data()[size_ - 1]; }
  const Square& back() const { return data()[size_ - 1]; }

  void push_back(Square s) {
    if (size_ < kInPlace) {
      inPlace_[size_] = s;
    } else {
      if (size_ == kInPlace) heap_.assign(inPlace_.begin(), inPlace_.end());
      heap_.push_back(s);
    }
    ++size_;
  }
  void pop_back() {
    --size_;
    if (size_ == kInPlace) {
      std::copy_n(heap_.begin(), kInPlace, inPlace_.begin());
      heap_.clear();
    } else if (size_ > kInPlace) {
      heap_.pop_back();
    }
  }
  // New squares are 0.
  void resize(std::size_t size) {
    while (size_ > size)
      pop_back();
    while (size_ < size)
      push_back(Square{});
  }
  void clear() { resize(0); }

  friend bool operator==(const SquareList& a, const SquareList& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end());
  }

 private:
  bool onHeap() const { return size_ > kInPlace; }

  std::array<Square, kInPlace> inPlace_{};
  std::uint32_t size_ = 0;
  std::vector<Square> heap_;  // the whole list once it is longer than kInPlace
};

}  // namespace camelot::grand
