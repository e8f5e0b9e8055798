#include "witp/naval_attrition_log.h"

namespace pacwar::witp {

NavalAttritionRemoved read_naval_attrition_removed(const Json& books) {
  NavalAttritionRemoved removed;
  if (!books.contains("naval_attrition_removed")) return removed;
  for (const auto& [cup, years] : books["naval_attrition_removed"].items()) {
    auto& by_year = removed[cup];
    for (const auto& [year, chits] : years.items()) {
      by_year[std::stoll(year)] = chits.get<std::vector<std::string>>();
    }
  }
  return removed;
}

void write(Json& books, const NavalAttritionRemoved& removed) {
  Json json = Json::object();
  for (const auto& [cup, years] : removed) {
    Json by_year = Json::object();
    for (const auto& [year, chits] : years) by_year[std::to_string(year)] = chits;
    json[cup] = std::move(by_year);
  }
  books["naval_attrition_removed"] = std::move(json);
}

std::vector<std::string> chits_out(const NavalAttritionRemoved& removed, const std::string& cup,
                                   std::int64_t year) {
  const auto by_year = removed.find(cup);
  if (by_year == removed.end()) return {};
  const auto chits = by_year->second.find(year);
  return chits == by_year->second.end() ? std::vector<std::string>() : chits->second;
}

void check_naval_attrition_removed(SchemaChecker& check, const Json& books,
                                   const std::string& root) {
  const Json& removed = books.value("naval_attrition_removed", Json());
  if (!check.object(removed, root + ".naval_attrition_removed", "37.2.2")) return;
  for (const auto& [cup, years] : removed.items()) {
    const std::string at = root + ".naval_attrition_removed." + cup;
    check.word(Json(cup), at, {"allied", "japanese"}, "37.2.2 naval attrition cups");
    if (!check.object(years, at, "37.2.2")) continue;
    for (const auto& [year, chits] : years.items()) {
      if (year.size() != 2 || year < "41" || year > "46") {
        check.fail(at + "." + year, "must be a year 41-46: chits stay out for the year (37.2.2)");
      }
      if (!check.array(chits, at + "." + year, "37.2.2")) continue;
      for (std::size_t i = 0; i < chits.size(); ++i) {
        check.text(chits[i], at + "." + year + "[" + std::to_string(i) + "]", "37.2.2 chit");
      }
    }
  }
}

}  // namespace pacwar::witp
