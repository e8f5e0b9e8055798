// Air point attrition (37.1): the losses of an air block each Strategic G/T, the Japanese
// IJAAF:IJNAF ratio limits (37.1.3) and the chance that an elite AP is the one lost (37.1.7).
#pragma once

#include <cstdint>
#include <string>

#include "witp/common.h"

namespace pacwar::witp {

enum class Nationality { kUs, kOther };
Nationality parse_nationality(const std::string& field, const std::string& text);

struct AirAttritionInput {
  Nationality nationality = Nationality::kOther;
  std::int64_t aps = 0;      // APs of the block (or carrier sub-block) deployed
  std::int64_t doubled = 0;  // of those, APs counting double (isolated, over capacity, ...)
};
struct AirAttritionResult {
  std::int64_t counted = 0;  // aps + doubled
  std::int64_t percent = 0;  // 8 (US) or 10
  std::int64_t losses = 0;
};
AirAttritionResult air_attrition(const AirAttritionInput& input);
Json to_json(const AirAttritionResult& result);

// 37.1.3 The most IJAAF (army) APs among `losses` Japanese FTR (ratio < 4:1) or BMR (ratio
// < 3:1) losses.
enum class JapaneseBlock { kFighter, kBomber };
JapaneseBlock parse_japanese_block(const std::string& field, const std::string& text);
std::int64_t max_army_losses(JapaneseBlock block, std::int64_t losses);

// 37.1.7 Chance that the elite AP is the one attrited: non-elite APs count double.
struct EliteChance {
  std::int64_t numerator = 0;
  std::int64_t denominator = 1;
};
EliteChance elite_attrition_chance(std::int64_t elite, std::int64_t non_elite);

}  // namespace pacwar::witp
