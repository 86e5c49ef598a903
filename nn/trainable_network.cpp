#include "nn/trainable_network.hpp"

#include "nn/mlp_network.hpp"
#include "nn/network.hpp"

namespace camelot {

std::unique_ptr<TrainableNetwork> makeTrainableNetwork(const NetworkConfig& config) {
  validate(config);
  return config.architecture == Architecture::Mlp ? makeMlpTrainable(config)
                                                  : makeResnetTrainable(config);
}

}  // namespace camelot
