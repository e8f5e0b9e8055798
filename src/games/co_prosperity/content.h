// Greater East Asia Co-Prosperity Sphere: static content (map, units, cards) loaded from
// data/co-prosperity/*.json. Nothing here changes during play; states share one Content.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/graph.h"

namespace pacwar::co_prosperity {

inline constexpr int kNumSpaces = 24;
inline constexpr int kRetreatJapanese = 24;  // graph nodes of the Retreat Boxes (8.1.2)
inline constexpr int kRetreatAllied = 25;
inline constexpr int kNumNodes = 26;
inline constexpr int kMaxUnits = 48;
inline constexpr int kNumCards = 24;
inline constexpr int kFirstYear = 1939;
inline constexpr int kLastTurn = 6;  // 1944

inline constexpr int kJapanese = 0;
inline constexpr int kAllied = 1;
inline int other(int side) { return 1 - side; }

enum Nation : std::uint8_t { kJapan = 0, kUS = 1, kChina = 2, kCommonwealth = 3 };
inline int side_of_nation(int nation) { return nation == kJapan ? kJapanese : kAllied; }

enum class UnitType : std::uint8_t { CV, BB, Mar, Inf, Vet, Air };
enum RouteKind : std::uint8_t { kLand = 0, kSea = 1 };

// Strategy Card action icons (6.3).
enum class Icon : std::uint8_t {
  Development,
  ReplenishArmy,
  ReplenishNavy,
  ReplenishAny,
  Strategic,
  Naval,
  Ground,
  NorthWindRain,
  Cbi,
  Reaction,
  Bombing,  // with a nation (the icon's colour, 8.0)
  Atlantic,
};

struct Provenance {
  std::string source;  // "rules" or "reconstructed"
  std::string note;
};

struct SpaceDef {
  std::string id, name;
  int nation = kJapan;  // original owner (background colour, 2.1.1)
  bool home = false, port = false, oil = false;
  int production = 0;  // production squares (2.1.5)
  Provenance provenance;
};

struct UnitDef {
  std::string id;
  int nation = kJapan;
  UnitType type = UnitType::Inf;
  int steps = 2;
  int attack = 0, defense = 0;  // combat factors (8.6.2: Chinese infantry 1 / 2)
  int priority = -1;            // 0..3 = A..D, -1 for air units
  int movement = 0;             // naval movement allowance (8.2)
  std::string setup;            // space id, "track", "pool" or "split" (Pearl Harbor or Samoa)
  bool reduced = false;         // set up on its one-step side (3.1 asterisk)
  Provenance provenance;
};

struct CardIcon {
  Icon icon = Icon::Development;
  int nation = -1;  // Bombing: whose air units may bomb
};
inline constexpr int kMaxCardIcons = 4;  // icons on one card (the loader refuses more)

struct CardDef {
  std::string id, name;
  int side = kJapanese;
  std::vector<CardIcon> icons;
  Provenance provenance;
  bool has(Icon i) const {
    for (const auto& c : icons)
      if (c.icon == i) return true;
    return false;
  }
};

struct Content {
  std::vector<SpaceDef> spaces;  // kNumSpaces
  std::vector<UnitDef> units;
  std::vector<CardDef> cards;      // kNumCards
  engine::Graph graph{kNumNodes};  // routes, plus the Retreat Box links (sea)
  // The same routes as bit masks of neighbours (bit n = node n), built from `graph` at load:
  // every route, and sea routes only (8.1: naval units by sea). For reachability searches.
  std::array<std::uint32_t, kNumNodes> neighbours{}, sea_neighbours{};
  // Spaces the rules name (5.1, 6.4, 8.9, 4.2), looked up once at load.
  int japan = -1, borneo = -1, port_arthur = -1, pearl_harbor = -1, samoa = -1;
  int singapore = -1;                   // the Commonwealth's naval base before the war (invariants)
  int north_wind_card = -1;             // J8, North Wind Rain (5.1), or -1
  std::array<int, 4> track_advances{};  // per UnitType CV, BB, Mar (Air stored at index 3)
  int markers = 0;

  int space_index(const std::string& id) const;
  int unit_index(const std::string& id) const;
  int card_index(const std::string& id) const;
  int num_units() const { return static_cast<int>(units.size()); }
  int advances(UnitType t) const;
  bool is_naval(int u) const {
    const UnitType t = unit_type[u];
    return t == UnitType::CV || t == UnitType::BB;
  }
  bool is_ground(int u) const {
    const UnitType t = unit_type[u];
    return t == UnitType::Inf || t == UnitType::Vet || t == UnitType::Mar;
  }
  bool is_air(int u) const { return unit_type[u] == UnitType::Air; }
  int side(int u) const { return unit_side[u]; }

  // Copies of units[u].type and its side in small arrays (the rules read them in every loop;
  // a UnitDef with its strings spans several cache lines). Filled by the loader.
  std::array<UnitType, kMaxUnits> unit_type{};
  std::array<std::uint8_t, kMaxUnits> unit_side{};
  std::array<std::uint8_t, kMaxUnits> unit_nation{};
  std::array<std::uint8_t, kMaxUnits> unit_movement{};
  std::array<std::uint64_t, 2> side_units{};  // bit per unit of each side
  // Masks of spaces built at load (bit n = space n): the spaces an air unit at each node
  // projects into (routes of length 1, 3.5), the spaces of each original owner (2.1.1) and the
  // home spaces of each nation (2.1.2).
  std::array<std::uint32_t, kNumNodes> air_neighbours{};
  // Spaces joined to each node by a land route (8.3), and by a sea route of length 1 and 2
  // (8.2).
  std::array<std::uint32_t, kNumNodes> land_neighbours{}, sea1_neighbours{}, sea2_neighbours{};
  std::array<std::uint32_t, 4> nation_spaces{}, nation_homes{};
  // Each card's side and icons in a few bytes (cards[k] with its strings spans cache lines; the
  // 8.0 menu reads every card of the hand): built at load, in the order of cards[k].icons.
  struct CardHot {
    std::uint8_t side = 0;
    std::uint8_t num_icons = 0;
    bool atlantic = false;  // carries the Atlantic icon (8.9)
    std::array<CardIcon, kMaxCardIcons> icons{};
  };
  std::array<CardHot, kNumCards> card_hot{};
  std::array<std::uint32_t, 2> side_cards{};  // bit per card of each side
};

// Loads and validates data/co-prosperity; throws engine::DataError naming file and field.
std::shared_ptr<const Content> load_content(const std::string& dir);
std::string default_data_dir();
std::string nation_name(int nation);
std::string type_name(UnitType t);

}  // namespace pacwar::co_prosperity
