// `pacwar ladder`, `pacwar sprt` and `pacwar calibrate`: the strength measurements of the
// computer players (docs/ai.md). Benchmarks, not tests: `make ladder`, `make sprt`.
#pragma once

#include <CLI/CLI.hpp>
#include <iosfwd>
#include <memory>

namespace pacwar::cli {

class MeasureCommands {
 public:
  // Registers the three subcommands on `app`.
  explicit MeasureCommands(CLI::App& app);
  MeasureCommands(const MeasureCommands&) = delete;
  MeasureCommands& operator=(const MeasureCommands&) = delete;
  ~MeasureCommands();

  // True when the parsed command line chose one of them.
  bool selected() const;
  // Runs it: the result on `out`, progress on `progress`. Throws engine::UsageError.
  int run(std::ostream& out, std::ostream& progress) const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace pacwar::cli
