#pragma once
// The small mlp checkpoint the model tests read (tests/data/mlp-tiny.ckpt).

#include <filesystem>

namespace camelot::testing_support {

inline const std::filesystem::path kTinyMlp =
    std::filesystem::path(CAMELOT_TEST_DATA) / "mlp-tiny.ckpt";

}  // namespace camelot::testing_support
