// Argument specifications shared by the catalog entry files.
#pragma once

#include <string>
#include <vector>

#include "witp/catalog.h"

namespace pacwar::witp::catalog_args {

inline ArgSpec make(std::string name, ArgKind kind, std::string help, bool required = true,
                    std::string default_value = "") {
  ArgSpec spec;
  spec.name = std::move(name);
  spec.kind = kind;
  spec.help = std::move(help);
  spec.required = required;
  spec.default_value = std::move(default_value);
  return spec;
}
inline ArgSpec integer(std::string name, std::string help) {
  return make(std::move(name), ArgKind::kInteger, std::move(help));
}
// Optional; an empty default leaves the argument absent unless given.
inline ArgSpec integer_or(std::string name, std::string help, std::string default_value) {
  return make(std::move(name), ArgKind::kInteger, std::move(help), false, std::move(default_value));
}
inline ArgSpec flag(std::string name, std::string help) {
  return make(std::move(name), ArgKind::kFlag, std::move(help), false);
}
inline ArgSpec text(std::string name, std::string help) {
  return make(std::move(name), ArgKind::kText, std::move(help));
}
inline ArgSpec text_or(std::string name, std::string help, std::string default_value) {
  return make(std::move(name), ArgKind::kText, std::move(help), false, std::move(default_value));
}
inline ArgSpec list(std::string name, std::string help) {
  return make(std::move(name), ArgKind::kIntegerList, std::move(help));
}
inline ArgSpec die(std::string name, std::string help, std::int64_t dice, std::int64_t sides) {
  ArgSpec spec = make(std::move(name), ArgKind::kDie, std::move(help));
  spec.dice = dice;
  spec.sides = sides;
  return spec;
}

// A word from a closed list; `open` makes the list suggestions (a searchable datalist).
inline ArgSpec choice(std::string name, std::string help, std::vector<std::string> choices,
                      std::string default_value = "", bool open = false) {
  const bool required = default_value.empty();  // before the default is moved away
  ArgSpec spec =
      make(std::move(name), ArgKind::kText, std::move(help), required, std::move(default_value));
  spec.choices = std::move(choices);
  spec.open_choices = open;
  return spec;
}
// An optional choice with no default: absent unless given.
inline ArgSpec choice_opt(std::string name, std::string help, std::vector<std::string> choices) {
  ArgSpec spec = choice(std::move(name), std::move(help), std::move(choices));
  spec.required = false;
  return spec;
}
// A whole number the rules bound.
inline ArgSpec bounded(ArgSpec spec, std::optional<std::int64_t> low,
                       std::optional<std::int64_t> high) {
  spec.min = low;
  spec.max = high;
  return spec;
}
inline const std::vector<std::string>& sides() {
  // Never destroyed: threads still running when the process exits may read it.
  static const std::vector<std::string>& words =
      *new const std::vector<std::string>{"japanese", "allied"};
  return words;
}

// An optional die: absent unless given.
inline ArgSpec die_or(std::string name, std::string help, std::int64_t dice, std::int64_t sides) {
  ArgSpec spec = die(std::move(name), std::move(help), dice, sides);
  spec.required = false;
  return spec;
}

// Catalog entries by area, each in its own file.
std::vector<Calculator> naval_calculators();      // 36, 37.2
std::vector<Calculator> strategic_calculators();  // 42, 55
std::vector<Calculator> ground_calculators();     // 34.2.8, 35, 39, 44, 47, 60.8

}  // namespace pacwar::witp::catalog_args
