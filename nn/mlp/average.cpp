#include "nn/mlp/average.hpp"

#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

namespace camelot {

MlpWeights averagedMlp(std::span<const MlpWeights> networks) {
  if (networks.empty()) throw std::invalid_argument("no network to average");
  MlpWeights mean = networks.front();
  for (const MlpWeights& n : networks.subspan(1))
    if (!(n.config == mean.config))
      throw std::invalid_argument("the networks differ in shape: " + describe(mean.config) +
                                  " and " + describe(n.config));
  // Summed in double: a mean of dozens of networks keeps its float precision.
  std::vector<double> sum;
  for (const MlpTensor& tensor : mlpLayout(mean.config)) {
    std::vector<float>& out = mean.*tensor.weights;
    sum.assign(out.size(), 0.0);
    for (const MlpWeights& n : networks)
      for (std::size_t i = 0; i < sum.size(); ++i)
        sum[i] += (n.*tensor.weights)[i];
    for (std::size_t i = 0; i < sum.size(); ++i)
      out[i] = static_cast<float>(sum[i] / static_cast<double>(networks.size()));
  }
  return mean;
}

}  // namespace camelot
