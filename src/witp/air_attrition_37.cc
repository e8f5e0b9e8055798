#include "witp/air_attrition_37.h"

#include <numeric>

#include "engine/errors.h"

namespace pacwar::witp {

Nationality parse_nationality(const std::string& field, const std::string& text) {
  if (text == "us") return Nationality::kUs;
  if (text == "japanese" || text == "cw" || text == "anzac" || text == "dutch" ||
      text == "chinese" || text == "soviet" || text == "other") {
    return Nationality::kOther;
  }
  throw engine::UsageError(field + ": unknown nationality '" + text +
                           "' (us, japanese, cw, anzac, dutch, chinese, soviet, other)");
}

AirAttritionResult air_attrition(const AirAttritionInput& input) {
  require_non_negative("aps", input.aps);
  require_non_negative("doubled", input.doubled);
  require_at_most("doubled", input.doubled, "aps", input.aps);
  AirAttritionResult result;
  result.counted = input.aps + input.doubled;
  result.percent = input.nationality == Nationality::kUs ? 8 : 10;
  // "Fractions are rounded to the nearest whole number, rounding .5 up."
  result.losses = div_round_half_up(result.counted * result.percent, 100);
  return result;
}

Json to_json(const AirAttritionResult& result) {
  return {{"section", "37.1"},
          {"counted", result.counted},
          {"percent", result.percent},
          {"losses", result.losses}};
}

JapaneseBlock parse_japanese_block(const std::string& field, const std::string& text) {
  if (text == "ftr" || text == "fighter") return JapaneseBlock::kFighter;
  if (text == "bmr" || text == "bomber") return JapaneseBlock::kBomber;
  throw engine::UsageError(field + ": unknown Japanese air block '" + text + "' (ftr, bmr)");
}

std::int64_t max_army_losses(JapaneseBlock block, std::int64_t losses) {
  require_non_negative("losses", losses);
  if (losses == 0) return 0;
  // army : navy < k : 1, i.e. army < k (losses - army), i.e. (k + 1) army <= k losses - 1.
  const std::int64_t k = block == JapaneseBlock::kFighter ? 4 : 3;
  return div_floor(k * losses - 1, k + 1);
}

EliteChance elite_attrition_chance(std::int64_t elite, std::int64_t non_elite) {
  require_non_negative("elite", elite);
  require_non_negative("non-elite", non_elite);
  if (elite + non_elite == 0) throw engine::UsageError("elite: no APs at the airbase");
  const std::int64_t weight = elite + 2 * non_elite;
  const std::int64_t divisor = std::gcd(elite, weight);
  return {elite / divisor, weight / divisor};
}

}  // namespace pacwar::witp
