#include "nn/model.hpp"

#include <stdexcept>

#include "nn/checkpoint.hpp"
#include "nn/mlp/mlp_model.hpp"
#include "nn/torch/torch_backend.hpp"

namespace camelot {

std::unique_ptr<GrandEvaluator> Model::grandEvaluator() const {
  requireVariant(Variant::Grand);
  throw std::logic_error("Model::grandEvaluator: a Grand Camelot model must override it");
}

void Model::requireVariant(Variant variant) const {
  if (config().variant != variant)
    throw std::invalid_argument("this network plays " + std::string(gameName(config().variant)) +
                                ", not " + std::string(gameName(variant)));
}

std::shared_ptr<const Model> loadModel(const std::filesystem::path& checkpoint,
                                       const std::string& device) {
  const CheckpointHeader header = readCheckpointHeader(checkpoint);
  requireCompatible(checkpoint, header);
  if (header.config.architecture == Architecture::Resnet)
    return torchBackend().loadResnetModel(checkpoint, device);
  if (device != "cpu")
    throw std::invalid_argument("device '" + device + "': the mlp runs on the CPU only");
  return makeMlpModel(mlpWeights(checkpoint, readCheckpoint(checkpoint)));
}

}  // namespace camelot
