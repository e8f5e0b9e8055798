// Tables the rule book's text lacks (they are printed in the chartbook): the player supplies them
// in a JSON file, documented in data/witp/tables.schema.md. A calculator that needs a table the
// file lacks refuses with a message naming the table and the file to fill; it never guesses.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "witp/common.h"

namespace pacwar::witp {

// The default place of the player's tables file, relative to the working directory.
inline constexpr const char* kDefaultTablesFile = "data/witp/tables.json";
inline constexpr const char* kTablesSchemaFile = "data/witp/tables.schema.md";

// 32.2.1 Supply Penalty Category Table: a category applies from its minimum Total Supply
// Distance up to the next category's minimum.
struct SupplyCategoryRow {
  std::string category;  // "A" to "F"
  std::int64_t min_distance = 0;
};

// 28.6.1 Japanese Reserve CP Assignment: at an MS Point total of at least min_ms_points, every
// `give` CPs placed into reserve record `get` CPs.
struct ReserveExchangeRow {
  std::int64_t min_ms_points = 0;
  std::int64_t give = 1;
  std::int64_t get = 1;
};

// 32.4.1 MS load capacity required to relieve a base: applies from min_distance (hexes to the
// nearest supply base) up to the next row's min_distance.
struct MsLoadRow {
  std::int64_t min_distance = 0;
  std::int64_t load = 1;
};

// 36.1 Naval Damage Repair Tables #1-#4: one cell per row, the G/Ts to lower a ship's damage by
// one level from `level` (1 = D1 ... 4 = D4) at a modified repair DR of `dr`.
struct NavalRepairCell {
  std::int64_t table = 1;
  std::int64_t dr = 0;
  std::int64_t level = 1;
  std::int64_t gts = 0;
};

// Which Naval Damage Repair Table a ship type uses.
struct NavalRepairShipType {
  std::string ship_type;
  std::int64_t table = 1;
};

// 36.4.2 Maximum Effort Repair Table: CP cost at a modified 1D6 DR.
struct MaximumEffortRow {
  std::int64_t dr = 1;
  std::int64_t cps = 0;
};

// 31.3.1 cargo APs removed to link ground steps from min_steps to max_steps.
struct CargoApRow {
  std::int64_t min_steps = 0;
  std::int64_t max_steps = 0;
  std::int64_t aps = 0;
};

// Bombardment of Air Points Table (used for Railcap capture, 35.6.1, and bombing, 55.7.1): the
// percentage result in the column starting at `min_strength` for a modified 2D6 of `dr`.
struct AirPointsBombardmentCell {
  std::int64_t min_strength = 0;
  std::int64_t dr = 0;
  std::int64_t percent = 0;
};

// Bombardment of Ports & Airbases Table (41.1.4 demolition, 55.3 strategic strikes): the
// result in the column starting at `min_strength` for a modified DR of `dr`: "-" (none), "S"
// (suppressed) or "D1" to "D4".
inline constexpr std::int64_t kNoDamage = -1;   // "-"
inline constexpr std::int64_t kSuppressed = 0;  // "S"; 1-4 are D1-D4
inline constexpr std::int64_t kNotAResult = -2;
std::int64_t parse_bombardment_result(const std::string& text);  // kNotAResult if not one
std::string bombardment_result_name(std::int64_t damage);

// One problem found by validate_tables: where and what.
struct TableProblem {
  std::string where;
  std::string problem;
};

// Checks a tables document against the schema. Incomplete tables (rows the chartbook has and
// the file lacks) are reported too, as problems of kind "incomplete".
std::vector<TableProblem> validate_tables(const Json& document);

class Tables {
 public:
  // No tables at all: every table lookup refuses, naming `file` as the place to fill.
  explicit Tables(std::string file) : file_(std::move(file)) {}

  // Reads and validates `file`. A missing file gives empty tables (lookups then refuse); an
  // unreadable or invalid one throws engine::DataError.
  static Tables load(const std::string& file);
  static Tables from_json(const Json& document, std::string file);

  const std::string& file() const { return file_; }

  std::vector<SupplyCategoryRow> supply_penalty_categories() const;
  std::vector<ReserveExchangeRow> japanese_reserve_exchange() const;
  std::vector<MsLoadRow> ms_load_required() const;
  std::vector<NavalRepairCell> naval_damage_repair() const;
  std::vector<NavalRepairShipType> naval_repair_ship_types() const;
  std::vector<MaximumEffortRow> maximum_effort_repair() const;
  std::vector<CargoApRow> air_transport_cargo_aps() const;
  std::vector<AirPointsBombardmentCell> bombardment_of_air_points() const;
  // The Bombardment of Air Points Table's percentage at `strength` (the column with the highest
  // minimum at or below it) and modified DR `dr`; refuses naming the missing column or cell.
  struct AirPointsResult {
    std::int64_t column = 0;
    std::int64_t percent = 0;
  };
  AirPointsResult air_points_percent(std::int64_t strength, std::int64_t dr) const;
  // The Bombardment of Ports & Airbases Table's result at `strength`, shifted `left_shifts`
  // columns left (55.3.4 carrier raids; the file must hold every column of the printed table),
  // at modified DR `dr`. Refuses naming the missing column or cell, or a shift past the
  // leftmost column (the text does not say what that gives).
  struct PortsAirbasesResult {
    std::int64_t printed_column = 0;  // the strength's own column
    std::int64_t column = 0;          // after the shifts
    std::int64_t damage = kNoDamage;
  };
  PortsAirbasesResult ports_airbases_result(std::int64_t strength, std::int64_t left_shifts,
                                            std::int64_t dr) const;
  // The tables file names this table's title for refusals: "needs table ... fill it in FILE".
  [[noreturn]] void refuse_incomplete(const std::string& name, const std::string& why) const;

 private:
  const Json& table(const std::string& name, const std::string& title, bool partial = false) const;

  std::string file_;
  Json tables_ = Json::object();
};

}  // namespace pacwar::witp
