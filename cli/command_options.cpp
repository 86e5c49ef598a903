#include "cli/command_options.hpp"

#include <charconv>
#include <cmath>
#include <vector>

#include "cli/variant.hpp"

namespace camelot::cli {

CLI::Validator realRange(double low, double high) {
  return CLI::Validator(
             [](std::string& text) -> std::string {
               double value = 0.0;
               const auto [end, error] =
                   std::from_chars(text.data(), text.data() + text.size(), value);
               return error == std::errc() && std::isnan(value) ? "not a number: " + text : "";
             },
             "", "not NaN") &
         CLI::Range(low, high);
}

void addVariantOption(CLI::App* command, std::optional<Variant>& variant, const std::string& what,
                      const std::string& fallback) {
  command
      ->add_option_function<std::string>(
          "--variant", [&variant](const std::string& name) { variant = parseVariant(name); },
          "standard or grand (Grand Camelot, positions as GFEN" + what + "); default: " + fallback)
      ->check(CLI::IsMember(kVariantNames));
}

void addPlayerChoice(CLI::App* command, PlayerChoice& choice) {
  std::vector<CLI::Option*> network{
      command->add_option("--net", choice.net,
                          "Network checkpoint (default: the shipped network, " +
                              shippedNetwork().string() + "; in Grand Camelot " +
                              shippedGrandNetwork().string() + ")"),
      command
          ->add_option("--search", choice.search,
                       "The network's search: alphabeta (on its value and policy; the default), "
                       "puct (the default with --sims) or gumbel")
          ->check(CLI::IsMember({"alphabeta", "puct", "gumbel"})),
      command->add_option("--depth", choice.depth, "Alpha-beta: plies to search")
          ->check(CLI::Range(1, 64)),
      command->add_option("--sims", choice.simulations, "PUCT or Gumbel: simulations a move")
          ->check(CLI::Range(1, 10000000)),
      command
          ->add_option("--time", choice.milliseconds,
                       "Milliseconds a move (alpha-beta: 1000 unless --depth is given; a tree "
                       "search: 800 simulations unless --time is given)")
          ->check(CLI::Range(1, 3600000))};
  CLI::Option* player = command->add_option(
      "--player", choice.player,
      "Or any player spec: net:FILE[,search=alphabeta|puct|gumbel][,depth=D][,sims=N][,time=MS], "
      "alphabeta:depth=3, mcts:sims=800, ...");
  for (CLI::Option* option : network)
    player->excludes(option);
}

}  // namespace camelot::cli
