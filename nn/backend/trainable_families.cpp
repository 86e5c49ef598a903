// makeTrainableNetwork (nn/torch/trainable_network.hpp): the family a config names.
#include "nn/mlp/mlp_network.hpp"
#include "nn/resnet/network.hpp"
#include "nn/torch/trainable_network.hpp"

namespace camelot {

std::unique_ptr<TrainableNetwork> makeTrainableNetwork(const NetworkConfig& config) {
  validate(config);
  return config.architecture == Architecture::Mlp ? makeMlpTrainable(config)
                                                  : makeResnetTrainable(config);
}

}  // namespace camelot
