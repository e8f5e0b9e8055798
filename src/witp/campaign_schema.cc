#include "witp/campaign_schema.h"

#include <algorithm>

#include "engine/errors.h"
#include "witp/campaign.h"
#include "witp/ledgers.h"
#include "witp/naval_attrition_log.h"
#include "witp/refit_yard_log.h"
#include "witp/ship_repair_log.h"

namespace pacwar::witp {
namespace {

std::string type_name(const Json& value) {
  if (value.is_null()) return "nothing";
  if (value.is_boolean()) return "true/false";
  if (value.is_number_integer()) return "a whole number";
  if (value.is_number()) return "a number with a fraction";
  if (value.is_string()) return "text";
  if (value.is_array()) return "a list";
  return "an object";
}

std::string in_rule(const std::string& rule) { return rule.empty() ? "" : " (" + rule + ")"; }

// The CP entry of one HQ for one cycle (28.2-28.9).
void check_cp_entry(SchemaChecker& check, const Json& entry, const std::string& path) {
  const std::string rule = "28: CPs a HQ holds for a cycle";
  if (!check.object(entry, path, rule)) return;
  check.fields(entry, path,
               {"assigned", "carried_over", "future_ops", "received", "lent_out", "spent"},
               {"lost", "declared_previous"}, rule);
  const std::vector<std::pair<std::string, std::string>> counts = {
      {"assigned", "28.4 CPs assigned"},
      {"carried_over", "28.9 CPs carried over"},
      {"future_ops", "28.5 future operations CPs released"},
      {"received", "28.6.3/28.8 CPs received"},
      {"lent_out", "28.8 CPs lent"},
      {"spent", "28.2 CPs spent"},
      {"lost", "42.7 CPs lost"},
      {"declared_previous", "28.4 the previous cycle's assignment"}};
  bool all = true;
  for (const auto& [key, what] : counts) {
    if (!entry.contains(key)) continue;
    all = check.integer(entry[key], path + "." + key, 0, kMostPoints, what) && all;
  }
  if (!all) return;
  const std::int64_t held =
      entry["assigned"].get<std::int64_t>() + entry["carried_over"].get<std::int64_t>() +
      entry["future_ops"].get<std::int64_t>() + entry["received"].get<std::int64_t>();
  const std::int64_t used = entry["lent_out"].get<std::int64_t>() +
                            entry["spent"].get<std::int64_t>() +
                            entry.value("lost", std::int64_t{0});
  if (used > held) {
    check.fail(path, "spends, lends and loses " + std::to_string(used) + " CPs but holds only " +
                         std::to_string(held) + " (28.2: a HQ uses only the CPs it holds)");
  }
}

void check_pool(SchemaChecker& check, const Json& pool, const std::string& path, bool special) {
  const std::string rule = special ? "42.7 special future operations pool" : "28.5";
  if (pool.is_null()) return;
  if (!check.object(pool, path, rule)) return;
  if (special) {
    check.fields(pool, path, {"target_cycle", "cps"}, {"source"}, rule);
    if (pool.contains("source")) check.text(pool["source"], path + ".source", rule);
  } else {
    check.fields(pool, path, {"target_cycle", "cps", "added"}, {}, rule);
    if (check.object(pool.value("added", Json()), path + ".added", rule)) {
      for (const auto& [label, cps] : pool["added"].items()) {
        check.cycle_label(Json(label), path + ".added." + label, rule);
        check.integer(cps, path + ".added." + label, 0, kMostPoints, rule);
      }
    }
  }
  check.integer(pool.value("target_cycle", Json()), path + ".target_cycle", 0, kLastCycle, rule);
  check.integer(pool.value("cps", Json()), path + ".cps", 0, kMostPoints, rule);
}

void check_side(SchemaChecker& check, const Json& side, const std::string& path,
                std::int64_t top_si_level) {
  if (!check.object(side, path, "28, 42")) return;
  check.fields(
      side, path,
      {"hqs", "reserve_available", "reserve_incoming", "future_ops", "si_level", "si_plus_chits"},
      {"special_future_ops", "si_plus_track"}, "28, 42");
  if (check.object(side.value("hqs", Json()), path + ".hqs", "28")) {
    for (const auto& [hq, record] : side["hqs"].items()) {
      const std::string at = path + ".hqs." + hq;
      if (!check.object(record, at, "28")) continue;
      check.fields(record, at, {"china", "cycles"}, {}, "28");
      check.boolean(record.value("china", Json()), at + ".china", "28.9.3 China/CEF HQ");
      if (!check.object(record.value("cycles", Json()), at + ".cycles", "28")) continue;
      for (const auto& [label, entry] : record["cycles"].items()) {
        check.cycle_label(Json(label), at + ".cycles." + label, "28");
        check_cp_entry(check, entry, at + ".cycles." + label);
      }
    }
  }
  check.integer(side.value("reserve_available", Json()), path + ".reserve_available", 0,
                kMostPoints, "28.6 CP reserve");
  check.integer(side.value("reserve_incoming", Json()), path + ".reserve_incoming", 0, kMostPoints,
                "28.6.1 CPs placed into reserve this cycle");
  if (side.contains("future_ops"))
    check_pool(check, side["future_ops"], path + ".future_ops", false);
  if (side.contains("special_future_ops")) {
    check_pool(check, side["special_future_ops"], path + ".special_future_ops", true);
  }
  check.integer(side.value("si_level", Json()), path + ".si_level", 0, top_si_level,
                "42.1: SI levels 1-" + std::to_string(top_si_level) + ", 0 before the first draw");
  check.integer(side.value("si_plus_chits", Json()), path + ".si_plus_chits", 0, 1000,
                "42.5.2 SI +1 chits");
  if (side.contains("si_plus_track") &&
      check.object(side["si_plus_track"], path + ".si_plus_track", "42.7")) {
    for (const auto& [label, chits] : side["si_plus_track"].items()) {
      check.cycle_label(Json(label), path + ".si_plus_track." + label, "42.7");
      check.integer(chits, path + ".si_plus_track." + label, 0, 1000, "42.7 SI +1 chits");
    }
  }
}

void check_base(SchemaChecker& check, const Json& entry, const std::string& path) {
  const std::string rule = "32.1 Base Log";
  if (!check.object(entry, path, rule)) return;
  check.fields(
      entry, path,
      {"side", "ucs_distance", "supply_base_distance", "total_supply_distance", "category"},
      {"category_note"}, rule);
  check.word(entry.value("side", Json()), path + ".side", {"allied", "japanese"}, rule);
  for (const char* key : {"ucs_distance", "supply_base_distance", "total_supply_distance"}) {
    check.integer(entry.value(key, Json()), path + "." + key, 0, 10000, "32.1.1 hexes");
  }
  if (!entry.value("category", Json()).is_null()) {
    check.text(entry["category"], path + ".category", "32.1.3");
  }
  if (entry.contains("category_note"))
    check.text(entry["category_note"], path + ".category_note", rule);
}

}  // namespace

bool SchemaChecker::object(const Json& value, const std::string& path, const std::string& rule) {
  if (value.is_object()) return true;
  fail(path, "must be an object, not " + type_name(value) + in_rule(rule));
  return false;
}

bool SchemaChecker::array(const Json& value, const std::string& path, const std::string& rule) {
  if (value.is_array()) return true;
  fail(path, "must be a list, not " + type_name(value) + in_rule(rule));
  return false;
}

void SchemaChecker::fields(const Json& object, const std::string& path,
                           const std::vector<std::string>& required,
                           const std::vector<std::string>& optional, const std::string& rule) {
  for (const std::string& key : required) {
    if (!object.contains(key)) fail(path + "." + key, "missing" + in_rule(rule));
  }
  for (const auto& [key, value] : object.items()) {
    if (std::find(required.begin(), required.end(), key) == required.end() &&
        std::find(optional.begin(), optional.end(), key) == optional.end()) {
      fail(path + "." + key, "not a field of this book" + in_rule(rule));
    }
  }
}

bool SchemaChecker::integer(const Json& value, const std::string& path, std::int64_t low,
                            std::int64_t high, const std::string& rule) {
  if (!value.is_number_integer()) {
    fail(path, "must be a whole number from " + std::to_string(low) + " to " +
                   std::to_string(high) + ", not " + type_name(value) + in_rule(rule));
    return false;
  }
  const bool too_large_unsigned =
      value.is_number_unsigned() && value.get<std::uint64_t>() > static_cast<std::uint64_t>(high);
  const std::int64_t number = too_large_unsigned ? high + 1 : value.get<std::int64_t>();
  if (number < low || number > high) {
    fail(path, "must be from " + std::to_string(low) + " to " + std::to_string(high) + " (got " +
                   value.dump() + ")" + in_rule(rule));
    return false;
  }
  return true;
}

bool SchemaChecker::boolean(const Json& value, const std::string& path, const std::string& rule) {
  if (value.is_boolean()) return true;
  fail(path, "must be true or false, not " + type_name(value) + in_rule(rule));
  return false;
}

bool SchemaChecker::text(const Json& value, const std::string& path, const std::string& rule) {
  if (value.is_string() && !value.get<std::string>().empty()) return true;
  fail(path, "must be non-empty text, not " + type_name(value) + in_rule(rule));
  return false;
}

bool SchemaChecker::word(const Json& value, const std::string& path,
                         const std::vector<std::string>& words, const std::string& rule) {
  if (value.is_string() &&
      std::find(words.begin(), words.end(), value.get<std::string>()) != words.end()) {
    return true;
  }
  std::string list;
  for (const std::string& word : words) list += (list.empty() ? "" : ", ") + word;
  fail(path, "must be one of " + list + " (got " + value.dump() + ")" + in_rule(rule));
  return false;
}

bool SchemaChecker::cycle_label(const Json& value, const std::string& path,
                                const std::string& rule) {
  if (value.is_string()) {
    try {
      const std::int64_t index = parse_cycle("cycle", value.get<std::string>());
      if (witp::cycle_label(index) == value.get<std::string>()) return true;
    } catch (const engine::UsageError&) {
    }
  }
  fail(path,
       "must be a cycle like 0/3/42 (cycle 1-13, year 41-46), not " + value.dump() + in_rule(rule));
  return false;
}

void SchemaChecker::fail(const std::string& path, const std::string& problem) {
  problems_.push_back({path, problem});
}

std::vector<SchemaProblem> check_books(const Json& books, const std::string& root) {
  SchemaChecker check;
  if (!check.object(books, root, "")) return check.problems();
  check.fields(books, root,
               {"cycle", "sides", "ship_repair_log", "refit_yard_log", "naval_attrition_removed",
                "base_log"},
               {"gt", "repaired_ships", "yamamoto_mission", "merchant_shipping", "mining_attacks",
                "china", "railcap_demolitions"},
               "");
  check.integer(books.value("cycle", Json()), root + ".cycle", 0, kLastCycle,
                "50.0: the cycle track runs 0/1/41 to 0/13/46");
  if (books.contains("gt")) {
    check.integer(books["gt"], root + ".gt", 0, 4, "50.0: four regular G/Ts a cycle");
  }
  if (check.object(books.value("sides", Json()), root + ".sides", "")) {
    check.fields(books["sides"], root + ".sides", {"allied", "japanese"}, {}, "");
    if (books["sides"].contains("allied")) {
      check_side(check, books["sides"]["allied"], root + ".sides.allied", 4);
    }
    if (books["sides"].contains("japanese")) {
      check_side(check, books["sides"]["japanese"], root + ".sides.japanese", 3);
    }
  }
  check_ship_repair_log(check, books, root);
  check_refit_yard_log(check, books, root);
  check_naval_attrition_removed(check, books, root);
  if (check.object(books.value("base_log", Json()), root + ".base_log", "32.1")) {
    for (const auto& [name, entry] : books["base_log"].items()) {
      check_base(check, entry, root + ".base_log." + name);
    }
  }
  if (books.contains("yamamoto_mission") &&
      check.object(books["yamamoto_mission"], root + ".yamamoto_mission", "42.7")) {
    const Json& mission = books["yamamoto_mission"];
    check.fields(mission, root + ".yamamoto_mission", {"cycle", "hq", "result"}, {}, "42.7");
    check.cycle_label(mission.value("cycle", Json()), root + ".yamamoto_mission.cycle", "42.7");
    check.text(mission.value("hq", Json()), root + ".yamamoto_mission.hq", "42.7");
    check.object(mission.value("result", Json()), root + ".yamamoto_mission.result", "42.7");
  }
  check_ledgers(check, books, root);
  return check.problems();
}

void require_valid_books(const std::string& file, const Json& books, const std::string& root) {
  const std::vector<SchemaProblem> problems = check_books(books, root);
  if (problems.empty()) return;
  std::string reason = problems.front().problem;
  if (problems.size() > 1) {
    reason += " (and " + std::to_string(problems.size() - 1) + " more problem" +
              (problems.size() > 2 ? "s" : "") + ")";
  }
  throw engine::DataError(file, problems.front().path, reason);
}

}  // namespace pacwar::witp
