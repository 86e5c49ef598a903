#include "nn/torch/fused_adamw.hpp"

#include <ATen/Parallel.h>
#include <c10/util/string_utils.h>
#if defined(__SSE2__)
#include <immintrin.h>
#endif

#include <cmath>
#include <cstdint>
#include <memory>
#include <string>

namespace camelot {
namespace {

using torch::optim::AdamWOptions;
using torch::optim::AdamWParamState;

std::string keyOf(const torch::Tensor& p) {
  return c10::guts::to_string(p.unsafeGetTensorImpl());
}

bool isPlainFloat(const torch::Tensor& t) {
  return t.defined() && !t.is_sparse() && t.is_cpu() && t.scalar_type() == torch::kFloat &&
         t.is_contiguous();
}

// Whether the parameter, its gradient and its moments (where it has them yet) are plain float
// arrays on the CPU of the same length.
bool takesOnePass(const torch::Tensor& p, const AdamWOptions& options,
                  const torch::optim::Optimizer& optimizer) {
  if (options.amsgrad() || !isPlainFloat(p) || !isPlainFloat(p.grad()) ||
      p.grad().numel() != p.numel())
    return false;
  const auto it = optimizer.state().find(keyOf(p));
  if (it == optimizer.state().end()) return true;
  const auto* s = dynamic_cast<const AdamWParamState*>(it->second.get());
  return s != nullptr && isPlainFloat(s->exp_avg()) && isPlainFloat(s->exp_avg_sq()) &&
         s->exp_avg().numel() == p.numel() && s->exp_avg_sq().numel() == p.numel();
}

// One parameter's update, as LibTorch's AdamW::step makes it: the decay, the moments, the
// bias-corrected step. Values in float, the coefficients rounded to float as LibTorch's scalar
// arguments are.
struct Update {
  float decay, beta1, beta2, oneMinusBeta1, oneMinusBeta2, rootOfCorrection2, eps, stepSize;

  void operator()(float* __restrict p, const float* __restrict g, float* __restrict m,
                  float* __restrict v, std::int64_t n) const {
    for (std::int64_t i = 0; i < n; ++i) {
      const float gi = g[i];
      const float mi = m[i] * beta1 + gi * oneMinusBeta1;
      const float vi = v[i] * beta2 + gi * gi * oneMinusBeta2;
      m[i] = mi;
      v[i] = vi;
      p[i] = p[i] * decay - stepSize * (mi / (std::sqrt(vi) / rootOfCorrection2 + eps));
    }
  }
};

// Subnormal floats read and written as zero while it lives, on the calling thread. A feature's
// row that no batch has read for some hundred steps has a first moment decayed below 1e-38, and
// every multiply of such a value takes the processor a slow path of a hundred cycles or so: a
// 1,024-unit Grand network's steps took 47 ms with this loop as it is and no flush, 15 with it.
// The values lost are below float's normal range.
class FlushSubnormals {
 public:
#if defined(__SSE2__)
  FlushSubnormals() : saved_(_mm_getcsr()) {
    _mm_setcsr(saved_ | kFlushToZero | kDenormalsAreZero);
  }
  ~FlushSubnormals() {
    _mm_setcsr(saved_);
  }

 private:
  static constexpr unsigned kFlushToZero = 1u << 15, kDenormalsAreZero = 1u << 6;
  unsigned saved_;
#endif
};

// Room for a pass's share of each core's level-2 cache: four floats a value.
constexpr std::int64_t kGrain = 1 << 14;

}  // namespace

torch::Tensor FusedAdamW::step(LossClosure closure) {
  for (const auto& group : param_groups()) {
    const auto& options = static_cast<const AdamWOptions&>(group.options());
    for (const torch::Tensor& p : group.params())
      if (p.grad().defined() && !takesOnePass(p, options, *this))
        return AdamW::step(std::move(closure));
  }
  torch::NoGradGuard noGrad;
  torch::Tensor loss;
  if (closure) {
    at::AutoGradMode enableGrad(true);
    loss = closure();
  }
  for (auto& group : param_groups()) {
    const auto& options = static_cast<const AdamWOptions&>(group.options());
    const auto [beta1, beta2] = options.betas();
    for (torch::Tensor& p : group.params()) {
      if (!p.grad().defined()) continue;
      std::unique_ptr<torch::optim::OptimizerParamState>& slot = state()[keyOf(p)];
      if (!slot) {
        auto fresh = std::make_unique<AdamWParamState>();
        fresh->exp_avg(torch::zeros_like(p, torch::MemoryFormat::Preserve));
        fresh->exp_avg_sq(torch::zeros_like(p, torch::MemoryFormat::Preserve));
        slot = std::move(fresh);
      }
      auto& s = static_cast<AdamWParamState&>(*slot);
      s.step(s.step() + 1);
      const auto t = static_cast<double>(s.step());
      const double correction1 = 1 - std::pow(beta1, t);
      const double correction2 = 1 - std::pow(beta2, t);
      const Update update{static_cast<float>(1 - options.lr() * options.weight_decay()),
                          static_cast<float>(beta1),
                          static_cast<float>(beta2),
                          static_cast<float>(1 - beta1),
                          static_cast<float>(1 - beta2),
                          static_cast<float>(std::sqrt(correction2)),
                          static_cast<float>(options.eps()),
                          static_cast<float>(options.lr() / correction1)};
      float* values = p.data_ptr<float>();
      const float* grad = p.grad().data_ptr<float>();
      float* m = s.exp_avg().data_ptr<float>();
      float* v = s.exp_avg_sq().data_ptr<float>();
      at::parallel_for(0, p.numel(), kGrain, [&](std::int64_t begin, std::int64_t end) {
        const FlushSubnormals flush;
        update(values + begin, grad + begin, m + begin, v + begin, end - begin);
      });
    }
  }
  return loss;
}

void clearGradients(torch::optim::Optimizer& optimizer) {
  for (auto& group : optimizer.param_groups())
    for (torch::Tensor& p : group.params())
      p.mutable_grad() = torch::Tensor();
}

}  // namespace camelot
