#pragma once
// The architecture settings of a network: what a checkpoint header records and what
// `camelot net init` and the training config choose. Torch-free.
//
// Two families (docs/network.md):
// - "resnet": a mirror-equivariant residual tower over input planes, run by LibTorch (the GPU
//   path);
// - "mlp": sparse input features summed into an accumulator, two small dense layers and
//   per-move embeddings, run in plain C++ on the CPU (the fast path, ~100x the residual net's
//   positions per CPU second).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/variant.hpp"

namespace camelot {

enum class Architecture { Resnet, Mlp };

// "resnet", "mlp".
std::string_view architectureName(Architecture architecture);
// The architecture named `name`, or nullopt.
std::optional<Architecture> parseArchitecture(std::string_view name);

struct NetworkConfig {
  Architecture architecture = Architecture::Resnet;
  // The game it plays. Grand Camelot networks are mlps (nn/features/grand_features.hpp): the
  // residual net's planes are the standard board's.
  Variant variant = Variant::Standard;

  // --- resnet ---
  // Residual blocks in the tower and channels in each. Channels come in mirror pairs (the net
  // is left-right equivariant by construction), so they must be even. The defaults are sized
  // for a 2-core CPU: 6x64 evaluates ~700 positions/s there.
  int blocks = 6;
  int channels = 64;
  // Every this-many-th block also pools the whole board (mean and max) into a bias for its
  // second convolution, so distant squares can talk in one block. 0 turns pooling off.
  int globalPoolingEvery = 3;
  // Width of each square's query and key vectors in the policy head (even).
  int policyChannels = 32;
  // Channels of the value head's 1x1 convolution and width of its hidden layer.
  int valueChannels = 32;
  int valueHidden = 128;
  // Positions before the current one in the input (0..8). The mlp reads none.
  int historyPlies = 2;
  // Eight more input planes: from the move generator, which pieces each side could capture
  // next, which could enter a goal and where the mover's captures start and end; and each
  // square's closeness to the two castles (docs/network.md). Checkpoints written before they
  // existed load without them.
  bool tacticalPlanes = true;

  // --- mlp ---
  // Units of the first layer, the sum of the active features' columns: the one wide layer,
  // whose cost is a few dozen column additions, not a matrix product.
  int accumulator = 256;
  // Units of each of the two dense layers after it (the value head's trunk).
  int hidden = 32;
  // Width of the move embeddings and of the policy query they are scored against.
  int moveEmbedding = 32;

  bool operator==(const NetworkConfig&) const = default;
};

// The encoding version of the inputs of a network of `config` (kEncodingVersion, or
// kGrandEncodingVersion for Grand Camelot): what its checkpoint records.
int inputEncodingVersion(const NetworkConfig& config);

// The defaults of a family (history 0 for the mlp, which reads the position alone).
NetworkConfig defaultNetworkConfig(Architecture architecture);

// Throws std::invalid_argument naming the first setting out of range.
void validate(const NetworkConfig& config);

// "6x64 (pool every 3, policy 32, value 32/128, history 2)", "mlp 256-32-32 (moves 32)",
// "mlp 256-32-32 (moves 32, Grand Camelot)".
std::string describe(const NetworkConfig& config);

// About how much memory a training step takes per position of its batch: the activations the
// backward pass keeps. Measured with benchmarks/nn_bench on the CPU: ~3.6 MB for the 5x48
// residual net (about 20 floats per channel and board cell of each block), ~16 KB for the
// 256-wide mlp. For refusing a batch size no machine here could hold, not for planning.
std::int64_t trainingBytesPerPosition(const NetworkConfig& config);

}  // namespace camelot
