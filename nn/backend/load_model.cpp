// loadModel (nn/model.hpp): the checkpoint's header picks the family that runs it, the mlp in
// plain C++ or the residual net in the LibTorch backend.
#include <stdexcept>

#include "nn/backend/torch_backend.hpp"
#include "nn/checkpoint.hpp"
#include "nn/mlp/mlp_model.hpp"
#include "nn/model.hpp"

namespace camelot {

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
