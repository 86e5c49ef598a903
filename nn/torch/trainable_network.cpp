#include "nn/torch/trainable_network.hpp"

#include <stdexcept>

#include "nn/mlp/mlp_network.hpp"
#include "nn/resnet/network.hpp"

namespace camelot {

std::vector<torch::Tensor> TrainableNetwork::encode(std::span<const GrandTrainingSample>,
                                                    std::int64_t) const {
  throw std::invalid_argument("Trainer: Grand Camelot samples for a " + describe(config()) +
                              " network, which plays the standard game");
}

std::unique_ptr<TrainableNetwork> makeTrainableNetwork(const NetworkConfig& config) {
  validate(config);
  return config.architecture == Architecture::Mlp ? makeMlpTrainable(config)
                                                  : makeResnetTrainable(config);
}

}  // namespace camelot
