// The LibTorch backend: the one symbol libcamelot_torch.so exports for `camelot` to find.

#include <torch/utils.h>

#include "nn/backend/build_stamp.hpp"
#include "nn/backend/torch_backend.hpp"
#include "nn/backend/trainer_core.hpp"
#include "nn/features/encoding.hpp"
#include "nn/resnet/inference_net.hpp"
#include "nn/resnet/resnet_model.hpp"
#include "nn/torch/checkpoint_module.hpp"
#include "nn/torch/trainable_network.hpp"

namespace camelot {
namespace {

class LibTorchBackend : public TorchBackend {
 public:
  std::shared_ptr<const Model> loadResnetModel(const std::filesystem::path& checkpoint,
                                               const std::string& device) const override {
    return camelot::loadResnetModel(checkpoint, device);
  }
  std::unique_ptr<TrainerCore> newTrainer(const NetworkConfig& config,
                                          const TrainerSettings& settings,
                                          std::uint64_t seed) const override {
    return newTorchTrainer(config, settings, seed);
  }
  std::unique_ptr<TrainerCore> resumeTrainer(const std::filesystem::path& checkpoint,
                                             const TrainerSettings& settings) const override {
    return resumeTorchTrainer(checkpoint, settings);
  }
  void writeFreshNetwork(const std::filesystem::path& path, const NetworkConfig& config,
                         std::uint64_t seed) const override {
    validate(config);
    torch::manual_seed(seed);
    const std::unique_ptr<TrainableNetwork> network = makeTrainableNetwork(config);
    network->module().eval();
    CheckpointHeader header;
    header.config = config;
    header.encodingVersion = inputEncodingVersion(header.config);
    writeCheckpoint(path, header, network->module());
  }
  void checkDevice(const std::string& device) const override { parseTorchDevice(device); }
};

}  // namespace
}  // namespace camelot

extern "C" const camelot::TorchBackend* camelotTorchBackend() {
  static const camelot::LibTorchBackend backend;
  return &backend;
}

extern "C" const char* camelotTorchBackendStamp() {
  return camelot::buildStamp();
}
