// Naval attrition (37.2): when in the coming cycle it is resolved (37.2.3: 1D6 1-4 the G/T, then
// 1D6 the Naval Phase), the draw from a side's chit cup (37.2.1-37.2.2: unmarked chits leave the
// cup for the rest of the calendar year), and submarine attrition (37.2.5: 2D6 of 7 loses one
// sub point). The Naval Attrition and Naval Attrition Damage Tables are the chartbook's.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "engine/rng.h"
#include "witp/chit_cups.h"
#include "witp/common.h"

namespace pacwar::witp {

// 37.2.3 first die: 1-4 the G/T of the coming cycle; 5-6 are rolled again (nullopt).
std::optional<std::int64_t> attrition_gt(std::int64_t die);
// 37.2.3 second die: 1-2 the 1st Naval Phase, 3-4 the 2nd, 5-6 the 3rd.
std::int64_t attrition_naval_phase(std::int64_t die);

enum class AttritionCup { kAllied, kJapanese };
AttritionCup parse_attrition_cup(const std::string& field, const std::string& text);
std::string cup_name(AttritionCup cup);

// The chits in a cup this calendar year: the full mix less the unmarked chits already drawn
// (given as class names, one per chit drawn; an unknown class or one drawn too often throws).
std::vector<Chit> cup_contents(const ChitCups& cups, AttritionCup cup,
                               const std::vector<std::string>& removed_this_year,
                               const std::string& field = "removed");

struct AttritionDraw {
  Chit chit;
  std::int64_t index = 0;  // position in the cup drawn from
  bool leaves_cup = false;
};
// Draws one chit at random from `contents` with the engine's RNG.
AttritionDraw draw_attrition_chit(const std::vector<Chit>& contents, engine::Rng& rng);

// Chance of each class, as "n/N", for a cup's contents.
Json class_chances(const std::vector<Chit>& contents);

// 37.2.5: a 2D6 roll of 7 loses 1 on-map sub point.
bool submarine_attrition(std::int64_t dice);

}  // namespace pacwar::witp
