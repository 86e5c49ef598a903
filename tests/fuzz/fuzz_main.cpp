// The libFuzzer entry point of every target; CAMELOT_FUZZ_TARGET names the one to run
// (scripts/fuzz.sh sets it).
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "tests/fuzz/fuzz_targets.hpp"

namespace {

const camelot::fuzz::Target* chosen = nullptr;

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  const char* name = std::getenv("CAMELOT_FUZZ_TARGET");
  for (const camelot::fuzz::Target& target : camelot::fuzz::targets())
    if (name != nullptr && target.name == std::string_view(name)) chosen = &target;
  if (chosen == nullptr) {
    std::fprintf(stderr, "camelot_fuzz: set CAMELOT_FUZZ_TARGET to one of:");
    for (const camelot::fuzz::Target& target : camelot::fuzz::targets())
      std::fprintf(stderr, " %.*s", static_cast<int>(target.name.size()), target.name.data());
    std::fprintf(stderr, "\n");
    std::exit(2);
  }
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  chosen->run({data, size});
  return 0;
}
