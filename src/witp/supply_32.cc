#include "witp/supply_32.h"

#include <algorithm>

#include "engine/errors.h"

namespace pacwar::witp {
namespace {

constexpr std::int64_t kPenaltyThreshold = 1500;

int category_index(const std::string& field, const std::string& category) {
  if (category == "none") return -1;
  if (category.size() == 1 && category[0] >= 'A' && category[0] <= 'F') return category[0] - 'A';
  throw engine::UsageError(field + ": unknown supply penalty category '" + category +
                           "' (none, A to F)");
}

}  // namespace

SupplyDistanceResult supply_distance(const SupplyDistanceInput& input) {
  require_non_negative("ucs-distance", input.ucs_distance);
  require_non_negative("supply-base-distance", input.supply_base_distance);
  SupplyDistanceResult result;
  result.total = 2 * input.ucs_distance * input.supply_base_distance;
  result.penalty_free = result.total < kPenaltyThreshold;
  if (result.penalty_free) result.category = "none";
  return result;
}

SupplyDistanceResult supply_distance(const SupplyDistanceInput& input, const Tables& tables) {
  SupplyDistanceResult result = supply_distance(input);
  if (result.category) return result;
  std::string category = "none";
  for (const SupplyCategoryRow& row : tables.supply_penalty_categories()) {
    if (row.min_distance <= result.total) category = row.category;
  }
  result.category = category;
  return result;
}

Json to_json(const SupplyDistanceResult& result) {
  Json json = {{"section", "32.1.1"},
               {"total_supply_distance", result.total},
               {"penalty_free", result.penalty_free}};
  json["category"] = result.category ? Json(*result.category) : Json(nullptr);
  return json;
}

SupplyReliefResult supply_relief(const SupplyReliefInput& input, const Tables& tables) {
  const int before = category_index("category", input.category);
  require_non_negative("supply-base-distance", input.supply_base_distance);
  require_non_negative("load-assigned", input.load_assigned);
  const std::vector<MsLoadRow> rows = tables.ms_load_required();
  const MsLoadRow* row = nullptr;
  for (const MsLoadRow& candidate : rows) {
    if (candidate.min_distance <= input.supply_base_distance) row = &candidate;
  }
  if (row == nullptr) {
    throw engine::UsageError("supply-base-distance: the MS Load Capacity Required table in " +
                             tables.file() + " has no row for " +
                             std::to_string(input.supply_base_distance) + " hexes");
  }
  SupplyReliefResult result;
  result.load_required = row->load * (input.isolated ? 3 : 1);
  result.levels_reduced =
      result.load_required == 0 ? 0 : input.load_assigned / result.load_required;
  const std::int64_t after = std::max<std::int64_t>(-1, before - result.levels_reduced);
  result.category_after = after < 0 ? "none" : std::string(1, static_cast<char>('A' + after));
  return result;
}

Json to_json(const SupplyReliefResult& result) {
  return {{"section", "32.4.1"},
          {"load_required", result.load_required},
          {"levels_reduced", result.levels_reduced},
          {"category_after", result.category_after}};
}

}  // namespace pacwar::witp
