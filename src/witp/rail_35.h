// Rail movement (35.0): Railcap consumed by a move (35.1.1), rail and ground movement combined
// (35.2.3), rail line repair (35.3.4) and restoring or increasing Railcap (35.5).
#pragma once

#include <cstdint>
#include <string>

#include "witp/common.h"
#include "witp/tables.h"

namespace pacwar::witp {

// 35.1.1 unit classes of the entrain/detrain cost table.
enum class RailUnit { kMechEngineerCavalry, kOtherUpToBrigade, kOtherLarger };
RailUnit parse_rail_unit(const std::string& field, const std::string& text);

struct RailcapInput {
  RailUnit unit = RailUnit::kOtherUpToBrigade;
  std::int64_t steps = 0;
  bool entrain = false;
  bool detrain = false;
  std::int64_t hexes = 0;  // rail hexes traversed
};
struct RailcapResult {
  std::int64_t entrain_cost = 0;
  std::int64_t detrain_cost = 0;
  std::int64_t entrained_steps_cost = 0;  // steps halved, rounded up
  std::int64_t hexes = 0;
  std::int64_t total = 0;
};
RailcapResult railcap_used(const RailcapInput& input);
Json to_json(const RailcapResult& result);

// 35.2.3: ground MPs left after moving `rail_hexes` by rail (6 - ceil(hexes/6), at least 0), and
// rail hexes allowed after spending `ground_mps` of the 6.
std::int64_t ground_mps_after_rail(std::int64_t rail_hexes);
std::int64_t rail_hexes_after_ground(std::int64_t ground_mps_spent);

// 35.3.4 rail line repair: levels repaired by each method.
// 1. a ground unit spending twice its activation cost: one level per 2x expenditure;
std::int64_t rail_repair_by_unit(std::int64_t cps, std::int64_t activation_cost);
// 2. an ENGR in a Rail Center: one level per CP multiple of its activation cost;
std::int64_t rail_repair_by_engineer(std::int64_t cps, std::int64_t activation_cost);
// 3. mere CP expenditure: 2D6, the nominated first die is the CP cost, the difference between the
// dice the levels repaired.
struct RailCpRepair {
  std::int64_t cps = 0;
  std::int64_t levels = 0;
};
RailCpRepair rail_repair_by_cps(std::int64_t first_die, std::int64_t second_die);

// 35.5: CPs to restore Railcap lost below the initial level (2 CPs a point, 1 with an engineer)
// and to raise it above (1 CP a point, an engineer required), never above the maximum.
struct RailcapRaise {
  std::int64_t restored = 0;
  std::int64_t increased = 0;
  std::int64_t cps = 0;
  std::int64_t railcap = 0;
};
RailcapRaise railcap_raise(std::int64_t current, std::int64_t initial, std::int64_t maximum,
                           std::int64_t points, bool engineer);

// 35.6.1 Railcap capture: 2D6 + 1 + 1 per CP spent on the 176+ column of the Bombardment of Air
// Points Table; 55.7.1 Railcap bombing: 2D6 (+ the player's DRMs) on the strike's column. The
// percentage of the Rail Center's Railcap, rounded up, is captured (or lost for a cycle).
struct RailcapStrike {
  std::int64_t railcap = 0;  // Railcap assigned to the Rail Center
  std::int64_t dice = 2;
  std::int64_t drm = 0;         // capture: CPs spent; bombing: the player's net DRM
  std::int64_t strength = 176;  // the column: 176+ for capture
  bool capture = true;
};
struct RailcapStrikeResult {
  std::int64_t modified_dr = 0;
  std::int64_t column = 0;
  std::int64_t percent = 0;
  std::int64_t railcap = 0;
};
RailcapStrikeResult railcap_strike(const RailcapStrike& input, const Tables& tables);

// 35.7 Railcap demolition: the lead unit's TQ check (Rule Book I's procedure, made by the player;
// ruling R27) and, if it passes, the 35.6.1 procedure: 2D6 + 1 + 1 per CP spent, -1 for each
// broken unit of the demolishing side in the country (claimed by the enemy), +2 for an ENGR lead
// unit (41.1.7, ruling R28), on the 176+ column of the Bombardment of Air Points Table. That
// percentage of the Rail Center's Railcap, rounded down, is destroyed for good.
struct RailcapDemolition {
  std::int64_t railcap = 0;  // Railcap assigned to the Rail Center
  bool tq_check_passed = false;
  std::int64_t dice = 2;          // 2D6, when the TQ check passed
  std::int64_t cps = 0;           // CPs spent for +1 DRM each
  std::int64_t broken_units = 0;  // broken units of the demolishing side in the country
  bool engineer_lead = false;
};
struct RailcapDemolitionResult {
  bool attempted = false;  // false: the TQ check failed, nothing is destroyed
  std::int64_t drm = 0;
  std::int64_t modified_dr = 0;
  std::int64_t percent = 0;
  std::int64_t destroyed = 0;
  std::int64_t railcap_left = 0;
};
RailcapDemolitionResult railcap_demolition(const RailcapDemolition& input, const Tables& tables);
Json to_json(const RailcapDemolitionResult& result);

}  // namespace pacwar::witp
