#include "nn/torch/checkpoint_module.hpp"

#include <torch/nn/module.h>
#include <torch/utils.h>

#include <cstring>
#include <optional>
#include <string>

namespace camelot {
namespace {

std::optional<std::uint8_t> dtypeCode(c10::ScalarType type) {
  if (type == torch::kFloat32) return kTensorFloat32;
  if (type == torch::kInt64) return kTensorInt64;
  return std::nullopt;
}

c10::ScalarType scalarType(std::uint8_t dtype) {
  return dtype == kTensorFloat32 ? torch::kFloat32 : torch::kInt64;
}

struct NamedTensor {
  std::string name;
  torch::Tensor tensor;
};

// Parameters then buffers, both recursive, skipping undefined slots (a Conv2d without bias).
std::vector<NamedTensor> namedTensors(const torch::nn::Module& module) {
  std::vector<NamedTensor> result;
  for (const auto& item : module.named_parameters(/*recurse=*/true)) {
    if (item.value().defined()) result.push_back({item.key(), item.value()});
  }
  for (const auto& item : module.named_buffers(/*recurse=*/true)) {
    if (item.value().defined()) result.push_back({item.key(), item.value()});
  }
  return result;
}

}  // namespace

std::vector<StoredTensor> moduleTensors(const std::filesystem::path& path,
                                        const torch::nn::Module& module) {
  std::vector<StoredTensor> stored;
  for (const auto& [name, tensor] : namedTensors(module)) {
    if (tensor.layout() != torch::kStrided)
      failCheckpoint(path, "cannot store tensor '" + name + "' (only dense tensors)");
    const auto dtype = dtypeCode(tensor.scalar_type());
    if (!dtype)
      failCheckpoint(path, "cannot store tensor '" + name + "' of dtype " +
                               std::string(c10::toString(tensor.scalar_type())) +
                               " (only float32 and int64)");
    StoredTensor t;
    t.name = name;
    t.dtype = *dtype;
    t.shape.assign(tensor.sizes().begin(), tensor.sizes().end());
    const torch::Tensor data = tensor.detach().to(torch::kCPU).contiguous();
    const auto* bytes = static_cast<const std::byte*>(data.data_ptr());
    t.data.assign(bytes, bytes + data.nbytes());
    stored.push_back(std::move(t));
  }
  return stored;
}

void writeCheckpoint(const std::filesystem::path& path, CheckpointHeader header,
                     const torch::nn::Module& module) {
  writeCheckpoint(path, std::move(header), moduleTensors(path, module));
}

CheckpointHeader loadCheckpoint(const std::filesystem::path& path, torch::nn::Module& module) {
  const CheckpointContents contents = readCheckpoint(path);
  const std::vector<StoredTensor>& records = contents.tensors;

  // Match them against the module, in order.
  const auto tensors = namedTensors(module);
  const std::size_t common = std::min(records.size(), tensors.size());
  for (std::size_t i = 0; i < common; ++i) {
    if (records[i].name != tensors[i].name) {
      failCheckpoint(path, "tensor " + std::to_string(i) + " is '" + records[i].name +
                               "', the network expects '" + tensors[i].name + "'");
    }
  }
  if (records.size() != tensors.size()) {
    const std::string first = records.size() > tensors.size()
                                  ? "first extra: '" + records[common].name + "'"
                                  : "first missing: '" + tensors[common].name + "'";
    failCheckpoint(path, "checkpoint has " + std::to_string(records.size()) +
                             " tensors, the network expects " + std::to_string(tensors.size()) +
                             " (" + first + ")");
  }
  for (std::size_t i = 0; i < common; ++i) {
    const StoredTensor& record = records[i];
    const torch::Tensor& target = tensors[i].tensor;
    if (dtypeCode(target.scalar_type()) != record.dtype) {
      failCheckpoint(path, "tensor '" + record.name + "' is " + dtypeName(record.dtype) +
                               ", the network expects " +
                               std::string(c10::toString(target.scalar_type())));
    }
    const std::vector<std::int64_t> targetShape(target.sizes().begin(), target.sizes().end());
    if (targetShape != record.shape) {
      failCheckpoint(path, "tensor '" + record.name + "' has shape " + shapeText(record.shape) +
                               ", the network expects " + shapeText(targetShape));
    }
  }

  // Everything matches: stage the data in CPU tensors (allocation can still fail), then copy.
  std::vector<torch::Tensor> staged;
  staged.reserve(records.size());
  for (const StoredTensor& record : records) {
    torch::Tensor tensor =
        torch::empty(record.shape, torch::TensorOptions().dtype(scalarType(record.dtype)));
    if (!record.data.empty())
      std::memcpy(tensor.data_ptr(), record.data.data(), record.data.size());
    staged.push_back(std::move(tensor));
  }
  torch::NoGradGuard noGrad;
  for (std::size_t i = 0; i < staged.size(); ++i)
    tensors[i].tensor.copy_(staged[i]);
  return contents.header;
}

}  // namespace camelot
