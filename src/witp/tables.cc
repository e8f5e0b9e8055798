#include "witp/tables.h"

#include <algorithm>
#include <filesystem>
#include <functional>
#include <set>
#include <tuple>
#include <utility>

#include "engine/data_file.h"
#include "engine/errors.h"
#include "witp/table_forms.h"

namespace pacwar::witp {

std::int64_t parse_bombardment_result(const std::string& text) {
  if (text == "-") return kNoDamage;
  if (text == "S") return kSuppressed;
  if (text.size() == 2 && text[0] == 'D' && text[1] >= '1' && text[1] <= '4') return text[1] - '0';
  return kNotAResult;
}

std::string bombardment_result_name(std::int64_t damage) {
  if (damage == kNoDamage) return "-";
  if (damage == kSuppressed) return "S";
  std::string name(1, 'D');
  name += std::to_string(damage);
  return name;
}

namespace {

constexpr const char* kFormat = "pacwar-witp-tables";
constexpr int kVersion = 1;

struct FieldSpec {
  const char* name;
  bool is_text;          // else an integer
  bool signed_ = false;  // an integer that may be below 0 (a modified DR)
};

struct TableSpec {
  const char* name;
  const char* title;  // as printed in the chartbook, with its rule section
  std::vector<FieldSpec> fields;
  // Returns what complete table rows are missing, or "" when the table is complete.
  std::function<std::string(const Json& rows)> missing;
};

std::string missing_supply_categories(const Json& rows) {
  std::set<std::string> present;
  for (const Json& row : rows) present.insert(row["category"].get<std::string>());
  std::string missing;
  for (const char* category : {"A", "B", "C", "D", "E", "F"}) {
    if (!present.contains(category)) missing += std::string(missing.empty() ? "" : ", ") + category;
  }
  return missing.empty() ? "" : "categories " + missing;
}

std::string missing_from_zero(const Json& rows, const char* key, const char* what,
                              std::int64_t lowest) {
  for (const Json& row : rows) {
    if (row[key].get<std::int64_t>() <= lowest) return "";
  }
  return std::string("a row for ") + what + " " + std::to_string(lowest);
}

// Categories are A to F, once each, with minimum distances rising with the letter; the text
// (32.1.1) fixes that totals under 1,500 carry no penalty, so A starts at 1,500 or more.
void check_supply_categories(const Json& rows, const std::string& where,
                             std::vector<TableProblem>& problems) {
  std::set<std::string> seen;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const std::string row_where = where + ".rows[" + std::to_string(i) + "]";
    const std::string category = rows[i]["category"].get<std::string>();
    if (category.size() != 1 || category[0] < 'A' || category[0] > 'F') {
      problems.push_back({row_where + ".category", "must be one of A, B, C, D, E, F"});
    } else if (!seen.insert(category).second) {
      problems.push_back({row_where + ".category", "category " + category + " given twice"});
    }
    if (rows[i]["min_distance"].get<std::int64_t>() < 1500) {
      problems.push_back({row_where + ".min_distance",
                          "must be at least 1500 (totals under 1,500 carry no penalty, 32.1.1)"});
    }
    for (std::size_t j = 0; j < rows.size(); ++j) {
      const std::string other = rows[j]["category"].get<std::string>();
      if (category < other && rows[i]["min_distance"].get<std::int64_t>() >=
                                  rows[j]["min_distance"].get<std::int64_t>()) {
        problems.push_back({row_where + ".min_distance", "must be below category " + other + "'s"});
      }
    }
  }
}

std::string missing_repair_tables(const Json& rows) {
  std::set<std::int64_t> present;
  for (const Json& row : rows) present.insert(row["table"].get<std::int64_t>());
  std::string missing;
  for (std::int64_t table = 1; table <= 4; ++table) {
    if (!present.contains(table)) {
      missing += std::string(missing.empty() ? "" : ", ") + "#" + std::to_string(table);
    }
  }
  return missing.empty() ? "" : "tables " + missing;
}

std::string missing_effort_rows(const Json& rows) {
  std::set<std::int64_t> present;
  for (const Json& row : rows) present.insert(row["dr"].get<std::int64_t>());
  std::string missing;
  for (std::int64_t dr = 1; dr <= 7; ++dr) {
    if (!present.contains(dr))
      missing += std::string(missing.empty() ? "" : ", ") + std::to_string(dr);
  }
  return missing.empty() ? "" : "DRs " + missing;
}

const std::vector<TableSpec>& table_specs() {
  // Never destroyed: threads still running when the process exits may read it.
  static const std::vector<TableSpec>& specs = *new const std::vector<TableSpec>{
      {"supply_penalty_categories",
       "Supply Penalty Category Table (32.2.1)",
       {{"category", true}, {"min_distance", false}},
       missing_supply_categories},
      {"japanese_reserve_exchange",
       "Japanese Reserve CP Assignment table (28.6.1)",
       {{"min_ms_points", false}, {"give", false}, {"get", false}},
       [](const Json& rows) { return missing_from_zero(rows, "min_ms_points", "MS points", 0); }},
      {"ms_load_required",
       "MS Load Capacity Required table (32.4.1)",
       {{"min_distance", false}, {"load", false}},
       [](const Json& rows) { return missing_from_zero(rows, "min_distance", "distance", 1); }},
      {"naval_damage_repair",
       "Naval Damage Repair Tables #1-#4 (36.1)",
       {{"table", false}, {"dr", false, true}, {"level", false}, {"gts", false}},
       missing_repair_tables},
      {"naval_repair_ship_types",
       "ship types of the Naval Damage Repair Tables (36.1)",
       {{"ship_type", true}, {"table", false}},
       [](const Json&) { return std::string(); }},
      {"air_transport_cargo_aps",
       "Air transport emergency command link cargo APs (31.3.1)",
       {{"min_steps", false}, {"max_steps", false}, {"aps", false}},
       [](const Json&) { return std::string(); }},
      {"bombardment_of_air_points",
       "Bombardment of Air Points Table (35.6.1, 35.7.1, 42.7, 55.7.1)",
       {{"min_strength", false}, {"dr", false, true}, {"percent", false}},
       [](const Json&) { return std::string(); }},
      {"bombardment_of_ports_and_airbases",
       "Bombardment of Ports & Airbases Table (41.1.4, 55.3)",
       {{"min_strength", false}, {"dr", false, true}, {"result", true}},
       [](const Json&) { return std::string(); }},
      {"maximum_effort_repair",
       "Maximum Effort Repair Table (36.4.2)",
       {{"dr", false}, {"cps", false}},
       missing_effort_rows},
  };
  return specs;
}

const TableSpec* find_spec(const std::string& name) {
  for (const TableSpec& spec : table_specs()) {
    if (name == spec.name) return &spec;
  }
  return nullptr;
}

void check_table(const TableSpec& spec, const Json& table, std::vector<TableProblem>& problems) {
  const std::string where = std::string("tables.") + spec.name;
  if (!table.is_object()) {
    problems.push_back({where, "must be an object with \"rows\""});
    return;
  }
  for (const auto& [key, value] : table.items()) {
    if (key != "rows" && key != "source" && key != "note" && key != "provenance") {
      problems.push_back(
          {where + "." + key, "unknown key (allowed: rows, source, note, provenance)"});
    }
  }
  if (!table.contains("rows") || !table["rows"].is_array()) {
    problems.push_back({where + ".rows", "must be an array"});
    return;
  }
  const Json& rows = table["rows"];
  bool rows_valid = true;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const std::string row_where = where + ".rows[" + std::to_string(i) + "]";
    const Json& row = rows[i];
    if (!row.is_object()) {
      problems.push_back({row_where, "must be an object"});
      rows_valid = false;
      continue;
    }
    for (const FieldSpec& field : spec.fields) {
      const std::string field_where = row_where + "." + field.name;
      if (!row.contains(field.name)) {
        problems.push_back({field_where, "missing"});
        rows_valid = false;
      } else if (field.is_text ? !row[field.name].is_string()
                               : (!row[field.name].is_number_integer() ||
                                  (!field.signed_ && row[field.name].get<std::int64_t>() < 0))) {
        problems.push_back({field_where, field.is_text   ? "must be text"
                                         : field.signed_ ? "must be an integer"
                                                         : "must be an integer at least 0"});
        rows_valid = false;
      }
    }
    for (const auto& item : row.items()) {
      const std::string& key = item.key();  // a plain name: clang 14 cannot capture a binding
      const bool known = std::any_of(spec.fields.begin(), spec.fields.end(),
                                     [&](const FieldSpec& field) { return key == field.name; });
      if (!known) problems.push_back({row_where + "." + key, "unknown field"});
    }
  }
  if (!rows_valid) return;
  if (std::string name = spec.name; name == "supply_penalty_categories") {
    check_supply_categories(rows, where, problems);
  } else if (name == "japanese_reserve_exchange") {
    for (std::size_t i = 0; i < rows.size(); ++i) {
      if (rows[i]["give"].get<std::int64_t>() == 0) {
        problems.push_back({where + ".rows[" + std::to_string(i) + "].give", "must be at least 1"});
      }
    }
  } else if (name == "naval_damage_repair") {
    std::set<std::tuple<std::int64_t, std::int64_t, std::int64_t>> cells;
    for (std::size_t i = 0; i < rows.size(); ++i) {
      const std::string row_where = where + ".rows[" + std::to_string(i) + "]";
      const std::int64_t table_number = rows[i]["table"].get<std::int64_t>();
      const std::int64_t level = rows[i]["level"].get<std::int64_t>();
      if (table_number < 1 || table_number > 4) {
        problems.push_back({row_where + ".table", "must be 1 to 4"});
      }
      if (level < 1 || level > 4)
        problems.push_back({row_where + ".level", "must be 1 to 4 (D1-D4)"});
      if (!cells.insert({table_number, rows[i]["dr"].get<std::int64_t>(), level}).second) {
        problems.push_back({row_where, "the same table, dr and level given twice"});
      }
    }
  } else if (name == "naval_repair_ship_types") {
    std::set<std::string> types;
    for (std::size_t i = 0; i < rows.size(); ++i) {
      const std::string row_where = where + ".rows[" + std::to_string(i) + "]";
      const std::int64_t table_number = rows[i]["table"].get<std::int64_t>();
      if (table_number < 1 || table_number > 4) {
        problems.push_back({row_where + ".table", "must be 1 to 4"});
      }
      if (!types.insert(rows[i]["ship_type"].get<std::string>()).second) {
        problems.push_back({row_where + ".ship_type", "given twice"});
      }
    }
  } else if (name == "air_transport_cargo_aps") {
    for (std::size_t i = 0; i < rows.size(); ++i) {
      const std::string row_where = where + ".rows[" + std::to_string(i) + "]";
      const std::int64_t low = rows[i]["min_steps"].get<std::int64_t>();
      const std::int64_t high = rows[i]["max_steps"].get<std::int64_t>();
      if (low > high) problems.push_back({row_where + ".max_steps", "must not be below min_steps"});
      if (high > 30) {
        problems.push_back(
            {row_where + ".max_steps", "must be at most 30 (above 30 the text's formula applies)"});
      }
      for (std::size_t j = 0; j < i; ++j) {
        if (low <= rows[j]["max_steps"].get<std::int64_t>() &&
            rows[j]["min_steps"].get<std::int64_t>() <= high) {
          problems.push_back({row_where, "overlaps row " + std::to_string(j)});
        }
      }
    }
  } else if (name == "bombardment_of_air_points") {
    std::set<std::pair<std::int64_t, std::int64_t>> cells;
    for (std::size_t i = 0; i < rows.size(); ++i) {
      const std::string row_where = where + ".rows[" + std::to_string(i) + "]";
      if (rows[i]["percent"].get<std::int64_t>() > 100) {
        problems.push_back({row_where + ".percent", "must be at most 100"});
      }
      if (!cells
               .insert(
                   {rows[i]["min_strength"].get<std::int64_t>(), rows[i]["dr"].get<std::int64_t>()})
               .second) {
        problems.push_back({row_where, "the same column and dr given twice"});
      }
    }
  } else if (name == "bombardment_of_ports_and_airbases") {
    std::set<std::pair<std::int64_t, std::int64_t>> cells;
    for (std::size_t i = 0; i < rows.size(); ++i) {
      const std::string row_where = where + ".rows[" + std::to_string(i) + "]";
      if (parse_bombardment_result(rows[i]["result"].get<std::string>()) == kNotAResult) {
        problems.push_back({row_where + ".result", "must be -, S, D1, D2, D3 or D4"});
      }
      if (!cells
               .insert(
                   {rows[i]["min_strength"].get<std::int64_t>(), rows[i]["dr"].get<std::int64_t>()})
               .second) {
        problems.push_back({row_where, "the same column and dr given twice"});
      }
    }
  } else if (name == "maximum_effort_repair") {
    std::set<std::int64_t> drs;
    for (std::size_t i = 0; i < rows.size(); ++i) {
      if (!drs.insert(rows[i]["dr"].get<std::int64_t>()).second) {
        problems.push_back({where + ".rows[" + std::to_string(i) + "].dr", "given twice"});
      }
    }
  } else if (name == "ms_load_required") {
    for (std::size_t i = 0; i < rows.size(); ++i) {
      if (rows[i]["load"].get<std::int64_t>() == 0) {
        problems.push_back({where + ".rows[" + std::to_string(i) + "].load", "must be at least 1"});
      }
    }
  }
  if (const std::string missing = spec.missing(rows); !missing.empty()) {
    problems.push_back({where, "incomplete: lacks " + missing});
  }
}

[[noreturn]] void refuse(const std::string& name, const std::string& title, const std::string& file,
                         const std::string& why) {
  throw TableNeeded("needs table '" + name + "' (" + title + ", chartbook): " + why +
                        "; fill it in " + file +
                        " from your chartbook (schema: " + kTablesSchemaFile + ")",
                    name, title, why);
}

template <typename Row, typename Make>
std::vector<Row> rows_of(const Json& table, Make make, std::int64_t (*key)(const Row&)) {
  std::vector<Row> rows;
  for (const Json& row : table["rows"]) rows.push_back(make(row));
  std::sort(rows.begin(), rows.end(), [&](const Row& a, const Row& b) { return key(a) < key(b); });
  return rows;
}

}  // namespace

std::vector<TableProblem> validate_tables(const Json& document) {
  std::vector<TableProblem> problems;
  if (!document.is_object()) return {{"(document)", "must be a JSON object"}};
  // Compared as JSON values: a "format" of another type is a problem, not an exception.
  if (document.value("format", Json()) != kFormat) {
    problems.push_back({"format", std::string("must be \"") + kFormat + "\""});
  }
  if (!document.contains("version") || document["version"] != kVersion) {
    problems.push_back({"version", "must be " + std::to_string(kVersion)});
  }
  for (const auto& [key, value] : document.items()) {
    if (key != "format" && key != "version" && key != "tables" && key != "note") {
      problems.push_back({key, "unknown key (allowed: format, version, tables, note)"});
    }
  }
  if (!document.contains("tables") || !document["tables"].is_object()) {
    problems.push_back({"tables", "must be an object"});
    return problems;
  }
  for (const auto& [name, table] : document["tables"].items()) {
    if (const TableSpec* spec = find_spec(name)) {
      check_table(*spec, table, problems);
    } else {
      problems.push_back({"tables." + name, "unknown table"});
    }
  }
  return problems;
}

Tables Tables::load(const std::string& file) {
  // No file: no tables yet (the calculators that need one say which).
  if (!std::filesystem::exists(file)) return Tables(file);
  return from_json(engine::read_data_file(file, "the chartbook tables"), file);
}

Tables Tables::from_json(const Json& document, std::string file) {
  for (const TableProblem& problem : validate_tables(document)) {
    // Incomplete tables load: only the calculators that need them refuse.
    if (problem.problem.rfind("incomplete", 0) != 0) {
      throw engine::DataError(file, problem.where, problem.problem);
    }
  }
  Tables tables(std::move(file));
  tables.tables_ = document["tables"];
  return tables;
}

const Json& Tables::table(const std::string& name, const std::string& title, bool partial) const {
  if (!tables_.contains(name)) refuse(name, title, file_, "it is not in " + file_);
  const Json& table = tables_[name];
  std::vector<TableProblem> problems;
  check_table(*find_spec(name), table, problems);
  for (const TableProblem& problem : problems) {
    // A partial table serves the rows it holds; the lookup refuses a missing cell itself.
    if (partial && problem.problem.rfind("incomplete", 0) == 0) continue;
    refuse(name, title, file_, problem.problem);
  }
  return table;
}

std::vector<SupplyCategoryRow> Tables::supply_penalty_categories() const {
  const Json& data = table("supply_penalty_categories", "Supply Penalty Category Table (32.2.1)");
  return rows_of<SupplyCategoryRow>(
      data,
      [](const Json& row) {
        return SupplyCategoryRow{row["category"].get<std::string>(),
                                 row["min_distance"].get<std::int64_t>()};
      },
      +[](const SupplyCategoryRow& row) { return row.min_distance; });
}

std::vector<ReserveExchangeRow> Tables::japanese_reserve_exchange() const {
  const Json& data =
      table("japanese_reserve_exchange", "Japanese Reserve CP Assignment table (28.6.1)");
  return rows_of<ReserveExchangeRow>(
      data,
      [](const Json& row) {
        return ReserveExchangeRow{row["min_ms_points"].get<std::int64_t>(),
                                  row["give"].get<std::int64_t>(), row["get"].get<std::int64_t>()};
      },
      +[](const ReserveExchangeRow& row) { return row.min_ms_points; });
}

std::vector<MsLoadRow> Tables::ms_load_required() const {
  const Json& data = table("ms_load_required", "MS Load Capacity Required table (32.4.1)");
  return rows_of<MsLoadRow>(
      data,
      [](const Json& row) {
        return MsLoadRow{row["min_distance"].get<std::int64_t>(), row["load"].get<std::int64_t>()};
      },
      +[](const MsLoadRow& row) { return row.min_distance; });
}

std::vector<NavalRepairCell> Tables::naval_damage_repair() const {
  const Json& data = table("naval_damage_repair", "Naval Damage Repair Tables #1-#4 (36.1)", true);
  std::vector<NavalRepairCell> cells;
  for (const Json& row : data["rows"]) {
    cells.push_back({row["table"].get<std::int64_t>(), row["dr"].get<std::int64_t>(),
                     row["level"].get<std::int64_t>(), row["gts"].get<std::int64_t>()});
  }
  return cells;
}

std::vector<NavalRepairShipType> Tables::naval_repair_ship_types() const {
  const Json& data =
      table("naval_repair_ship_types", "ship types of the Naval Damage Repair Tables (36.1)", true);
  std::vector<NavalRepairShipType> types;
  for (const Json& row : data["rows"]) {
    types.push_back({row["ship_type"].get<std::string>(), row["table"].get<std::int64_t>()});
  }
  return types;
}

std::vector<MaximumEffortRow> Tables::maximum_effort_repair() const {
  const Json& data = table("maximum_effort_repair", "Maximum Effort Repair Table (36.4.2)");
  return rows_of<MaximumEffortRow>(
      data,
      [](const Json& row) {
        return MaximumEffortRow{row["dr"].get<std::int64_t>(), row["cps"].get<std::int64_t>()};
      },
      +[](const MaximumEffortRow& row) { return row.dr; });
}

std::vector<CargoApRow> Tables::air_transport_cargo_aps() const {
  const Json& data = table("air_transport_cargo_aps",
                           "Air transport emergency command link cargo APs (31.3.1)", true);
  std::vector<CargoApRow> rows;
  for (const Json& row : data["rows"]) {
    rows.push_back({row["min_steps"].get<std::int64_t>(), row["max_steps"].get<std::int64_t>(),
                    row["aps"].get<std::int64_t>()});
  }
  return rows;
}

std::vector<AirPointsBombardmentCell> Tables::bombardment_of_air_points() const {
  const Json& data = table("bombardment_of_air_points",
                           "Bombardment of Air Points Table (35.6.1, 35.7.1, 42.7, 55.7.1)", true);
  std::vector<AirPointsBombardmentCell> cells;
  for (const Json& row : data["rows"]) {
    cells.push_back({row["min_strength"].get<std::int64_t>(), row["dr"].get<std::int64_t>(),
                     row["percent"].get<std::int64_t>()});
  }
  return cells;
}

Tables::AirPointsResult Tables::air_points_percent(std::int64_t strength, std::int64_t dr) const {
  const std::vector<AirPointsBombardmentCell> cells = bombardment_of_air_points();
  AirPointsResult result;
  bool column_found = false;
  for (const AirPointsBombardmentCell& cell : cells) {
    if (cell.min_strength <= strength && (!column_found || cell.min_strength > result.column)) {
      result.column = cell.min_strength;
      column_found = true;
    }
  }
  for (const AirPointsBombardmentCell& cell : cells) {
    if (column_found && cell.min_strength == result.column && cell.dr == dr) {
      result.percent = cell.percent;
      return result;
    }
  }
  refuse_incomplete("bombardment_of_air_points",
                    column_found ? "no cell in the " + std::to_string(result.column) +
                                       "+ column (strength " + std::to_string(strength) +
                                       ") at DR " + std::to_string(dr)
                                 : "no column for strength " + std::to_string(strength));
}

Tables::PortsAirbasesResult Tables::ports_airbases_result(std::int64_t strength,
                                                          std::int64_t left_shifts,
                                                          std::int64_t dr) const {
  const Json& data = table("bombardment_of_ports_and_airbases",
                           "Bombardment of Ports & Airbases Table (41.1.4, 55.3)", true);
  std::set<std::int64_t> columns;
  for (const Json& row : data["rows"]) columns.insert(row["min_strength"].get<std::int64_t>());
  std::vector<std::int64_t> ordered(columns.begin(), columns.end());
  std::int64_t index = -1;
  for (std::size_t i = 0; i < ordered.size(); ++i) {
    if (ordered[i] <= strength) index = static_cast<std::int64_t>(i);
  }
  if (index < 0) {
    refuse_incomplete("bombardment_of_ports_and_airbases",
                      "no column for strength " + std::to_string(strength));
  }
  PortsAirbasesResult result;
  result.printed_column = ordered[static_cast<std::size_t>(index)];
  if (index - left_shifts < 0) {
    // The text does not say what a shift past the leftmost column gives (ruling R33).
    throw engine::UsageError(
        "column shift: " + std::to_string(left_shifts) + " left from the " +
        std::to_string(result.printed_column) + "+ column passes the leftmost column of " + file_ +
        " (" + std::to_string(ordered.front()) +
        "+); Rule Book II does not say what that gives, so the players decide");
  }
  result.column = ordered[static_cast<std::size_t>(index - left_shifts)];
  for (const Json& row : data["rows"]) {
    if (row["min_strength"].get<std::int64_t>() == result.column &&
        row["dr"].get<std::int64_t>() == dr) {
      result.damage = parse_bombardment_result(row["result"].get<std::string>());
      return result;
    }
  }
  refuse_incomplete(
      "bombardment_of_ports_and_airbases",
      "no cell in the " + std::to_string(result.column) + "+ column at DR " + std::to_string(dr));
}

void Tables::refuse_incomplete(const std::string& name, const std::string& why) const {
  const TableSpec* spec = find_spec(name);
  refuse(name, spec != nullptr ? spec->title : name, file_, why);
}

std::vector<TableDescription> table_descriptions() {
  std::vector<TableDescription> out;
  for (const TableSpec& spec : table_specs()) {
    TableDescription d{spec.name, spec.title, {}};
    for (const FieldSpec& f : spec.fields) d.columns.push_back({f.name, f.is_text, f.signed_});
    out.push_back(std::move(d));
  }
  return out;
}

Json tables_template() {
  Json tables = Json::object();
  for (const TableSpec& spec : table_specs()) {
    tables[spec.name] = {{"note", std::string("enter the rows of the ") + spec.title},
                         {"rows", Json::array()}};
  }
  return {{"format", kFormat},
          {"version", kVersion},
          {"note", "every table of the schema, no rows yet: type each from your chartbook"},
          {"tables", tables}};
}

}  // namespace pacwar::witp
