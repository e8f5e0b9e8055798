#include "witp/refit_yard_log.h"

#include <algorithm>

#include "witp/campaign.h"

namespace pacwar::witp {
namespace {

constexpr std::int64_t kCyclesPerYear = 13;

void check_refit_entry(SchemaChecker& check, const Json& entry, const std::string& path) {
  const std::string rule = "36.5.5/36.6.2 Refit/Yard Period Log";
  if (!check.object(entry, path, rule)) return;
  check.fields(entry, path,
               {"side", "type", "refits", "missed_refits", "consecutive_missed", "yard_periods",
                "unsupplied"},
               {"reinforcement_year"}, rule);
  check.word(entry.value("side", Json()), path + ".side", {"allied", "japanese"}, rule);
  check.text(entry.value("type", Json()), path + ".type", rule);
  if (check.array(entry.value("refits", Json()), path + ".refits", "36.6.2")) {
    for (std::size_t i = 0; i < entry["refits"].size(); ++i) {
      check.cycle_label(entry["refits"][i], path + ".refits[" + std::to_string(i) + "]", "36.6.2");
    }
  }
  if (check.object(entry.value("missed_refits", Json()), path + ".missed_refits", "36.6.3")) {
    for (const auto& [year, count] : entry["missed_refits"].items()) {
      if (year.size() != 2 || year < "41" || year > "46") {
        check.fail(path + ".missed_refits." + year,
                   "must be a year 41-46, the year the refits were missed (36.6.3)");
      }
      check.integer(count, path + ".missed_refits." + year, 0, 13, "36.6.3: one refit a cycle");
    }
  }
  check.integer(entry.value("consecutive_missed", Json()), path + ".consecutive_missed", 0,
                kLastCycle + 1, "36.6.3 B");
  if (check.array(entry.value("yard_periods", Json()), path + ".yard_periods", "36.5")) {
    for (std::size_t i = 0; i < entry["yard_periods"].size(); ++i) {
      const Json& period = entry["yard_periods"][i];
      const std::string at = path + ".yard_periods[" + std::to_string(i) + "]";
      if (!check.object(period, at, "36.5")) continue;
      check.fields(period, at, {"start", "cycles"}, {"extended", "cps"}, "36.5");
      check.cycle_label(period.value("start", Json()), at + ".start", "36.5");
      check.integer(period.value("cycles", Json()), at + ".cycles", 1, 2,
                    "36.5.4: one cycle, two when extended");
      if (period.contains("extended"))
        check.boolean(period["extended"], at + ".extended", "36.5.4");
      if (period.contains("cps"))
        check.integer(period["cps"], at + ".cps", 0, kMostPoints, "36.5.4");
    }
  }
  check.boolean(entry.value("unsupplied", Json()), path + ".unsupplied", "36.5.4");
  if (entry.contains("reinforcement_year")) {
    check.integer(entry["reinforcement_year"], path + ".reinforcement_year", 41, 46, "36.5.2");
  }
}

}  // namespace

bool YardLogEntry::refit_in(std::int64_t cycle) const {
  return std::find(refits.begin(), refits.end(), cycle) != refits.end();
}

bool YardLogEntry::in_yard(std::int64_t cycle) const {
  for (const YardPeriod& period : yard_periods) {
    if (period.start <= cycle && cycle < period.start + period.cycles) return true;
  }
  return false;
}

std::int64_t YardLogEntry::yard_periods_in_year(std::int64_t year) const {
  std::int64_t count = 0;
  for (const YardPeriod& period : yard_periods) {
    if (41 + period.start / kCyclesPerYear == year) ++count;
  }
  return count;
}

RefitYardLog read_refit_yard_log(const Json& books) {
  RefitYardLog log;
  if (!books.contains("refit_yard_log")) return log;
  for (const auto& [ship, json] : books["refit_yard_log"].items()) {
    YardLogEntry entry;
    entry.side = json["side"].get<std::string>();
    entry.type = json["type"].get<std::string>();
    for (const Json& label : json["refits"]) {
      entry.refits.push_back(parse_cycle("refits", label.get<std::string>()));
    }
    for (const auto& [year, count] : json["missed_refits"].items()) {
      entry.missed_refits[std::stoll(year)] = count.get<std::int64_t>();
    }
    entry.consecutive_missed = json["consecutive_missed"].get<std::int64_t>();
    for (const Json& period : json["yard_periods"]) {
      YardPeriod typed;
      typed.start = parse_cycle("start", period["start"].get<std::string>());
      typed.cycles = period["cycles"].get<std::int64_t>();
      typed.extended = period.value("extended", false);
      if (period.contains("cps")) typed.cps = period["cps"].get<std::int64_t>();
      entry.yard_periods.push_back(typed);
    }
    entry.unsupplied = json["unsupplied"].get<bool>();
    if (json.contains("reinforcement_year")) {
      entry.reinforcement_year = json["reinforcement_year"].get<std::int64_t>();
    }
    log[ship] = std::move(entry);
  }
  return log;
}

void write(Json& books, const RefitYardLog& log) {
  Json json = Json::object();
  for (const auto& [ship, entry] : log) {
    Json refits = Json::array();
    for (const std::int64_t cycle : entry.refits) refits.push_back(cycle_label(cycle));
    Json missed = Json::object();
    for (const auto& [year, count] : entry.missed_refits) missed[std::to_string(year)] = count;
    Json periods = Json::array();
    for (const YardPeriod& period : entry.yard_periods) {
      Json item = {{"start", cycle_label(period.start)}, {"cycles", period.cycles}};
      if (period.extended) item["extended"] = true;
      if (period.cps) item["cps"] = *period.cps;
      periods.push_back(std::move(item));
    }
    Json item = {{"side", entry.side},
                 {"type", entry.type},
                 {"refits", refits},
                 {"missed_refits", missed},
                 {"consecutive_missed", entry.consecutive_missed},
                 {"yard_periods", periods},
                 {"unsupplied", entry.unsupplied}};
    if (entry.reinforcement_year) item["reinforcement_year"] = *entry.reinforcement_year;
    json[ship] = std::move(item);
  }
  books["refit_yard_log"] = std::move(json);
}

void check_refit_yard_log(SchemaChecker& check, const Json& books, const std::string& root) {
  if (check.object(books.value("refit_yard_log", Json()), root + ".refit_yard_log", "36.5.5")) {
    for (const auto& [ship, entry] : books["refit_yard_log"].items()) {
      check_refit_entry(check, entry, root + ".refit_yard_log." + ship);
    }
  }
}

}  // namespace pacwar::witp
