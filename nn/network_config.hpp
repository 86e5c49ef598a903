#pragma once
// The architecture settings of a network: what a checkpoint header records and what
// `camelot net init` and the training config choose. Torch-free.

#include <string>

namespace camelot {

struct NetworkConfig {
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
  // Positions before the current one in the input (0..8).
  int historyPlies = 2;
  // Eight more input planes: from the move generator, which pieces each side could capture
  // next, which could enter a goal and where the mover's captures start and end; and each
  // square's closeness to the two castles (docs/network.md). Checkpoints written before they
  // existed load without them.
  bool tacticalPlanes = true;

  bool operator==(const NetworkConfig&) const = default;
};

// Throws std::invalid_argument naming the first setting out of range.
void validate(const NetworkConfig& config);

// "6x64 (pool every 3, policy 32, value 32/128, history 2)".
std::string describe(const NetworkConfig& config);

}  // namespace camelot
