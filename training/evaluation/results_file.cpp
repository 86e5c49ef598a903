#include "training/evaluation/results_file.hpp"

#include <fstream>
#include <sstream>

#include "engine/cfen.hpp"
#include "training/text/csv.hpp"

namespace camelot {
namespace {

constexpr const char* kHeader = "white,black,result,reason,plies,start,note";

std::string resultText(Outcome outcome) {
  switch (outcome) {
    case Outcome::WhiteWins:
      return "1-0";
    case Outcome::BlackWins:
      return "0-1";
    default:
      return "1/2-1/2";
  }
}

// `text` as one CSV field on one line: readResults reads a game a line, so a line break (which
// an outside engine's answer quoted in a note may hold) becomes a space.
std::string oneLineField(std::string text) {
  for (char& c : text)
    if (c == '\n' || c == '\r') c = ' ';
  return csvField(text);
}

}  // namespace

std::string resultsHeader() {
  return std::string(kHeader) + '\n';
}

std::string resultsLine(const GameRecord& record) {
  return oneLineField(record.white) + ',' + oneLineField(record.black) + ',' +
         resultText(record.status.outcome) + ',' +
         std::string(endReasonName(record.status.reason)) + ',' +
         std::to_string(record.moves.size()) + ',' + toCfen(record.start) + ',' +
         oneLineField(record.note) + '\n';
}

std::string resultsLine(const GrandGameRecord& record) {
  const bool won = record.outcome.kind == grand::GrandOutcome::Kind::Win;
  const std::string result = !won ? "1/2-1/2" : record.outcome.winner == 0 ? "1-0" : "0-1";
  return oneLineField(record.rb) + ',' + oneLineField(record.gy) + ',' + result + ',' +
         record.outcome.reason + ',' + std::to_string(record.moves.size()) + ',' +
         grand::toGfen(record.start) + ",\n";
}

namespace {

// Calls onLine(line, number, where) for each line of `file` that ends in a line break; a last
// line without one (a writer stopped in the middle of it) is skipped with a warning. Returns
// whether the file holds any line.
template <class OnLine>
bool forEachWholeLine(const std::filesystem::path& file, std::vector<std::string>& warnings,
                      OnLine&& onLine) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw ResultsError(file.string() + ": cannot read it (no such file?)");
  const std::string text((std::istreambuf_iterator<char>(in)), {});
  std::size_t begin = 0;
  for (int number = 1; begin < text.size(); ++number) {
    const std::size_t end = text.find('\n', begin);
    const std::string where = file.string() + ":" + std::to_string(number);
    if (end == std::string::npos) {
      warnings.push_back(where +
                         ": an unfinished last line (its writer stopped while writing it) is "
                         "skipped");
      break;
    }
    // A line written on Windows ends in "\r\n": the same line.
    const std::size_t last = end > begin && text[end - 1] == '\r' ? end - 1 : end;
    onLine(text.substr(begin, last - begin), number, where);
    begin = end + 1;
  }
  return !text.empty();
}

}  // namespace

ResultsRead readResults(const std::filesystem::path& file) {
  ResultsRead read;
  const auto onLine = [&](const std::string& line, int number, const std::string& where) {
    if (number == 1) {
      if (line != kHeader)
        throw ResultsError(file.string() + ": not a results file (its first line should be '" +
                           kHeader + "')");
      return;
    }
    std::vector<std::string> fields;
    try {
      fields = splitCsvLine(line);
    } catch (const std::invalid_argument& e) {
      throw ResultsError(where + ": " + e.what());
    }
    if (fields.size() != 7)
      throw ResultsError(where + ": " + std::to_string(fields.size()) +
                         " fields where 7 are expected");
    const std::string& result = fields[2];
    const double score = result == "1-0" ? 1.0 : result == "0-1" ? 0.0 : 0.5;
    if (score == 0.5 && result != "1/2-1/2")
      throw ResultsError(where + ": result '" + result + "' is not 1-0, 0-1 or 1/2-1/2");
    if (fields[0].empty() || fields[1].empty())
      throw ResultsError(where + ": a player's name is empty");
    read.games.push_back({fields[0], fields[1], score});
  };
  if (!forEachWholeLine(file, read.warnings, onLine))
    throw ResultsError(file.string() + ": the file is empty");
  return read;
}

ResultsRead readGameResults(const std::filesystem::path& file) {
  ResultsRead read;
  const auto onLine = [&](const std::string& line, int, const std::string& where) {
    WrittenGameRecord record;
    try {
      record = readGameRecordLine(line);
    } catch (const GameRecordError& e) {
      throw ResultsError(where + ": " + e.what());
    }
    if (record.white.empty() || record.black.empty())
      throw ResultsError(where + ": a game record without both players");
    if (record.result == "none") return;  // a game left unfinished (camelot play --out)
    // A Grand Camelot record's first side is the partnership rb, its second gy.
    const bool grand = record.variant == "grand";
    const std::string first = grand ? "rb" : "white", second = grand ? "gy" : "black";
    if (record.result != first && record.result != second && record.result != "draw")
      throw ResultsError(where + ": result '" + record.result + "' is not " + first + ", " +
                         second + " or draw");
    const double score = record.result == first ? 1.0 : record.result == second ? 0.0 : 0.5;
    read.games.push_back({record.white, record.black, score});
  };
  forEachWholeLine(file, read.warnings, onLine);
  if (read.games.empty() && read.warnings.empty()) throw ResultsError(file.string() + ": no games");
  return read;
}

ResultsRead readRatedGames(const std::filesystem::path& source) {
  if (std::filesystem::is_directory(source)) {
    const std::filesystem::path results = source / "results.csv";
    const std::filesystem::path games = source / "games.jsonl";
    if (!std::filesystem::exists(results) && std::filesystem::exists(games))
      return readGameResults(games);
    return readResults(results);
  }
  return source.extension() == ".jsonl" ? readGameResults(source) : readResults(source);
}

}  // namespace camelot
