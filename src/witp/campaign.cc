#include "witp/campaign.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>

#include "engine/data_file.h"
#include "engine/errors.h"
#include "witp/base_log.h"
#include "witp/campaign_schema.h"
#include "witp/chit_cups.h"
#include "witp/command_points_28.h"
#include "witp/cp_books.h"
#include "witp/ledgers.h"
#include "witp/naval_attrition_37_2.h"
#include "witp/naval_attrition_log.h"
#include "witp/naval_repair_36.h"
#include "witp/refit_yard_log.h"
#include "witp/ship_repair_log.h"
#include "witp/strategic_intelligence_42.h"
#include "witp/supply_32.h"

namespace pacwar::witp {
namespace {

constexpr const char* kFormat = "pacwar-witp-campaign";
// 2 since 27 November 2026 (issue 41, hole 3): undo as patches, not as copies of the books.
constexpr int kVersion = 2;
constexpr std::int64_t kCyclesPerYear = 13;

Json empty_side() {
  return {{"hqs", Json::object()}, {"reserve_available", 0}, {"reserve_incoming", 0},
          {"future_ops", nullptr}, {"si_level", 0},          {"si_plus_chits", 0}};
}

// key=value words of a book command. Errors name the word as the user typed it ("cps=").
class Words {
 public:
  Words(const std::vector<std::string>& words, std::size_t from) {
    for (std::size_t i = from; i < words.size(); ++i) {
      const auto equals = words[i].find('=');
      const std::string key = equals == std::string::npos ? words[i] : words[i].substr(0, equals);
      if (key.empty()) throw engine::UsageError("'" + words[i] + "': a field name before '='");
      if (values_.contains(key)) {
        throw engine::UsageError(typed(key) + " given twice ('" + given_[key] + "' and '" +
                                 words[i] + "'); give each field once");
      }
      given_[key] = words[i];
      // A bare word is a flag.
      values_[key] = equals == std::string::npos ? "true" : words[i].substr(equals + 1);
    }
  }
  // The field as the user types it: "cps=" for a value, "doolittle" for a flag.
  static std::string typed(const std::string& key) { return key + "="; }
  std::string text(const std::string& key) {
    auto it = values_.find(key);
    if (it == values_.end() || it->second.empty()) throw engine::UsageError(key + "=: required");
    used_.push_back(key);
    return it->second;
  }
  std::int64_t integer(const std::string& key) {
    const std::string value = text(key);
    std::size_t end = 0;
    std::int64_t result = 0;
    try {
      result = std::stoll(value, &end);
    } catch (const std::exception&) {
      end = 0;
    }
    if (end != value.size() || end == 0) {
      throw engine::UsageError(key + "=: not a whole number: '" + value + "'");
    }
    require_range(key + "=", result, -1000000000, 1000000000);
    return result;
  }
  bool flag(const std::string& key) {
    used_.push_back(key);
    auto it = values_.find(key);
    if (it == values_.end()) return false;
    if (it->second == "true" || it->second == "yes") return true;
    if (it->second == "false" || it->second == "no") return false;
    throw engine::UsageError("'" + given_.at(key) + "': " + key +
                             " is a flag: write it alone (or " + key + "=true/false)");
  }
  bool has(const std::string& key) const { return values_.contains(key); }
  // Refuses words the change does not take.
  void finish(const std::string& change) const {
    for (const auto& [key, value] : values_) {
      if (std::find(used_.begin(), used_.end(), key) == used_.end()) {
        throw engine::UsageError("'" + given_.at(key) + "': not a field of '" + change + "'");
      }
    }
  }

 private:
  std::map<std::string, std::string> values_;
  std::map<std::string, std::string> given_;
  std::vector<std::string> used_;
};

// MSPs as typed after msp= (57: 0 or more).
std::int64_t msp_words(Words& words) {
  const std::int64_t msp = words.integer("msp");
  require_range("msp=", msp, 0, kMostPoints);
  return msp;
}

std::string side_key(Words& words) { return side_name(parse_side("side=", words.text("side"))); }

// Takes CPs from what a HQ holds (28.2) into `field` (spent or lent out).
void take_from_hq(CpEntry& entry, const std::string& hq, std::int64_t CpEntry::*field,
                  std::int64_t cps) {
  if (cps > entry.balance()) {
    throw engine::UsageError("cps=: " + hq + " holds only " + std::to_string(entry.balance()) +
                             " CPs (asked " + std::to_string(cps) + ")");
  }
  entry.*field += cps;
}

std::string assign(Json& books, Words& words, std::int64_t cycle) {
  const std::string side = side_key(words);
  const std::string hq = words.text("hq");
  const std::int64_t cps = words.integer("cps");
  require_non_negative("cps=", cps);
  SideBooks data = read_side(books, side);
  GearingInput input;
  const std::string previous = cycle_label(cycle - 1);
  const CpEntry* last = data.find(hq, cycle - 1);
  const CpEntry* current = data.find(hq, cycle);
  if (last != nullptr) {
    if (words.has("previous")) {
      throw engine::UsageError("previous=: the books already hold " + hq + "'s " + previous +
                               " assignment");
    }
    input.previous_cycle_cps = last->assigned;
  } else if (current != nullptr && current->declared_previous) {
    // Declared by an earlier assignment this cycle: keep using it.
    input.previous_cycle_cps = *current->declared_previous;
  } else if (words.has("previous")) {
    // Campaigns started from a scenario: last cycle's assignment is not in the books.
    input.previous_cycle_cps = words.integer("previous");
  }
  input.newly_deployed = words.flag("newly-deployed");
  if (input.newly_deployed) input.side_allotment = words.integer("allotment");
  const bool china = words.flag("china");
  CpEntry& entry = data.entry(hq, cycle);
  if (words.has("previous") && !entry.declared_previous) {
    entry.declared_previous = input.previous_cycle_cps;
  }
  if (china) data.hqs[hq].china = true;
  input.requested_cps = entry.assigned + cps;
  const GearingResult gearing = gearing_limit(input);
  if (!gearing.allowed) {
    throw engine::UsageError("cps=: " + hq + " may be assigned at most " +
                             std::to_string(gearing.limit) + " new CPs this cycle (" +
                             gearing.basis + "); " + std::to_string(input.requested_cps) +
                             " asked");
  }
  entry.assigned = input.requested_cps;
  write_side(books, side, data);
  return side + " " + hq + ": assigned " + std::to_string(input.requested_cps) + " of at most " +
         std::to_string(gearing.limit) + " (" + gearing.basis + ")";
}

std::string spend(Json& books, Words& words, std::int64_t cycle) {
  const std::string side = side_key(words);
  const std::string hq = words.text("hq");
  const std::int64_t cps = words.integer("cps");
  require_non_negative("cps=", cps);
  SideBooks data = read_side(books, side);
  CpEntry& entry = data.entry(hq, cycle);
  take_from_hq(entry, hq, &CpEntry::spent, cps);
  write_side(books, side, data);
  return side + " " + hq + ": spent " + std::to_string(cps) + ", " +
         std::to_string(entry.balance()) + " left";
}

std::string lend(Json& books, Words& words, std::int64_t cycle) {
  const std::string side = side_key(words);
  const std::string from = words.text("from");
  const std::string to = words.text("to");
  const std::int64_t cps = words.integer("cps");
  require_non_negative("cps=", cps);
  if (from == to) throw engine::UsageError("to=: a HQ cannot lend to itself");
  SideBooks data = read_side(books, side);
  take_from_hq(data.entry(from, cycle), from, &CpEntry::lent_out, cps);
  const std::int64_t received = lending_received(cps);
  data.entry(to, cycle).received += received;
  write_side(books, side, data);
  return side + " " + from + " lent " + std::to_string(cps) + ", " + to + " received " +
         std::to_string(received) + " (28.8)";
}

std::string reserve(Json& books, Words& words, const Tables& tables) {
  ReserveInput input;
  input.side = parse_side("side=", words.text("side"));
  input.cps_placed = words.integer("cps");
  require_non_negative("cps=", input.cps_placed);
  if (input.side == Side::kAllied) {
    input.cycle_total = words.integer("cycle-total");
    require_non_negative("cycle-total=", input.cycle_total);
  } else {
    input.ms_points = words.integer("ms-points");
    require_non_negative("ms-points=", input.ms_points);
  }
  const ReserveResult result = reserve_placement(input, tables);
  SideBooks data = read_side(books, side_name(input.side));
  data.reserve_incoming += result.recorded;
  write_side(books, side_name(input.side), data);
  return side_name(input.side) + ": " + std::to_string(input.cps_placed) + " placed, " +
         std::to_string(result.recorded) + " recorded To Reserve (28.6.1), available next cycle";
}

std::string draw_reserve(Json& books, Words& words, std::int64_t cycle) {
  const std::string side = side_key(words);
  const std::string hq = words.text("hq");
  const std::int64_t cps = words.integer("cps");
  require_non_negative("cps=", cps);
  SideBooks data = read_side(books, side);
  require_at_most("cps=", cps, "reserve available", data.reserve_available);
  const std::int64_t received = reserve_received(cps, words.flag("isolated"));
  data.reserve_available -= cps;
  data.entry(hq, cycle).received += received;
  write_side(books, side, data);
  return side + ": " + std::to_string(cps) + " reserve CPs drawn, " + hq + " received " +
         std::to_string(received) + " (28.6.3)";
}

std::string future_ops(Json& books, Words& words, std::int64_t cycle) {
  const std::string side = side_key(words);
  const std::int64_t cps = words.integer("cps");
  const std::int64_t target = parse_cycle("target=", words.text("target"));
  SideBooks data = read_side(books, side);
  std::int64_t already = 0;
  if (data.future_ops) {
    if (data.future_ops->target_cycle != target) {
      throw engine::UsageError("target=: a future operations pool for " +
                               cycle_label(data.future_ops->target_cycle) +
                               " exists; only one at a time (28.5)");
    }
    const auto added = data.future_ops->added.find(cycle_label(cycle));
    if (added != data.future_ops->added.end()) already = added->second;
  }
  FutureOpsInput input;
  input.cps_added = already + cps;
  input.cycles_ahead = target - cycle;
  input.pool_cps = data.future_ops ? data.future_ops->cps - already : 0;
  require_non_negative("cps=", cps);
  // The calculator's own checks, named by the words typed here.
  if (input.cps_added > 50) {
    throw engine::UsageError(
        "cps=: at most 50 CPs a cycle go into the future operations pool "
        "(28.5; " +
        std::to_string(already) + " already this cycle, got " + std::to_string(cps) + ")");
  }
  require_range("target= (cycles ahead of " + cycle_label(cycle) + ")", input.cycles_ahead, 1, 6);
  const FutureOpsResult result = future_ops_add(input);
  if (!data.future_ops) data.future_ops = FutureOpsPool{target, 0, {}};
  data.future_ops->cps = result.pool_cps;
  data.future_ops->added[cycle_label(cycle)] = input.cps_added;
  write_side(books, side, data);
  return side + ": future operations pool for " + cycle_label(target) + " holds " +
         std::to_string(result.pool_cps) + " CPs (28.5)";
}

std::string release_future_ops(Json& books, Words& words, std::int64_t cycle) {
  const std::string side = side_key(words);
  const std::string hq = words.text("hq");
  const std::int64_t cps = words.integer("cps");
  require_non_negative("cps=", cps);
  const bool special = words.flag("special");
  SideBooks data = read_side(books, side);
  std::int64_t* pool_cps = nullptr;
  std::int64_t target_cycle = 0;
  if (special && data.special_future_ops && *data.special_future_ops) {
    pool_cps = &(*data.special_future_ops)->cps;
    target_cycle = (*data.special_future_ops)->target_cycle;
  } else if (!special && data.future_ops) {
    pool_cps = &data.future_ops->cps;
    target_cycle = data.future_ops->target_cycle;
  }
  if (pool_cps == nullptr) {
    throw engine::UsageError(special ? "special: no special future operations pool (42.7)"
                                     : "side=: no future operations pool");
  }
  if (target_cycle != cycle) {
    throw engine::UsageError("hq=: the pool's CPs may not be used until cycle " +
                             cycle_label(target_cycle) + " (28.5)");
  }
  require_at_most("cps=", cps, "CPs in the pool", *pool_cps);
  data.entry(hq, cycle).future_ops += cps;
  *pool_cps -= cps;
  const std::int64_t left = *pool_cps;
  if (left == 0) {
    if (special) {
      *data.special_future_ops = std::nullopt;
    } else {
      data.future_ops.reset();
    }
  }
  write_side(books, side, data);
  return side + " " + hq + ": " + std::to_string(cps) + (special ? " special" : "") +
         " future operations CPs, no gearing limit (" + std::to_string(left) + " left in the pool)";
}

constexpr std::int64_t kGtsPerCycle = 4;

// A G/T counted from G/T 1 of 0/1/41 (index 0): "G/T 3 of 0/5/42".
std::string gt_label(std::int64_t index) {
  return "G/T " + std::to_string(index % kGtsPerCycle + 1) + " of " +
         cycle_label(index / kGtsPerCycle);
}

// The first G/T of a repair begun now: the G/T in progress, or after the cycle's four G/Ts
// (repair-advance), the next cycle's first.
std::int64_t repair_start(const Json& books, std::int64_t cycle) {
  return cycle * kGtsPerCycle + books.value("gt", std::int64_t{0});
}

// A damage level as the log writes it (D3) or as a number (3): 36.1's D1-D4.
std::int64_t damage_level(Words& words) {
  std::string text = words.text("damage");
  const std::string typed = text;
  if (!text.empty() && (text[0] == 'D' || text[0] == 'd')) text = text.substr(1);
  if (text.size() != 1 || text[0] < '1' || text[0] > '4') {
    throw engine::UsageError("damage=: a damage level D1-D4 (36.1), not '" + typed + "'");
  }
  return text[0] - '0';
}

std::string repair(Json& books, Words& words, std::int64_t cycle, const Tables& tables) {
  RepairEntry entry;
  entry.ship = words.text("ship");
  entry.side = side_key(words);
  if (words.has("cycles")) {
    const std::int64_t cycles = words.integer("cycles");
    require_range("cycles=", cycles, 0, 10 * kCyclesPerYear);
    if (words.has("damage")) entry.damage = damage_level(words);
    if (words.has("note")) entry.note = words.text("note");
    return enter_repair_for_cycles(books, cycle, std::move(entry), cycles);
  }
  // 36.1: the duration from the Naval Damage Repair Tables.
  RepairInput input;
  input.ship_type = words.text("type");
  require_ship_type("type=", input.ship_type);
  input.japanese = entry.side == "japanese";
  input.damage = damage_level(words);
  input.dice = words.integer("dice");
  input.cw = words.flag("cw");
  input.port =
      words.has("port") ? parse_repair_port("port=", words.text("port")) : RepairPort::kOther;
  input.capital_ship_under_repair = words.flag("capital-ship-under-repair");
  input.maximum_effort = words.flag("maximum-effort");
  const RepairResult result = repair_duration(input, tables);
  entry.type = input.ship_type;
  entry.damage = input.damage;
  entry.repair_dr = input.dice;
  entry.gts_per_level.assign(result.gts.begin(), result.gts.end());
  entry.maximum_effort = input.maximum_effort;
  if (words.has("note")) entry.note = words.text("note");
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

std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> parts;
  std::string part;
  for (char c : text + separator) {
    if (c == separator) {
      parts.push_back(part);
      part.clear();
    } else {
      part += c;
    }
  }
  return parts;
}

// 42.7 the Yamamoto Mission, played by the Allies during a regular G/T of 1943 or later.
std::string yamamoto(Json& books, Words& words, std::int64_t cycle, const Tables& tables) {
  if (books.contains("yamamoto_mission")) {
    throw engine::UsageError("the Yamamoto Mission was played in " +
                             books["yamamoto_mission"]["cycle"].get<std::string>() +
                             " (Adm. Yamamoto is eliminated)");
  }
  if (cycle < parse_cycle("cycle", "0/1/43")) {
    throw engine::UsageError(
        "the Yamamoto Mission may be played only in 1943 or later (42.7); "
        "the books are at " +
        cycle_label(cycle));
  }
  const std::string hq = words.text("hq");
  std::vector<std::string> others;
  if (words.has("others")) {
    for (const std::string& other : split(words.text("others"), ',')) {
      if (other.empty() || other == hq ||
          std::find(others.begin(), others.end(), other) != others.end()) {
        throw engine::UsageError("others=: each a different non-army HQ, not " + hq +
                                 ", separated by commas");
      }
      others.push_back(other);
    }
  }
  SideBooks japan = read_side(books, "japanese");
  YamamotoInput input;
  CpEntry& entry = japan.entry(hq, cycle);
  input.hq = {entry.allocated(), entry.balance()};
  for (const std::string& other : others) {
    const CpEntry& other_entry = japan.entry(other, cycle);
    input.others.push_back({other_entry.allocated(), other_entry.balance()});
  }
  input.reserve_cps = japan.reserve_available;
  if (input.reserve_cps > 0) {
    input.reserve_dice = words.integer("reserve-dice");
  } else if (words.has("reserve-dice")) {
    throw engine::UsageError("reserve-dice=: the Japanese reserve is empty; nothing to roll for");
  }
  input.koga = parse_koga_paid_from("koga=", words.text("koga"));
  input.si_dice = words.integer("si-dice");
  const YamamotoResult result = yamamoto_mission(input, tables);

  // 42.7 SI +1 chits: into next cycle's cup, or spread along the cycle track.
  std::map<std::int64_t, std::int64_t> spread;
  if (words.has("si-spread")) {
    std::int64_t total = 0;
    for (const std::string& item : split(words.text("si-spread"), ',')) {
      const auto colon = item.find(':');
      if (colon == std::string::npos) {
        throw engine::UsageError("si-spread=: cycle:chits pairs like 0/5/43:3,0/6/43:2");
      }
      const std::int64_t target = parse_cycle("si-spread", item.substr(0, colon));
      if (target <= cycle) {
        throw engine::UsageError("si-spread=: " + cycle_label(target) +
                                 " is not a cycle to come (42.7)");
      }
      Words count({"n=" + item.substr(colon + 1)}, 0);
      const std::int64_t chits = count.integer("n");
      require_range("si-spread chits", chits, 1, 12);
      spread[target] += chits;
      total += chits;
    }
    if (total != result.si_plus_chits) {
      throw engine::UsageError("si-spread=: the chits spread (" + std::to_string(total) +
                               ") must be all " + std::to_string(result.si_plus_chits) +
                               " SI +1 chits (42.7)");
    }
  } else {
    spread[cycle + 1] = result.si_plus_chits;
  }

  entry.lost = entry.lost.value_or(0) + result.hq_lost;
  for (std::size_t i = 0; i < others.size(); ++i) {
    CpEntry& other_entry = japan.entry(others[i], cycle);
    other_entry.lost = other_entry.lost.value_or(0) + result.others_lost[i];
  }
  if (input.koga == KogaPaidFrom::kHq) entry.spent += result.koga_cps;
  japan.reserve_available = result.reserve_left;
  if (result.reserve_lost > 0) {
    japan.special_future_ops = std::optional<SpecialFutureOpsPool>(
        SpecialFutureOpsPool{cycle + 1, result.reserve_lost, "42.7 Yamamoto Mission"});
  }
  if (!japan.si_plus_track) japan.si_plus_track.emplace();
  for (const auto& [target, chits] : spread) {
    if (target == cycle + 1) {
      japan.si_plus_chits += chits;
    } else {
      (*japan.si_plus_track)[cycle_label(target)] += chits;
    }
  }
  write_side(books, "japanese", japan);
  books["yamamoto_mission"] = {
      {"cycle", cycle_label(cycle)}, {"hq", hq}, {"result", to_json(result)}};

  std::string summary = "Yamamoto Mission (42.7): Adm. Yamamoto eliminated; " + hq + " loses " +
                        std::to_string(result.hq_lost);
  for (std::size_t i = 0; i < others.size(); ++i) {
    summary += ", " + others[i] + " " + std::to_string(result.others_lost[i]);
  }
  summary += "; reserve loses " + std::to_string(result.reserve_lost);
  if (input.reserve_cps > 0) {
    summary += " (" + std::to_string(result.reserve_percent) + "% on the " +
               std::to_string(result.reserve_column) + "+ column at DR " +
               std::to_string(input.reserve_dice) + ")";
  }
  if (result.reserve_lost > 0) {
    summary += " into a special future operations pool for " + cycle_label(cycle + 1);
  }
  if (input.koga == KogaPaidFrom::kNone) {
    summary += "; Adm. Koga not unassigned, no change of command paid";
  } else {
    summary += "; Adm. Koga takes command for " + std::to_string(result.koga_cps) + " CPs from " +
               (input.koga == KogaPaidFrom::kHq ? hq : std::string("the reserve"));
  }
  summary += "; Japan gets " + std::to_string(result.si_plus_chits) + " SI +1 chits (";
  bool first = true;
  for (const auto& [target, chits] : spread) {
    summary += (first ? "" : ", ") + std::to_string(chits) + " for " + cycle_label(target);
    first = false;
  }
  return summary + ")";
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

std::string add_ship(Json& books, Words& words, std::int64_t cycle) {
  const std::string ship = words.text("ship");
  const std::string side = side_key(words);
  const std::string type = words.text("type");
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
  if (words.flag("reinforcement")) entry.reinforcement_year = 41 + cycle / kCyclesPerYear;
  write(books, log);
  return ship + " (" + type + "): in the Refit/Yard Period Log";
}

std::string refit(Json& books, Words& words, std::int64_t cycle) {
  const std::string ship = words.text("ship");
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

std::string yard(Json& books, Words& words, std::int64_t cycle) {
  const std::string ship = words.text("ship");
  RefitYardLog log = read_refit_yard_log(books);
  YardLogEntry& entry = yard_entry(log, ship);
  const bool extended = words.flag("extended");
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
    const std::int64_t cost = words.integer("activation-cost");
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

std::string attrition_chit(Json& books, Words& words, std::int64_t cycle) {
  const AttritionCup cup = parse_attrition_cup("cup=", words.text("cup"));
  const std::string chit = words.text("chit");
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

std::string repaired(Json& books, Words& words) {
  const std::string ship = words.text("ship");
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

std::string base(Json& books, Words& words, const Tables& tables) {
  const std::string name = words.text("name");
  const std::string side = side_key(words);
  SupplyDistanceInput input;
  input.ucs_distance = words.integer("ucs-distance");
  input.supply_base_distance = words.integer("supply-base-distance");
  require_non_negative("ucs-distance=", input.ucs_distance);
  require_non_negative("supply-base-distance=", input.supply_base_distance);
  SupplyDistanceResult result = supply_distance(input);
  std::string category_note;
  if (!result.category) {
    try {
      result = supply_distance(input, tables);
    } catch (const engine::UsageError& e) {
      category_note = e.what();
    }
  }
  BaseLog log = read_base_log(books);
  BaseEntry& entry = log[name];
  entry = BaseEntry{side,         input.ucs_distance, input.supply_base_distance,
                    result.total, result.category,    std::nullopt};
  if (!category_note.empty()) entry.category_note = category_note;
  write(books, log);
  return name + ": Total Supply Distance " + std::to_string(result.total) + ", category " +
         (result.category ? *result.category : "unknown (" + category_note + ")");
}

std::string intelligence(Json& books, Words& words) {
  const std::string side = side_key(words);
  SideBooks data = read_side(books, side);
  std::int64_t level = 0;
  std::string how;
  if (words.has("level")) {
    level = words.integer("level");
    require_range("level=", level, 1, side == "allied" ? 4 : 3);
  } else if (side == "japanese") {
    // 42.5.3: SI +1 chits picked before the level chit raise it; then all are removed.
    const std::int64_t drawn = words.integer("drawn");
    const std::int64_t plus = words.has("plus-drawn") ? words.integer("plus-drawn") : 0;
    require_non_negative("plus-drawn=", plus);
    require_at_most("plus-drawn=", plus, "the SI +1 chits in Japan's cup (42.5.2)",
                    data.si_plus_chits);
    level = japanese_si_level(drawn, plus);
    if (plus > 0) {
      data.si_plus_chits = 0;
      how = " (drawn " + std::to_string(drawn) + ", +" + std::to_string(plus) +
            " SI +1 chits; the rest leave the cup)";
    }
  } else {
    const std::int64_t drawn = words.integer("drawn");
    const bool doolittle = words.flag("doolittle");
    const bool jn25 = words.flag("jn25");
    level = allied_si_level(drawn, doolittle, jn25);
    if (doolittle || jn25) how = " (drawn " + std::to_string(drawn) + ")";
  }
  data.si_level = level;
  write_side(books, side, data);
  std::string summary = side + ": Strategic Intelligence level " + std::to_string(level) + how;
  const std::int64_t allied = read_side(books, "allied").si_level;
  const std::int64_t japanese = read_side(books, "japanese").si_level;
  if (allied >= 1 && japanese >= 1) {
    const SiEffects effects = si_effects(allied, japanese);
    summary += "; differential " + std::to_string(effects.differential) + ": Sigint " +
               std::to_string(effects.sigint) + ", Magic " + std::to_string(effects.magic) +
               " (42.2.2)";
  }
  return summary;
}

std::string magic_played(Json& books, Words& words) {
  const std::int64_t count = words.integer("count");
  require_range("count=", count, 1, 62);
  SideBooks japan = read_side(books, "japanese");
  japan.si_plus_chits += count;
  const std::int64_t chits = japan.si_plus_chits;
  write_side(books, "japanese", japan);
  return "Japan may put " + std::to_string(chits) + " SI +1 chits in its next SI cup (42.5.2)";
}

// 36.6.3 refits missed at the end of a cycle; 36.5.4 yard periods owed at the end of a year.
std::string close_refit_yard_log(Json& books, std::int64_t cycle) {
  RefitYardLog log = read_refit_yard_log(books);
  const ShipRepairLog repairs = read_ship_repair_log(books);
  std::string summary;
  const std::int64_t year = 41 + cycle / kCyclesPerYear;
  const std::string year_key = std::to_string(year);
  for (auto& [ship, entry] : log) {
    const bool in_port = entry.refit_in(cycle) || entry.in_yard(cycle) || repairs.in_port(ship);
    if (needs_refit(entry.type)) {
      if (in_port) {
        entry.consecutive_missed = 0;
      } else {
        ++entry.missed_refits[year];
        ++entry.consecutive_missed;
        summary += " " + ship + " missed its refit: +1 yard period this year (36.6.3 A)";
        if (entry.consecutive_missed >= 2) {
          summary += ", and rolls on the Naval CRT 2:1 column now (36.6.3 B)";
        }
        summary += ";";
      }
    }
    if (cycle % kCyclesPerYear == kCyclesPerYear - 1) {
      YardInput input;
      input.ship_type = entry.type;
      input.year = year;
      input.reinforcement_this_year = entry.reinforcement_year == year;
      const auto missed = entry.missed_refits.find(year);
      input.refits_missed =
          std::min<std::int64_t>(13, missed == entry.missed_refits.end() ? 0 : missed->second);
      input.yard_periods_done = entry.yard_periods_in_year(year);
      const YardResult result = yard_requirement(input);
      if (result.outstanding > 0) {
        entry.unsupplied = true;
        summary += " " + ship + " owes " + std::to_string(result.outstanding) +
                   " yard period(s) for 19" + year_key +
                   ": unsupplied until an extended yard period (36.5.4);";
      }
    }
  }
  write(books, log);
  return summary;
}

}  // namespace

std::int64_t parse_cycle(const std::string& field, const std::string& text) {
  std::vector<std::int64_t> parts;
  std::string part;
  for (char c : text + "/") {
    if (c == '/') {
      if (part.empty() || part.size() > 4) parts.clear();
      if (part.empty() || part.size() > 4) break;
      parts.push_back(std::stoll(part));
      part.clear();
    } else if (c >= '0' && c <= '9') {
      part += c;
    } else {
      parts.clear();
      break;
    }
  }
  if (parts.size() == 3 && parts[0] == 0) parts.erase(parts.begin());
  if (parts.size() != 2 || parts[0] < 1 || parts[0] > kCyclesPerYear || parts[1] < 41 ||
      parts[1] > 46) {
    throw engine::UsageError(field + ": not a cycle like 0/3/42 (cycle 1-13, year 41-46): '" +
                             text + "'");
  }
  return (parts[1] - 41) * kCyclesPerYear + (parts[0] - 1);
}

std::string cycle_label(std::int64_t index) {
  return "0/" + std::to_string(index % kCyclesPerYear + 1) + "/" +
         std::to_string(41 + index / kCyclesPerYear);
}

Campaign Campaign::create(const std::string& file, const std::string& start_cycle) {
  if (std::filesystem::exists(file)) {
    throw engine::UsageError("campaign file '" + file + "' exists; not overwritten");
  }
  Campaign campaign = fresh(start_cycle, file);
  campaign.save();
  return campaign;
}

Campaign Campaign::fresh(const std::string& start_cycle, std::string name) {
  Json books = {{"cycle", parse_cycle("--cycle", start_cycle)},
                {"sides", {{"allied", empty_side()}, {"japanese", empty_side()}}},
                {"ship_repair_log", Json::array()},
                {"refit_yard_log", Json::object()},
                {"naval_attrition_removed", Json::object()},
                {"base_log", Json::object()}};
  return Campaign(std::move(name), std::move(books), Json::array());
}

Campaign Campaign::open(const std::string& file) {
  return from_json(engine::read_user_file(file, "campaign file"), file);
}

namespace {

// Version 1 kept a full copy of the books before each change ("before"): turned into the patches
// of version 2, newest first, each from the books after the change (the next entry's "before", or
// the books for the last) back to the books before it. Every copy is checked on the way, as
// version 1 did on every read.
void upgrade_log_from_version_1(const std::string& file, const Json& books, Json& log) {
  const Json* after = &books;
  for (std::size_t i = log.size(); i-- > 0;) {
    Json& entry = log[i];
    const std::string at = "log[" + std::to_string(i) + "]";
    if (!entry.is_object() || !entry.value("change", Json()).is_string() ||
        !entry.value("summary", Json()).is_string() || !entry.contains("before")) {
      throw engine::DataError(file, at, "must hold change, summary and the books before it");
    }
    require_valid_books(file, entry["before"], at + ".before");
    if (log.size() - i <= Campaign::kUndoDepth) entry["undo"] = Json::diff(*after, entry["before"]);
    after = &entry["before"];
  }
  // The copies go only once every patch is made (each patch starts from the next copy).
  for (Json& entry : log) entry.erase("before");
}

bool is_patch(const Json& patch) {
  if (!patch.is_array()) return false;
  for (const Json& op : patch) {
    if (!op.is_object() || !op.value("op", Json()).is_string() ||
        !op.value("path", Json()).is_string()) {
      return false;
    }
  }
  return true;
}

}  // namespace

Campaign Campaign::from_json(Json document, std::string file) {
  // value() with a Json default: a field of the wrong type is a mismatch, never a json exception.
  if (!document.is_object() || document.value("format", Json()) != kFormat) {
    throw engine::DataError(file, "format", std::string("must be \"") + kFormat + "\"");
  }
  const Json version = document.value("version", Json());
  if (version != kVersion && version != 1) {
    throw engine::DataError(file, "version", "must be 1 or " + std::to_string(kVersion));
  }
  if (!document.contains("books") || !document["books"].is_object()) {
    throw engine::DataError(file, "books", "missing");
  }
  if (!document.contains("log") || !document["log"].is_array()) {
    throw engine::DataError(file, "log", "must be an array");
  }
  require_valid_books(file, document["books"]);
  const Json earlier = document.value("log_earlier", Json(0));
  if (!earlier.is_number_integer() || earlier.get<std::int64_t>() < 0) {
    throw engine::DataError(file, "log_earlier", "must be a whole number, 0 or more");
  }
  Json& log = document["log"];
  if (version == 1) {
    upgrade_log_from_version_1(file, document["books"], log);
  } else {
    for (std::size_t i = 0; i < log.size(); ++i) {
      const Json& entry = log[i];
      const std::string at = "log[" + std::to_string(i) + "]";
      if (!entry.is_object() || !entry.value("change", Json()).is_string() ||
          !entry.value("summary", Json()).is_string()) {
        throw engine::DataError(file, at, "must hold change and summary");
      }
      if (entry.contains("undo") && !is_patch(entry["undo"])) {
        throw engine::DataError(file, at + ".undo",
                                "must be a JSON Patch (an array of operations with op and path)");
      }
    }
  }
  return Campaign(std::move(file), std::move(document["books"]), std::move(log),
                  earlier.get<std::int64_t>());
}

void Campaign::trim_log() {
  if (log_.size() <= kLogDepth) return;
  const std::size_t drop = log_.size() - kLogDepth;
  Json kept = Json::array();
  for (std::size_t i = drop; i < log_.size(); ++i) kept.push_back(std::move(log_[i]));
  log_ = std::move(kept);
  log_earlier_ += static_cast<std::int64_t>(drop);
}

void Campaign::log_change(const std::string& description, const std::string& summary,
                          const Json& edited) {
  log_.push_back(
      {{"change", description}, {"summary", summary}, {"undo", Json::diff(edited, books_)}});
  if (log_.size() > kUndoDepth) log_[log_.size() - 1 - kUndoDepth].erase("undo");
  if (log_.size() > kLogDepth) {
    log_.erase(0);
    ++log_earlier_;
  }
}

std::int64_t Campaign::cycle() const { return books_["cycle"].get<std::int64_t>(); }

Json Campaign::to_json() const {
  Json document = {{"format", kFormat}, {"version", kVersion}, {"books", books_}, {"log", log_}};
  if (log_earlier_ > 0) document["log_earlier"] = log_earlier_;
  return document;
}

void Campaign::require_valid_change(const Json& edited) const {
  const std::vector<SchemaProblem> problems = check_books(edited);
  if (!problems.empty()) {
    throw engine::UsageError("refused: the change would leave " + problems.front().path + " " +
                             problems.front().problem + "; nothing changed");
  }
}

void Campaign::save() const {
  // Never written from an invalid state.
  require_valid_books(file_, books_);
  const std::string temporary = file_ + ".tmp";
  {
    std::ofstream stream(temporary);
    if (!stream) throw engine::UsageError("cannot write campaign file '" + file_ + "'");
    stream << to_json().dump(1) << "\n";
    if (!stream) throw engine::UsageError("cannot write campaign file '" + file_ + "'");
  }
  std::filesystem::rename(temporary, file_);
}

std::string Campaign::undo() {
  if (log_.empty()) throw engine::UsageError("nothing to undo in '" + file_ + "'");
  const Json& last = log_.back();
  const std::string change = last["change"].get<std::string>();
  if (!last.contains("undo")) {
    throw engine::UsageError("'" + change + "' is too old to undo: only the last " +
                             std::to_string(kUndoDepth) + " changes can be undone");
  }
  Json restored;
  try {
    restored = books_.patch(last["undo"]);
  } catch (const Json::exception&) {
    throw engine::DataError(file_, "log[" + std::to_string(log_.size() - 1) + "].undo",
                            "does not apply to the books; nothing changed");
  }
  // The books it gives back are checked as every change's are; nothing changes if they fail.
  require_valid_books(file_, restored, "log[" + std::to_string(log_.size() - 1) + "].undo");
  books_ = std::move(restored);
  log_.erase(log_.size() - 1);
  return change;
}

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

std::string advance_cycle(Campaign& campaign) {
  return campaign.change("next-cycle", [](Json& books) {
    const std::int64_t cycle = books["cycle"].get<std::int64_t>();
    const std::string now = cycle_label(cycle);
    std::string summary = "to cycle " + cycle_label(cycle + 1) + ":";
    for (const std::string side : {"allied", "japanese"}) {
      SideBooks data = read_side(books, side);
      std::optional<SpecialFutureOpsPool> special;
      if (data.special_future_ops) special = *data.special_future_ops;
      const std::vector<
          std::pair<std::string, std::optional<std::pair<std::int64_t, std::int64_t>>>>
          pools = {{"", data.future_ops ? std::optional(std::pair(data.future_ops->target_cycle,
                                                                  data.future_ops->cps))
                                        : std::nullopt},
                   {"special (42.7) ",
                    special ? std::optional(std::pair(special->target_cycle, special->cps))
                            : std::nullopt}};
      for (const auto& [kind, pool] : pools) {
        if (pool && pool->first <= cycle && pool->second > 0) {
          throw engine::UsageError(side + ": the " + kind + "future operations pool's " +
                                   std::to_string(pool->second) +
                                   " CPs must all be allocated to HQs this cycle (28.5)");
        }
      }
      std::map<std::string, std::int64_t> carry;
      for (const auto& [hq, record] : data.hqs) {
        const auto entry = record.cycles.find(now);
        if (entry == record.cycles.end()) continue;
        const std::int64_t left = entry->second.balance();
        // 28.9.2: 2:1 per HQ; 28.9.3: CEF HQ and China CPs keep theirs.
        const std::int64_t carried = record.china ? left : div_floor(left, 2);
        if (carried > 0) carry[hq] = carried;
        summary += " " + side + " " + hq + " carries " + std::to_string(carried) + ";";
      }
      for (const auto& [hq, carried] : carry) data.entry(hq, cycle + 1).carried_over = carried;
      // 28.9.1: reserve 4:3; CPs placed into reserve this cycle become available.
      const std::int64_t reserve = div_floor(data.reserve_available * 3, 4) + data.reserve_incoming;
      data.reserve_available = reserve;
      data.reserve_incoming = 0;
      write_side(books, side, data);
      summary += " " + side + " reserve " + std::to_string(reserve) + ";";
    }
    summary += close_refit_yard_log(books, cycle);
    // 42.7 SI +1 chits spread along the cycle track join the cup drawn at the end of the new
    // cycle (for the one after it).
    SideBooks japan = read_side(books, "japanese");
    const std::string track_key = cycle_label(cycle + 2);
    if (japan.si_plus_track && japan.si_plus_track->contains(track_key)) {
      const std::int64_t chits = japan.si_plus_track->at(track_key);
      japan.si_plus_chits += chits;
      japan.si_plus_track->erase(track_key);
      write_side(books, "japanese", japan);
      summary += " Japan's SI cup for " + track_key + " gets " + std::to_string(chits) +
                 " SI +1 chits (42.7);";
    }
    const std::int64_t gts_done = books.value("gt", std::int64_t{0});
    if (gts_done > 0 && gts_done < 4) {
      throw engine::UsageError("next-cycle: only " + std::to_string(gts_done) +
                               " of the cycle's 4 G/Ts were advanced (book FILE repair-advance)");
    }
    books["gt"] = 0;
    ShipRepairLog repairs = read_ship_repair_log(books);
    if (!repairs.repaired.empty()) {
      summary += " repaired ships redeployed (50.0 G.2):";
      for (const RepairedShip& ship : repairs.repaired) summary += " " + ship.ship + ";";
      repairs.repaired.clear();
      write(books, repairs);
    }
    books["cycle"] = cycle + 1;
    return summary;
  });
}

std::string spend_cps(Json& books, std::int64_t cycle, const std::string& side,
                      const std::string& hq, std::int64_t cps, const std::string& what) {
  const std::string side_word = side_name(parse_side("--side", side));
  if (hq.empty()) throw engine::UsageError("--hq: the HQ paying is required");
  require_non_negative("cps", cps);
  SideBooks data = read_side(books, side_word);
  if (!data.hqs.contains(hq)) {
    throw engine::UsageError("--hq: " + side_word + " HQ '" + hq +
                             "' is not in the books (assign it CPs first: book FILE assign)");
  }
  CpEntry& entry = data.entry(hq, cycle);
  take_from_hq(entry, hq, &CpEntry::spent, cps);
  write_side(books, side_word, data);
  return side_word + " " + hq + ": spent " + std::to_string(cps) + " CPs for " + what + ", " +
         std::to_string(entry.balance()) + " left";
}

std::string book_command_help() {
  return "book changes (key=value):\n"
         "  assign side= hq= cps= [previous=] [newly-deployed allotment=] [china]   28.4 gearing\n"
         "  spend side= hq= cps=\n"
         "  lend side= from= to= cps=                                  28.8 (4:3)\n"
         "  reserve side= cps= cycle-total= (allied) | ms-points= (japanese)   28.6.1\n"
         "  draw-reserve side= hq= cps= [isolated]                      28.6.3\n"
         "  future-ops side= cps= target=0/C/YY                         28.5\n"
         "  release-future-ops side= hq= cps=                           28.5\n"
         "  si side= level= | side=allied drawn= [doolittle] [jn25]     42.5, 42.6, 42.8\n"
         "  si side=japanese drawn= [plus-drawn=]                       42.5.3 SI +1 chits\n"
         "  magic-played count=                                         42.5.2 SI +1 chits\n"
         "  yamamoto hq= [others=HQ,HQ] reserve-dice= koga=reserve|hq|none si-dice=\n"
         "           [si-spread=0/C/YY:N,...]            42.7 (Bombardment of Air Points Table)\n"
         "  release-future-ops side=japanese hq= cps= special          42.7 special pool\n"
         "  repair ship= side= type= damage= dice= [port=] [cw] [capital-ship-under-repair]\n"
         "         [maximum-effort] [note=]         Ship Repair Log, G/Ts from 36.1 tables\n"
         "  repair ship= side= cycles= [damage=] [note=]                Ship Repair Log\n"
         "  repair-advance                 end of a G/T: repairs one G/T on, done ones released\n"
         "  repaired ship=\n"
         "  ship ship= side= type= [reinforcement]                      Refit/Yard Period Log\n"
         "  refit ship=                                                 36.6.2 check off\n"
         "  yard ship= [extended activation-cost=]                      36.5 yard period\n"
         "  attrition-chit cup= chit=                                   37.2.2 unmarked chit out\n"
         "  base name= side= ucs-distance= supply-base-distance=        Base Log, 32.1.1\n"
         "  msp-total msp=                        Japanese MSP total (57, General Record Track)\n"
         "  msp-loss msp= cause=submarines|mining|other [where=HEX]   57.3; mining: 56.4.4\n"
         "  msp-to-msu msp=                                             57.5.2\n"
         "  msp-arrivals                          converted MSPs due join the total (57.5.1)\n"
         "  china-surrender                                             47.17 garrison 216\n"
         "  next-cycle                                                  28.9 carry-over\n";
}

std::string apply_book_command(Campaign& campaign, const std::vector<std::string>& words_in,
                               const Tables& tables) {
  if (words_in.empty() || words_in[0] == "help") return book_command_help();
  const std::string change = words_in[0];
  if (change == "next-cycle") {
    if (words_in.size() > 1) throw engine::UsageError("next-cycle: takes no fields");
    return advance_cycle(campaign);
  }
  std::string description;
  for (const std::string& word : words_in) description += (description.empty() ? "" : " ") + word;
  const std::int64_t cycle = campaign.cycle();
  Words words(words_in, 1);
  return campaign.change(description, [&](Json& books) {
    std::string summary;
    if (change == "assign") {
      summary = assign(books, words, cycle);
    } else if (change == "spend") {
      summary = spend(books, words, cycle);
    } else if (change == "lend") {
      summary = lend(books, words, cycle);
    } else if (change == "reserve") {
      summary = reserve(books, words, tables);
    } else if (change == "draw-reserve") {
      summary = draw_reserve(books, words, cycle);
    } else if (change == "future-ops") {
      summary = future_ops(books, words, cycle);
    } else if (change == "release-future-ops") {
      summary = release_future_ops(books, words, cycle);
    } else if (change == "si") {
      summary = intelligence(books, words);
    } else if (change == "repair") {
      summary = repair(books, words, cycle, tables);
    } else if (change == "yamamoto") {
      summary = yamamoto(books, words, cycle, tables);
    } else if (change == "magic-played") {
      summary = magic_played(books, words);
    } else if (change == "ship") {
      summary = add_ship(books, words, cycle);
    } else if (change == "refit") {
      summary = refit(books, words, cycle);
    } else if (change == "yard") {
      summary = yard(books, words, cycle);
    } else if (change == "attrition-chit") {
      summary = attrition_chit(books, words, cycle);
    } else if (change == "repair-advance") {
      summary = repair_advance(books, cycle);
    } else if (change == "repaired") {
      summary = repaired(books, words);
    } else if (change == "base") {
      summary = base(books, words, tables);
    } else if (change == "msp-total") {
      summary = set_msp_total(books, msp_words(words));
    } else if (change == "msp-loss") {
      const std::string cause = words.text("cause");
      if (cause != "mining" && cause != "submarines" && cause != "other") {
        throw engine::UsageError("cause=: mining (56.4), submarines (57.3) or other, not '" +
                                 cause + "' (MSPs taken to MSUs: msp-to-msu)");
      }
      const std::string section = cause == "mining"       ? "56.4"
                                  : cause == "submarines" ? "57.3"
                                                          : "57";
      const std::int64_t msp = msp_words(words);
      const std::string where = words.has("where") ? words.text("where") : "";
      if (cause == "mining") record_mining_attack(books, cycle, where, "where=");
      summary = lose_msp(books, cycle, cause, msp, where, section);
    } else if (change == "msp-to-msu") {
      summary = lose_msp(books, cycle, "to-msu", msp_words(words), "", "57.5.2") +
                "; the MSUs arrive on the map one cycle later (57.5.2)";
    } else if (change == "msp-arrivals") {
      summary = msp_arrivals(books, cycle);
    } else if (change == "china-surrender") {
      summary = china_surrender(books, cycle);
    } else {
      throw engine::UsageError("unknown book change '" + change + "'\n" + book_command_help());
    }
    words.finish(change);
    return summary;
  });
}

}  // namespace pacwar::witp
