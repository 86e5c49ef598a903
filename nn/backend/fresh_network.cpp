#include "nn/backend/fresh_network.hpp"

#include "nn/backend/torch_backend.hpp"

namespace camelot {

void writeFreshNetwork(const std::filesystem::path& path, const NetworkConfig& config,
                       std::uint64_t seed) {
  torchBackend().writeFreshNetwork(path, config, seed);
}

}  // namespace camelot
