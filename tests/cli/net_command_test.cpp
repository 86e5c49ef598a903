// `camelot net init`, `camelot net info` and `camelot analyze`: exact headers, refusals that
// keep existing files, and an analysis whose moves are legal.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "engine/game.hpp"
#include "engine/notation.hpp"
#include "engine/rules_status.hpp"
#include "nn/checkpoint.hpp"
#include "tests/cli/cli_runner.hpp"
#include "tests/scratch_dir.hpp"

namespace camelot::cli {
namespace {

class NetCommand : public ::testing::Test {
 protected:
  std::string file(const std::string& name) const { return (dir_ / name).string(); }

  // A small network, fast to search with.
  std::string smallNet() {
    const std::string path = file("small.ckpt");
    const CliResult r =
        runCamelot({"net", "init", "--architecture", "resnet", "--blocks", "1", "--channels", "8",
                    "--policy-channels", "4", "--seed", "3", "--out", path});
    EXPECT_EQ(r.status, 0) << r.err;
    return path;
  }
  // `camelot analyze` of `net` to depth 3 from its value on: the value, the priors, the values
  // after each move and the principal variation (not the time taken, nor the node count).
  static std::string analysisFromValue(const std::string& net) {
    const CliResult r = runCamelot({"analyze", "--player", "net:" + net + ",depth=3"});
    EXPECT_EQ(r.status, 0) << r.err;
    const std::size_t value = r.out.find("value ", r.out.find("Search:"));
    return value == std::string::npos ? r.out : r.out.substr(value);
  }
  // `args` fail with exit status 1 and the one line `err`.
  static void expectRefused(const std::vector<std::string>& args, const std::string& err) {
    const CliResult r = runCamelot(args);
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(r.err, err);
  }
  // A fresh mlp (seed 4) of `accumulator` and `hidden` units in `name`.
  std::string freshMlp(const std::string& name, int accumulator, int hidden) {
    const std::string path = file(name);
    const CliResult r =
        runCamelot({"net", "init", "--accumulator", std::to_string(accumulator), "--hidden",
                    std::to_string(hidden), "--seed", "4", "--out", path});
    EXPECT_EQ(r.status, 0) << r.err;
    return path;
  }

 private:
  testing_support::ScratchDir dir_;
};

TEST_F(NetCommand, InitWritesAndInfoReadsTheHeader) {
  const std::string path = smallNet();
  const CliResult info = runCamelot({"net", "info", path, "--json"});
  ASSERT_EQ(info.status, 0) << info.err;
  const auto j = nlohmann::json::parse(info.out);
  EXPECT_EQ(j["config"]["blocks"], 1);
  EXPECT_EQ(j["config"]["channels"], 8);
  EXPECT_EQ(j["config"]["policy_channels"], 4);
  EXPECT_EQ(j["config"]["history_plies"], 2);
  EXPECT_EQ(j["config"]["tactical_planes"], true);
  EXPECT_EQ(j["generation"], 0);
  EXPECT_EQ(j["training_step"], 0);
  EXPECT_EQ(j["encoding_version"], 2);

  const CliResult text = runCamelot({"net", "info", path});
  EXPECT_NE(text.out.find("network:          1x8 (pool every 3, policy 4, value 32/128, history 2, "
                          "tactical planes)"),
            std::string::npos)
      << text.out;
}

TEST_F(NetCommand, InitWritesAnMlpByDefaultAndInfoShowsItsSizes) {
  const std::string path = file("fast.ckpt");
  const CliResult init = runCamelot(
      {"net", "init", "--accumulator", "64", "--hidden", "16", "--seed", "2", "--out", path});
  ASSERT_EQ(init.status, 0) << init.err;
  EXPECT_EQ(init.out, "wrote " + path + ": mlp 64-16-16 (moves 32), seed 2\n");
  const CliResult info = runCamelot({"net", "info", path, "--json"});
  ASSERT_EQ(info.status, 0) << info.err;
  EXPECT_EQ(nlohmann::json::parse(info.out)["config"],
            nlohmann::json::parse(R"({"architecture": "mlp", "variant": "standard",
                                      "accumulator": 64, "hidden": 16,
                                      "move_embedding": 32, "history_plies": 0})"));
  const CliResult text = runCamelot({"net", "info", path});
  EXPECT_NE(text.out.find("architecture:     mlp\nnetwork:          mlp 64-16-16 (moves 32)\n"),
            std::string::npos)
      << text.out;
}

TEST_F(NetCommand, WidenWritesAWiderMlpThatSearchesAsTheNarrowOneDoes) {
  const std::string narrow = freshMlp("narrow.ckpt", 32, 8), wide = file("wide.ckpt");
  const CliResult widen =
      runCamelot({"net", "widen", narrow, "--accumulator", "64", "--out", wide});
  ASSERT_EQ(widen.status, 0) << widen.err;
  EXPECT_EQ(widen.out, "wrote " + wide + ": mlp 64-8-8 (moves 32), from mlp 32-8-8 (moves 32) (" +
                           narrow + "), the same outputs\n");
  const CliResult info = runCamelot({"net", "info", wide, "--json"});
  ASSERT_EQ(info.status, 0) << info.err;
  EXPECT_EQ(nlohmann::json::parse(info.out)["config"]["accumulator"], 64);
  // The same analysis to depth 3: value, priors, the values after each move and the principal
  // variation (the node counts may differ by a few: the integer inference rounds the split
  // weights).
  EXPECT_EQ(analysisFromValue(wide), analysisFromValue(narrow));

  // Refusals, each one line, the existing file kept.
  const std::string before = testing_support::readText(wide);
  expectRefused({"net", "widen", narrow, "--accumulator", "96", "--out", wide},
                "camelot net widen: " + wide + ": already exists (use --force to replace it)\n");
  expectRefused(
      {"net", "widen", wide, "--accumulator", "32", "--out", file("x.ckpt")},
      "camelot net widen: " + wide + ": has 64 accumulator units; --accumulator must be more\n");
  expectRefused({"net", "widen", smallNet(), "--accumulator", "64", "--out", file("y.ckpt")},
                "camelot net widen: " + file("small.ckpt") + ": not an mlp network\n");
  EXPECT_EQ(testing_support::readText(wide), before);
  EXPECT_FALSE(std::filesystem::exists(file("x.ckpt")));
}

TEST_F(NetCommand, WidenWidensTheDenseLayersAloneOrWithTheAccumulator) {
  const std::string narrow = freshMlp("narrow.ckpt", 32, 8);
  const std::string widerHidden = file("hidden.ckpt"), both = file("both.ckpt");
  const CliResult hidden =
      runCamelot({"net", "widen", narrow, "--hidden", "12", "--out", widerHidden});
  ASSERT_EQ(hidden.status, 0) << hidden.err;
  EXPECT_EQ(hidden.out, "wrote " + widerHidden +
                            ": mlp 32-12-12 (moves 32), from mlp 32-8-8 (moves 32) (" + narrow +
                            "), the same outputs\n");
  EXPECT_EQ(analysisFromValue(widerHidden), analysisFromValue(narrow));
  const CliResult wide =
      runCamelot({"net", "widen", narrow, "--accumulator", "48", "--hidden", "16", "--out", both});
  ASSERT_EQ(wide.status, 0) << wide.err;
  EXPECT_EQ(wide.out, "wrote " + both + ": mlp 48-16-16 (moves 32), from mlp 32-8-8 (moves " +
                          "32) (" + narrow + "), the same outputs\n");
  EXPECT_EQ(analysisFromValue(both), analysisFromValue(narrow));

  expectRefused({"net", "widen", narrow, "--out", file("x.ckpt")},
                "camelot net widen: give --accumulator, --hidden or both: the widths to widen "
                "to\n");
  expectRefused(
      {"net", "widen", widerHidden, "--hidden", "12", "--out", file("x.ckpt")},
      "camelot net widen: " + widerHidden + ": has 12 hidden units; --hidden must be more\n");
  expectRefused({"net", "widen", narrow, "--hidden", "2000", "--out", file("x.ckpt")},
                "camelot net widen: hidden must be in 1..1024 (got 2000)\n");
  EXPECT_FALSE(std::filesystem::exists(file("x.ckpt")));
}

TEST_F(NetCommand, AverageWritesTheMeanOfMlpsOfOneShapeAndRefusesOthers) {
  const std::string a = freshMlp("a.ckpt", 32, 8), mean = file("mean.ckpt");
  // The mean of a network with itself searches as it does.
  const CliResult made = runCamelot({"net", "average", a, a, "--out", mean});
  ASSERT_EQ(made.status, 0) << made.err;
  EXPECT_EQ(made.out, "wrote " + mean + ": mlp 32-8-8 (moves 32), the mean of 2 networks\n");
  EXPECT_EQ(analysisFromValue(mean), analysisFromValue(a));

  const std::string before = testing_support::readText(mean);
  expectRefused({"net", "average", a, a, "--out", mean},
                "camelot net average: " + mean + ": already exists (use --force to replace it)\n");
  const std::string wide = freshMlp("wide.ckpt", 64, 8);
  expectRefused({"net", "average", a, wide, "--out", file("x.ckpt")},
                "camelot net average: " + wide + ": mlp 64-8-8 (moves 32), where " + a +
                    " is mlp 32-8-8 (moves 32): only networks of one shape are averaged\n");
  expectRefused({"net", "average", a, smallNet(), "--out", file("x.ckpt")},
                "camelot net average: " + file("small.ckpt") + ": not an mlp network\n");
  const CliResult one = runCamelot({"net", "average", a, "--out", file("x.ckpt")});
  EXPECT_EQ(one.status, 2);
  EXPECT_NE(one.err.find("give two networks or more to average"), std::string::npos) << one.err;
  EXPECT_FALSE(std::filesystem::exists(file("x.ckpt")));
  EXPECT_EQ(testing_support::readText(mean), before);
}

TEST_F(NetCommand, NarrowWritesAnMlpWithFewerUnitsAndRefusesBadWidths) {
  const std::string wide = freshMlp("wide.ckpt", 32, 32), narrow = file("narrow.ckpt");
  const CliResult made = runCamelot({"net", "narrow", wide, "--hidden", "16", "--out", narrow});
  ASSERT_EQ(made.status, 0) << made.err;
  EXPECT_EQ(made.out, "wrote " + narrow +
                          ": mlp 32-16-16 (moves 32), from mlp 32-32-32 (moves 32) (" + wide +
                          "), close to its outputs: train on from it with --init\n");
  const CliResult info = runCamelot({"net", "info", narrow, "--json"});
  ASSERT_EQ(info.status, 0) << info.err;
  EXPECT_EQ(nlohmann::json::parse(info.out)["config"]["hidden"], 16);
  EXPECT_EQ(runCamelot({"analyze", "--player", "net:" + narrow + ",depth=2"}).status, 0);
  const std::string thin = file("thin.ckpt");
  const CliResult thinned =
      runCamelot({"net", "narrow", wide, "--accumulator", "16", "--hidden", "8", "--out", thin});
  ASSERT_EQ(thinned.status, 0) << thinned.err;
  EXPECT_EQ(thinned.out, "wrote " + thin +
                             ": mlp 16-8-8 (moves 32), from mlp 32-32-32 (moves 32) (" + wide +
                             "), close to its outputs: train on from it with --init\n");
  EXPECT_EQ(runCamelot({"analyze", "--player", "net:" + thin + ",depth=2"}).status, 0);

  expectRefused({"net", "narrow", wide, "--hidden", "8", "--out", narrow},
                "camelot net narrow: " + narrow + ": already exists (use --force to replace it)\n");
  expectRefused(
      {"net", "narrow", narrow, "--hidden", "16", "--out", file("x.ckpt")},
      "camelot net narrow: " + narrow + ": has 16 hidden units; --hidden must be fewer\n");
  expectRefused({"net", "narrow", narrow, "--accumulator", "32", "--out", file("x.ckpt")},
                "camelot net narrow: " + narrow +
                    ": has 32 accumulator units; --accumulator must be fewer\n");
  expectRefused({"net", "narrow", narrow, "--out", file("x.ckpt")},
                "camelot net narrow: give --accumulator, --hidden or both: the widths to narrow "
                "to\n");
  expectRefused({"net", "narrow", smallNet(), "--hidden", "8", "--out", file("y.ckpt")},
                "camelot net narrow: " + file("small.ckpt") + ": not an mlp network\n");
  EXPECT_FALSE(std::filesystem::exists(file("x.ckpt")));
}

TEST_F(NetCommand, SameSeedSameFile) {
  const std::string a = smallNet();
  const std::string b = file("again.ckpt");
  ASSERT_EQ(runCamelot({"net", "init", "--architecture", "resnet", "--blocks", "1", "--channels",
                        "8", "--policy-channels", "4", "--seed", "3", "--out", b})
                .status,
            0);
  EXPECT_EQ(testing_support::readText(a), testing_support::readText(b));
}

TEST_F(NetCommand, InitRefusesToOverwriteAndRejectsBadSettings) {
  const std::string path = smallNet();
  const auto before = std::filesystem::file_size(path);
  const CliResult again = runCamelot({"net", "init", "--out", path});
  EXPECT_EQ(again.status, 1);
  EXPECT_EQ(again.err,
            "camelot net init: " + path + ": already exists (use --force to replace it)\n");
  EXPECT_EQ(std::filesystem::file_size(path), before);

  const CliResult odd = runCamelot(
      {"net", "init", "--architecture", "resnet", "--channels", "63", "--out", file("odd.ckpt")});
  EXPECT_EQ(odd.status, 1);
  EXPECT_EQ(odd.err, "camelot net init: channels must be even and in 2..512 (got 63)\n");
  EXPECT_FALSE(std::filesystem::exists(file("odd.ckpt")));

  const CliResult mixed = runCamelot({"net", "init", "--blocks", "2", "--out", file("mixed.ckpt")});
  EXPECT_EQ(mixed.status, 2);
  EXPECT_EQ(mixed.err, "camelot net init: --blocks is not a setting of --architecture mlp\n");
  EXPECT_FALSE(std::filesystem::exists(file("mixed.ckpt")));
  const CliResult narrow =
      runCamelot({"net", "init", "--accumulator", "4", "--out", file("narrow.ckpt")});
  EXPECT_EQ(narrow.status, 1);
  EXPECT_EQ(narrow.err, "camelot net init: accumulator must be in 8..4096 (got 4)\n");
}

// `net check` compares an mlp's integer inference with its float one on random positions: three
// figures, each a small difference, the same at every run; a residual net, which has no integer
// form, is refused in one line.
TEST_F(NetCommand, CheckPrintsTheIntegerInferencesLargestDifferencesFromFloat) {
  const std::string path = freshMlp("mlp.ckpt", 32, 8);
  const std::vector<std::string> args{"net", "check", path, "--positions", "300"};
  const CliResult r = runCamelot(args);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.substr(0, r.out.find('\n')),
            path + " (mlp 32-8-8 (moves 32)): integer inference against float on 300 positions " +
                "of random games (seed 17), largest differences");
  double expected = -1, mean = -1, wdl = -1, prior = -1;
  ASSERT_EQ(std::sscanf(r.out.c_str() + r.out.find('\n') + 1,
                        "  expected score (win - loss): %lf (mean %lf)\n"
                        "  win, draw or loss: %lf\n  a move's prior: %lf",
                        &expected, &mean, &wdl, &prior),
            4)
      << r.out;
  for (const double d : {expected, mean, wdl, prior}) {
    EXPECT_GE(d, 0.0);
    EXPECT_LT(d, 0.02);
  }
  EXPECT_LE(mean, expected);
  EXPECT_EQ(runCamelot(args).out, r.out);
  expectRefused({"net", "check", smallNet()},
                "camelot net check: " + file("small.ckpt") +
                    ": a residual net runs in float alone; net check compares an mlp's integer "
                    "inference with its float one\n");
}

TEST_F(NetCommand, CorruptOrMissingCheckpointIsOneErrorLine) {
  const std::string path = smallNet();
  std::filesystem::resize_file(path, std::filesystem::file_size(path) - 10);
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"net", "info", path},
        std::vector<std::string>{"analyze", "--net", path},
        std::vector<std::string>{"analyze", "--net", file("missing.ckpt")}}) {
    const CliResult r = runCamelot(args);
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_TRUE(r.out.empty());
  }
  EXPECT_NE(runCamelot({"net", "info", path}).err.find("truncated"), std::string::npos);
}

// info reads the whole file as loading does: a flipped weight byte (the header intact) is an
// error, and the checksum it verified is in --json.
TEST_F(NetCommand, InfoVerifiesTheWeightsAndShowsTheirChecksum) {
  const std::string path = smallNet();
  const CliResult good = runCamelot({"net", "info", path, "--json"});
  ASSERT_EQ(good.status, 0) << good.err;
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx",
                static_cast<unsigned long long>(readCheckpointHeader(path).weightsChecksum));
  EXPECT_EQ(nlohmann::json::parse(good.out)["weights_checksum"], hex);
  EXPECT_NE(
      runCamelot({"net", "info", path}).out.find(std::string("checksum ") + hex + " (verified)"),
      std::string::npos);

  std::fstream file(path, std::ios::in | std::ios::out | std::ios::binary);
  file.seekg(-100, std::ios::end);
  char byte = 0;
  file.read(&byte, 1);
  byte = static_cast<char>(byte ^ 0x10);
  file.seekp(-100, std::ios::end);
  file.write(&byte, 1);
  file.close();
  const CliResult bad = runCamelot({"net", "info", path});
  EXPECT_EQ(bad.status, 1);
  EXPECT_EQ(bad.err, "camelot net info: " + path + ": checksum mismatch (weights corrupt)\n");
  EXPECT_TRUE(bad.out.empty());
}

TEST_F(NetCommand, AnalyzeListsLegalMovesWithVisitsAndAPrincipalVariation) {
  const std::string path = smallNet();
  const CliResult r = runCamelot({"analyze", "--net", path, "--moves", "F7-F8 E10-E9", "--sims",
                                  "64", "--top", "5", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["simulations"], 64);
  ASSERT_EQ(j["moves"].size(), 5u);
  Game game;
  game.play(parseMove(game.position(), "F7-F8"));
  game.play(parseMove(game.position(), "E10-E9"));
  int visits = 0;
  int previous = 1 << 30;
  for (const auto& m : j["moves"]) {
    EXPECT_NO_THROW(parseMove(game.position(), m["move"].get<std::string>()));
    EXPECT_LE(m["visits"].get<int>(), previous);  // most visited first
    previous = m["visits"].get<int>();
    visits += previous;
    const auto wdl = m["wdl"];
    EXPECT_NEAR(wdl[0].get<double>() + wdl[1].get<double>() + wdl[2].get<double>(), 1.0, 1e-5);
  }
  EXPECT_LE(visits, 63);  // the root's own evaluation is the 64th simulation
  // The principal variation is a legal line from the position.
  ASSERT_FALSE(j["pv"].empty());
  EXPECT_EQ(j["pv"][0], j["moves"][0]["move"]);
  for (const auto& m : j["pv"])
    game.play(parseMove(game.position(), m.get<std::string>()));

  const CliResult table = runCamelot({"analyze", "--net", path, "--sims", "16"});
  ASSERT_EQ(table.status, 0);
  EXPECT_NE(table.out.find("Search:     16 simulations"), std::string::npos) << table.out;
  EXPECT_NE(table.out.find("PV:"), std::string::npos);
}

TEST_F(NetCommand, AnalyzeTakesANetworkPlayerSpec) {
  const std::string path = smallNet();
  // The spec's own budget and search: Gumbel with 16 simulations.
  const CliResult r =
      runCamelot({"analyze", "--player", "net:" + path + ",sims=16,search=gumbel", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out)["simulations"], 16);

  const CliResult classical = runCamelot({"analyze", "--player", "greedy"});
  EXPECT_EQ(classical.status, 2);
  EXPECT_EQ(classical.err,
            "camelot analyze: analyze reads a network or a tree search: --player must be "
            "net:FILE[,...], mcts:... or gumbel:..., not 'greedy'\n");
  // A tree search without a network: visits and Q, no W/D/L.
  const CliResult mcts =
      runCamelot({"analyze", "--player", "mcts:sims=64", "--top", "3", "--json"});
  ASSERT_EQ(mcts.status, 0) << mcts.err;
  const auto tree = nlohmann::json::parse(mcts.out);
  EXPECT_EQ(tree["search"], "mcts:sims=64,eval=uniform");
  EXPECT_EQ(tree["simulations"], 64);
  EXPECT_FALSE(tree.contains("wdl"));
  ASSERT_EQ(tree["moves"].size(), 3u);
  EXPECT_GE(tree["moves"][0]["visits"].get<int>(), tree["moves"][1]["visits"].get<int>());
  EXPECT_FALSE(tree["moves"][0].contains("wdl"));
  // Neither: the shipped network.
  const CliResult shipped = runCamelot({"analyze", "--sims", "16", "--json"});
  ASSERT_EQ(shipped.status, 0) << shipped.err;
  EXPECT_EQ(nlohmann::json::parse(shipped.out)["simulations"], 16);
  EXPECT_EQ(runCamelot({"analyze", "--net", path, "--player", "net:" + path}).status, 2);
}

TEST_F(NetCommand, AnalyzeByAlphaBetaListsItsMoveFirstThenThePriors) {
  const std::string path = smallNet();
  const CliResult r =
      runCamelot({"analyze", "--net", path, "--depth", "2", "--top", "4", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["search"], "alphabeta");
  EXPECT_EQ(j["depth"], 2);
  EXPECT_GT(j["nodes"].get<int>(), 20);
  ASSERT_EQ(j["moves"].size(), 4u);
  ASSERT_FALSE(j["pv"].empty());
  EXPECT_EQ(j["pv"][0], j["moves"][0]["move"]);
  for (std::size_t i = 2; i < 4; ++i)
    EXPECT_LE(j["moves"][i]["prior"].get<double>(), j["moves"][i - 1]["prior"].get<double>());
  Game game;
  for (const auto& m : j["pv"])
    game.play(parseMove(game.position(), m.get<std::string>()));

  const CliResult table = runCamelot({"analyze", "--net", path, "--depth", "2"});
  ASSERT_EQ(table.status, 0) << table.err;
  EXPECT_NE(table.out.find("Search:     alpha-beta to depth 2, "), std::string::npos) << table.out;
  // Options of the other search are one error line.
  const CliResult mixed =
      runCamelot({"analyze", "--net", path, "--search", "alphabeta", "--sims", "8"});
  EXPECT_EQ(mixed.status, 2);
  EXPECT_NE(mixed.err.find("unknown option 'sims'"), std::string::npos) << mixed.err;
}

TEST_F(NetCommand, AnalyzeRefusesAFinishedGame) {
  const std::string path = smallNet();
  // R9 a: White on F16 (Black's castle) with a lone Black man has won.
  const CliResult r = runCamelot(
      {"analyze", "--net", path, "--fen", "2/8/10/12/12/12/12/12/12/12/12/12/12/10/8/M1 w 0 0 0"});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("the game is over"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace camelot::cli
