// The Pacific War: rule options (Advanced Rules 13.x, Optional Rules 15.x) as a bit set.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/game.h"

namespace pacwar::pacific_war {

// Every switchable rule, typed: rules code asks `s.options().on(Rule::SeabeesMagic)`, so a misspelt
// rule does not compile. The value is the rule's bit in RuleOptions::bits (the order of
// kRuleIds; saved games and the state hash depend on it: append, never reorder).
enum class Rule : std::uint8_t {
  IseHyuga,             // 13.1 Ise and Hyuga carrier-battleships
  TorpedoCruisers,      // 13.2 Oi and Kitakami
  Shinano,              // 13.3
  KasagiIbuki,          // 13.4
  Victorious,           // 13.5 HMS Victorious
  AustralianDivisions,  // 13.6
  SeabeesMagic,         // 13.7 Seabees, MAGIC and the free Fleet Train
  BattleMarker,         // 13.8
  DeRuyter,             // 13.9
  Yamamoto,             // 15.1 Yamamoto's Original Plan
  OilReserves,          // 15.2 Japan Stocks Additional Oil Reserves
  AlliesWeakened,       // 15.3 Allies Additionally Weakened
};
inline constexpr std::size_t kNumRules = 12;
// The manual section of each Rule, the text id of the options JSON.
inline constexpr std::array<std::string_view, kNumRules> kRuleIds = {
    "13.1", "13.2", "13.3", "13.4", "13.5", "13.6", "13.7", "13.8", "13.9", "15.1", "15.2", "15.3"};
static_assert(kRuleIds.back() == "15.3" &&
              kRuleIds[static_cast<int>(Rule::AlliesWeakened)] == "15.3");

// The Rule of a section id ("13.7"), or nullopt when there is no such switchable rule.
std::optional<Rule> parse_rule(std::string_view id);

// Every switchable rule, by manual section (as strings, for the options JSON and the view).
inline const std::vector<std::string>& all_rule_ids() {
  static const std::vector<std::string> ids(kRuleIds.begin(), kRuleIds.end());
  return ids;
}

struct RuleOptions {
  std::uint32_t bits = 0;

  // Rules code asks by Rule only: there is no look-up by section id, so a misspelt rule does not
  // compile. Section ids ("13.7") are read by from_json and set, and written by ids().
  bool on(Rule rule) const { return ((bits >> static_cast<unsigned>(rule)) & 1u) != 0; }
  void set(const std::string& rule);     // by section id; throws std::invalid_argument if unknown
  std::vector<std::string> ids() const;  // the section ids of the rules on, in kRuleIds order
  bool any_advanced() const;

  // Parses {"rules": ["13.1", "15.2"]} or {"rules": "advanced" | "all" | "optional:15.1,15.2"}.
  // Throws std::invalid_argument naming the bad entry.
  static RuleOptions from_json(const engine::Json& options);
  engine::Json to_json() const;  // {"rules": [...]} with every rule on, sorted
};

}  // namespace pacwar::pacific_war
