#include "training/run/sparring.hpp"

#include <random>

#include "engine/random/splitmix64.hpp"

namespace camelot {

std::optional<SparringSide> sparringSideOf(const TrainConfig& config, std::int64_t generation,
                                           int number) {
  const auto& partners = config.selfplay.sparringPartners;
  if (partners.empty()) return std::nullopt;
  std::mt19937_64 rng(mixSeed(
      config.run.seed ^ 0x59a7712e9ULL,
      static_cast<std::uint64_t>(generation) * 1'000'000 + static_cast<std::uint64_t>(number)));
  if (!std::bernoulli_distribution(config.selfplay.sparringFraction)(rng)) return std::nullopt;
  return SparringSide{number % 2, partners[static_cast<std::size_t>(number / 2) % partners.size()]};
}

}  // namespace camelot
