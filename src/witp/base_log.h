// The Base Log (32.1.1) as a typed record read from and written to a campaign's books: each
// base's distances, its Total Supply Distance and, when the player's table gives it, its supply
// penalty category (32.2.1). Checked by the campaign schema (campaign_schema.cc, check_base).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include "witp/common.h"

namespace pacwar::witp {

struct BaseEntry {
  std::string side;  // "allied" | "japanese"
  std::int64_t ucs_distance = 0;
  std::int64_t supply_base_distance = 0;
  std::int64_t total_supply_distance = 0;
  std::optional<std::string> category;       // A-F, from the player's table
  std::optional<std::string> category_note;  // why the category is unknown
};
using BaseLog = std::map<std::string, BaseEntry>;  // by base

// Absent: an empty log.
BaseLog read_base_log(const Json& books);
void write(Json& books, const BaseLog& log);

}  // namespace pacwar::witp
