#include "witp/naval_attrition_37_2.h"

#include <algorithm>

#include "engine/errors.h"

namespace pacwar::witp {

std::optional<std::int64_t> attrition_gt(std::int64_t die) {
  require_range("die", die, 1, 6);
  if (die >= 5) return std::nullopt;
  return die;
}

std::int64_t attrition_naval_phase(std::int64_t die) {
  require_range("die", die, 1, 6);
  return (die + 1) / 2;
}

AttritionCup parse_attrition_cup(const std::string& field, const std::string& text) {
  if (text == "allied" || text == "us" || text == "cw") return AttritionCup::kAllied;
  if (text == "japanese") return AttritionCup::kJapanese;
  throw engine::UsageError(field + ": must be allied (US and CW share one cup) or japanese (got '" +
                           text + "')");
}

std::string cup_name(AttritionCup cup) {
  return cup == AttritionCup::kAllied ? "allied" : "japanese";
}

std::vector<Chit> cup_contents(const ChitCups& cups, AttritionCup cup,
                               const std::vector<std::string>& removed_this_year,
                               const std::string& field) {
  const std::vector<Chit>& full =
      cup == AttritionCup::kAllied ? cups.allied_attrition : cups.japanese_attrition;
  std::vector<Chit> contents = full;
  for (const std::string& name : removed_this_year) {
    auto it = std::find_if(contents.begin(), contents.end(),
                           [&](const Chit& chit) { return chit.name == name && !chit.returned; });
    if (it != contents.end()) {
      contents.erase(it);
      continue;
    }
    const bool known =
        std::any_of(full.begin(), full.end(), [&](const Chit& chit) { return chit.name == name; });
    if (known) {
      throw engine::UsageError(field + ": no unmarked '" + name + "' chit is left in the " +
                               cup_name(cup) + " cup this year (37.2.2)");
    }
    std::string classes;
    for (const Chit& chit : full) {
      if ((" " + classes + ",").find(" " + chit.name + ",") == std::string::npos) {
        classes += (classes.empty() ? "" : ", ") + chit.name;
      }
    }
    throw engine::UsageError(field + ": '" + name + "' is not a chit of the " + cup_name(cup) +
                             " naval attrition cup (" + classes + ")");
  }
  return contents;
}

AttritionDraw draw_attrition_chit(const std::vector<Chit>& contents, engine::Rng& rng) {
  if (contents.empty()) throw engine::UsageError("removed: the cup is empty");
  const auto index = rng.below(static_cast<std::uint32_t>(contents.size()));
  AttritionDraw draw;
  draw.chit = contents[index];
  draw.index = index;
  draw.leaves_cup = !draw.chit.returned;
  return draw;
}

Json class_chances(const std::vector<Chit>& contents) {
  std::map<std::string, std::int64_t> counts;
  for (const Chit& chit : contents) ++counts[chit.name];
  Json json = Json::object();
  for (const auto& [name, count] : counts) {
    json[name] = std::to_string(count) + "/" + std::to_string(contents.size());
  }
  return json;
}

bool submarine_attrition(std::int64_t dice) {
  require_range("dice", dice, 2, 12);
  return dice == 7;
}

}  // namespace pacwar::witp
