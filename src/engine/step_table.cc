// The table of steps (step_table.h): the error of a malformed table, and log lines.
#include "engine/step_table.h"

#include <stdexcept>

namespace pacwar::engine {

void throw_step_table_error(std::string_view game, std::size_t step, std::string_view problem) {
  throw std::logic_error(std::string(game) + " steps: step " + std::to_string(step) + ": " +
                         std::string(problem));
}

void log_line(LogSink* log, std::string_view text, std::string_view rule, std::uint32_t visible) {
  if (log == nullptr) return;
  log->add(LogLine{std::string(text), std::string(rule), visible});
}

}  // namespace pacwar::engine
