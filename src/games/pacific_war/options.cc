#include "games/pacific_war/options.h"

#include <stdexcept>

namespace pacwar::pacific_war {
namespace {

int rule_bit(std::string_view rule) {
  const std::optional<Rule> r = parse_rule(rule);
  return r ? static_cast<int>(*r) : -1;
}

void add_spec(RuleOptions& opts, const std::string& spec) {
  if (spec == "all") {
    for (const auto& id : all_rule_ids()) opts.set(id);
  } else if (spec == "advanced") {
    for (const auto& id : all_rule_ids())
      if (id.rfind("13.", 0) == 0) opts.set(id);
  } else if (spec == "optional") {
    for (const auto& id : all_rule_ids())
      if (id.rfind("15.", 0) == 0) opts.set(id);
  } else if (spec.rfind("optional:", 0) == 0 || spec.rfind("advanced:", 0) == 0) {
    std::string list = spec.substr(spec.find(':') + 1);
    std::size_t start = 0;
    while (start <= list.size()) {
      std::size_t comma = list.find(',', start);
      if (comma == std::string::npos) comma = list.size();
      add_spec(opts, list.substr(start, comma - start));
      start = comma + 1;
    }
  } else if (rule_bit(spec) >= 0) {
    opts.set(spec);
  } else {
    std::string known;
    for (const auto& id : all_rule_ids()) known += " " + id;
    throw std::invalid_argument("unknown rule option '" + spec +
                                "' (use all, advanced, optional, or a section:" + known + ")");
  }
}

}  // namespace

std::optional<Rule> parse_rule(std::string_view id) {
  for (std::size_t i = 0; i < kNumRules; ++i)
    if (kRuleIds[i] == id) return static_cast<Rule>(i);
  return std::nullopt;
}

void RuleOptions::set(const std::string& rule) {
  const int bit = rule_bit(rule);
  if (bit < 0) throw std::invalid_argument("unknown rule option '" + rule + "'");
  bits |= 1u << bit;
}

std::vector<std::string> RuleOptions::ids() const {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < kNumRules; ++i)
    if (on(static_cast<Rule>(i))) out.emplace_back(kRuleIds[i]);
  return out;
}

bool RuleOptions::any_advanced() const {
  for (const auto& id : ids())
    if (id.rfind("13.", 0) == 0) return true;
  return false;
}

RuleOptions RuleOptions::from_json(const engine::Json& options) {
  RuleOptions opts;
  if (options.is_null()) return opts;
  if (!options.is_object()) throw std::invalid_argument("options must be a JSON object");
  for (const auto& [key, value] : options.items())
    if (key != "rules") throw std::invalid_argument("unknown option '" + key + "'");
  if (!options.contains("rules")) return opts;
  const auto& rules = options.at("rules");
  if (rules.is_string()) {
    if (!rules.get<std::string>().empty()) add_spec(opts, rules.get<std::string>());
  } else if (rules.is_array()) {
    for (const auto& r : rules) {
      if (!r.is_string()) throw std::invalid_argument("options.rules entries must be strings");
      add_spec(opts, r.get<std::string>());
    }
  } else {
    throw std::invalid_argument("options.rules must be a string or an array of strings");
  }
  return opts;
}

engine::Json RuleOptions::to_json() const {
  engine::Json list = engine::Json::array();
  for (const auto& id : ids()) list.push_back(id);
  return engine::Json{{"rules", list}};
}

}  // namespace pacwar::pacific_war
