// `pacwar analyse` (a finished game's decisions judged by the computer player, docs/analysis.md)
// and `pacwar balance` (the balance lab, docs/balance.md).
#pragma once

#include <CLI/CLI.hpp>
#include <iosfwd>
#include <memory>

namespace pacwar::cli {

class AnalysisCommands {
 public:
  // Registers the subcommands on `app`.
  explicit AnalysisCommands(CLI::App& app);
  AnalysisCommands(const AnalysisCommands&) = delete;
  AnalysisCommands& operator=(const AnalysisCommands&) = delete;
  ~AnalysisCommands();

  // True when the parsed command line chose one of them.
  bool selected() const;
  // Runs it: the result on `out`, progress on `progress`. Throws engine::UsageError.
  int run(std::ostream& out, std::ostream& progress) const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace pacwar::cli
