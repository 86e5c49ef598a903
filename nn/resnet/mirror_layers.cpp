#include "nn/resnet/mirror_layers.hpp"

#include <torch/nn/functional/conv.h>
#include <torch/nn/functional/linear.h>

#include <cmath>

namespace camelot {
namespace {

torch::Tensor flipColumns(const torch::Tensor& kernel) {
  return kernel.flip({3});
}

}  // namespace

MirrorConvImpl::MirrorConvImpl(int inChannels, Field in, int outChannels, Field out, int kernel,
                               bool bias)
    : in_(in), out_(out), kernel_(kernel) {
  TORCH_CHECK(in == Field::Invariant || inChannels % 2 == 0, "regular input needs even channels");
  TORCH_CHECK(out == Field::Invariant || outChannels % 2 == 0,
              "regular output needs even channels");
  TORCH_CHECK(in == Field::Regular || out == Field::Regular,
              "an invariant-to-invariant convolution would need symmetric kernels");
  const int aOut = out == Field::Regular ? outChannels / 2 : outChannels;
  const int aIn = in == Field::Regular ? inChannels / 2 : inChannels;
  // Kaiming-normal for ReLU over the full fan-in of the assembled weight.
  const double stddev = std::sqrt(2.0 / (inChannels * kernel * kernel));
  a_ = register_parameter("a", torch::randn({aOut, aIn, kernel, kernel}) * stddev);
  if (in == Field::Regular && out == Field::Regular)
    b_ = register_parameter("b", torch::randn({aOut, aIn, kernel, kernel}) * stddev);
  if (bias) bias_ = register_parameter("bias", torch::zeros({aOut}));
}

torch::Tensor MirrorConvImpl::weight() const {
  if (in_ == Field::Invariant) return torch::cat({a_, flipColumns(a_)}, 0);
  if (out_ == Field::Invariant) return torch::cat({a_, flipColumns(a_)}, 1);
  return torch::cat({torch::cat({a_, b_}, 1), torch::cat({flipColumns(b_), flipColumns(a_)}, 1)},
                    0);
}

torch::Tensor MirrorConvImpl::bias() const {
  if (!bias_.defined()) return {};
  return out_ == Field::Regular ? torch::cat({bias_, bias_}) : bias_;
}

torch::Tensor MirrorConvImpl::forward(const torch::Tensor& x) const {
  return torch::nn::functional::conv2d(
      x, weight(), torch::nn::functional::Conv2dFuncOptions().bias(bias()).padding(padding()));
}

PairedBatchNormImpl::PairedBatchNormImpl(int channels) {
  norm_ = register_module("norm", torch::nn::BatchNorm2d(channels / 2));
}

torch::Tensor PairedBatchNormImpl::forward(const torch::Tensor& x) {
  const auto n = x.size(0), c = x.size(1), h = x.size(2), w = x.size(3);
  // [N, C, H, W] -> [2N, C/2, H, W]: each pair's two channels become two samples of one.
  return norm_->forward(x.reshape({n * 2, c / 2, h, w})).reshape({n, c, h, w});
}

std::pair<torch::Tensor, torch::Tensor> PairedBatchNormImpl::foldedScaleShift() const {
  const auto [scale, shift] = camelot::foldedScaleShift(norm_);
  return {torch::cat({scale, scale}), torch::cat({shift, shift})};
}

PairLinearImpl::PairLinearImpl(int inFeatures, int outFeatures) {
  TORCH_CHECK(inFeatures % 2 == 0 && outFeatures % 2 == 0, "pair linear needs even sizes");
  const double stddev = std::sqrt(1.0 / inFeatures);
  p_ = register_parameter("p", torch::randn({outFeatures / 2, inFeatures / 2}) * stddev);
  q_ = register_parameter("q", torch::randn({outFeatures / 2, inFeatures / 2}) * stddev);
  bias_ = register_parameter("bias", torch::zeros({outFeatures / 2}));
}

torch::Tensor PairLinearImpl::weight() const {
  return torch::cat({torch::cat({p_, q_}, 1), torch::cat({q_, p_}, 1)}, 0);
}

torch::Tensor PairLinearImpl::bias() const {
  return torch::cat({bias_, bias_});
}

torch::Tensor PairLinearImpl::forward(const torch::Tensor& x) const {
  return torch::nn::functional::linear(x, weight(), bias());
}

std::pair<torch::Tensor, torch::Tensor> foldedScaleShift(const torch::nn::BatchNorm2d& norm) {
  const torch::Tensor scale = norm->weight / torch::sqrt(norm->running_var + norm->options.eps());
  return {scale, norm->bias - norm->running_mean * scale};
}

}  // namespace camelot
