// `pacwar games check` and `pacwar games repair`: the server's games in progress after a rule
// fix (server/play/rules_repair.h; docs/deploy.md, "Rule fixes and games in progress").
#pragma once

#include <CLI/CLI.hpp>
#include <iosfwd>
#include <memory>

namespace pacwar::cli {

class GamesCommands {
 public:
  // Registers the subcommands on `app`.
  explicit GamesCommands(CLI::App& app);
  GamesCommands(const GamesCommands&) = delete;
  GamesCommands& operator=(const GamesCommands&) = delete;
  ~GamesCommands();

  // True when the parsed command line chose one of them.
  bool selected() const;
  // Runs it: the report on `out`. check returns 0 when every game replays, 1 otherwise; repair
  // returns 0 when every game it was asked to repair replays now. Throws engine::UsageError.
  int run(std::ostream& out) const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace pacwar::cli
