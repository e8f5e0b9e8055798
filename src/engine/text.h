// Small text helpers shared by every game's log lines, prompts, labels and boards.
#pragma once

#include <string>
#include <string_view>

namespace pacwar::engine {

// A count with its noun, singular after 1 (and -1) only: "1 card", "0 cards", "4 cards".
// `plural` is for nouns that do not just take an "s" ("1 die", "3 dice").
inline std::string count_of(long long n, std::string_view noun, std::string_view plural = {}) {
  std::string out = std::to_string(n);
  out += ' ';
  if (n == 1 || n == -1) {
    out += noun;
  } else if (!plural.empty()) {
    out += plural;
  } else {
    out += noun;
    out += 's';
  }
  return out;
}

}  // namespace pacwar::engine
