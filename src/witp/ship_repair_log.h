// The Ship Repair Log (36.0) as typed records read from and written to a campaign's books: each
// ship in repair with the cycle it entered, its damage level (36.1 D1-D4), the repair G/Ts the
// Naval Damage Repair Tables gave (per level, and still to go) and when each level is done; and
// the ships repaired and waiting to redeploy in the Reinforcement Segment (50.0 G.2). Checked by
// check_ship_repair_log (called by the campaign schema) before it is read.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "witp/campaign_schema.h"
#include "witp/common.h"

namespace pacwar::witp {

struct RepairEntry {
  std::string ship;
  std::string side;                       // "allied" | "japanese"
  std::int64_t entered = 0;               // cycle index
  std::int64_t release = 0;               // cycle index: out of repair at its start (or during it)
  std::optional<std::int64_t> damage;     // the level now: D1-D4 (36.1)
  std::optional<std::string> type;        // ship type, when the repair tables gave the duration
  std::optional<std::int64_t> repair_dr;  // 36.1.4: kept for further damage
  std::optional<std::int64_t> gts;        // repair G/Ts in all
  std::vector<std::int64_t> gts_per_level;        // D1 first; empty when not from the tables
  bool maximum_effort = false;                    // 36.2
  std::optional<std::int64_t> gts_left;           // absent: logged before G/T tracking
  std::map<std::string, std::string> level_done;  // "D2"/"repaired" -> "G/T 3 of 0/5/42"
  std::optional<std::string> release_gt;          // the G/T the repair is done
  std::optional<std::string> note;
};

struct RepairedShip {  // 50.0 G.2: repaired, redeploys in the Reinforcement Segment
  std::string ship;
  std::string side;
  std::string completed;  // the G/T the repair was completed
};

struct ShipRepairLog {
  std::vector<RepairEntry> ships;
  std::vector<RepairedShip> repaired;
  bool repaired_listed = false;  // the books hold the repaired_ships field (kept on write)

  const RepairEntry* find(const std::string& ship) const;
  // In the log or repaired and not yet redeployed: in port (36.6.3).
  bool in_port(const std::string& ship) const;
};

// The damage level with `left` repair G/Ts to go (gts_per_level: D1 first); 0 when none.
std::int64_t damage_level_left(const std::vector<std::int64_t>& gts_per_level, std::int64_t left);

// The books must have passed the campaign schema; absent fields read empty.
ShipRepairLog read_ship_repair_log(const Json& books);
void write(Json& books, const ShipRepairLog& log);

// The schema of books.ship_repair_log and books.repaired_ships (called by check_books).
void check_ship_repair_log(SchemaChecker& check, const Json& books, const std::string& root);

}  // namespace pacwar::witp
