// `pacwar witp ...`: the War in the Pacific (Rule Book II) campaign assistant on the command
// line. One subcommand per calculator of witp::calculators(), with named arguments and a JSON
// result, plus the tables validator and the campaign book commands.
#pragma once

#include <CLI/CLI.hpp>
#include <iosfwd>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace pacwar::cli {

class WitpCommands {
 public:
  // Registers the `witp` subcommand group on `app`.
  explicit WitpCommands(CLI::App& app);
  WitpCommands(const WitpCommands&) = delete;
  WitpCommands& operator=(const WitpCommands&) = delete;
  ~WitpCommands();

  // True when the parsed command line chose `witp`.
  bool selected() const;
  // Runs the chosen witp command; errors are thrown as engine::UsageError / DataError.
  int run(std::istream& in, std::ostream& out) const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace pacwar::cli
