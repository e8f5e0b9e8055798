// US MTB squadrons (60.5): points available for an attack, the automatic counter-attack on
// screened MTB points, air attacks on MTBRons and MTB attrition.
#pragma once

#include <cstdint>

#include "witp/common.h"

namespace pacwar::witp {

// 60.5.4 MTB points available: 2D6, +1 if the TF was located, +1 at night; at most 12 (and at
// most the MTBRon's points).
struct MtbAvailableInput {
  std::int64_t dice = 2;  // 2D6 as rolled
  bool located = false;
  bool night = false;
  std::int64_t mtb_points = 12;  // points in the MTBRon
};
std::int64_t mtb_points_available(const MtbAvailableInput& input);

// 60.5.4 Counter-attack: if 2D6 is below the number screened, the difference is sunk.
std::int64_t mtb_counterattack_losses(std::int64_t screened, std::int64_t dice);

// 60.5.6 Equivalent anti-ship value of APs attacking MTBs: APs x LOW air combat value / 2,
// rounded normally; a combat result above the MTB points present sinks the excess.
std::int64_t mtb_air_attack_value(std::int64_t aps, std::int64_t air_combat_value);
std::int64_t mtb_air_losses(std::int64_t combat_result, std::int64_t mtb_points);

// 60.5.8 Attrition: 1D10 (0 reads 10) percent of on-map MTB points, rounded down.
std::int64_t mtb_attrition_losses(std::int64_t on_map_points, std::int64_t d10);

}  // namespace pacwar::witp
