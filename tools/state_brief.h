// What a load client reads in a state answer (docs/api.md): whose turn, the status, the version,
// the log window and the legal action ids. A single pass over the text that skips every other
// value (the view is most of an answer) without decoding it, so that the load clients, which
// share the machine's cores with the server, cost little.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace pacwar::tools {

struct Brief {
  bool your_turn = false;
  std::string status;
  std::int64_t version = 0;
  std::int64_t log_from = 0;
  std::int64_t log_lines = 0;
  std::vector<std::string> legal;  // the legal action ids
};

// Reads a state answer into `brief`; false when the text is not a JSON object of members (the
// check is loose inside skipped values: their strings must end and their brackets balance).
bool read_brief(std::string_view text, Brief& brief);

}  // namespace pacwar::tools
