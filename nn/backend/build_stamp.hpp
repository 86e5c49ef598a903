#pragma once
// The build a binary came from: "camelot VERSION (commit C)", written at build time
// (cmake/version.cmake). The program and the LibTorch backend (libcamelot_torch.so) each carry
// their own copy, and the loader refuses a backend whose stamp differs from the program's: a
// library left beside a program from another build shares no layout with it and would crash.

namespace camelot {

const char* buildStamp();

}  // namespace camelot
