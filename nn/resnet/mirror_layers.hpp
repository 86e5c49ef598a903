#pragma once
// Layers that make the network equivariant to the board's left-right mirror by construction,
// so a position and its mirror image always get mirrored policies and the same value.
//
// Feature maps are either invariant (a channel mirrors with the board, like the input planes)
// or regular: channels come in pairs (c, c + C/2), and the mirror of the board also swaps the
// two halves. A regular map can tell left from right (a pattern and its mirror image land in
// different channels of a pair) where kernel symmetry alone could not. The convolution weights
// are built from free tensors so that each equivariance holds exactly:
//   invariant -> regular:  W = [A; flip(A)]
//   regular -> regular:    W = [[A, B], [flip(B), flip(A)]]
//   regular -> invariant:  W = [A, flip(A)]
// where flip() reverses a kernel's columns. Pairs share their bias and batch-norm statistics.

#include <torch/nn/modules/batchnorm.h>

namespace camelot {

enum class Field : std::uint8_t { Invariant, Regular };

class MirrorConvImpl : public torch::nn::Module {
 public:
  MirrorConvImpl(int inChannels, Field in, int outChannels, Field out, int kernel, bool bias);

  // The full weight [out, in, k, k] and bias (undefined without one) the constraints allow.
  torch::Tensor weight() const;
  torch::Tensor bias() const;
  torch::Tensor forward(const torch::Tensor& x) const;
  int padding() const { return kernel_ / 2; }

 private:
  Field in_, out_;
  int kernel_;
  torch::Tensor a_, b_, bias_;
};
TORCH_MODULE(MirrorConv);

// Batch norm over a regular map whose pairs share statistics and affine parameters.
class PairedBatchNormImpl : public torch::nn::Module {
 public:
  explicit PairedBatchNormImpl(int channels);
  torch::Tensor forward(const torch::Tensor& x);
  // Per-channel scale and shift equal to this layer in eval mode (for folding), [channels].
  std::pair<torch::Tensor, torch::Tensor> foldedScaleShift() const;

 private:
  torch::nn::BatchNorm2d norm_{nullptr};
};
TORCH_MODULE(PairedBatchNorm);

// A linear map between regular vectors laid out as [first halves..., second halves...] per
// feature group: out = [P u1 + Q u2, Q u1 + P u2].
class PairLinearImpl : public torch::nn::Module {
 public:
  PairLinearImpl(int inFeatures, int outFeatures);
  torch::Tensor weight() const;
  torch::Tensor bias() const;
  torch::Tensor forward(const torch::Tensor& x) const;

 private:
  torch::Tensor p_, q_, bias_;
};
TORCH_MODULE(PairLinear);

// Per-channel scale and shift of an eval-mode BatchNorm2d.
std::pair<torch::Tensor, torch::Tensor> foldedScaleShift(const torch::nn::BatchNorm2d& norm);

}  // namespace camelot
