#include <unistd.h>

#include <cstdio>
#include <ostream>

#include "cli/commands.hpp"
#include "cli/interrupt.hpp"
#include "openings/game_import.hpp"
#include "training/progress.hpp"

namespace camelot::cli {

void runOpeningsImport(const OpeningsImportOptions& options, std::ostream& out,
                       std::ostream& err) {
  GameDatabase database(options.database, options.plies);
  Progress progress(err, ::isatty(STDERR_FILENO) != 0, 5.0);
  // Ctrl-C: stop between games; what was read is written whole.
  const InterruptWatch watch;
  std::vector<std::filesystem::path> sources(options.sources.begin(), options.sources.end());
  const ImportSummary summary = importGames(
      database, sources,
      [&](const std::string& line) {
        progress.finish();
        err << "openings import: skipped " << line << '\n';
      },
      [&](const ImportSummary& s) {
        progress.update("openings import: " + std::to_string(s.imported) + " games imported, " +
                        std::to_string(s.duplicates) + " known");
      },
      watch.interrupted());
  progress.finish();
  char rate[64];
  std::snprintf(rate, sizeof rate, "%.0f",
                summary.seconds > 0
                    ? static_cast<double>(summary.imported + summary.duplicates) / summary.seconds
                    : 0.0);
  out << (summary.interrupted ? "interrupted: " : "") << "imported " << summary.imported
      << " games (" << summary.duplicates << " already in the database, " << summary.bad
      << " bad lines skipped) into " << options.database << ": " << database.gameCount()
      << " games in all\n"
      << "openings import: " << rate << " games/s\n";
  if (summary.interrupted) throw std::runtime_error("interrupted; the games read so far are kept");
}

}  // namespace camelot::cli
