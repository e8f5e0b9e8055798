// The book changes of the ships' logs: the Ship Repair Log (36.0, 36.1), the Refit/Yard Period
// Log (36.5, 36.6) and the naval attrition chits out of the cups (37.2.2). Each entry beside its
// function.
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/errors.h"
#include "witp/book_entries.h"
#include "witp/campaign.h"
#include "witp/campaign_schema.h"
#include "witp/chit_cups.h"
#include "witp/naval_attrition_37_2.h"
#include "witp/naval_attrition_log.h"
#include "witp/naval_repair_36.h"
#include "witp/refit_yard_log.h"
#include "witp/ship_repair_log.h"

namespace pacwar::witp::book_entries {
namespace {

// A damage level as the log writes it (D3) or as a number (3): 36.1's D1-D4.
std::int64_t damage_level(BookFields& fields) {
  std::string text = fields.text("damage");
  const std::string typed = text;
  if (!text.empty() && (text[0] == 'D' || text[0] == 'd')) text = text.substr(1);
  if (text.size() != 1 || text[0] < '1' || text[0] > '4') {
    throw engine::UsageError("damage=: a damage level D1-D4 (36.1), not '" + typed + "'");
  }
  return text[0] - '0';
}

std::string repair(Json& books, BookFields& fields, std::int64_t cycle, const Tables& tables) {
  RepairEntry entry;
  entry.ship = fields.text("ship");
  entry.side = side_key(fields);
  if (fields.has("cycles")) {
    const std::int64_t cycles = fields.integer("cycles");
    require_range("cycles=", cycles, 0, 10 * kCyclesPerYear);
    if (fields.has("damage")) entry.damage = damage_level(fields);
    if (fields.has("note")) entry.note = fields.text("note");
    return enter_repair_for_cycles(books, cycle, std::move(entry), cycles);
  }
  // 36.1: the duration from the Naval Damage Repair Tables.
  RepairInput input;
  input.ship_type = fields.text("type");
  require_ship_type("type=", input.ship_type);
  input.japanese = entry.side == "japanese";
  input.damage = damage_level(fields);
  input.dice = fields.integer("dice");
  input.cw = fields.flag("cw");
  input.port =
      fields.has("port") ? parse_repair_port("port=", fields.text("port")) : RepairPort::kOther;
  input.capital_ship_under_repair = fields.flag("capital-ship-under-repair");
  input.maximum_effort = fields.flag("maximum-effort");
  const RepairResult result = repair_duration(input, tables);
  entry.type = input.ship_type;
  entry.damage = input.damage;
  entry.repair_dr = input.dice;
  entry.gts_per_level.assign(result.gts.begin(), result.gts.end());
  entry.maximum_effort = input.maximum_effort;
  if (fields.has("note")) entry.note = fields.text("note");
  return enter_repair(books, cycle, std::move(entry));
}

// 36.0 the progress of naval repairs, G/T by G/T: at the end of each regular G/T every ship in
// the Ship Repair Log has one G/T less to go; a ship with none left is repaired and leaves the
// log, to redeploy in the Reinforcement Segment (50.0 G.2).
std::string repair_advance(Json& books, std::int64_t cycle) {
  const std::int64_t gt = books.value("gt", std::int64_t{0});
  if (gt >= kGtsPerCycle) {
    throw engine::UsageError("repair-advance: the 4 G/Ts of " + cycle_label(cycle) +
                             " are done; next-cycle comes first");
  }
  const std::string now = gt_label(cycle * kGtsPerCycle + gt);
  std::string summary = "end of " + now + ":";
  ShipRepairLog log = read_ship_repair_log(books);
  log.repaired_listed = true;
  std::vector<RepairEntry> kept;
  for (RepairEntry& entry : log.ships) {
    if (!entry.gts_left) {
      summary += " " + entry.ship +
                 " has no G/T count (logged before G/T tracking; repaired ship= "
                 "takes it out);";
      kept.push_back(std::move(entry));
      continue;
    }
    const std::int64_t before = *entry.gts_left;
    const std::int64_t left = std::max<std::int64_t>(0, before - 1);
    entry.gts_left = left;
    if (left == 0) {
      log.repaired.push_back({entry.ship, entry.side, now});
      summary += " " + entry.ship + " repaired, out of the Ship Repair Log (redeploys at G.2);";
      continue;
    }
    summary +=
        " " + entry.ship + " " + std::to_string(left) + " G/T" + (left == 1 ? "" : "s") + " left";
    if (!entry.gts_per_level.empty()) {
      const std::int64_t was = damage_level_left(entry.gts_per_level, before);
      const std::int64_t is = damage_level_left(entry.gts_per_level, left);
      entry.damage = is;
      summary += " (D" + std::to_string(is);
      if (is != was) summary += ", was D" + std::to_string(was);
      summary += ")";
    }
    summary += ";";
    kept.push_back(std::move(entry));
  }
  log.ships = std::move(kept);
  write(books, log);
  books["gt"] = gt + 1;
  if (log.ships.empty() && summary.back() == ':') summary += " the Ship Repair Log is empty;";
  return summary;
}

// The Refit/Yard Period Log (36.5.5, 36.6.2).
YardLogEntry& yard_entry(RefitYardLog& log, const std::string& ship) {
  const auto found = log.find(ship);
  if (found == log.end()) {
    throw engine::UsageError("ship=: " + ship +
                             " is not in the Refit/Yard Period Log (add it: ship ship=" + ship +
                             " side= type=)");
  }
  return found->second;
}

std::string add_ship(Json& books, BookFields& fields, std::int64_t cycle) {
  const std::string ship = fields.text("ship");
  const std::string side = side_key(fields);
  const std::string type = fields.text("type");
  require_ship_type("type=", type);
  if (!needs_yard_period(type) && !needs_refit(type)) {
    throw engine::UsageError("type=: " + type +
                             " ships need neither yard periods (36.5.1) nor refits (36.6.1)");
  }
  RefitYardLog log = read_refit_yard_log(books);
  if (log.contains(ship)) {
    throw engine::UsageError("ship=: " + ship + " is already in the Refit/Yard Period Log");
  }
  YardLogEntry& entry = log[ship];
  entry.side = side;
  entry.type = type;
  if (fields.flag("reinforcement")) entry.reinforcement_year = 41 + cycle / kCyclesPerYear;
  write(books, log);
  return ship + " (" + type + "): in the Refit/Yard Period Log";
}

std::string refit(Json& books, BookFields& fields, std::int64_t cycle) {
  const std::string ship = fields.text("ship");
  RefitYardLog log = read_refit_yard_log(books);
  YardLogEntry& entry = yard_entry(log, ship);
  if (!needs_refit(entry.type)) {
    throw engine::UsageError("ship=: " + ship + " (" + entry.type +
                             ") has no refit requirement (36.6.1)");
  }
  const std::string now = cycle_label(cycle);
  if (entry.refit_in(cycle)) {
    throw engine::UsageError("ship=: " + ship + "'s " + now + " refit is already checked off");
  }
  entry.refits.push_back(cycle);
  write(books, log);
  return ship + ": refit for " + now + " checked off (36.6.2)";
}

std::string yard(Json& books, BookFields& fields, std::int64_t cycle) {
  const std::string ship = fields.text("ship");
  RefitYardLog log = read_refit_yard_log(books);
  YardLogEntry& entry = yard_entry(log, ship);
  const bool extended = fields.flag("extended");
  if (entry.in_yard(cycle)) {
    throw engine::UsageError("ship=: " + ship + " is already in a yard period in " +
                             cycle_label(cycle) + " (36.5)");
  }
  YardPeriod period;
  period.start = cycle;
  period.cycles = extended ? 2 : 1;
  std::string summary = ship + ": yard period " + cycle_label(cycle);
  if (extended) {
    // 36.5.4: two consecutive cycles, twice the activation cost; ends the unsupplied status.
    const std::int64_t cost = fields.integer("activation-cost");
    require_non_negative("activation-cost=", cost);
    period.extended = true;
    period.cps = 2 * cost;
    entry.unsupplied = false;
    summary += " to " + cycle_label(cycle + 1) + ", extended, " + std::to_string(2 * cost) +
               " CPs (36.5.4)";
  }
  entry.yard_periods.push_back(period);
  write(books, log);
  return summary;
}

std::string attrition_chit(Json& books, BookFields& fields, std::int64_t cycle) {
  const AttritionCup cup = parse_attrition_cup("cup=", fields.text("cup"));
  const std::string chit = fields.text("chit");
  const std::int64_t year = 41 + cycle / kCyclesPerYear;
  NavalAttritionRemoved removed = read_naval_attrition_removed(books);
  std::vector<std::string>& out = removed[cup_name(cup)][year];
  std::vector<std::string> names = out;
  names.push_back(chit);
  // Throws if the chit is not an unmarked chit still in the cup.
  const std::vector<Chit> left =
      cup_contents(load_chit_cups(default_chit_cups_file()), cup, names, "chit=");
  out.push_back(chit);
  write(books, removed);
  return cup_name(cup) + " naval attrition cup: unmarked " + chit + " out for the rest of 19" +
         std::to_string(year) + " (37.2.2), " + std::to_string(left.size()) + " chits left";
}

std::string repaired(Json& books, BookFields& fields) {
  const std::string ship = fields.text("ship");
  ShipRepairLog log = read_ship_repair_log(books);
  for (auto it = log.ships.begin(); it != log.ships.end(); ++it) {
    if (it->ship == ship) {
      log.ships.erase(it);
      write(books, log);
      return ship + ": out of the Ship Repair Log";
    }
  }
  throw engine::UsageError("ship=: " + ship + " is not in the Ship Repair Log");
}

}  // namespace

std::string gt_label(std::int64_t index) {
  return "G/T " + std::to_string(index % kGtsPerCycle + 1) + " of " +
         cycle_label(index / kGtsPerCycle);
}

std::int64_t repair_start(const Json& books, std::int64_t cycle) {
  return cycle * kGtsPerCycle + books.value("gt", std::int64_t{0});
}

std::vector<BookChange> ship_changes() {
  using namespace fields;
  return {
      {"repair",
       "36.1",
       "Put a ship into the Ship Repair Log",
       {text("ship", "ship"), side(), text("type", "ship type (CV, BB, DD...)", false),
        text("damage", "damage level, D1-D9 or 1-9", false),
        number("dice", "repair 2D6 as rolled", false), text("port", "repair port", false),
        number("cycles", "a known duration in cycles, instead of the tables", false),
        flag("cw", "Commonwealth ship"),
        flag("capital-ship-under-repair", "another capital ship is under repair there"),
        flag("maximum-effort", "maximum effort repair (36.4)"), text("note", "note", false)},
       [](BookEdit& e) { return repair(e.books, e.fields, e.cycle, e.tables); }},
      {"repair-advance",
       "36.0",
       "End of a G/T: every repair one G/T on",
       {},
       [](BookEdit& e) { return repair_advance(e.books, e.cycle); }},
      {"repaired",
       "36.0",
       "A ship leaves the Ship Repair Log",
       {text("ship", "ship")},
       [](BookEdit& e) { return repaired(e.books, e.fields); }},
      {"ship",
       "36.6",
       "Put a ship into the Refit/Yard Period Log",
       {text("ship", "ship"), side(), text("type", "ship type (CV, BB, CA...)"),
        flag("reinforcement", "arrived as a reinforcement this cycle")},
       [](BookEdit& e) { return add_ship(e.books, e.fields, e.cycle); }},
      {"refit",
       "36.6.2",
       "Check off a ship's refit this cycle",
       {text("ship", "ship")},
       [](BookEdit& e) { return refit(e.books, e.fields, e.cycle); }},
      {"yard",
       "36.5",
       "A yard period",
       {text("ship", "ship"), flag("extended", "an extended yard period (36.5.4)"),
        number("activation-cost", "activation cost, for an extended one", false)},
       [](BookEdit& e) { return yard(e.books, e.fields, e.cycle); }},
      {"attrition-chit",
       "37.2.2",
       "An unmarked naval attrition chit drawn (out of the cup this year)",
       {choice("cup", "cup", {"allied", "japanese"}), text("chit", "chit class (CV, BB...)")},
       [](BookEdit& e) { return attrition_chit(e.books, e.fields, e.cycle); }},
  };
}

}  // namespace pacwar::witp::book_entries

namespace pacwar::witp {

using book_entries::gt_label;
using book_entries::kGtsPerCycle;
using book_entries::repair_start;

std::string enter_repair(Json& books, std::int64_t cycle, RepairEntry entry) {
  ShipRepairLog log = read_ship_repair_log(books);
  if (log.find(entry.ship) != nullptr) {
    throw engine::UsageError("ship=: " + entry.ship + " is already in the Ship Repair Log");
  }
  require_range("damage=", entry.damage.value_or(0), 1, 4);
  if (entry.gts_per_level.size() < static_cast<std::size_t>(*entry.damage)) {
    throw engine::UsageError("damage=: the repair tables gave G/Ts for " +
                             std::to_string(entry.gts_per_level.size()) + " levels, not D" +
                             std::to_string(*entry.damage) + " (36.1)");
  }
  entry.entered = cycle;
  std::int64_t total = 0;
  for (std::int64_t level = 1; level <= *entry.damage; ++level) {
    total += entry.gts_per_level[static_cast<std::size_t>(level - 1)];
  }
  entry.gts = total;
  // 36.0: the dates each level of repair will be completed are recorded. The G/T in progress
  // is the first G/T of repair (36.1 Example); in the Strategic G/T, after the cycle's four
  // G/Ts, the repair starts with the next cycle's first (ruling R32).
  std::int64_t done_by = repair_start(books, cycle) - 1;
  entry.level_done.clear();
  for (std::int64_t level = *entry.damage; level >= 1; --level) {
    done_by += entry.gts_per_level[static_cast<std::size_t>(level - 1)];
    // The level reached: D(level-1), or repaired. (Appended, not "D" + ...: GCC 12's -Wrestrict
    // misfires on that here.)
    std::string reached = level == 1 ? "repaired" : "D";
    if (level > 1) reached.append(std::to_string(level - 1));
    entry.level_done[reached] = gt_label(done_by);
  }
  entry.gts_left = total;
  if (total > 0) {
    entry.release_gt = gt_label(done_by);
    entry.release = done_by / kGtsPerCycle;
  } else {
    entry.release = cycle;
  }
  if (entry.release > kLastCycle) {
    throw engine::UsageError("dice=: a repair of " + std::to_string(total) + " G/Ts from " +
                             cycle_label(cycle) + " ends past the last cycle, 0/13/46");
  }
  const std::string summary = entry.ship + ": in repair until " +
                              (entry.release_gt ? *entry.release_gt : cycle_label(entry.release)) +
                              " (" + std::to_string(total) + " G/Ts, 36.1)";
  log.ships.push_back(std::move(entry));
  write(books, log);
  return summary;
}

std::string enter_repair_for_cycles(Json& books, std::int64_t cycle, RepairEntry entry,
                                    std::int64_t cycles) {
  ShipRepairLog log = read_ship_repair_log(books);
  if (log.find(entry.ship) != nullptr) {
    throw engine::UsageError("ship=: " + entry.ship + " is already in the Ship Repair Log");
  }
  entry.entered = cycle;
  // Known duration in cycles: out at the start of the release cycle.
  entry.release = cycle + cycles;
  if (entry.release > kLastCycle) {
    throw engine::UsageError("cycles=: " + std::to_string(cycles) + " cycles from " +
                             cycle_label(cycle) + " is past the last cycle, 0/13/46");
  }
  entry.gts_left =
      std::max<std::int64_t>(0, (cycle + cycles) * kGtsPerCycle - repair_start(books, cycle));
  const std::string summary = entry.ship + ": in repair until " + cycle_label(entry.release);
  log.ships.push_back(std::move(entry));
  write(books, log);
  return summary;
}

}  // namespace pacwar::witp
