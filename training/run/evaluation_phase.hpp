#pragma once
// A generation's evaluation: the new network against the previous one and the baselines, an
// arena gauntlet in paired openings (the same every generation), every `evaluation.every`-th
// generation. The games join the run's results.csv, whose Bradley-Terry fit over all
// generations is the run's ratings.csv.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>

#include "engine/game_rules.hpp"
#include "training/run/train_config.hpp"
#include "training/text/progress.hpp"

namespace camelot {

struct GenerationScores {
  // Metrics columns: score_X and elo_X for each opponent, rating and rating_margin.
  std::map<std::string, std::string> cells;
  std::string summary;  // one line for the log; empty when no games were played
};

// Plays and rates `generation`'s evaluation games (none in the generations between
// `evaluation.every`), or nullopt when `stop` said so before they were done. In either variant.
template <class Rules = StandardRules>
std::optional<GenerationScores> evaluateGeneration(const std::filesystem::path& runDirectory,
                                                   const TrainConfig& config,
                                                   std::int64_t generation, Progress& progress,
                                                   const std::function<bool()>& stop);

}  // namespace camelot
