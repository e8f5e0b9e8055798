// Loads and validates data/co-prosperity/*.json into a Content. Problems are DataErrors naming
// the file, the field and the reason.
#include <algorithm>
#include <array>
#include <climits>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <utility>

#include "engine/data_dir.h"
#include "engine/data_file.h"
#include "engine/errors.h"
#include "games/co_prosperity/content.h"

namespace pacwar::co_prosperity {
namespace {

using engine::DataDocument;
using engine::DataError;
using engine::DataField;
using Json = nlohmann::json;

DataDocument read_document(const std::string& dir, const std::string& name) {
  return engine::read_data_document(dir + "/" + name);
}

Provenance parse_provenance(const DataField& entry) {
  const DataField p = entry["provenance"];
  Provenance out{p["source"].string(), p["note"].string()};
  if (out.source != "rules" && out.source != "reconstructed")
    p["source"].fail("must be 'rules' or 'reconstructed'");
  return out;
}

// The nation named `name` (read from `f`, which an unknown name fails).
int nation_of(const std::string& name, const DataField& f) {
  // Never destroyed: threads still running when the process exits may read it.
  static const std::map<std::string, int>& kNames = *new const std::map<std::string, int>{
      {"japan", kJapan}, {"us", kUS}, {"china", kChina}, {"commonwealth", kCommonwealth}};
  auto it = kNames.find(name);
  if (it == kNames.end()) f.fail("unknown nation '" + name + "'");
  return it->second;
}

int parse_nation(const DataField& f) { return nation_of(f.string(), f); }

UnitType parse_type(const DataField& f) {
  // Never destroyed: threads still running when the process exits may read it.
  static const std::map<std::string, UnitType>& kNames = *new const std::map<std::string, UnitType>{
      {"CV", UnitType::CV},   {"BB", UnitType::BB},   {"Mar", UnitType::Mar},
      {"Inf", UnitType::Inf}, {"Vet", UnitType::Vet}, {"Air", UnitType::Air}};
  const std::string s = f.string();
  auto it = kNames.find(s);
  if (it == kNames.end()) f.fail("unknown unit type '" + s + "'");
  return it->second;
}

CardIcon parse_icon(const DataField& f) {
  // Never destroyed: threads still running when the process exits may read it.
  static const std::map<std::string, Icon>& kNames =
      *new const std::map<std::string, Icon>{{"development", Icon::Development},
                                             {"replenish-army", Icon::ReplenishArmy},
                                             {"replenish-navy", Icon::ReplenishNavy},
                                             {"replenish-any", Icon::ReplenishAny},
                                             {"strategic", Icon::Strategic},
                                             {"naval", Icon::Naval},
                                             {"ground", Icon::Ground},
                                             {"north-wind-rain", Icon::NorthWindRain},
                                             {"cbi", Icon::Cbi},
                                             {"reaction", Icon::Reaction},
                                             {"atlantic", Icon::Atlantic}};
  const std::string s = f.string();
  if (s.rfind("bombing-", 0) == 0) return {Icon::Bombing, nation_of(s.substr(8), f)};
  auto it = kNames.find(s);
  if (it == kNames.end()) f.fail("unknown icon '" + s + "'");
  return {it->second, -1};
}

}  // namespace

int Content::space_index(const std::string& id) const {
  for (int i = 0; i < static_cast<int>(spaces.size()); ++i)
    if (spaces[i].id == id) return i;
  if (id == "Japanese-Retreat-Box") return kRetreatJapanese;
  if (id == "Allied-Retreat-Box") return kRetreatAllied;
  return -1;
}
int Content::unit_index(const std::string& id) const {
  for (int i = 0; i < num_units(); ++i)
    if (units[i].id == id) return i;
  return -1;
}
int Content::card_index(const std::string& id) const {
  for (int i = 0; i < static_cast<int>(cards.size()); ++i)
    if (cards[i].id == id) return i;
  return -1;
}
int Content::advances(UnitType t) const {
  switch (t) {
    case UnitType::CV:
      return track_advances[0];
    case UnitType::BB:
      return track_advances[1];
    case UnitType::Mar:
      return track_advances[2];
    case UnitType::Air:
      return track_advances[3];
    default:
      return 0;
  }
}

std::string nation_name(int nation) {
  switch (nation) {
    case kJapan:
      return "Japanese";
    case kUS:
      return "US";
    case kChina:
      return "Chinese";
    default:
      return "Commonwealth";
  }
}

std::string type_name(UnitType t) {
  static const char* kNames[] = {"CV", "BB", "Mar", "Inf", "Vet", "Air"};
  return kNames[static_cast<int>(t)];
}

namespace {

// ---- map.json

SpaceDef parse_space(const DataField& f) {
  SpaceDef d;
  d.id = f["id"].string();
  d.name = f["name"].string();
  d.nation = parse_nation(f["nation"]);
  d.home = f["home"].boolean();
  d.port = f["port"].boolean();
  d.oil = f["oil"].boolean();
  d.production = f["production"].integer(INT_MIN);
  d.provenance = parse_provenance(f);
  if (d.production < 0 || d.production > 4) f["production"].fail("out of range 0..4");
  if (d.production > 0 && d.nation != kJapan)
    f["production"].fail("only Japanese spaces carry squares (2.1.5)");
  return d;
}

// The 24 spaces of 2.1 and the named ones the rules look up.
void load_spaces(const DataField& list, Content& c) {
  std::set<std::string> ids;
  std::array<int, 4> per_nation{}, homes{};
  for (const DataField& item : list.array()) {
    SpaceDef d = parse_space(item);
    if (!ids.insert(d.id).second) item["id"].fail("duplicate " + d.id);
    ++per_nation[d.nation];
    if (d.home) ++homes[d.nation];
    c.spaces.push_back(std::move(d));
  }
  if (static_cast<int>(c.spaces.size()) != kNumSpaces) list.fail("expected 24 spaces (2.1)");
  if (per_nation != std::array<int, 4>{6, 6, 3, 9})
    list.fail("expected 6 Japanese, 6 US, 3 Chinese, 9 Commonwealth");
  if (homes != std::array<int, 4>{1, 2, 2, 2})
    list.fail("expected home spaces: Japan 1, others 2 each (2.1.2)");
  for (auto [field, id] : {std::pair<int*, const char*>{&c.japan, "Japan"},
                           {&c.borneo, "Borneo"},
                           {&c.port_arthur, "Port-Arthur"},
                           {&c.pearl_harbor, "Pearl-Harbor"},
                           {&c.samoa, "Samoa"}}) {
    *field = c.space_index(id);
    if (*field < 0) list.fail(std::string("missing ") + id);
  }
  int oil = 0;
  for (const auto& s : c.spaces) oil += s.oil;
  if (oil != 1 || !c.spaces[c.borneo].oil)
    list.fail("Borneo must be the only resource zone (2.1.4)");
}

// The routes between spaces (2.1.7).
void load_routes(const DataField& list, Content& c) {
  for (const DataField& r : list.array()) {
    const int a = c.space_index(r["a"].string());
    const int b = c.space_index(r["b"].string());
    if (a < 0 || a >= kNumSpaces || b < 0 || b >= kNumSpaces || a == b)
      r.fail("route must join two different known spaces");
    if (c.graph.edge(a, b) != nullptr) r.fail("duplicate route");
    const std::string kind = r["kind"].string();
    if (kind != "land" && kind != "sea") r["kind"].fail("land or sea");
    const int len = r["length"].integer(INT_MIN);
    if (len != 1 && len != 2) r["length"].fail("1 or 2 (2.1.7)");
    parse_provenance(r);
    c.graph.add_edge(a, b, len, kind == "sea" ? kSea : kLand);
  }
}

// The sea links of each side's Retreat Box to its home ports (8.1.2).
void load_retreat_box_links(const DataField& links, Content& c) {
  for (const char* side : {"japan", "allied"}) {
    const DataField ports = links[side];
    for (const DataField& id : ports.array()) {
      const int s = c.space_index(id.string(true));
      if (s < 0 || s >= kNumSpaces || !c.spaces[s].home || !c.spaces[s].port)
        ports.fail("must be home ports");
      c.graph.add_edge(std::string(side) == "japan" ? kRetreatJapanese : kRetreatAllied, s, 1,
                       kSea);
    }
  }
}

// The bit masks of neighbours, nations' spaces and home spaces that the rules read.
void fill_space_masks(Content& c) {
  for (int n = 0; n < kNumNodes; ++n)
    for (const engine::Edge& e : c.graph.edges(n)) {
      c.neighbours[n] |= std::uint32_t{1} << e.to;
      if (e.kind == kSea) c.sea_neighbours[n] |= std::uint32_t{1} << e.to;
      if (e.to >= kNumSpaces) continue;
      const std::uint32_t to = std::uint32_t{1} << e.to;
      if (e.length == 1) c.air_neighbours[n] |= to;
      if (e.kind == kLand) c.land_neighbours[n] |= to;
      if (e.kind == kSea) (e.length == 1 ? c.sea1_neighbours : c.sea2_neighbours)[n] |= to;
    }
  for (int sp = 0; sp < kNumSpaces; ++sp) {
    c.nation_spaces[c.spaces[sp].nation] |= std::uint32_t{1} << sp;
    if (c.spaces[sp].home) c.nation_homes[c.spaces[sp].nation] |= std::uint32_t{1} << sp;
  }
}

// Every space must be reachable from every other one.
void check_connected(const DataField& routes, const Content& c) {
  auto all = [](int) { return true; };
  const auto d = c.graph.distances(
      0, [](const engine::Edge&) { return true; }, all, all);
  for (int s = 0; s < kNumSpaces; ++s)
    if (d[s] >= engine::kNoPath) routes.fail(c.spaces[s].id + " unreachable");
}

void load_map(const DataDocument& doc, Content& c) {
  const DataField root = doc.root();
  load_spaces(root["spaces"], c);
  load_routes(root["routes"], c);
  load_retreat_box_links(root["retreat_box_links"], c);
  fill_space_masks(c);
  c.singapore = c.space_index("Singapore");
  check_connected(root["routes"], c);
}

// ---- units.json

// A unit's counter and where it sets up, checked against 2.2 and 8.6.
UnitDef parse_unit(const DataField& f, const Content& c) {
  UnitDef d;
  d.id = f["id"].string();
  d.nation = parse_nation(f["nation"]);
  d.type = parse_type(f["type"]);
  d.steps = f["steps"].integer(INT_MIN);
  d.attack = f["attack"].integer(INT_MIN);
  d.defense = f["defense"].integer(INT_MIN);
  const std::string prio = f["priority"].string();
  d.priority = prio == "-" ? -1 : prio[0] - 'A';
  d.movement = f["movement"].integer(INT_MIN);
  d.setup = f["setup"].string();
  d.reduced = f["reduced"].boolean();
  d.provenance = parse_provenance(f);
  if (d.steps < 1 || d.steps > 2) f["steps"].fail("1 or 2 (2.2.2)");
  if (d.type == UnitType::Mar && d.steps != 1) f["steps"].fail("marines have one step (2.2.2)");
  if (d.type == UnitType::Air) {
    const int want = d.nation == kJapan || d.nation == kUS ? 2 : 1;
    if (d.steps != want) f["steps"].fail("air steps per 2.2.2");
    if (d.priority != -1) f["priority"].fail("air units do not fire");
  } else if (d.priority < 0 || d.priority > 3) {
    f["priority"].fail("A..D");
  } else if ((d.type == UnitType::CV || d.type == UnitType::BB) != (d.priority <= 1)) {
    // 8.6.5 (2) sends leftover hits to units of the firing units' type; the rules code
    // reads that type from the priority, so naval units fire at A/B and ground at C/D.
    f["priority"].fail("naval units A or B, ground units C or D");
  }
  if (d.type == UnitType::Vet && d.nation != kJapan)
    f["type"].fail("only Japan has veterans (2.2.3)");
  const bool moves_by_sea =
      d.type == UnitType::CV || d.type == UnitType::BB || d.type == UnitType::Mar;
  if (moves_by_sea != (d.movement > 0)) f["movement"].fail("naval units and marines only");
  if (d.attack < 0 || d.attack > 6 || d.defense < 0 || d.defense > 6) f.fail("combat factors 0..6");
  if (d.setup != "track" && d.setup != "pool" && d.setup != "split" && c.space_index(d.setup) < 0)
    f["setup"].fail("unknown space " + d.setup);
  if (d.reduced && d.steps != 2) f["reduced"].fail("one-step unit");
  return d;
}

// The Production Track's advances per turn of each unit type (8.4.2).
void load_production_track(const DataField& track, Content& c) {
  const DataField advances = track["advances"];
  c.track_advances = {advances["CV"].integer(INT_MIN), advances["BB"].integer(INT_MIN),
                      advances["Mar"].integer(INT_MIN), advances["Air"].integer(INT_MIN)};
  for (int a : c.track_advances)
    if (a < 1 || a > 3) track.fail("advances out of 1..3");
}

// The units' type, side, nation and movement in arrays, and each side's units as a bit set.
void fill_unit_tables(Content& c) {
  for (int u = 0; u < c.num_units(); ++u) {
    c.unit_type[u] = c.units[u].type;
    c.unit_side[u] = static_cast<std::uint8_t>(side_of_nation(c.units[u].nation));
    c.unit_nation[u] = static_cast<std::uint8_t>(c.units[u].nation);
    c.unit_movement[u] = static_cast<std::uint8_t>(c.units[u].movement);
    c.side_units[c.unit_side[u]] |= std::uint64_t{1} << u;
  }
}

void load_units(const DataDocument& doc, Content& c) {
  const DataField root = doc.root();
  load_production_track(root["production_track"], c);
  const DataField list = root["units"];
  std::set<std::string> ids;
  for (const DataField& item : list.array()) {
    UnitDef d = parse_unit(item, c);
    if (!ids.insert(d.id).second) item["id"].fail("duplicate " + d.id);
    c.units.push_back(std::move(d));
  }
  if (c.num_units() > kMaxUnits) list.fail("too many units");
  fill_unit_tables(c);
  for (const DataField& m : root["markers"].array()) c.markers += m["count"].integer(INT_MIN);
  if (c.num_units() + c.markers != 50)
    list.fail("units and markers must make the 50 counters (2.0)");
}

// ---- cards.json

// A card's side and icons, checked against 6.3.
CardDef parse_card(const DataField& f) {
  CardDef d;
  d.id = f["id"].string();
  d.name = f["name"].string();
  const std::string side = f["side"].string();
  if (side != "japan" && side != "allied") f["side"].fail("side");
  d.side = side == "japan" ? kJapanese : kAllied;
  if (!f.has("icons")) f["icons"].fail("missing field (a list of icons)");
  const DataField icons = f["icons"];
  for (const DataField& icon : icons.array()) d.icons.push_back(parse_icon(icon));
  d.provenance = parse_provenance(f);
  if (d.icons.empty()) icons.fail("no icon");
  if (d.icons.size() > static_cast<std::size_t>(kMaxCardIcons))
    icons.fail("at most 4 icons on a card");
  for (const auto& icon : d.icons) {
    const bool allied_only =
        icon.icon == Icon::Cbi || icon.icon == Icon::Reaction || icon.icon == Icon::Atlantic;
    if ((allied_only && d.side != kAllied) ||
        (icon.icon == Icon::NorthWindRain && d.side != kJapanese) ||
        (icon.icon == Icon::Bombing && side_of_nation(icon.nation) != d.side))
      icons.fail("icon not allowed for this side (6.3)");
  }
  return d;
}

// Card `index`'s side and icons where the rules read them, and its side's bit set.
void fill_card_tables(std::size_t index, const CardDef& d, Content& c) {
  Content::CardHot& hot = c.card_hot[std::min<std::size_t>(index, kNumCards - 1)];
  hot.side = static_cast<std::uint8_t>(d.side);
  hot.num_icons = static_cast<std::uint8_t>(d.icons.size());
  hot.atlantic = d.has(Icon::Atlantic);
  std::copy(d.icons.begin(), d.icons.end(), hot.icons.begin());
  if (index < static_cast<std::size_t>(kNumCards))
    c.side_cards[d.side] |= std::uint32_t{1} << index;
}

void load_cards(const DataDocument& doc, Content& c) {
  const DataField list = doc.root()["cards"];
  std::set<std::string> ids;
  int per_side[2] = {0, 0};
  for (const DataField& item : list.array()) {
    CardDef d = parse_card(item);
    if (!ids.insert(d.id).second) item["id"].fail("duplicate");
    ++per_side[d.side];
    fill_card_tables(c.cards.size(), d, c);
    c.cards.push_back(std::move(d));
  }
  if (per_side[0] != 8 || per_side[1] != 16)
    list.fail("expected 8 Japanese and 16 Allied cards (2.3)");
  c.north_wind_card = c.card_index("J8");
}

std::shared_ptr<const Content> load_content_unchecked(const std::string& dir) {
  auto c = std::make_shared<Content>();
  load_map(read_document(dir, "map.json"), *c);
  load_units(read_document(dir, "units.json"), *c);
  load_cards(read_document(dir, "cards.json"), *c);
  return c;
}

}  // namespace

// A field of an unexpected shape that no check above names (found by fuzz/content_file.cc) is
// still a DataError naming the directory and what the JSON library found, never a crash.
std::shared_ptr<const Content> load_content(const std::string& dir) {
  try {
    return load_content_unchecked(dir);
  } catch (const Json::exception& e) {
    throw DataError(dir, "(content)", e.what());
  }
}

std::string default_data_dir() { return game_data_dir("co-prosperity"); }

}  // namespace pacwar::co_prosperity
