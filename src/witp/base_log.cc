#include "witp/base_log.h"

namespace pacwar::witp {

BaseLog read_base_log(const Json& books) {
  BaseLog log;
  if (!books.contains("base_log")) return log;
  for (const auto& [name, entry] : books["base_log"].items()) {
    BaseEntry base;
    base.side = entry.value("side", std::string());
    base.ucs_distance = entry.value("ucs_distance", std::int64_t{0});
    base.supply_base_distance = entry.value("supply_base_distance", std::int64_t{0});
    base.total_supply_distance = entry.value("total_supply_distance", std::int64_t{0});
    if (entry.contains("category") && entry["category"].is_string()) {
      base.category = entry["category"].get<std::string>();
    }
    if (entry.contains("category_note")) {
      base.category_note = entry["category_note"].get<std::string>();
    }
    log[name] = std::move(base);
  }
  return log;
}

void write(Json& books, const BaseLog& log) {
  Json json = Json::object();
  for (const auto& [name, base] : log) {
    Json entry = {{"side", base.side},
                  {"ucs_distance", base.ucs_distance},
                  {"supply_base_distance", base.supply_base_distance},
                  {"total_supply_distance", base.total_supply_distance},
                  {"category", base.category ? Json(*base.category) : Json(nullptr)}};
    if (base.category_note) entry["category_note"] = *base.category_note;
    json[name] = std::move(entry);
  }
  books["base_log"] = std::move(json);
}

}  // namespace pacwar::witp
