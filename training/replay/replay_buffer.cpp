#include "training/replay/replay_buffer.hpp"

#include <algorithm>
#include <stdexcept>
#include <system_error>
#include <type_traits>
#include <utility>

#include "training/replay/chunk_file.hpp"

namespace camelot {
namespace {

// The problem of a ChunkError without the path it starts with.
std::string problemOf(const ChunkError& e, const std::filesystem::path& path) {
  const std::string message = e.what();
  const std::string prefix = path.string() + ": ";
  if (message.starts_with(prefix)) return message.substr(prefix.size());
  return message;
}

}  // namespace

template <class Rules>
BasicReplayBuffer<Rules>::BasicReplayBuffer(std::size_t window) : window_(window) {
  if (window == 0) throw std::invalid_argument("ReplayBuffer: the window must hold a sample");
}

template <class Rules>
void BasicReplayBuffer<Rules>::add(std::vector<Sample> samples) {
  if (samples.empty()) return;
  totalAdded_ += samples.size();
  streamEnd_ += samples.size();
  size_ += samples.size();
  chunks_.push_back(Chunk{std::move(samples), streamEnd_});
  trim();
}

template <class Rules>
void BasicReplayBuffer<Rules>::trim() {
  while (size_ > window_) {
    Chunk& oldest = chunks_.front();
    const std::size_t excess = size_ - window_;
    if (excess >= oldest.samples.size()) {
      size_ -= oldest.samples.size();
      chunks_.pop_front();
    } else {
      oldest.samples.erase(oldest.samples.begin(),
                           oldest.samples.begin() + static_cast<std::ptrdiff_t>(excess));
      oldest.samples.shrink_to_fit();
      size_ -= excess;
    }
  }
}

template <class Rules>
std::vector<std::string> BasicReplayBuffer<Rules>::loadDirectory(
    const std::filesystem::path& directory) {
  std::vector<std::filesystem::path> files;
  std::error_code error;
  for (std::filesystem::directory_iterator it(directory, error), end; !error && it != end;
       it.increment(error)) {
    const std::filesystem::path& path = it->path();
    std::error_code typeError;
    if (path.extension() == ".chunk" && it->is_regular_file(typeError)) files.push_back(path);
  }
  if (error) {
    throw ChunkError(directory.string() + ": cannot list the chunk directory (" + error.message() +
                     ")");
  }
  std::sort(files.begin(), files.end(), [](const auto& a, const auto& b) {
    return a.filename().string() < b.filename().string();
  });

  // Newest first: read until the window is full, then count the rest from their headers.
  std::vector<std::string> skipped;         // newest first, reversed at the end
  std::vector<std::vector<Sample>> loaded;  // newest first
  std::size_t loadedSamples = 0;
  std::uint64_t uncounted = 0;  // samples of older chunks outside the window
  for (auto it = files.rbegin(); it != files.rend(); ++it) {
    const std::filesystem::path& path = *it;
    try {
      if (loadedSamples < window_) {
        loaded.push_back(readChunk<Rules>(path));
        loadedSamples += loaded.back().size();
      } else {
        uncounted += readChunkHeader(path).sampleCount;
      }
    } catch (const ChunkError& e) {
      skipped.push_back("skipped " + path.filename().string() + ": " + problemOf(e, path));
    }
  }
  std::reverse(skipped.begin(), skipped.end());

  totalAdded_ += uncounted;
  for (auto it = loaded.rbegin(); it != loaded.rend(); ++it)
    add(std::move(*it));
  return skipped;
}

template <class Rules>
auto BasicReplayBuffer<Rules>::chunkAt(std::uint64_t position) const -> const Chunk& {
  // The first chunk that ends after `position`.
  const auto it =
      std::upper_bound(chunks_.begin(), chunks_.end(), position,
                       [](std::uint64_t p, const Chunk& chunk) { return p < chunk.end; });
  return *it;
}

template <class Rules>
auto BasicReplayBuffer<Rules>::at(std::size_t i) const -> const Sample& {
  if (i >= size_) {
    throw std::out_of_range("ReplayBuffer::at(" + std::to_string(i) + ") with " +
                            std::to_string(size_) + " samples");
  }
  const std::uint64_t position = streamEnd_ - size_ + i;
  const Chunk& chunk = chunkAt(position);
  return chunk.samples[static_cast<std::size_t>(position - (chunk.end - chunk.samples.size()))];
}

template <class Rules>
auto BasicReplayBuffer<Rules>::sample(std::size_t n, std::mt19937_64& rng) const
    -> std::vector<Sample> {
  std::vector<Sample> drawn;
  if (n == 0) return drawn;
  if (size_ == 0) throw std::logic_error("ReplayBuffer::sample from an empty buffer");
  drawn.reserve(n);
  std::uniform_int_distribution<std::size_t> pick(0, size_ - 1);
  std::bernoulli_distribution mirror(0.5);
  for (std::size_t k = 0; k < n; ++k) {
    const Sample& s = at(pick(rng));
    if constexpr (std::is_same_v<Rules, StandardRules>)
      drawn.push_back(mirror(rng) ? mirrored(s) : s);
    else
      drawn.push_back(s);
  }
  return drawn;
}

template class BasicReplayBuffer<StandardRules>;
template class BasicReplayBuffer<GrandRules>;

}  // namespace camelot
