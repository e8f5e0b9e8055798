// `pacwar suite` (a computer player scored on the game's strategic test suite, docs/suite.md)
// and `pacwar decisions` (a save file's decisions with their legal actions, for writing suite
// positions).
#pragma once

#include <CLI/CLI.hpp>
#include <iosfwd>
#include <memory>

namespace pacwar::cli {

class SuiteCommands {
 public:
  // Registers the subcommands on `app`.
  explicit SuiteCommands(CLI::App& app);
  SuiteCommands(const SuiteCommands&) = delete;
  SuiteCommands& operator=(const SuiteCommands&) = delete;
  ~SuiteCommands();

  // True when the parsed command line chose one of them.
  bool selected() const;
  // Runs it: the result on `out`, progress on `progress`. Throws engine::UsageError.
  int run(std::ostream& out, std::ostream& progress) const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace pacwar::cli
