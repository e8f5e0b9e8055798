// What the book change entry files (book_changes_*.cc) and campaign.cc share: the entries of each
// area, for book_changes.cc to list, and the helpers more than one of them uses.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "witp/book_changes.h"
#include "witp/cp_books.h"

namespace pacwar::witp::book_entries {

constexpr std::int64_t kGtsPerCycle = 4;
constexpr std::int64_t kCyclesPerYear = 13;

// A G/T counted from G/T 1 of 0/1/41 (index 0): "G/T 3 of 0/5/42".
std::string gt_label(std::int64_t index);
// The first G/T of a repair begun now: the G/T in progress, or after the cycle's four G/Ts
// (repair-advance), the next cycle's first.
std::int64_t repair_start(const Json& books, std::int64_t cycle);
// Takes CPs from what a HQ holds (28.2) into `field` (spent or lent out).
void take_from_hq(CpEntry& entry, const std::string& hq, std::int64_t CpEntry::*field,
                  std::int64_t cps);
// The side= field as the books key it: "allied" or "japanese".
std::string side_key(BookFields& fields);
// 28.9 carry-over at the end of the current cycle, 36.6.3/36.5.4 refits and yard periods owed,
// then the cycle advances by one (50.0 J). Returns the summary line.
std::string advance_books(Json& books);

// The entries by area, each in its own file.
std::vector<BookChange> command_point_changes();  // 28: book_changes_cp_28.cc
std::vector<BookChange> ship_changes();           // 36, 37.2.2: book_changes_ships_36.cc
std::vector<BookChange> intelligence_changes();   // 42: book_changes_intelligence_42.cc
std::vector<BookChange> supply_changes();         // 32.1.1, 47.17, 57: book_changes_supply.cc
std::vector<BookChange> cycle_changes();          // 28.9: next_cycle.cc

}  // namespace pacwar::witp::book_entries

namespace pacwar::witp::book_entries::fields {

inline ArgSpec make(std::string key, ArgKind kind, std::string help, bool required) {
  ArgSpec spec;
  spec.name = std::move(key);
  spec.kind = kind;
  spec.help = std::move(help);
  spec.required = required;
  return spec;
}
inline ArgSpec number(std::string key, std::string help, bool required = true) {
  return make(std::move(key), ArgKind::kInteger, std::move(help), required);
}
inline ArgSpec text(std::string key, std::string help, bool required = true) {
  return make(std::move(key), ArgKind::kText, std::move(help), required);
}
inline ArgSpec flag(std::string key, std::string help) {
  return make(std::move(key), ArgKind::kFlag, std::move(help), false);
}
inline ArgSpec cycle(std::string key, std::string help) {
  return make(std::move(key), ArgKind::kCycle, std::move(help), true);
}
inline ArgSpec choice(std::string key, std::string help, std::vector<std::string> choices,
                      bool required = true) {
  ArgSpec spec = make(std::move(key), ArgKind::kText, std::move(help), required);
  spec.choices = std::move(choices);
  return spec;
}
inline ArgSpec side() { return choice("side", "side", {"allied", "japanese"}); }

}  // namespace pacwar::witp::book_entries::fields
