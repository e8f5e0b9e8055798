// Naval repair (36.0): repair duration from the Naval Damage Repair Tables (36.1: the G/Ts of
// every column up to the ship's damage level, summed), port DRMs (36.1.2), the Japanese -5 for
// D3+ (36.2.2), salvage (36.2), maximum effort (36.4: CP cost, 8 G/Ts off the highest levels),
// and the yard period and refit requirements (36.5, 36.6).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "witp/common.h"
#include "witp/tables.h"

namespace pacwar::witp {

// Ship types Rule Book II names. Joint shipping units (MSU, APA, APB) are never repaired.
const std::vector<std::string>& known_ship_types();
// Throws a UsageError listing the known types when `type` is not one of them.
void require_ship_type(const std::string& field, const std::string& type);

enum class RepairPort {
  kOther,
  kUsWestCoast,
  kUsEastCoast,
  kAfricanCoast,
  kSoerabaja,
  kAustralianMajor,
};
RepairPort parse_repair_port(const std::string& field, const std::string& text);

struct RepairInput {
  std::string ship_type;
  bool japanese = false;
  bool cw = false;          // a Commonwealth ship (African Coast DRM)
  std::int64_t damage = 1;  // 1-4 (D1-D4)
  std::int64_t dice = 2;    // 2D6 as rolled
  RepairPort port = RepairPort::kOther;
  bool capital_ship_under_repair = false;  // US West Coast: another Allied capital ship there
  bool maximum_effort = false;
};
struct RepairResult {
  std::int64_t table = 0;
  std::int64_t drm = 0;
  std::int64_t modified_dr = 0;
  std::int64_t dr_used = 0;       // the row read: the modified DR
  std::vector<std::int64_t> gts;  // per level, D1 first, up to the damage level
  std::int64_t total_gts = 0;
  std::int64_t maximum_effort_cut = 0;
  std::vector<std::string> notes;
};
RepairResult repair_duration(const RepairInput& input, const Tables& tables);
Json to_json(const RepairResult& result);

// 36.2 Salvage Table: 1D6 (+1 major port, -1 anchorage): 1-3 not salvageable, 4 after 6 cycles,
// 5 after 4, 6 after 2. 0 = not salvageable.
enum class SalvagePort { kMajor, kMinor, kAnchorage };
SalvagePort parse_salvage_port(const std::string& field, const std::string& text);
std::int64_t salvage_cycles(std::int64_t die, SalvagePort port);

// 36.4.2-36.4.3 maximum effort: the cost (table; +1 DRM for a US CV; doubled for Japan) and, if
// the CPs at hand fall short, the 1.5x cost taken anyway (rounded up, ruling R21) and no effort.
struct MaximumEffortInput {
  std::int64_t die = 1;
  bool us_cv = false;
  bool japanese = false;
  std::int64_t cps_available = 0;
};
struct MaximumEffortResult {
  std::int64_t cost = 0;
  bool affordable = false;
  std::int64_t cps_taken = 0;
};
MaximumEffortResult maximum_effort(const MaximumEffortInput& input, const Tables& tables);
Json to_json(const MaximumEffortResult& result);

// 36.5 / 36.6 yard periods and refits for one ship in one game-year.
bool needs_yard_period(const std::string& ship_type);  // carriers and capital ships (R22)
bool needs_refit(const std::string& ship_type);        // CV, CVL, CVE, BB, BC, CA
struct YardInput {
  std::string ship_type;
  std::int64_t year = 42;
  bool reinforcement_this_year = false;
  std::int64_t refits_missed = 0;       // cycles this year whose refit was not met
  std::int64_t consecutive_missed = 0;  // consecutive cycles just ended without refit
  std::int64_t yard_periods_done = 0;
  std::int64_t activation_cost = 0;  // for the extended yard period's CP cost
};
struct YardResult {
  std::int64_t required = 0;
  std::int64_t outstanding = 0;
  bool naval_crt_roll = false;    // 36.6.3 B: 2 consecutive missed refits: 2:1 column
  std::int64_t extended_cps = 0;  // 36.5.4: twice the activation cost, if overdue
};
YardResult yard_requirement(const YardInput& input);
Json to_json(const YardResult& result);

}  // namespace pacwar::witp
