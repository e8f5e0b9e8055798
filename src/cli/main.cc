// pacwar: the command line. One table of its commands (kCommands: name, help line, the function
// that adds its options and returns what it runs) and the families of subcommands that name
// their own (cli/*_commands.h); `pacwar --help` and the dispatch both come from them.
#include <CLI/CLI.hpp>
#include <functional>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <utility>
#include <vector>

#include "cli/analysis_commands.h"
#include "cli/backup.h"
#include "cli/command.h"
#include "cli/games_commands.h"
#include "cli/measure_commands.h"
#include "cli/server_commands.h"
#include "cli/suite_commands.h"
#include "cli/terminal_commands.h"
#include "cli/witp_commands.h"

namespace pacwar::cli {
namespace {

// A subcommand and its line in `pacwar --help`, with the function that adds its options.
struct Command {
  const char* name;
  const char* help;
  AddCommand add;
};

// The commands of one row each, in the order `pacwar --help` lists them (the families after).
constexpr Command kCommands[] = {
    {"play", "play a game in the terminal", add_play},
    {"load", "resume a saved game in the terminal (a finished one: a read-only review)", add_load},
    {"selfplay", "random self-play with every check", add_selfplay},
    {"bench", "speed of the game module", add_bench},
    {"arena", "games between computer players", add_arena},
    {"cards", "list the Resource Card ends and their events", add_cards},
    {"serve", "the web server: play in the browser", add_serve},
    {"worker", "plays the computer players' turns of a shared database (see docs/deploy.md)",
     add_worker},
};

// A family of subcommands that names its own (cli/*_commands.h): added to the app, it tells
// after parsing whether the command line chose one of them and runs it.
struct CommandGroup {
  std::function<bool()> selected;
  Runner run;
};

template <typename Group, typename... Streams>
CommandGroup group(CLI::App& app, Streams&... streams) {
  auto commands = std::make_shared<const Group>(app);
  return {[commands] { return commands->selected(); },
          [commands, &streams...] { return commands->run(streams...); }};
}

// Every family of subcommands after those of kCommands, in the order `pacwar --help` lists them.
std::vector<CommandGroup> add_command_groups(CLI::App& app) {
  std::vector<CommandGroup> groups;
  groups.push_back(group<WitpCommands>(app, std::cin, std::cout));
  groups.push_back(group<MeasureCommands>(app, std::cout, std::cerr));
  groups.push_back(group<AnalysisCommands>(app, std::cout, std::cerr));
  groups.push_back(group<SuiteCommands>(app, std::cout, std::cerr));
  add_backup_commands(app);  // each runs in its callback during parsing
  groups.push_back(group<GamesCommands>(app, std::cout));
  return groups;
}

int run(int argc, char** argv) {
  CLI::App app{"pacwar: strategic board wargames with every rule enforced"};
  app.require_subcommand(1);
  const Prelude prelude = read_prelude(argc, argv);
  std::vector<std::pair<const CLI::App*, Runner>> commands;
  for (const Command& command : kCommands) {
    CLI::App* sub = app.add_subcommand(command.name, command.help);
    commands.emplace_back(sub, command.add(*sub, prelude));
  }
  const std::vector<CommandGroup> groups = add_command_groups(app);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : kErrorExit;
  }
  for (const CommandGroup& g : groups)
    if (g.selected()) return g.run();
  for (const auto& [sub, runner] : commands)
    if (sub->parsed()) return runner();
  return kErrorExit;
}

}  // namespace
}  // namespace pacwar::cli

int main(int argc, char** argv) {
  try {
    return pacwar::cli::run(argc, argv);
  } catch (const std::invalid_argument& e) {
    std::cerr << "pacwar: error: options: " << e.what() << "\n";
  } catch (const std::exception& e) {
    std::cerr << "pacwar: error: " << e.what() << "\n";
  }
  return 2;
}
