#include "cli/command_line_hints.hpp"

#include <algorithm>
#include <optional>
#include <string_view>

#include "cli/version.hpp"
#include "training/text/nearest_name.hpp"

namespace camelot::cli {
namespace {

// The names of `app`'s subcommands.
std::vector<std::string> commandNames(const CLI::App& app) {
  std::vector<std::string> names;
  for (const CLI::App* command : app.get_subcommands([](const CLI::App*) { return true; }))
    names.push_back(command->get_name());
  return names;
}

// The commands a parsed line chose, outermost first ("openings", then "import").
std::vector<const CLI::App*> chosenCommands(const CLI::App& app) {
  std::vector<const CLI::App*> chosen;
  for (const CLI::App* at = &app;;) {
    const auto parsed = at->get_subcommands([](const CLI::App* c) { return c->parsed(); });
    if (parsed.empty()) return chosen;
    at = parsed.front();
    chosen.push_back(at);
  }
}

}  // namespace

std::string versionText() {
  return std::string("camelot ") + kVersion + " (commit " + kCommit + ")";
}

std::string unknownCommand(CLI::App& app, const std::vector<std::string>& words) {
  CLI::App* parent = &app;
  std::string path;  // " openings"
  for (const std::string& word : words) {
    if (word.starts_with('-') || parent->get_subcommands({}).empty()) return "";
    const std::vector<std::string> names = commandNames(*parent);
    if (std::find(names.begin(), names.end(), word) == names.end()) {
      std::string known;
      for (const std::string& name : names)
        known += (known.empty() ? "" : ", ") + name;
      const std::optional<std::string> near = nearestName(word, names);
      return "unknown command '" + word + "'" + (near ? " (did you mean '" + *near + "'?)" : "") +
             "; the commands of camelot" + path + " are " + known + " (see 'camelot help" + path +
             "')";
    }
    parent = parent->get_subcommand(word);
    path += " " + word;
  }
  return "";
}

std::string commandPath(const CLI::App& app) {
  std::string path;
  for (const CLI::App* command : chosenCommands(app))
    path += " " + command->get_name();
  return path;
}

std::string unknownOptionHint(const CLI::App& app, const std::vector<std::string>& words) {
  const std::vector<const CLI::App*> chosen = chosenCommands(app);
  const CLI::App& command = chosen.empty() ? app : *chosen.back();
  std::vector<std::string> options;
  for (const CLI::Option* option : command.get_options())
    for (const std::string& name : option->get_lnames())
      options.push_back("--" + name);
  for (const std::string& word : words) {
    if (!word.starts_with("--")) continue;
    const std::string name = word.substr(0, word.find('='));
    if (std::find(options.begin(), options.end(), name) != options.end()) continue;
    if (const std::optional<std::string> near = nearestName(name, options))
      return " (did you mean '" + *near + "'?)";
  }
  return "";
}

}  // namespace camelot::cli
