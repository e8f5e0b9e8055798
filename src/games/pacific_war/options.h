// The Pacific War: rule options (Advanced Rules 13.x, Optional Rules 15.x) as a bit set.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/game.h"

namespace pacwar::pacific_war {

// Every switchable rule, by manual section.
inline const std::vector<std::string>& all_rule_ids() {
  static const std::vector<std::string> ids = {"13.1", "13.2", "13.3", "13.4", "13.5", "13.6",
                                               "13.7", "13.8", "13.9", "15.1", "15.2", "15.3"};
  return ids;
}

struct RuleOptions {
  std::uint32_t bits = 0;

  bool has(const std::string& rule) const;
  void set(const std::string& rule);
  bool any_advanced() const;

  // Parses {"rules": ["13.1", "15.2"]} or {"rules": "advanced" | "all" | "optional:15.1,15.2"}.
  // Throws std::invalid_argument naming the bad entry.
  static RuleOptions from_json(const engine::Json& options);
  engine::Json to_json() const;  // {"rules": [...]} with every rule on, sorted
};

}  // namespace pacwar::pacific_war
