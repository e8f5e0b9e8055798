#include "witp/naval_repair_36.h"

#include <algorithm>

#include "engine/errors.h"

namespace pacwar::witp {
namespace {

bool one_of(const std::string& type, std::initializer_list<const char*> types) {
  return std::any_of(types.begin(), types.end(), [&](const char* t) { return type == t; });
}

}  // namespace

const std::vector<std::string>& known_ship_types() {
  // Never destroyed: threads still running when the process exits may read it.
  static const std::vector<std::string>& types = *new const std::vector<std::string>{
      "CV",  "CVL", "CVE", "CVS", "BB", "BC",  "CA",  "CL",  "DD", "APD", "DE",
      "DET", "CD",  "AV",  "AO",  "SS", "MSU", "APA", "APB", "AK", "LST"};
  return types;
}

void require_ship_type(const std::string& field, const std::string& type) {
  const auto& types = known_ship_types();
  if (std::find(types.begin(), types.end(), type) != types.end()) return;
  std::string list;
  for (const std::string& known : types) list += (list.empty() ? "" : ", ") + known;
  throw engine::UsageError(field + ": unknown ship type '" + type + "' (known: " + list + ")");
}

RepairPort parse_repair_port(const std::string& field, const std::string& text) {
  if (text == "other") return RepairPort::kOther;
  if (text == "us-west-coast") return RepairPort::kUsWestCoast;
  if (text == "us-east-coast") return RepairPort::kUsEastCoast;
  if (text == "african-coast") return RepairPort::kAfricanCoast;
  if (text == "soerabaja") return RepairPort::kSoerabaja;
  if (text == "australian-major") return RepairPort::kAustralianMajor;
  throw engine::UsageError(field +
                           ": must be other, us-west-coast, us-east-coast, african-coast, "
                           "soerabaja or australian-major (got '" +
                           text + "')");
}

RepairResult repair_duration(const RepairInput& input, const Tables& tables) {
  require_ship_type("ship", input.ship_type);
  if (one_of(input.ship_type, {"MSU", "APA", "APB"})) {
    throw engine::UsageError("ship: joint shipping units (" + input.ship_type +
                             ") may not be repaired (36.2.4)");
  }
  require_range("damage", input.damage, 1, 4);
  require_range("dice", input.dice, 2, 12);
  RepairResult result;
  std::int64_t table = 0;
  for (const NavalRepairShipType& row : tables.naval_repair_ship_types()) {
    if (row.ship_type == input.ship_type) table = row.table;
  }
  if (table == 0) {
    tables.refuse_incomplete("naval_repair_ship_types",
                             "no row gives the table for ship type " + input.ship_type);
  }
  result.table = table;
  // 36.1.2 port DRMs apply to Tables 2-4 only.
  if (table >= 2) {
    switch (input.port) {
      case RepairPort::kUsWestCoast:
        if (input.japanese) throw engine::UsageError("port: the US West Coast repairs US ships");
        result.drm += input.capital_ship_under_repair ? 1 : 2;
        break;
      case RepairPort::kUsEastCoast:
        if (input.japanese) throw engine::UsageError("port: the US East Coast repairs US ships");
        result.drm += 3;
        break;
      case RepairPort::kAfricanCoast:
        if (!input.cw) throw engine::UsageError("port: the African Coast DRM is for CW ships only");
        result.drm += 1;
        break;
      case RepairPort::kSoerabaja:
        if (!input.japanese) result.drm -= 2;  // note 4: Allied attempts only
        break;
      case RepairPort::kAustralianMajor:
        if (!input.japanese) result.drm -= 1;
        break;
      case RepairPort::kOther:
        break;
    }
  }
  // 36.2.2 "Japanese ships with a damage level of D3 or greater have 5 subtracted".
  if (input.japanese && input.damage >= 3) result.drm -= 5;
  result.modified_dr = input.dice + result.drm;
  std::vector<NavalRepairCell> cells;
  for (const NavalRepairCell& cell : tables.naval_damage_repair()) {
    if (cell.table == table) cells.push_back(cell);
  }
  if (cells.empty()) {
    tables.refuse_incomplete("naval_damage_repair",
                             "it has no row of table #" + std::to_string(table));
  }
  // Ruling R20: rows are per DR; a printed range ("2-", "12+") is one row for each DR that can
  // occur, so a missing DR refuses rather than reading a neighbouring row.
  result.dr_used = result.modified_dr;
  for (std::int64_t level = 1; level <= input.damage; ++level) {
    auto it = std::find_if(cells.begin(), cells.end(), [&](const NavalRepairCell& cell) {
      return cell.dr == result.dr_used && cell.level == level;
    });
    if (it == cells.end()) {
      tables.refuse_incomplete("naval_damage_repair", "table #" + std::to_string(table) +
                                                          " lacks the D" + std::to_string(level) +
                                                          " cell at DR " +
                                                          std::to_string(result.dr_used));
    }
    result.gts.push_back(it->gts);
    result.total_gts += it->gts;
  }
  if (input.maximum_effort) {
    // 36.4.4: 8 G/Ts off, the highest damage levels first.
    std::int64_t cut = 8;
    for (auto it = result.gts.rbegin(); it != result.gts.rend() && cut > 0; ++it) {
      const std::int64_t off = std::min(cut, *it);
      *it -= off;
      cut -= off;
      result.maximum_effort_cut += off;
    }
    result.total_gts -= result.maximum_effort_cut;
  }
  if (input.japanese && input.damage >= 2) {
    result.notes.push_back(
        "Japanese ships at D2 or worse are repaired only in Homeland major ports "
        "(36.1.1)");
  }
  return result;
}

Json to_json(const RepairResult& result) {
  Json levels = Json::object();
  static const char* const kLevels[] = {"D1", "D2", "D3", "D4"};
  for (std::size_t i = 0; i < result.gts.size() && i < 4; ++i) levels[kLevels[i]] = result.gts[i];
  Json json = {{"section", "36.1"},       {"table", result.table},
               {"drm", result.drm},       {"modified_dr", result.modified_dr},
               {"gts_per_level", levels}, {"total_gts", result.total_gts}};
  if (result.maximum_effort_cut > 0) json["maximum_effort_cut"] = result.maximum_effort_cut;
  if (!result.notes.empty()) json["notes"] = result.notes;
  return json;
}

SalvagePort parse_salvage_port(const std::string& field, const std::string& text) {
  if (text == "major") return SalvagePort::kMajor;
  if (text == "minor") return SalvagePort::kMinor;
  if (text == "anchorage") return SalvagePort::kAnchorage;
  throw engine::UsageError(field + ": must be major, minor or anchorage (got '" + text + "')");
}

std::int64_t salvage_cycles(std::int64_t die, SalvagePort port) {
  require_range("die", die, 1, 6);
  const std::int64_t modified = die + (port == SalvagePort::kMajor       ? 1
                                       : port == SalvagePort::kAnchorage ? -1
                                                                         : 0);
  if (modified <= 3) return 0;
  if (modified == 4) return 6;
  if (modified == 5) return 4;
  return 2;
}

MaximumEffortResult maximum_effort(const MaximumEffortInput& input, const Tables& tables) {
  require_range("die", input.die, 1, 6);
  require_range("cps-available", input.cps_available, -1000000, 1000000);
  const std::int64_t dr = input.die + (input.us_cv ? 1 : 0);
  std::int64_t cost = -1;
  for (const MaximumEffortRow& row : tables.maximum_effort_repair()) {
    if (row.dr == dr) cost = row.cps;
  }
  if (cost < 0) {
    tables.refuse_incomplete("maximum_effort_repair", "no row for DR " + std::to_string(dr));
  }
  MaximumEffortResult result;
  result.cost = input.japanese ? 2 * cost : cost;
  result.affordable = input.cps_available >= result.cost;
  result.cps_taken = result.affordable ? result.cost : div_ceil(3 * result.cost, 2);
  return result;
}

Json to_json(const MaximumEffortResult& result) {
  return {{"section", "36.4.2"},
          {"cost", result.cost},
          {"maximum_effort", result.affordable},
          {"cps_taken", result.cps_taken},
          {"gts_cut", result.affordable ? 8 : 0}};
}

bool needs_yard_period(const std::string& type) {
  return one_of(type, {"CV", "CVL", "CVE", "BB", "BC"});
}

bool needs_refit(const std::string& type) {
  return one_of(type, {"CV", "CVL", "CVE", "BB", "BC", "CA"});
}

YardResult yard_requirement(const YardInput& input) {
  require_ship_type("ship", input.ship_type);
  require_range("year", input.year, 41, 46);
  require_range("refits-missed", input.refits_missed, 0, 13);
  require_range("consecutive-missed", input.consecutive_missed, 0, input.refits_missed);
  require_range("yard-periods-done", input.yard_periods_done, 0, 13);
  require_non_negative("activation-cost", input.activation_cost);
  YardResult result;
  // 36.5.1 "Commencing in 1942, every game-year"; 36.5.6 reinforcements exempt that year.
  if (needs_yard_period(input.ship_type) && input.year >= 42 && !input.reinforcement_this_year) {
    result.required = 1;
  }
  // 36.6.3 A: each missed refit adds a yard period requirement for the year.
  if (needs_refit(input.ship_type)) result.required += input.refits_missed;
  result.outstanding = std::max<std::int64_t>(0, result.required - input.yard_periods_done);
  result.naval_crt_roll = needs_refit(input.ship_type) && input.consecutive_missed >= 2;
  result.extended_cps = 2 * input.activation_cost;
  return result;
}

Json to_json(const YardResult& result) {
  return {{"section", "36.5"},
          {"yard_periods_required", result.required},
          {"outstanding", result.outstanding},
          {"naval_crt_2_1_roll", result.naval_crt_roll},
          {"if_overdue",
           {{"status", "unsupplied until an extended yard period (2 consecutive cycles) (36.5.4)"},
            {"extended_yard_cps", result.extended_cps}}}};
}

}  // namespace pacwar::witp
