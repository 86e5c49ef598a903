#include <algorithm>
#include <istream>
#include <memory>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "cli/command.hpp"
#include "cli/command_options.hpp"
#include "cli/input_error.hpp"
#include "cli/variant.hpp"
#include "cli/variant_text.hpp"
#include "engine/rules_status.hpp"

namespace camelot::cli {
namespace {

std::string quoted(const std::string& text) {
  return nlohmann::json(text).dump();
}

// How a position stands without its history: the outcome's word and whether the game is over.
struct Standing {
  std::string outcome;
  bool finished = false;
};

// R9 a-d and f (repetition needs a history and does not apply): "none", "white", "black",
// "draw".
Standing standingOf(const Position& position, const MoveList& legal) {
  const GameStatus status = statusWithMoves(position, legal, ClockRule::Apply);
  return {std::string(outcomeName(status.outcome)), status.finished()};
}

// G12.1-4: "none", "rb", "gy" or "draw"; a forced pass is the one move "pass" (G11).
Standing standingOf(const grand::GrandPosition& position, const std::vector<grand::GrandMove>&) {
  const grand::GrandOutcome outcome = grand::outcomeOf(position);
  const std::string name = outcome.kind == grand::GrandOutcome::Kind::Win
                               ? grand::partnershipName(outcome.winner)
                           : outcome.kind == grand::GrandOutcome::Kind::Draw ? "draw"
                                                                             : "none";
  return {name, outcome.finished()};
}

// {"fen": F, "outcome": O, "moves": [[notation, resulting position], ...]}, moves in byte order
// of their notation, none once the game is over.
template <class Rules>
void writeLegal(const typename Rules::Position& position, std::ostream& out) {
  using Text = VariantText<Rules>;
  typename Rules::MoveList generated;
  Rules::legalMoves(position, generated);
  const Standing standing = standingOf(position, generated);
  std::vector<std::pair<std::string, std::string>> moves;
  if (!standing.finished) {
    for (const typename Rules::Move& m : generated)
      moves.emplace_back(Text::move(m), Rules::positionText(Rules::after(position, m)));
    std::sort(moves.begin(), moves.end());
  }
  out << "{\"fen\": " << quoted(Rules::positionText(position))
      << ", \"outcome\": " << quoted(standing.outcome) << ", \"moves\": [";
  for (std::size_t i = 0; i < moves.size(); ++i)
    out << (i > 0 ? ", " : "") << '[' << quoted(moves[i].first) << ", " << quoted(moves[i].second)
        << ']';
  out << "]}\n";
}

// One position's line, in the variant chosen or written.
void writeAnyLegal(const std::string& text, const std::optional<Variant>& variant,
                   std::ostream& out) {
  withRules(variantOf(variant, text),
            [&]<class Rules>(Rules) { writeLegal<Rules>(Rules::parsePosition(text), out); });
}

struct LegalOptions {
  std::optional<std::string> fen;  // none: one position a line of standard input
  std::optional<Variant> variant;  // --variant; none: the position's
};

// With a FEN: one position. Without: one position per line of `in`.
void runLegal(const LegalOptions& options, std::istream& in, std::ostream& out) {
  if (options.fen) {
    writeAnyLegal(*options.fen, options.variant, out);
    return;
  }
  std::string line;
  for (int lineNumber = 1; std::getline(in, line); ++lineNumber) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    if (line.back() == '\r') line.pop_back();
    try {
      writeAnyLegal(line, options.variant, out);
    } catch (const CfenError& e) {
      throw InputError("standard input line " + std::to_string(lineNumber) + ": " + e.what());
    } catch (const grand::GfenError& e) {
      throw InputError("standard input line " + std::to_string(lineNumber) + ": " + e.what());
    }
    out.flush();
  }
}

}  // namespace

void addLegalCommand(CLI::App& app, Commands& commands) {
  auto options = std::make_shared<LegalOptions>();
  CLI::App* legal =
      app.add_subcommand("legal",
                         "Print the legal moves of positions as JSON lines: "
                         "{\"fen\": F, \"outcome\": O, \"moves\": [[notation, result_cfen], ...]}. "
                         "Without --fen, reads one CFEN per line from standard input.");
  legal->add_option("--fen", options->fen,
                    "Position as CFEN (GFEN for Grand Camelot), or 'startpos'");
  addVariantOption(legal, options->variant,
                   "; outcome none, rb, gy or draw; a forced pass is the move 'pass'");
  commands.add(legal, [options](const CommandStreams& io) { runLegal(*options, io.in, io.out); });
}

}  // namespace camelot::cli
