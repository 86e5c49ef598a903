// The node-rate rows of nn_bench alone (benchmarks/node_rate.hpp): the shipped network, or
// --network FILE, and the shipped Grand network, or --grand-network FILE, as alpha-beta's judge
// against the hand-written evaluations, printed as `alpha-beta with the network: N% of the
// nodes/s of the hand-written evaluation`. Linked without LibTorch, so that it runs on any host
// a `camelot` binary runs on (with the shared libraries `camelot` needs).
//
//   node_rate_bench [--network FILE] [--grand-network FILE]
#include <cstdio>
#include <cstring>
#include <exception>
#include <filesystem>

#include "benchmarks/node_rate.hpp"
#include "nn/mlp/simd.hpp"

int main(int argc, char** argv) {
  using namespace camelot;
  std::filesystem::path network = "networks/camelotzero.ckpt";
  std::filesystem::path grandNetwork = "networks/grand.ckpt";
  for (int i = 1; i < argc; ++i) {
    const bool hasValue = i + 1 < argc;
    if (!std::strcmp(argv[i], "--network") && hasValue) {
      network = argv[++i];
    } else if (!std::strcmp(argv[i], "--grand-network") && hasValue) {
      grandNetwork = argv[++i];
    } else {
      std::fprintf(stderr,
                   "node_rate_bench: unknown argument '%s' (usage: node_rate_bench "
                   "[--network FILE] [--grand-network FILE])\n",
                   argv[i]);
      return 2;
    }
  }
  // Each row is printed as it is measured: a row takes tens of seconds.
  std::setvbuf(stdout, nullptr, _IOLBF, 0);
  try {
    std::printf("network %s, integer kernels: %s\n", network.c_str(), simd::instructionSet());
    bench::nodeRateTable(bench::networkForms(network), bench::benchPositions(512));
    bench::grandNodeRateTable(grandNetwork);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "node_rate_bench: %s\n", e.what());
    return 1;
  }
  return 0;
}
