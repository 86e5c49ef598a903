#include <algorithm>
#include <istream>
#include <memory>
#include <nlohmann/json.hpp>
#include <ostream>

#include "cli/command.hpp"
#include "cli/command_options.hpp"
#include "cli/input_error.hpp"
#include "cli/variant.hpp"
#include "engine/cfen.hpp"
#include "engine/grand/grand_rules.hpp"
#include "engine/notation.hpp"
#include "engine/rules_status.hpp"

namespace camelot::cli {
namespace {

std::string quoted(const std::string& text) {
  return nlohmann::json(text).dump();
}

// {"fen": F, "outcome": O, "moves": [[notation, result_cfen], ...]}, moves in byte order of
// their notation. R9 a-d and f apply; repetition needs a history and does not.
void writeLegal(const Position& position, std::ostream& out) {
  const MoveList generated = legalMoves(position);
  const GameStatus status = statusWithMoves(position, generated, ClockRule::Apply);
  std::vector<std::pair<std::string, std::string>> moves;
  if (!status.finished()) {
    for (const Move& m : generated)
      moves.emplace_back(toNotation(m), toCfen(position.after(m)));
    std::sort(moves.begin(), moves.end());
  }
  out << "{\"fen\": " << quoted(toCfen(position))
      << ", \"outcome\": " << quoted(std::string(outcomeName(status.outcome))) << ", \"moves\": [";
  for (std::size_t i = 0; i < moves.size(); ++i)
    out << (i > 0 ? ", " : "") << '[' << quoted(moves[i].first) << ", " << quoted(moves[i].second)
        << ']';
  out << "]}\n";
}

// The same for Grand Camelot: outcome "none", "rb", "gy" or "draw" (G12.1-4), a forced pass
// as the one move "pass" (G11).
void writeGrandLegal(const grand::GrandPosition& position, std::ostream& out) {
  const grand::GrandOutcome outcome = grand::outcomeOf(position);
  const std::string name = outcome.kind == grand::GrandOutcome::Kind::Win
                               ? grand::partnershipName(outcome.winner)
                           : outcome.kind == grand::GrandOutcome::Kind::Draw ? "draw"
                                                                             : "none";
  out << "{\"fen\": " << quoted(grand::toGfen(position)) << ", \"outcome\": " << quoted(name)
      << ", \"moves\": [";
  const std::vector<grand::GrandMove> moves = grand::legalMoves(position);
  for (std::size_t i = 0; i < moves.size(); ++i)
    out << (i > 0 ? ", " : "") << '[' << quoted(grand::notation(moves[i])) << ", "
        << quoted(grand::toGfen(grand::afterMove(position, moves[i]))) << ']';
  out << "]}\n";
}

// One position's line, in the variant chosen or written.
void writeAnyLegal(const std::string& text, const std::optional<Variant>& variant,
                   std::ostream& out) {
  if (variantOf(variant, text) == Variant::Grand)
    writeGrandLegal(grandPositionOf(text), out);
  else
    writeLegal(parseCfen(text), out);
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
