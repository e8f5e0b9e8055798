#include "witp/command_points_28.h"

#include <algorithm>

#include "engine/errors.h"

namespace pacwar::witp {

GearingResult gearing_limit(const GearingInput& input) {
  require_non_negative("previous-cycle-cps", input.previous_cycle_cps);
  require_non_negative("requested-cps", input.requested_cps);
  require_non_negative("side-allotment", input.side_allotment);
  GearingResult result;
  if (input.newly_deployed) {
    // "a maximum of 50% of a side's allotment for that cycle may be assigned to it"
    result.limit = div_floor(input.side_allotment, 2);
    result.basis = "28.4: newly-deployed HQ, 50% of the side's allotment";
  } else {
    // "may not exceed 1.5 times the amount ... or 20 CPs, whichever is greater"
    const std::int64_t geared = div_floor(3 * input.previous_cycle_cps, 2);
    result.limit = std::max<std::int64_t>(geared, 20);
    result.basis = geared >= 20 ? "28.4: 1.5 x last cycle's assignment" : "28.4: minimum of 20";
  }
  result.allowed = input.requested_cps <= result.limit;
  result.excess = std::max<std::int64_t>(0, input.requested_cps - result.limit);
  return result;
}

Json to_json(const GearingResult& result) {
  return {{"section", "28.4"},
          {"limit", result.limit},
          {"allowed", result.allowed},
          {"excess", result.excess},
          {"basis", result.basis}};
}

FutureOpsResult future_ops_add(const FutureOpsInput& input) {
  require_range("cps-added", input.cps_added, 0, 50);
  require_range("cycles-ahead", input.cycles_ahead, 1, 6);
  require_non_negative("pool-cps", input.pool_cps);
  return {input.pool_cps + input.cps_added};
}

Json to_json(const FutureOpsResult& result) {
  return {{"section", "28.5"}, {"pool_cps", result.pool_cps}};
}

Side parse_side(const std::string& field, const std::string& text) {
  if (text == "allied" || text == "us" || text == "cw") return Side::kAllied;
  if (text == "japanese" || text == "japan") return Side::kJapanese;
  throw engine::UsageError(field + ": unknown side '" + text + "' (allied, japanese)");
}

std::string side_name(Side side) { return side == Side::kAllied ? "allied" : "japanese"; }

ReserveResult reserve_placement(const ReserveInput& input, const Tables& tables) {
  require_non_negative("cps-placed", input.cps_placed);
  require_non_negative("cycle-total", input.cycle_total);
  require_non_negative("ms-points", input.ms_points);
  ReserveResult result;
  if (input.side == Side::kAllied) {
    // 28.6.2: "The allied player may never place more than 50% of a cycle's CP total into
    // reserve."
    require_at_most("cps-placed", input.cps_placed, "50% of cycle-total",
                    div_floor(input.cycle_total, 2));
    result.give = 4;
    result.get = 3;
  } else {
    const std::vector<ReserveExchangeRow> rows = tables.japanese_reserve_exchange();
    const ReserveExchangeRow* row = nullptr;
    for (const ReserveExchangeRow& candidate : rows) {
      if (candidate.min_ms_points <= input.ms_points) row = &candidate;
    }
    // A complete table has a row from 0, so a row always applies.
    result.give = row->give;
    result.get = row->get;
  }
  // "for every 4 CPs placed into reserve, only 3 (fractions are rounded down) are recorded"
  result.recorded = div_floor(input.cps_placed * result.get, result.give);
  return result;
}

Json to_json(const ReserveResult& result) {
  return {{"section", "28.6.1"},
          {"recorded", result.recorded},
          {"exchange_rate", std::to_string(result.give) + ":" + std::to_string(result.get)}};
}

std::int64_t reserve_received(std::int64_t cps_spent, bool hq_isolated) {
  require_non_negative("cps-spent", cps_spent);
  return hq_isolated ? div_floor(cps_spent, 2) : cps_spent;
}

std::int64_t lending_received(std::int64_t cps_sent) {
  require_non_negative("cps-sent", cps_sent);
  // One CP of every complete 4 sent is lost (ruling R3 in docs/witp-rulings.md).
  return cps_sent - div_floor(cps_sent, 4);
}

CarryOverResult carry_over(const CarryOverInput& input) {
  require_non_negative("reserve-cps", input.reserve_cps);
  CarryOverResult result;
  result.reserve_cps = div_floor(input.reserve_cps * 3, 4);
  for (std::size_t i = 0; i < input.hq_cps.size(); ++i) {
    require_non_negative("hq-cps[" + std::to_string(i) + "]", input.hq_cps[i]);
    result.hq_cps.push_back(div_floor(input.hq_cps[i], 2));
  }
  return result;
}

Json to_json(const CarryOverResult& result) {
  return {{"section", "28.9"}, {"reserve_cps", result.reserve_cps}, {"hq_cps", result.hq_cps}};
}

std::int64_t emergency_link_cost(std::int64_t activation_cost) {
  require_non_negative("activation-cost", activation_cost);
  return 2 * activation_cost;
}

Range parse_range(const std::string& field, const std::string& text) {
  if (text == "short") return Range::kShort;
  if (text == "medium") return Range::kMedium;
  if (text == "long" || text == "extended" || text == "xtd") return Range::kLong;
  throw engine::UsageError(field + ": unknown range band '" + text +
                           "' (short, medium, long, extended)");
}

EmergencySortieResult emergency_sortie(const EmergencySortieInput& input) {
  require_non_negative("base-cps", input.base_cps);
  require_non_negative("cps-available", input.cps_available);
  require_range("si-level", input.si_level, 1, 4);
  EmergencySortieResult result;
  result.percent = input.range == Range::kShort ? 30 : input.range == Range::kMedium ? 20 : 0;
  if (input.hq_activated) result.percent -= 10;
  // Fractions of a CP: standard rounding, .5 up (ruling R4).
  result.total_cps = div_round_half_up(input.base_cps * (100 + result.percent), 100);
  result.deficit_cps = std::max<std::int64_t>(0, result.total_cps - input.cps_available);
  if (input.si_level <= 2) {
    result.next_cycle_loss = 2 * result.deficit_cps;
  } else if (input.si_level == 3) {
    result.next_cycle_loss = div_ceil(3 * result.deficit_cps, 2);  // ruling R5
  } else {
    result.next_cycle_loss = result.deficit_cps;
  }
  return result;
}

Json to_json(const EmergencySortieResult& result) {
  return {{"section", "33.1.5"},
          {"percent", result.percent},
          {"total_cps", result.total_cps},
          {"deficit_cps", result.deficit_cps},
          {"next_cycle_loss", result.next_cycle_loss}};
}

}  // namespace pacwar::witp
