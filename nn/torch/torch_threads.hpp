#pragma once
// LibTorch's thread count, set in one place for the backend's inference and training.

namespace camelot {

// Gives LibTorch `threads` intra-op threads on the calling thread (LibTorch keeps the setting
// per thread) and keeps OpenBLAS, when it is the BLAS LibTorch calls, to one thread of its own:
// its pool would spin against LibTorch's OpenMP threads on the same cores (mlp training on two
// cores: 11,000 samples/s with both pools, 30,000 with OpenBLAS single-threaded; README).
void setTorchThreads(int threads);

}  // namespace camelot
