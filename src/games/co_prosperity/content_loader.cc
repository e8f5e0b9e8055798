// Loads and validates data/co-prosperity/*.json into a Content. Problems are DataErrors naming
// the file, the field and the reason.
#include <algorithm>
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

using engine::DataError;
using Json = nlohmann::json;

Json read_json(const std::string& dir, const std::string& name) {
  return engine::read_data_file(dir + "/" + name);
}

template <typename T>
T get(const Json& j, const std::string& file, const std::string& path, const char* key) {
  if (!j.is_object() || !j.contains(key)) throw DataError(file, path + "." + key, "missing field");
  try {
    return j.at(key).get<T>();
  } catch (const Json::exception&) {
    throw DataError(file, path + "." + key, "wrong type");
  }
}

Provenance provenance(const Json& j, const std::string& file, const std::string& path) {
  const Json& p = j.contains("provenance") ? j["provenance"] : Json();
  Provenance out{get<std::string>(p, file, path + ".provenance", "source"),
                 get<std::string>(p, file, path + ".provenance", "note")};
  if (out.source != "rules" && out.source != "reconstructed")
    throw DataError(file, path + ".provenance.source", "must be 'rules' or 'reconstructed'");
  return out;
}

int parse_nation(const std::string& s, const std::string& file, const std::string& path) {
  static const std::map<std::string, int> kNames = {
      {"japan", kJapan}, {"us", kUS}, {"china", kChina}, {"commonwealth", kCommonwealth}};
  auto it = kNames.find(s);
  if (it == kNames.end()) throw DataError(file, path, "unknown nation '" + s + "'");
  return it->second;
}

UnitType parse_type(const std::string& s, const std::string& file, const std::string& path) {
  static const std::map<std::string, UnitType> kNames = {
      {"CV", UnitType::CV},   {"BB", UnitType::BB},   {"Mar", UnitType::Mar},
      {"Inf", UnitType::Inf}, {"Vet", UnitType::Vet}, {"Air", UnitType::Air}};
  auto it = kNames.find(s);
  if (it == kNames.end()) throw DataError(file, path, "unknown unit type '" + s + "'");
  return it->second;
}

CardIcon parse_icon(const std::string& s, const std::string& file, const std::string& path) {
  static const std::map<std::string, Icon> kNames = {{"development", Icon::Development},
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
  if (s.rfind("bombing-", 0) == 0) return {Icon::Bombing, parse_nation(s.substr(8), file, path)};
  auto it = kNames.find(s);
  if (it == kNames.end()) throw DataError(file, path, "unknown icon '" + s + "'");
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

std::shared_ptr<const Content> load_content_unchecked(const std::string& dir) {
  auto c = std::make_shared<Content>();
  // ---- map.json
  {
    const std::string file = dir + "/map.json";
    const Json j = read_json(dir, "map.json");
    if (!j.contains("spaces") || !j["spaces"].is_array())
      throw DataError(file, "spaces", "expected an array");
    std::set<std::string> ids;
    std::array<int, 4> per_nation{}, homes{};
    for (std::size_t i = 0; i < j["spaces"].size(); ++i) {
      const Json& s = j["spaces"][i];
      const std::string path = "spaces[" + std::to_string(i) + "]";
      SpaceDef d;
      d.id = get<std::string>(s, file, path, "id");
      d.name = get<std::string>(s, file, path, "name");
      d.nation = parse_nation(get<std::string>(s, file, path, "nation"), file, path + ".nation");
      d.home = get<bool>(s, file, path, "home");
      d.port = get<bool>(s, file, path, "port");
      d.oil = get<bool>(s, file, path, "oil");
      d.production = get<int>(s, file, path, "production");
      d.provenance = provenance(s, file, path);
      if (!ids.insert(d.id).second) throw DataError(file, path + ".id", "duplicate " + d.id);
      if (d.production < 0 || d.production > 4)
        throw DataError(file, path + ".production", "out of range 0..4");
      if (d.production > 0 && d.nation != kJapan)
        throw DataError(file, path + ".production", "only Japanese spaces carry squares (2.1.5)");
      ++per_nation[d.nation];
      if (d.home) ++homes[d.nation];
      c->spaces.push_back(d);
    }
    if (static_cast<int>(c->spaces.size()) != kNumSpaces)
      throw DataError(file, "spaces", "expected 24 spaces (2.1)");
    if (per_nation != std::array<int, 4>{6, 6, 3, 9})
      throw DataError(file, "spaces", "expected 6 Japanese, 6 US, 3 Chinese, 9 Commonwealth");
    if (homes != std::array<int, 4>{1, 2, 2, 2})
      throw DataError(file, "spaces", "expected home spaces: Japan 1, others 2 each (2.1.2)");
    for (auto [field, id] : {std::pair<int*, const char*>{&c->japan, "Japan"},
                             {&c->borneo, "Borneo"},
                             {&c->port_arthur, "Port-Arthur"},
                             {&c->pearl_harbor, "Pearl-Harbor"},
                             {&c->samoa, "Samoa"}}) {
      *field = c->space_index(id);
      if (*field < 0) throw DataError(file, "spaces", std::string("missing ") + id);
    }
    int oil = 0;
    for (const auto& s : c->spaces) oil += s.oil;
    if (oil != 1 || !c->spaces[c->borneo].oil)
      throw DataError(file, "spaces", "Borneo must be the only resource zone (2.1.4)");
    for (std::size_t i = 0; i < j["routes"].size(); ++i) {
      const Json& r = j["routes"][i];
      const std::string path = "routes[" + std::to_string(i) + "]";
      const int a = c->space_index(get<std::string>(r, file, path, "a"));
      const int b = c->space_index(get<std::string>(r, file, path, "b"));
      if (a < 0 || a >= kNumSpaces || b < 0 || b >= kNumSpaces || a == b)
        throw DataError(file, path, "route must join two different known spaces");
      if (c->graph.edge(a, b) != nullptr) throw DataError(file, path, "duplicate route");
      const std::string kind = get<std::string>(r, file, path, "kind");
      if (kind != "land" && kind != "sea") throw DataError(file, path + ".kind", "land or sea");
      const int len = get<int>(r, file, path, "length");
      if (len != 1 && len != 2) throw DataError(file, path + ".length", "1 or 2 (2.1.7)");
      provenance(r, file, path);
      c->graph.add_edge(a, b, len, kind == "sea" ? kSea : kLand);
    }
    const Json& links = j["retreat_box_links"];
    for (const char* side : {"japan", "allied"})
      for (const auto& id : links.at(side)) {
        const int s = c->space_index(id.get<std::string>());
        if (s < 0 || s >= kNumSpaces || !c->spaces[s].home || !c->spaces[s].port)
          throw DataError(file, std::string("retreat_box_links.") + side, "must be home ports");
        c->graph.add_edge(std::string(side) == "japan" ? kRetreatJapanese : kRetreatAllied, s, 1,
                          kSea);
      }
    for (int n = 0; n < kNumNodes; ++n)
      for (const engine::Edge& e : c->graph.edges(n)) {
        c->neighbours[n] |= std::uint32_t{1} << e.to;
        if (e.kind == kSea) c->sea_neighbours[n] |= std::uint32_t{1} << e.to;
        if (e.to >= kNumSpaces) continue;
        const std::uint32_t to = std::uint32_t{1} << e.to;
        if (e.length == 1) c->air_neighbours[n] |= to;
        if (e.kind == kLand) c->land_neighbours[n] |= to;
        if (e.kind == kSea) (e.length == 1 ? c->sea1_neighbours : c->sea2_neighbours)[n] |= to;
      }
    for (int sp = 0; sp < kNumSpaces; ++sp) {
      c->nation_spaces[c->spaces[sp].nation] |= std::uint32_t{1} << sp;
      if (c->spaces[sp].home) c->nation_homes[c->spaces[sp].nation] |= std::uint32_t{1} << sp;
    }
    c->singapore = c->space_index("Singapore");
    // Every space must be reachable from every other one.
    auto all = [](int) { return true; };
    const auto d = c->graph.distances(
        0, [](const engine::Edge&) { return true; }, all, all);
    for (int s = 0; s < kNumSpaces; ++s)
      if (d[s] >= engine::kNoPath)
        throw DataError(file, "routes", c->spaces[s].id + " unreachable");
  }
  // ---- units.json
  {
    const std::string file = dir + "/units.json";
    const Json j = read_json(dir, "units.json");
    const Json& adv = j.at("production_track").at("advances");
    c->track_advances = {adv.at("CV").get<int>(), adv.at("BB").get<int>(), adv.at("Mar").get<int>(),
                         adv.at("Air").get<int>()};
    for (int a : c->track_advances)
      if (a < 1 || a > 3) throw DataError(file, "production_track", "advances out of 1..3");
    std::set<std::string> ids;
    for (std::size_t i = 0; i < j.at("units").size(); ++i) {
      const Json& u = j["units"][i];
      const std::string path = "units[" + std::to_string(i) + "]";
      UnitDef d;
      d.id = get<std::string>(u, file, path, "id");
      d.nation = parse_nation(get<std::string>(u, file, path, "nation"), file, path + ".nation");
      d.type = parse_type(get<std::string>(u, file, path, "type"), file, path + ".type");
      d.steps = get<int>(u, file, path, "steps");
      d.attack = get<int>(u, file, path, "attack");
      d.defense = get<int>(u, file, path, "defense");
      const std::string prio = get<std::string>(u, file, path, "priority");
      d.priority = prio == "-" ? -1 : prio[0] - 'A';
      d.movement = get<int>(u, file, path, "movement");
      d.setup = get<std::string>(u, file, path, "setup");
      d.reduced = get<bool>(u, file, path, "reduced");
      d.provenance = provenance(u, file, path);
      if (!ids.insert(d.id).second) throw DataError(file, path + ".id", "duplicate " + d.id);
      if (d.steps < 1 || d.steps > 2) throw DataError(file, path + ".steps", "1 or 2 (2.2.2)");
      if (d.type == UnitType::Mar && d.steps != 1)
        throw DataError(file, path + ".steps", "marines have one step (2.2.2)");
      if (d.type == UnitType::Air) {
        const int want = d.nation == kJapan || d.nation == kUS ? 2 : 1;
        if (d.steps != want) throw DataError(file, path + ".steps", "air steps per 2.2.2");
        if (d.priority != -1) throw DataError(file, path + ".priority", "air units do not fire");
      } else if (d.priority < 0 || d.priority > 3) {
        throw DataError(file, path + ".priority", "A..D");
      } else if ((d.type == UnitType::CV || d.type == UnitType::BB) != (d.priority <= 1)) {
        // 8.6.5 (2) sends leftover hits to units of the firing units' type; the rules code
        // reads that type from the priority, so naval units fire at A/B and ground at C/D.
        throw DataError(file, path + ".priority", "naval units A or B, ground units C or D");
      }
      if (d.type == UnitType::Vet && d.nation != kJapan)
        throw DataError(file, path + ".type", "only Japan has veterans (2.2.3)");
      const bool moves_by_sea =
          d.type == UnitType::CV || d.type == UnitType::BB || d.type == UnitType::Mar;
      if (moves_by_sea != (d.movement > 0))
        throw DataError(file, path + ".movement", "naval units and marines only");
      if (d.attack < 0 || d.attack > 6 || d.defense < 0 || d.defense > 6)
        throw DataError(file, path, "combat factors 0..6");
      if (d.setup != "track" && d.setup != "pool" && d.setup != "split" &&
          c->space_index(d.setup) < 0)
        throw DataError(file, path + ".setup", "unknown space " + d.setup);
      if (d.reduced && d.steps != 2) throw DataError(file, path + ".reduced", "one-step unit");
      c->units.push_back(d);
    }
    if (c->num_units() > kMaxUnits) throw DataError(file, "units", "too many units");
    for (int u = 0; u < c->num_units(); ++u) {
      c->unit_type[u] = c->units[u].type;
      c->unit_side[u] = static_cast<std::uint8_t>(side_of_nation(c->units[u].nation));
      c->unit_nation[u] = static_cast<std::uint8_t>(c->units[u].nation);
      c->unit_movement[u] = static_cast<std::uint8_t>(c->units[u].movement);
      c->side_units[c->unit_side[u]] |= std::uint64_t{1} << u;
    }
    for (const auto& m : j.at("markers")) c->markers += m.at("count").get<int>();
    if (c->num_units() + c->markers != 50)
      throw DataError(file, "units", "units and markers must make the 50 counters (2.0)");
  }
  // ---- cards.json
  {
    const std::string file = dir + "/cards.json";
    const Json j = read_json(dir, "cards.json");
    std::set<std::string> ids;
    int per_side[2] = {0, 0};
    for (std::size_t i = 0; i < j.at("cards").size(); ++i) {
      const Json& k = j["cards"][i];
      const std::string path = "cards[" + std::to_string(i) + "]";
      CardDef d;
      d.id = get<std::string>(k, file, path, "id");
      d.name = get<std::string>(k, file, path, "name");
      const std::string side = get<std::string>(k, file, path, "side");
      if (side != "japan" && side != "allied") throw DataError(file, path + ".side", "side");
      d.side = side == "japan" ? kJapanese : kAllied;
      if (!k.contains("icons") || !k["icons"].is_array())
        throw DataError(file, path + ".icons", "missing field (a list of icons)");
      for (const auto& icon : k["icons"]) {
        if (!icon.is_string()) throw DataError(file, path + ".icons", "an icon must be a string");
        d.icons.push_back(parse_icon(icon.get<std::string>(), file, path + ".icons"));
      }
      d.provenance = provenance(k, file, path);
      if (!ids.insert(d.id).second) throw DataError(file, path + ".id", "duplicate");
      if (d.icons.empty()) throw DataError(file, path + ".icons", "no icon");
      if (d.icons.size() > static_cast<std::size_t>(kMaxCardIcons))
        throw DataError(file, path + ".icons", "at most 4 icons on a card");
      for (const auto& icon : d.icons) {
        const bool allied_only =
            icon.icon == Icon::Cbi || icon.icon == Icon::Reaction || icon.icon == Icon::Atlantic;
        if ((allied_only && d.side != kAllied) ||
            (icon.icon == Icon::NorthWindRain && d.side != kJapanese) ||
            (icon.icon == Icon::Bombing && side_of_nation(icon.nation) != d.side))
          throw DataError(file, path + ".icons", "icon not allowed for this side (6.3)");
      }
      ++per_side[d.side];
      Content::CardHot& hot = c->card_hot[std::min<std::size_t>(i, kNumCards - 1)];
      hot.side = static_cast<std::uint8_t>(d.side);
      hot.num_icons = static_cast<std::uint8_t>(d.icons.size());
      hot.atlantic = d.has(Icon::Atlantic);
      std::copy(d.icons.begin(), d.icons.end(), hot.icons.begin());
      if (i < static_cast<std::size_t>(kNumCards)) c->side_cards[d.side] |= std::uint32_t{1} << i;
      c->cards.push_back(d);
    }
    if (per_side[0] != 8 || per_side[1] != 16)
      throw DataError(file, "cards", "expected 8 Japanese and 16 Allied cards (2.3)");
    c->north_wind_card = c->card_index("J8");
  }
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
