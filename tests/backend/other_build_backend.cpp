// A stand-in for a libcamelot_torch.so left from another build: its stamp is not the program's,
// and its backend must never be asked for (tests/backend/build_stamp_test.cpp).
#include <cstdlib>

namespace camelot {
class TorchBackend;
}

extern "C" const camelot::TorchBackend* camelotTorchBackend() {
  std::abort();
}

extern "C" const char* camelotTorchBackendStamp() {
  return "camelot 0.0.0 (commit 0000000)";
}
