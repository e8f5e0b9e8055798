// Command Point bookkeeping of sections 28 (gearing, future operations, reserve, lending,
// carry-over), 31.5 (emergency command links) and 33.1 (emergency sorties).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "witp/common.h"
#include "witp/tables.h"

namespace pacwar::witp {

// 28.4 Gearing limit: newly-assigned CPs of a HQ may not exceed 1.5x last cycle's assignment or
// 20, whichever is greater; a newly-deployed HQ takes at most 50% of the side's allotment.
struct GearingInput {
  std::int64_t previous_cycle_cps = 0;  // newly assigned to the HQ last cycle
  std::int64_t requested_cps = 0;       // newly assigned this cycle
  bool newly_deployed = false;
  std::int64_t side_allotment = 0;  // this cycle's allotment (used when newly_deployed)
};
struct GearingResult {
  std::int64_t limit = 0;
  bool allowed = false;
  std::int64_t excess = 0;
  std::string basis;
};
GearingResult gearing_limit(const GearingInput& input);
Json to_json(const GearingResult& result);

// 28.5 Future operations pool: at most 50 CPs added per Strategic G/T, target cycle 1 to 6
// cycles ahead.
struct FutureOpsInput {
  std::int64_t cps_added = 0;
  std::int64_t cycles_ahead = 1;
  std::int64_t pool_cps = 0;  // already in the pool
};
struct FutureOpsResult {
  std::int64_t pool_cps = 0;
};
FutureOpsResult future_ops_add(const FutureOpsInput& input);
Json to_json(const FutureOpsResult& result);

// 28.6.1 / 28.6.2 Placing CPs into reserve: Allied at 4:3 (fractions down), at most 50% of the
// cycle's total; Japanese at the rate of the Japanese Reserve CP Assignment table.
enum class Side { kAllied, kJapanese };
Side parse_side(const std::string& field, const std::string& text);
std::string side_name(Side side);

struct ReserveInput {
  Side side = Side::kAllied;
  std::int64_t cps_placed = 0;
  std::int64_t cycle_total = 0;  // the side's CPs this cycle (Allied 50% cap)
  std::int64_t ms_points = 0;    // Japanese MS Point total (Japanese rate)
};
struct ReserveResult {
  std::int64_t recorded = 0;
  std::int64_t give = 4;
  std::int64_t get = 3;
};
ReserveResult reserve_placement(const ReserveInput& input, const Tables& tables);
Json to_json(const ReserveResult& result);

// 28.6.3 Spending reserve CPs through a HQ: 1:1 if linked, 2:1 if isolated.
std::int64_t reserve_received(std::int64_t cps_spent, bool hq_isolated);

// 28.8 Lending between HQs: 4:3, but nothing is lost until 4 are sent.
std::int64_t lending_received(std::int64_t cps_sent);

// 28.9 Carry-over at cycle end: reserve 4:3, each HQ 2:1 (fractions ignored); China CPs and
// future operations pools are not affected.
struct CarryOverInput {
  std::int64_t reserve_cps = 0;
  std::vector<std::int64_t> hq_cps;
};
struct CarryOverResult {
  std::int64_t reserve_cps = 0;
  std::vector<std::int64_t> hq_cps;
};
CarryOverResult carry_over(const CarryOverInput& input);
Json to_json(const CarryOverResult& result);

// 31.5 A CP spent by a unit on an emergency command link costs one more.
std::int64_t emergency_link_cost(std::int64_t activation_cost);

// 33.1.4 / 33.1.5 Emergency reaction TFs: search-distance surcharge (+30% short, +20% medium),
// 10% off if the HQ is already activated; deficit CPs cost the next cycle's allotment at a rate
// set by the SI level (1-2: 2:1, 3: 3:2, 4: 1:1).
enum class Range { kShort, kMedium, kLong };
Range parse_range(const std::string& field, const std::string& text);

struct EmergencySortieInput {
  std::int64_t base_cps = 0;
  Range range = Range::kLong;
  bool hq_activated = false;
  std::int64_t cps_available = 0;  // in the HQ, reserve and lending HQs
  std::int64_t si_level = 1;       // reacting side's Strategic Intelligence level (1-4)
};
struct EmergencySortieResult {
  std::int64_t percent = 0;  // surcharge (negative: discount)
  std::int64_t total_cps = 0;
  std::int64_t deficit_cps = 0;
  std::int64_t next_cycle_loss = 0;
};
EmergencySortieResult emergency_sortie(const EmergencySortieInput& input);
Json to_json(const EmergencySortieResult& result);

}  // namespace pacwar::witp
