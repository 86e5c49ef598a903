#include "nn/torch/torch_threads.hpp"

#include <ATen/Parallel.h>
#include <dlfcn.h>

#include <mutex>

namespace camelot {
namespace {

// OpenBLAS's own setter, found only if OpenBLAS is already loaded (the reference BLAS has none).
void singleThreadedOpenBlas() {
  void* openblas = ::dlopen("libopenblas.so.0", RTLD_LAZY | RTLD_NOLOAD);
  if (openblas == nullptr) return;
  using SetThreads = void (*)(int);
  if (const auto set = reinterpret_cast<SetThreads>(::dlsym(openblas, "openblas_set_num_threads")))
    set(1);
  ::dlclose(openblas);
}

}  // namespace

void setTorchThreads(int threads) {
  static std::once_flag blas;
  std::call_once(blas, singleThreadedOpenBlas);
  if (at::get_num_threads() != threads) at::set_num_threads(threads);
}

}  // namespace camelot
