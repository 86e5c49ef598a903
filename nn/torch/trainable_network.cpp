#include "nn/torch/trainable_network.hpp"

#include <stdexcept>

namespace camelot {

std::vector<torch::Tensor> TrainableNetwork::encode(std::span<const GrandTrainingSample>,
                                                    std::int64_t) const {
  throw std::invalid_argument("Trainer: Grand Camelot samples for a " + describe(config()) +
                              " network, which plays the standard game");
}

}  // namespace camelot
