// Loads and validates data/pacific-war/*.json into a Content. Every problem is reported as a
// DataError naming the file, the field path (e.g. "units[12].defense") and the reason.
#include <algorithm>
#include <climits>
#include <cstdlib>
#include <filesystem>
#include <initializer_list>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <queue>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "engine/data_dir.h"
#include "engine/data_file.h"
#include "engine/errors.h"
#include "games/pacific_war/content.h"

namespace pacwar::pacific_war {
namespace {

using engine::DataError;
using Json = nlohmann::json;

// A field of a data file and the file it is in (engine/data_file.h).
using Field = engine::DataField;
using Document = engine::DataDocument;

Document read_document(const std::string& dir, const std::string& name) {
  return engine::read_data_document(dir + "/" + name);
}

// ---------------------------------------------------------------------------------------------
// Small shared parsers.

bool is_valid_id(const std::string& id) {
  return !id.empty() && std::all_of(id.begin(), id.end(), [](char ch) {
    return (ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') ||
           ch == '-' || ch == '_';
  });
}

std::string parse_id(const Field& f) {
  std::string id = f.string();
  if (!is_valid_id(id)) f.fail("id '" + id + "' may hold only letters, digits, '-' and '_'");
  return id;
}

Provenance parse_provenance(const Field& f) {
  f.require_keys({"source", "note"});
  Provenance p{f["source"].string(), f["note"].string()};
  if (p.source != "countersheet" && p.source != "rules" && p.source != "reconstructed")
    f["source"].fail("'" + p.source + "' is not one of countersheet, rules, reconstructed");
  return p;
}

Provenance entry_provenance(const Field& entry, const Provenance& fallback) {
  auto own = entry.optional("provenance");
  return own ? parse_provenance(*own) : fallback;
}

// Looks `name` up in a table of (name, value) pairs; fails with the list of choices.
template <typename T>
T parse_enum(const Field& f, std::initializer_list<std::pair<const char*, T>> table) {
  const std::string s = f.string();
  std::string choices;
  for (const auto& [name, value] : table) {
    if (s == name) return value;
    choices += (choices.empty() ? "" : ", ") + std::string(name);
  }
  f.fail("'" + s + "' is not one of " + choices);
}

Nation parse_nation(const Field& f) {
  return parse_enum<Nation>(f, {{"Japan", Nation::Japan},
                                {"US", Nation::US},
                                {"Britain", Nation::Britain},
                                {"Netherlands", Nation::Netherlands},
                                {"Australia", Nation::Australia}});
}

int parse_side(const Field& f) {
  return parse_enum<int>(f, {{"Japanese", kJapanese}, {"Allied", kAllied}});
}

int parse_oz_ref(const Field& f, const Content& c) {
  const std::string id = f.string();
  const int oz = c.oz_index(id);
  if (oz < 0) f.fail("unknown OZ '" + id + "'");
  return oz;
}

std::vector<int> parse_oz_list(const Field& f, const Content& c) {
  std::vector<int> ozs;
  for (const Field& item : f.array()) {
    const int oz = parse_oz_ref(item, c);
    if (std::find(ozs.begin(), ozs.end(), oz) != ozs.end()) item.fail("OZ listed twice");
    ozs.push_back(oz);
  }
  if (ozs.empty()) f.fail("must list at least one OZ");
  return ozs;
}

template <typename Def>
void check_unique_ids(const std::vector<Def>& defs, const Field& list) {
  std::set<std::string> ids, names;
  const auto items = list.array();
  for (std::size_t i = 0; i < defs.size(); ++i) {
    if (!ids.insert(defs[i].id).second) items[i]["id"].fail("duplicate id '" + defs[i].id + "'");
    if (!names.insert(defs[i].name).second)
      items[i]["name"].fail("duplicate name '" + defs[i].name + "'");
  }
}

// ---------------------------------------------------------------------------------------------
// map.json

struct NamedOz {
  const char* id;
  int Content::*slot;
};
constexpr NamedOz kNamedOzs[] = {
    {"Japan", &Content::oz_japan},           {"Hawaiian-Islands", &Content::oz_hawaii},
    {"West-Coast", &Content::oz_west_coast}, {"Madagascar", &Content::oz_madagascar},
    {"Australia", &Content::oz_australia},   {"Singapore", &Content::oz_singapore},
    {"Indochina", &Content::oz_indochina},   {"Borneo", &Content::oz_borneo},
};

std::uint8_t parse_auto_ready(const Field& f) {
  std::uint8_t mask = 0;
  for (const Field& item : f.array()) {
    const auto bit = static_cast<std::uint8_t>(1u << static_cast<unsigned>(parse_nation(item)));
    if (mask & bit) item.fail("nation listed twice");
    mask |= bit;
  }
  return mask;
}

int parse_base_marker(const Field& f) {
  return parse_enum<int>(
      f, {{"Japanese", kJapanese}, {"Allied", kAllied}, {"none", -1}, {"computed", -2}});
}

void check_base_attributes(const OzDef& oz, const Field& f) {
  if (oz.vp != 0) f["vp"].fail("a base has no VP value");
  if (oz.major_port) f["major_port"].fail("a base cannot be a major port");
  if (oz.auto_ready != 0) f["auto_ready"].fail("only ports ready ships (10.5)");
}

OzDef parse_oz(const Field& f, const Provenance& fallback) {
  f.require_keys({"id", "name", "port", "vp", "major_port", "auto_ready", "japanese_forbidden",
                  "oil", "x", "y"},
                 {"initial_port_owner", "initial_base_marker", "provenance"});
  OzDef oz;
  oz.id = parse_id(f["id"]);
  oz.name = f["name"].string();
  oz.port = f["port"].boolean();
  oz.vp = f["vp"].integer(0, 99);
  oz.major_port = f["major_port"].boolean();
  oz.auto_ready = parse_auto_ready(f["auto_ready"]);
  oz.japanese_forbidden = f["japanese_forbidden"].boolean();
  oz.oil = f["oil"].boolean();
  oz.x = static_cast<float>(f["x"].number(0, 1000));
  oz.y = static_cast<float>(f["y"].number(0, 1000));
  oz.provenance = entry_provenance(f, fallback);
  if (oz.port) {
    if (f.has("initial_base_marker")) f["initial_base_marker"].fail("only bases take this field");
    oz.initial_port_owner = parse_side(f["initial_port_owner"]);
  } else {
    if (f.has("initial_port_owner")) f["initial_port_owner"].fail("only ports take this field");
    oz.initial_base_marker = parse_base_marker(f["initial_base_marker"]);
    check_base_attributes(oz, f);
  }
  return oz;
}

void resolve_named_ozs(Content& c, const Field& ozs_field) {
  for (const NamedOz& named : kNamedOzs) {
    c.*named.slot = c.oz_index(named.id);
    if (c.*named.slot < 0) ozs_field.fail(std::string("required OZ '") + named.id + "' is missing");
  }
}

RouteDef parse_route(const Field& f, const Content& c, const Provenance& fallback) {
  f.require_keys({"a", "b", "nav_point", "restricted"}, {"provenance"});
  RouteDef r;
  r.a = parse_oz_ref(f["a"], c);
  r.b = parse_oz_ref(f["b"], c);
  r.nav_point = f["nav_point"].boolean();
  r.restricted = f["restricted"].boolean();
  r.provenance = entry_provenance(f, fallback);
  if (r.a == r.b) f["b"].fail("a route cannot join an OZ to itself");
  return r;
}

void add_routes(Content& c, const Field& routes_field, const Provenance& fallback) {
  for (auto& row : c.route_index) row.fill(-1);
  const auto items = routes_field.array();
  if (items.size() > 127) routes_field.fail("at most 127 routes");
  for (const Field& item : items) {
    RouteDef r = parse_route(item, c, fallback);
    if (c.route_index[r.a][r.b] >= 0)
      item.fail("duplicate route " + c.ozs[r.a].id + " - " + c.ozs[r.b].id);
    const auto index = static_cast<std::int8_t>(c.routes.size());
    c.route_index[r.a][r.b] = c.route_index[r.b][r.a] = index;
    c.neighbors[r.a].push_back({static_cast<std::int8_t>(r.b), index});
    c.neighbors[r.b].push_back({static_cast<std::int8_t>(r.a), index});
    c.routes.push_back(std::move(r));
  }
}

void check_connected(const Content& c, const Field& routes_field) {
  std::vector<bool> seen(c.ozs.size(), false);
  std::queue<int> open;
  seen[0] = true;
  open.push(0);
  while (!open.empty()) {
    const int oz = open.front();
    open.pop();
    for (int next = 0; next < c.num_ozs(); ++next)
      if (c.route_index[oz][next] >= 0 && !seen[next]) {
        seen[next] = true;
        open.push(next);
      }
  }
  for (int oz = 0; oz < c.num_ozs(); ++oz)
    if (!seen[oz])
      routes_field.fail("OZ '" + c.ozs[oz].id + "' cannot be reached from '" + c.ozs[0].id + "'");
}

void load_map(const Document& doc, Content& c) {
  const Field root = doc.root();
  root.require_keys({"provenance", "position_provenance", "route_provenance", "ozs", "routes"});
  const Provenance oz_prov = parse_provenance(root["provenance"]);
  parse_provenance(root["position_provenance"]);
  const Provenance route_prov = parse_provenance(root["route_provenance"]);

  const Field ozs = root["ozs"];
  const auto items = ozs.array();
  if (items.empty() || items.size() > kMaxOz)
    ozs.fail("expected 1.." + std::to_string(kMaxOz) + " OZs");
  for (const Field& item : items) c.ozs.push_back(parse_oz(item, oz_prov));
  check_unique_ids(c.ozs, ozs);
  resolve_named_ozs(c, ozs);
  add_routes(c, root["routes"], route_prov);
  check_connected(c, root["routes"]);
}

// ---------------------------------------------------------------------------------------------
// rules.json

// Set-up tables of rules.json that the units need but Content does not keep.
struct SetupTables {
  std::vector<int> allied_choice_ozs;
  std::map<std::string, int> letters;  // Allied letter code -> OZ (14.1)
};

// A rules.json entry: {"value": ..., "provenance": {...}}; returns the value.
Field rule_value(const Field& root, const std::string& key) {
  const Field entry = root[key];
  entry.require_keys({"value", "provenance"});
  parse_provenance(entry["provenance"]);
  return entry["value"];
}

std::map<std::string, int> parse_setup_letters(const Field& f, const Content& c) {
  std::map<std::string, int> letters;
  for (const auto& [letter, oz] : f.members()) {
    if (letter.size() != 1 || letter[0] < 'A' || letter[0] > 'Z')
      oz.fail("a set-up letter is one capital letter");
    letters[letter] = parse_oz_ref(oz, c);
  }
  if (letters.empty()) f.fail("expected at least one letter");
  return letters;
}

void check_japanese_allowed(const Content& c, const std::vector<int>& ozs, const Field& f) {
  for (int oz : ozs)
    if (c.ozs[oz].japanese_forbidden)
      f.fail("Japanese units may never be placed at '" + c.ozs[oz].id + "'");
}

// 13.x numbers (rules.json "advanced_rules").
void parse_advanced_rules(const Field& f, AdvancedRulesDef& a) {
  f.require_keys({"conversion_turn", "kasagi_ibuki_last_turn", "victorious_carriers",
                  "divisions_turn", "markers_from_turn"});
  a.conversion_turn = f["conversion_turn"].integer(1, kLastTurn);
  a.kasagi_ibuki_last_turn = f["kasagi_ibuki_last_turn"].integer(1, kLastTurn);
  a.victorious_carriers = f["victorious_carriers"].integer(1, kMaxUnits);
  a.divisions_turn = f["divisions_turn"].integer(1, kLastTurn);
  a.markers_from_turn = f["markers_from_turn"].integer(1, kLastTurn);
}

// One value per turn 0..5.
std::array<int, 6> parse_per_turn(const Field& f, int hi) {
  const auto items = f.array();
  if (items.size() != 6) f.fail("expected one value per turn 0.." + std::to_string(kLastTurn));
  std::array<int, 6> out{};
  for (std::size_t t = 0; t < items.size(); ++t) out[t] = items[t].integer(0, hi);
  return out;
}

// 15.x numbers (rules.json "optional_rules").
void parse_optional_rules(const Field& f, OptionalRulesDef& o) {
  f.require_keys({"oil_cards", "oil_die_cards", "oil_die_min", "weakened_allied_draws"});
  o.oil_cards = parse_per_turn(f["oil_cards"], kMaxCards);
  o.oil_die_cards = parse_per_turn(f["oil_die_cards"], kMaxCards);
  o.oil_die_min = f["oil_die_min"].integer(1, 6);
  o.weakened_allied_draws = parse_per_turn(f["weakened_allied_draws"], kMaxCards);
}

SetupTables load_rules(const Document& doc, Content& c) {
  const Field root = doc.root();
  root.require_keys({"allied_draws", "japanese_draw", "japanese_initial_hand", "hand_limit",
                     "ground_points_per_strength", "japanese_free_ozs", "japanese_lba_ozs",
                     "allied_choice_ozs", "setup_letters", "advanced_rules", "optional_rules"});
  const Field draws = rule_value(root, "allied_draws");
  const auto draw_items = draws.array();
  if (draw_items.size() != c.allied_draws.size())
    draws.fail("expected one value per turn 0.." + std::to_string(kLastTurn));
  for (std::size_t t = 0; t < draw_items.size(); ++t)
    c.allied_draws[t] = draw_items[t].integer(0, kMaxCards);
  c.japanese_draw = rule_value(root, "japanese_draw").integer(0, kMaxCards);
  c.japanese_initial_hand = rule_value(root, "japanese_initial_hand").integer(0, kMaxCards);
  const Field limits = rule_value(root, "hand_limit");
  limits.require_keys({"Japanese", "Allied"});
  c.hand_limit[kJapanese] = limits["Japanese"].integer(1, kMaxCards);
  c.hand_limit[kAllied] = limits["Allied"].integer(1, kMaxCards);
  c.ground_points_per_strength = rule_value(root, "ground_points_per_strength").integer(1, 1000);

  const Field free_ozs = rule_value(root, "japanese_free_ozs");
  c.japanese_free_ozs = parse_oz_list(free_ozs, c);
  check_japanese_allowed(c, c.japanese_free_ozs, free_ozs);
  const Field lba_ozs = rule_value(root, "japanese_lba_ozs");
  c.japanese_lba_ozs = parse_oz_list(lba_ozs, c);
  check_japanese_allowed(c, c.japanese_lba_ozs, lba_ozs);

  parse_advanced_rules(rule_value(root, "advanced_rules"), c.advanced);
  parse_optional_rules(rule_value(root, "optional_rules"), c.optional);

  SetupTables tables;
  tables.allied_choice_ozs = parse_oz_list(rule_value(root, "allied_choice_ozs"), c);
  tables.letters = parse_setup_letters(rule_value(root, "setup_letters"), c);
  return tables;
}

// ---------------------------------------------------------------------------------------------
// units.json

UnitType parse_unit_type(const Field& f) {
  return parse_enum<UnitType>(f, {{"Carrier", UnitType::Carrier},
                                  {"Battleship", UnitType::Battleship},
                                  {"CarrierBattleship", UnitType::CarrierBattleship},
                                  {"Cruiser", UnitType::Cruiser},
                                  {"TorpedoCruiser", UnitType::TorpedoCruiser},
                                  {"LandBasedAir", UnitType::LandBasedAir}});
}

bool is_capital_type(UnitType t) {
  return t == UnitType::Carrier || t == UnitType::Battleship || t == UnitType::CarrierBattleship;
}

// The counter values a unit of its type must have (4.1.2-4.1.5, 13.1, 13.2).
void check_unit_values(const UnitDef& u, const Field& f) {
  if (u.capital != is_capital_type(u.type))
    f["capital"].fail(u.capital ? "only carriers and battleships are capital ships"
                                : "carriers and battleships are capital ships");
  switch (u.type) {
    case UnitType::Carrier:
      if (u.airstrike < 1) f["airstrike"].fail("a carrier has an airstrike strength");
      if (u.gunnery != 0) f["gunnery"].fail("a carrier has no gunnery strength");
      break;
    case UnitType::Battleship:
    case UnitType::Cruiser:
      if (u.airstrike != 0) f["airstrike"].fail("only carriers and LBA have an airstrike");
      if (u.gunnery < 1) f["gunnery"].fail("a gun ship has a gunnery strength");
      break;
    case UnitType::CarrierBattleship:
      break;
    case UnitType::TorpedoCruiser:
      if (u.airstrike != 0 || u.gunnery != 0)
        f["gunnery"].fail("a torpedo cruiser's gunnery is rolled (13.2): store 0");
      if (u.defense != 0) f["defense"].fail("a torpedo cruiser has defense 0 (13.2)");
      break;
    case UnitType::LandBasedAir:
      if (u.airstrike < 1) f["airstrike"].fail("an LBA has an airstrike strength");
      if (u.gunnery != 0) f["gunnery"].fail("an LBA has no gunnery strength");
      if (u.defense != 0) f["defense"].fail("an LBA has no defense value: store 0");
      if (u.speed != 0) f["speed"].fail("an LBA has no speed: store 0");
      if (u.armored) f["armored"].fail("LBA units have no armor (4.1.5)");
      break;
  }
  if (u.is_naval() && u.type != UnitType::TorpedoCruiser && u.defense < 1)
    f["defense"].fail("a naval unit has a defense strength of at least 1");
}

bool all_digits(const std::string& s) {
  return !s.empty() &&
         std::all_of(s.begin(), s.end(), [](char ch) { return ch >= '0' && ch <= '9'; });
}

int parse_turn(const std::string& text, const Field& code_field) {
  if (!all_digits(text) || text.size() > 1 || text[0] < '1' || text[0] - '0' > kLastTurn)
    code_field.fail("'" + text + "' is not a turn 1.." + std::to_string(kLastTurn));
  return text[0] - '0';
}

// Japanese units without a code: LBA at their setup_oz, ships free among the 14.2 OZs (capital
// ships at Ports only, so choice_ozs is exactly the legal set).
void decode_japanese_free(const Field& f, const Content& c, UnitDef& u) {
  if (u.is_lba()) {
    u.setup = SetupKind::AtOz;
    u.setup_oz = parse_oz_ref(f["setup_oz"], c);
    return;
  }
  u.setup = SetupKind::JapaneseFree;
  for (int oz : c.japanese_free_ozs)
    if (!u.capital || c.ozs[oz].port) u.choice_ozs.push_back(oz);
}

// "N", "N-M", "L" or "L-M": a turn or an Allied set-up letter, then an optional withdrawal turn.
void decode_turn_or_letter(const Field& code_field, const SetupTables& t, UnitDef& u) {
  const std::string& code = u.set_up_code;
  const auto dash = code.find('-');
  const std::string head = code.substr(0, dash);
  if (all_digits(head)) {
    u.setup = SetupKind::Reinforcement;
    u.arrive_turn = parse_turn(head, code_field);
  } else if (u.side == kAllied && t.letters.count(head)) {
    u.setup = SetupKind::AtOz;
    u.setup_oz = t.letters.at(head);
  } else {
    code_field.fail("unknown set-up code '" + code + "'");
  }
  if (dash == std::string::npos) return;
  u.withdraw_turn = parse_turn(code.substr(dash + 1), code_field);
  if (u.withdraw_turn <= u.arrive_turn) code_field.fail("withdrawal must come after arrival");
}

void decode_setup(const Field& f, const Content& c, const SetupTables& t, UnitDef& u) {
  const Field code_field = f["code"];
  const std::string& code = u.set_up_code;
  const bool takes_setup_oz = u.side == kJapanese && u.is_lba() && code.empty();
  if (f.has("setup_oz") && !takes_setup_oz)
    f["setup_oz"].fail("only a Japanese LBA without a set-up code takes setup_oz");
  if (code.empty()) {
    if (u.side == kAllied) code_field.fail("Allied units need a set-up code (14.1)");
    decode_japanese_free(f, c, u);
  } else if (code == "H" && u.side == kJapanese) {
    u.setup = SetupKind::PearlStrike;
    u.setup_oz = c.oz_hawaii;
  } else if (code == "PH" && u.side == kAllied) {
    u.setup = SetupKind::PearlHarbor;
    u.setup_oz = c.oz_hawaii;
  } else if (code == "LAC" && u.side == kAllied) {
    u.setup = SetupKind::AlliedChoice;
    u.choice_ozs = t.allied_choice_ozs;
  } else {
    decode_turn_or_letter(code_field, t, u);
  }
}

void parse_advanced(const Field& f, UnitDef& u) {
  u.advanced = f["advanced"].boolean();
  if (u.advanced != f.has("advanced_rule"))
    f["advanced"].fail("advanced_rule is required exactly when advanced is true");
  if (u.advanced) {
    u.advanced_rule = f["advanced_rule"].string();
    const std::optional<Rule> rule = parse_rule(u.advanced_rule);
    if (u.advanced_rule.rfind("13.", 0) != 0 || !rule)
      f["advanced_rule"].fail("expected a 13.x rule");
    u.rule = *rule;
  }
  if (auto replaces = f.optional("replaces")) {
    if (!u.advanced) replaces->fail("only an advanced counter replaces another");
    u.replaces = parse_id(*replaces);
  }
}

UnitDef parse_unit(const Field& f, const Content& c, const SetupTables& t,
                   const Provenance& fallback) {
  f.require_keys({"id", "name", "nation", "type", "capital", "airstrike", "gunnery", "defense",
                  "armored", "speed", "code", "advanced"},
                 {"advanced_rule", "replaces", "setup_oz", "note", "provenance"});
  UnitDef u;
  u.id = parse_id(f["id"]);
  u.name = f["name"].string();
  u.nation = parse_nation(f["nation"]);
  u.side = u.nation == Nation::Japan ? kJapanese : kAllied;
  u.type = parse_unit_type(f["type"]);
  u.capital = f["capital"].boolean();
  u.airstrike = f["airstrike"].integer(0, 20);
  u.gunnery = f["gunnery"].integer(0, 20);
  u.defense = f["defense"].integer(0, 20);
  u.armored = f["armored"].boolean();
  u.speed = f["speed"].integer(0, 9);
  u.set_up_code = f["code"].string(/*allow_empty=*/true);
  if (auto note = f.optional("note")) note->string();
  u.provenance = entry_provenance(f, fallback);
  check_unit_values(u, f);
  parse_advanced(f, u);
  decode_setup(f, c, t, u);
  return u;
}

void check_replacements(const Content& c, const Field& units_field) {
  const auto items = units_field.array();
  for (int i = 0; i < c.num_units(); ++i) {
    const UnitDef& u = c.units[i];
    if (u.replaces.empty()) continue;
    const int other = c.unit_index(u.replaces);
    const Field f = items[i]["replaces"];
    if (other < 0) f.fail("unknown unit '" + u.replaces + "'");
    if (other == i) f.fail("a unit cannot replace itself");
    if (c.units[other].side != u.side) f.fail("replaces a unit of the other side");
    if (c.units[other].advanced) f.fail("replaces another advanced counter");
  }
}

// Each 14.2 LBA OZ receives exactly one standard Japanese LBA.
void check_japanese_lba_setup(const Content& c, const Field& units_field) {
  std::vector<int> placed;
  for (const UnitDef& u : c.units)
    if (u.side == kJapanese && u.is_lba() && !u.advanced && u.setup == SetupKind::AtOz)
      placed.push_back(u.setup_oz);
  std::vector<int> expected = c.japanese_lba_ozs;
  std::sort(placed.begin(), placed.end());
  std::sort(expected.begin(), expected.end());
  if (placed != expected)
    units_field.fail("the Japanese LBA set-up OZs must be exactly rules.json japanese_lba_ozs");
}

void parse_markers(const Field& f) {
  std::set<std::string> ids;
  for (const Field& m : f.array()) {
    m.require_keys({"id", "name", "code", "advanced_rule", "note"}, {"provenance"});
    if (m.has("provenance")) parse_provenance(m["provenance"]);
    if (!ids.insert(parse_id(m["id"])).second) m["id"].fail("duplicate marker id");
    m["name"].string();
    m["code"].string();
    m["advanced_rule"].string();
    m["note"].string();
  }
}

void load_units(const Document& doc, const SetupTables& tables, Content& c) {
  const Field root = doc.root();
  root.require_keys({"provenance", "units"}, {"markers"});
  const Provenance prov = parse_provenance(root["provenance"]);
  const Field units = root["units"];
  const auto items = units.array();
  if (items.empty() || items.size() > kMaxUnits)
    units.fail("expected 1.." + std::to_string(kMaxUnits) + " units");
  for (const Field& item : items) c.units.push_back(parse_unit(item, c, tables, prov));
  for (int u = 0; u < c.num_units(); ++u) c.side_units[c.units[u].side].push_back(u);
  check_unique_ids(c.units, units);
  check_replacements(c, units);
  check_japanese_lba_setup(c, units);
  if (auto markers = root.optional("markers")) parse_markers(*markers);
}

// ---------------------------------------------------------------------------------------------
// crt.json

std::string column_label(int lo, int hi) {
  if (hi == 1000) return std::to_string(lo) + "+";
  if (lo == hi) return std::to_string(lo);
  return std::to_string(lo) + "-" + std::to_string(hi);
}

std::array<int, 6> parse_hits(const Field& f) {
  const auto items = f.array();
  if (items.size() != 6)
    f.fail("expected 6 values (die 1..6), got " + std::to_string(items.size()));
  std::array<int, 6> hits{};
  for (int die = 0; die < 6; ++die) hits[die] = items[die].integer(0, 99);
  return hits;
}

void parse_crt_column(const Field& f, bool last, int expected_lo, CrtDef& crt) {
  f.require_keys({"label", "lo", "hi", "hits"}, {"provenance"});
  if (auto prov = f.optional("provenance")) parse_provenance(*prov);
  CrtColumn col;
  col.lo = f["lo"].integer(1, 999);
  if (col.lo != expected_lo)
    f["lo"].fail(col.lo > expected_lo
                     ? "gap: expected " + std::to_string(expected_lo)
                     : "ranges overlap or decrease: expected " + std::to_string(expected_lo));
  const Field hi = f["hi"];
  if (hi.is_null() != last)
    hi.fail(last ? "the last column is open-ended: use null"
                 : "only the last column is open-ended");
  col.hi = last ? 1000 : hi.integer(col.lo, 999);
  col.label = f["label"].string();
  if (col.label != column_label(col.lo, col.hi))
    f["label"].fail("label must be '" + column_label(col.lo, col.hi) + "'");
  crt.columns.push_back(col);
  crt.hits.push_back(parse_hits(f["hits"]));
}

// A cell the rules' examples fix must agree with the body.
void check_fixed_cell(const Field& f, const CrtDef& crt) {
  f.require_keys({"column", "die", "hits", "provenance"});
  parse_provenance(f["provenance"]);
  const std::string label = f["column"].string();
  const int col = crt.column_by_label(label);
  if (col < 0) f["column"].fail("unknown column '" + label + "'");
  const int die = f["die"].integer(1, 6);
  const int hits = f["hits"].integer(0, 99);
  if (crt.hits[col][die - 1] != hits)
    f["hits"].fail("column " + label + " die " + std::to_string(die) + " is " +
                   std::to_string(crt.hits[col][die - 1]) + " in the body, the rules fix " +
                   std::to_string(hits));
}

void load_crt(const Document& doc, Content& c) {
  const Field root = doc.root();
  root.require_keys({"provenance", "columns", "fixed_cells"});
  c.crt.provenance = parse_provenance(root["provenance"]);
  const Field columns = root["columns"];
  const auto items = columns.array();
  if (items.empty() || items.size() > 32) columns.fail("expected 1..32 columns");
  int expected_lo = 1;
  for (std::size_t i = 0; i < items.size(); ++i) {
    parse_crt_column(items[i], i + 1 == items.size(), expected_lo, c.crt);
    expected_lo = c.crt.columns.back().hi + 1;
  }
  for (const Field& cell : root["fixed_cells"].array()) check_fixed_cell(cell, c.crt);
}

// ---------------------------------------------------------------------------------------------
// cards.json

std::string card_id(char prefix, int number) {
  return std::string(1, prefix) + (number < 10 ? "0" : "") + std::to_string(number);
}

// An enum named in cards.json by the names of card_effects.h.
template <typename T>
T parse_named(const Field& f, int count, const char* (*name)(T)) {
  const std::string s = f.string();
  std::string choices;
  for (int i = 0; i < count; ++i) {
    if (s == name(static_cast<T>(i))) return static_cast<T>(i);
    choices += (choices.empty() ? "" : ", ") + std::string(name(static_cast<T>(i)));
  }
  f.fail("'" + s + "' is not one of " + choices);
}

// The fields each primitive takes (besides "type"), all required.
std::vector<const char*> effect_fields(EffectType t) {
  switch (t) {
    case EffectType::ColumnShift:
      return {"side", "part", "amount"};
    case EffectType::Strength:
      return {"side", "part", "multiply", "divide"};
    case EffectType::FireFirst:
      return {"side", "part"};
    case EffectType::AllocateHits:
      return {"side", "fire", "part"};
    case EffectType::Retreat:
    case EffectType::RedrawHand:
    case EffectType::SurfaceHitsLba:
      return {"side"};
    case EffectType::Discard:
    case EffectType::VictoryPoints:
      return {"side", "amount"};
    case EffectType::GroundStrength:
    case EffectType::PortDefence:
      return {"amount"};
    case EffectType::Repair:
      return {"amount", "oz", "new_ships"};
    case EffectType::CancelAction:
      return {};
    case EffectType::LbaStrike:
      return {"amount", "units"};
    case EffectType::ExtraAction:
      return {"action", "amount"};
    case EffectType::ReadyUnits:
      return {"units"};
    case EffectType::ExhaustUnits:
      return {"side", "oz", "units"};
    case EffectType::EarlyReinforcement:
      return {"nation", "oz"};
    case EffectType::Count:
      break;
  }
  return {};
}

// Which timings a primitive makes sense in.
bool effect_fits_timing(EffectType t, Timing timing) {
  const bool combat = timing == Timing::CombatStart || timing == Timing::Combat ||
                      timing == Timing::Surface || timing == Timing::Fire;
  switch (t) {
    case EffectType::ColumnShift:
    case EffectType::Strength:
    case EffectType::FireFirst:
    case EffectType::AllocateHits:
    case EffectType::SurfaceHitsLba:
      return combat;
    case EffectType::Retreat:  // never between two fires (hits would be pending)
      return combat && timing != Timing::Fire;
    case EffectType::GroundStrength:
    case EffectType::PortDefence:
      return timing == Timing::Invasion;
    case EffectType::CancelAction:
      return timing == Timing::Interrupt;
    case EffectType::LbaStrike:
    case EffectType::ExtraAction:
    case EffectType::ReadyUnits:
    case EffectType::ExhaustUnits:
    case EffectType::Repair:
    case EffectType::EarlyReinforcement:
      return timing == Timing::Action;
    case EffectType::RedrawHand:
    case EffectType::Discard:
      return combat || timing == Timing::Action;
    case EffectType::VictoryPoints:
      return true;
    case EffectType::Count:
      break;
  }
  return false;
}

// Primitives that hand play over to another prompt or end the combat: they must come last.
bool effect_takes_over(EffectType t) {
  return t == EffectType::Retreat || t == EffectType::RedrawHand || t == EffectType::Discard ||
         t == EffectType::CancelAction || t == EffectType::LbaStrike;
}

Effect parse_effect(const Field& f, const Content& c) {
  Effect e;
  e.type = parse_named<EffectType>(f["type"], static_cast<int>(EffectType::Count), effect_name);
  const std::vector<const char*> fields = effect_fields(e.type);
  for (const char* key : fields)
    if (!f.has(key)) f[key];  // fails with "missing field"
  for (const auto& [key, value] : f.members()) {
    if (key == "type") continue;
    const std::string& name = key;  // clang 14 cannot capture a structured binding
    if (std::none_of(fields.begin(), fields.end(), [&](const char* k) { return name == k; }))
      value.fail(std::string("unknown field for a ") + effect_name(e.type) + " effect");
  }
  if (f.has("side")) e.side = parse_side(f["side"]);
  if (f.has("fire")) e.fire = parse_side(f["fire"]);
  if (f.has("part")) e.part = parse_named<CombatPartSel>(f["part"], 3, part_name);
  if (f.has("units")) e.units = parse_named<UnitFilter>(f["units"], 4, unit_filter_name);
  if (f.has("action")) e.action = parse_named<ActionFilter>(f["action"], 3, action_filter_name);
  if (f.has("oz")) e.oz = parse_oz_ref(f["oz"], c);
  if (f.has("nation")) e.nation = static_cast<int>(parse_nation(f["nation"]));
  if (f.has("new_ships")) e.new_ships = f["new_ships"].boolean();
  switch (e.type) {
    case EffectType::ColumnShift:
      e.amount = f["amount"].integer(-11, 11);
      if (e.amount == 0) f["amount"].fail("a shift of 0 does nothing");
      break;
    case EffectType::Strength:
      e.amount = f["multiply"].integer(1, 4);
      e.divide = f["divide"].integer(1, 4);
      if (e.amount == e.divide) f["divide"].fail("a multiplier of 1 does nothing");
      break;
    case EffectType::FireFirst:
      if (e.part == CombatPartSel::Both) f["part"].fail("must be air or surface");
      break;
    case EffectType::LbaStrike:
      e.amount = f["amount"].integer(-5, 5);
      break;
    case EffectType::VictoryPoints:
      e.amount = f["amount"].integer(1, 10);
      break;
    default:
      if (f.has("amount")) e.amount = f["amount"].integer(1, 5);
  }
  return e;
}

CardEvent parse_event(const Field& f, const std::string& category, const Content& c) {
  f.require_keys({"timing", "effects"}, {"requires"});
  CardEvent ev;
  ev.timing = parse_named<Timing>(f["timing"], 7, timing_name);
  const bool combat = ev.timing == Timing::CombatStart || ev.timing == Timing::Combat ||
                      ev.timing == Timing::Surface || ev.timing == Timing::Fire;
  const bool fits = category == "strategy"    ? ev.timing == Timing::Action
                    : category == "combat"    ? combat
                    : category == "interrupt" ? ev.timing == Timing::Interrupt
                                              : ev.timing == Timing::Invasion;
  if (!fits)
    f["timing"].fail("'" + std::string(timing_name(ev.timing)) + "' does not fit the category '" +
                     category + "'");
  if (auto r = f.optional("requires")) {
    r->require_keys({}, {"turns", "fire", "part", "own_units_in_combat", "enemy_lba_in_combat",
                         "enemy_hand", "own_ready_in", "own_ready_units"});
    Requirements& q = ev.needs;
    if (auto t = r->optional("turns"))
      for (const Field& turn : t->array()) q.turns.push_back(turn.integer(0, kLastTurn));
    if (auto x = r->optional("fire")) q.fire = parse_side(*x);
    if (auto x = r->optional("part")) q.fire_part = parse_named<CombatPartSel>(*x, 3, part_name);
    if (auto x = r->optional("own_units_in_combat")) q.own_units_in_combat = x->boolean();
    if (auto x = r->optional("enemy_lba_in_combat")) q.enemy_lba_in_combat = x->boolean();
    if (auto x = r->optional("enemy_hand")) q.enemy_hand = x->boolean();
    if (auto x = r->optional("own_ready_in"))
      for (const Field& oz : x->array()) q.own_ready_in.push_back(parse_oz_ref(oz, c));
    if (auto x = r->optional("own_ready_units"))
      q.own_ready_units = parse_named<UnitFilter>(*x, 4, unit_filter_name);
    if ((ev.timing == Timing::Fire) != (q.fire >= 0))
      r->fail("a fire event needs requires.fire, and only a fire event may have it");
  } else if (ev.timing == Timing::Fire) {
    f["timing"].fail("a fire event needs requires.fire (whose fire)");
  }
  const auto effects = f["effects"].array();
  if (effects.empty()) f["effects"].fail("an event needs at least one effect");
  for (std::size_t i = 0; i < effects.size(); ++i) {
    Effect e = parse_effect(effects[i], c);
    if (!effect_fits_timing(e.type, ev.timing))
      effects[i]["type"].fail(std::string(effect_name(e.type)) + " cannot be played at timing " +
                              timing_name(ev.timing));
    if (effect_takes_over(e.type) && i + 1 != effects.size())
      effects[i]["type"].fail(std::string(effect_name(e.type)) + " must be the last effect");
    const EventTarget target = effect_target(e.type);
    if (target != EventTarget::None) {
      if (ev.target != EventTarget::None)
        effects[i]["type"].fail("an event may have only one effect that needs a target");
      ev.target = target;
    }
    ev.effects.push_back(e);
  }
  return ev;
}

CardEnd parse_card_end(const Field& f, char prefix, int number, const Content& c) {
  f.require_keys({"id", "name", "category", "strategic_event", "text", "provenance", "event"});
  CardEnd end;
  end.id = f["id"].string();
  if (end.id != card_id(prefix, number))
    f["id"].fail("card " + std::to_string(number) + " needs id '" + card_id(prefix, number) + "'");
  end.name = f["name"].string();
  end.category = f["category"].string();
  if (end.category != "strategy" && end.category != "combat" && end.category != "interrupt" &&
      end.category != "invasion")
    f["category"].fail("'" + end.category +
                       "' is not one of strategy, combat, interrupt, invasion");
  end.strategic_event = f["strategic_event"].boolean();
  end.text = f["text"].string();
  end.provenance = parse_provenance(f["provenance"]);
  end.event = parse_event(f["event"], end.category, c);
  return end;
}

void load_cards(const Document& doc, Content& c) {
  const Field root = doc.root();
  root.require_keys({"provenance", "cards"});
  parse_provenance(root["provenance"]);
  const Field cards = root["cards"];
  const auto items = cards.array();
  if (items.empty() || items.size() > kMaxCards)
    cards.fail("expected 1.." + std::to_string(kMaxCards) + " cards");
  c.cards.resize(items.size());
  std::vector<bool> seen(items.size(), false);
  for (const Field& item : items) {
    item.require_keys({"number", "japanese", "allied"});
    const int n = item["number"].integer(1, static_cast<int>(items.size()));
    if (seen[n - 1]) item["number"].fail("duplicate card number " + std::to_string(n));
    seen[n - 1] = true;
    c.cards[n - 1] = {n, parse_card_end(item["japanese"], 'J', n, c),
                      parse_card_end(item["allied"], 'A', n, c)};
  }
  // 4.6: six Strategic Events, four Allied and two Japanese (with the full set of 16 cards).
  if (items.size() == kMaxCards) {
    int japanese = 0, allied = 0;
    for (const CardDef& card : c.cards) {
      japanese += card.japanese.strategic_event ? 1 : 0;
      allied += card.allied.strategic_event ? 1 : 0;
    }
    if (japanese != 2 || allied != 4)
      cards.fail("4.6 needs two Japanese and four Allied Strategic Events, found " +
                 std::to_string(japanese) + " and " + std::to_string(allied));
  }
}

}  // namespace

// ---------------------------------------------------------------------------------------------

int Content::oz_index(const std::string& id) const {
  for (int i = 0; i < num_ozs(); ++i)
    if (ozs[i].id == id) return i;
  return -1;
}

int Content::unit_index(const std::string& id) const {
  for (int i = 0; i < num_units(); ++i)
    if (units[i].id == id) return i;
  return -1;
}

namespace {

// The bit masks and packed unit facts of Content (content.h), from the map and the units.
void derive_masks(Content& c) {
  for (int oz = 0; oz < c.num_ozs(); ++oz) {
    const std::uint32_t bit = std::uint32_t{1} << oz;
    c.all_ozs_mask |= bit;
    if (c.ozs[oz].port) c.port_mask |= bit;
    if (c.ozs[oz].japanese_forbidden) c.japanese_forbidden_mask |= bit;
  }
  for (const RouteDef& r : c.routes) {
    for (int open = 0; open < 2; ++open) {
      if (r.restricted && open == 0) continue;
      auto& mask = r.nav_point ? c.neighbor_mask_2mp[open] : c.neighbor_mask_1mp[open];
      mask[r.a] |= std::uint32_t{1} << r.b;
      mask[r.b] |= std::uint32_t{1} << r.a;
    }
  }
  for (int u = 0; u < c.num_units(); ++u) {
    const UnitDef& d = c.units[u];
    c.unit_hot[u] = Content::UnitHot{static_cast<std::uint8_t>(d.side), d.is_naval(), d.capital,
                                     static_cast<std::uint8_t>(d.speed)};
    auto& kind = d.is_naval() ? c.side_naval_units : c.side_lba_units;
    kind[static_cast<std::size_t>(d.side)][static_cast<std::size_t>(u / 64)] |= std::uint64_t{1}
                                                                                << (u % 64);
    if (d.advanced)
      c.advanced_units[static_cast<std::size_t>(u / 64)] |= std::uint64_t{1} << (u % 64);
  }
}

}  // namespace

std::shared_ptr<const Content> load_content(const std::string& dir) {
  auto content = std::make_shared<Content>();
  load_map(read_document(dir, "map.json"), *content);
  const SetupTables tables = load_rules(read_document(dir, "rules.json"), *content);
  load_units(read_document(dir, "units.json"), tables, *content);
  load_crt(read_document(dir, "crt.json"), *content);
  load_cards(read_document(dir, "cards.json"), *content);
  prepare_view_text(*content);
  derive_masks(*content);
  return content;
}

std::string default_data_dir() { return game_data_dir("pacific-war"); }

}  // namespace pacwar::pacific_war
