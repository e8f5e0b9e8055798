#include "witp/ship_repair_log.h"

#include "witp/campaign.h"

namespace pacwar::witp {
namespace {

constexpr const char* kRule = "36.0 Ship Repair Log";
constexpr std::int64_t kMostGts = 4 * (kLastCycle + 1);

// "D3" -> 3; the schema has checked the form.
std::int64_t damage_number(const std::string& text) { return text[1] - '0'; }

void check_repair_entry(SchemaChecker& check, const Json& entry, const std::string& path) {
  if (!check.object(entry, path, kRule)) return;
  check.fields(entry, path, {"ship", "side", "entered", "release"},
               {"damage", "type", "repair_dr", "gts", "gts_per_level", "maximum_effort", "gts_left",
                "level_done", "release_gt", "note"},
               kRule);
  check.text(entry.value("ship", Json()), path + ".ship", kRule);
  check.word(entry.value("side", Json()), path + ".side", {"allied", "japanese"}, kRule);
  check.cycle_label(entry.value("entered", Json()), path + ".entered", kRule);
  check.cycle_label(entry.value("release", Json()), path + ".release", kRule);
  if (entry.contains("damage") && check.text(entry["damage"], path + ".damage", kRule)) {
    const std::string damage = entry["damage"].get<std::string>();
    if (damage.size() != 2 || damage[0] != 'D' || damage[1] < '1' || damage[1] > '4') {
      check.fail(path + ".damage", "must be a damage level D1-D4 (36.1; got '" + damage + "')");
    }
  }
  if (entry.contains("type")) check.text(entry["type"], path + ".type", kRule);
  if (entry.contains("repair_dr")) {
    check.integer(entry["repair_dr"], path + ".repair_dr", 2, 12, "36.1.4 2D6");
  }
  for (const char* key : {"gts", "gts_left"}) {
    if (entry.contains(key)) {
      check.integer(entry[key], path + "." + key, 0, kMostGts, "36.1 repair G/Ts");
    }
  }
  if (entry.contains("gts_per_level") &&
      check.array(entry["gts_per_level"], path + ".gts_per_level", "36.1")) {
    const Json& levels = entry["gts_per_level"];
    if (levels.size() > 4) {
      check.fail(path + ".gts_per_level",
                 "one count per damage level D1-D4 (36.1), not " + std::to_string(levels.size()));
    }
    for (std::size_t i = 0; i < levels.size(); ++i) {
      check.integer(levels[i], path + ".gts_per_level[" + std::to_string(i) + "]", 0, kMostGts,
                    "36.1 repair G/Ts");
    }
  }
  if (entry.contains("maximum_effort")) {
    check.boolean(entry["maximum_effort"], path + ".maximum_effort", "36.2");
  }
  if (entry.contains("level_done") &&
      check.object(entry["level_done"], path + ".level_done", kRule)) {
    for (const auto& [level, when] : entry["level_done"].items()) {
      if (level != "repaired" && level != "D1" && level != "D2" && level != "D3") {
        check.fail(path + ".level_done." + level,
                   "must be D1-D3 or repaired: the level reached (36.0)");
      }
      check.text(when, path + ".level_done." + level, kRule);
    }
  }
  if (entry.contains("release_gt")) check.text(entry["release_gt"], path + ".release_gt", kRule);
  if (entry.contains("note")) check.text(entry["note"], path + ".note", kRule);
}

}  // namespace

const RepairEntry* ShipRepairLog::find(const std::string& ship) const {
  for (const RepairEntry& entry : ships) {
    if (entry.ship == ship) return &entry;
  }
  return nullptr;
}

bool ShipRepairLog::in_port(const std::string& ship) const {
  if (find(ship) != nullptr) return true;
  for (const RepairedShip& done : repaired) {
    if (done.ship == ship) return true;
  }
  return false;
}

std::int64_t damage_level_left(const std::vector<std::int64_t>& gts_per_level, std::int64_t left) {
  if (left <= 0) return 0;
  std::int64_t sum = 0;
  for (std::size_t i = 0; i < gts_per_level.size(); ++i) {
    sum += gts_per_level[i];
    if (sum >= left) return static_cast<std::int64_t>(i) + 1;
  }
  return static_cast<std::int64_t>(gts_per_level.size());
}

ShipRepairLog read_ship_repair_log(const Json& books) {
  ShipRepairLog log;
  for (const Json& json : books.value("ship_repair_log", Json::array())) {
    RepairEntry entry;
    entry.ship = json["ship"].get<std::string>();
    entry.side = json["side"].get<std::string>();
    entry.entered = parse_cycle("entered", json["entered"].get<std::string>());
    entry.release = parse_cycle("release", json["release"].get<std::string>());
    if (json.contains("damage")) entry.damage = damage_number(json["damage"].get<std::string>());
    if (json.contains("type")) entry.type = json["type"].get<std::string>();
    if (json.contains("repair_dr")) entry.repair_dr = json["repair_dr"].get<std::int64_t>();
    if (json.contains("gts")) entry.gts = json["gts"].get<std::int64_t>();
    if (json.contains("gts_per_level")) {
      entry.gts_per_level = json["gts_per_level"].get<std::vector<std::int64_t>>();
    }
    entry.maximum_effort = json.value("maximum_effort", false);
    if (json.contains("gts_left")) entry.gts_left = json["gts_left"].get<std::int64_t>();
    if (json.contains("level_done")) {
      entry.level_done = json["level_done"].get<std::map<std::string, std::string>>();
    }
    if (json.contains("release_gt")) entry.release_gt = json["release_gt"].get<std::string>();
    if (json.contains("note")) entry.note = json["note"].get<std::string>();
    log.ships.push_back(std::move(entry));
  }
  if (books.contains("repaired_ships")) {
    log.repaired_listed = true;
    for (const Json& json : books["repaired_ships"]) {
      log.repaired.push_back({json["ship"].get<std::string>(), json["side"].get<std::string>(),
                              json["completed"].get<std::string>()});
    }
  }
  return log;
}

void write(Json& books, const ShipRepairLog& log) {
  Json ships = Json::array();
  for (const RepairEntry& entry : log.ships) {
    Json json = {{"ship", entry.ship},
                 {"side", entry.side},
                 {"entered", cycle_label(entry.entered)},
                 {"release", cycle_label(entry.release)}};
    if (entry.damage) {
      // Appended, not "D" + ...: GCC 12's -Wrestrict misfires on that here.
      std::string level = "D";
      level.append(std::to_string(*entry.damage));
      json["damage"] = level;
    }
    if (entry.type) json["type"] = *entry.type;
    if (entry.repair_dr) json["repair_dr"] = *entry.repair_dr;
    if (entry.gts) json["gts"] = *entry.gts;
    if (!entry.gts_per_level.empty()) json["gts_per_level"] = entry.gts_per_level;
    if (entry.maximum_effort) json["maximum_effort"] = true;
    if (entry.gts_left) json["gts_left"] = *entry.gts_left;
    if (!entry.level_done.empty()) json["level_done"] = entry.level_done;
    if (entry.release_gt) json["release_gt"] = *entry.release_gt;
    if (entry.note) json["note"] = *entry.note;
    ships.push_back(std::move(json));
  }
  books["ship_repair_log"] = std::move(ships);
  if (log.repaired_listed || !log.repaired.empty()) {
    Json repaired = Json::array();
    for (const RepairedShip& ship : log.repaired) {
      repaired.push_back({{"ship", ship.ship}, {"side", ship.side}, {"completed", ship.completed}});
    }
    books["repaired_ships"] = std::move(repaired);
  }
}

void check_ship_repair_log(SchemaChecker& check, const Json& books, const std::string& root) {
  if (check.array(books.value("ship_repair_log", Json()), root + ".ship_repair_log", "36.0")) {
    const Json& log = books["ship_repair_log"];
    for (std::size_t i = 0; i < log.size(); ++i) {
      const std::string at = root + ".ship_repair_log[" + std::to_string(i) + "]";
      check_repair_entry(check, log[i], at);
      for (std::size_t j = 0; j < i; ++j) {
        if (log[i].is_object() && log[j].is_object() && log[i].contains("ship") &&
            log[i]["ship"] == log[j].value("ship", Json())) {
          check.fail(at + ".ship", "is already in the log at [" + std::to_string(j) +
                                       "] (36.0: one entry a ship)");
        }
      }
    }
  }
  if (books.contains("repaired_ships") &&
      check.array(books["repaired_ships"], root + ".repaired_ships", "50.0 G.2")) {
    for (std::size_t i = 0; i < books["repaired_ships"].size(); ++i) {
      const Json& ship = books["repaired_ships"][i];
      const std::string at = root + ".repaired_ships[" + std::to_string(i) + "]";
      if (!check.object(ship, at, "50.0 G.2")) continue;
      check.fields(ship, at, {"ship", "side", "completed"}, {}, "50.0 G.2");
      check.text(ship.value("ship", Json()), at + ".ship", "50.0 G.2");
      check.word(ship.value("side", Json()), at + ".side", {"allied", "japanese"}, "50.0 G.2");
      check.text(ship.value("completed", Json()), at + ".completed", "50.0 G.2");
    }
  }
}

}  // namespace pacwar::witp
