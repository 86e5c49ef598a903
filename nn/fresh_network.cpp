#include "nn/fresh_network.hpp"

#include "nn/checkpoint.hpp"
#include "nn/encoding.hpp"
#include "nn/network.hpp"

namespace camelot {

void writeFreshNetwork(const std::filesystem::path& path, const NetworkConfig& config,
                       std::uint64_t seed) {
  validate(config);
  torch::manual_seed(seed);
  Network network(config);
  network->eval();
  CheckpointHeader header;
  header.config = config;
  header.encodingVersion = kEncodingVersion;
  writeCheckpoint(path, header, *network);
}

}  // namespace camelot
