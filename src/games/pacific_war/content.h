// The Pacific War: static game content (map, units, CRT, cards, set-up), loaded from
// data/pacific-war/*.json. Nothing here changes during play; states point at one Content.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "games/pacific_war/card_effects.h"
#include "games/pacific_war/options.h"

namespace pacwar::pacific_war {

inline constexpr int kMaxOz = 32;
inline constexpr int kMaxUnits = 192;
inline constexpr int kMaxCards = 16;
inline constexpr int kLastTurn = 5;
// A set of units as bits (bit u % 64 of word u / 64).
inline constexpr int kUnitWords = (kMaxUnits + 63) / 64;
using UnitMask = std::array<std::uint64_t, kUnitWords>;

enum class Side : std::uint8_t { Japanese = 0, Allied = 1 };
inline constexpr int kJapanese = 0;
inline constexpr int kAllied = 1;
inline int other(int side) { return 1 - side; }

enum class Nation : std::uint8_t { Japan, US, Britain, Netherlands, Australia };

enum class UnitType : std::uint8_t {
  Carrier,            // CV (capital, airstrike strength)
  Battleship,         // BB (capital, gunnery strength)
  CarrierBattleship,  // Ise/Hyuga conversion (13.1): capital, counts as a carrier when Ready
  Cruiser,            // CA/CL (non-capital)
  TorpedoCruiser,     // Oi/Kitakami (13.2): non-capital, gunnery 1d6-1 per surface round
  LandBasedAir,       // LBA
};

// How a unit enters the game (4.1.7, 14.1, 14.2).
enum class SetupKind : std::uint8_t {
  AtOz,           // letter code: placed at `setup_oz` at the start
  PearlStrike,    // Japanese [H]: Hawaiian Islands for Turn 0 Phase I, then Japan (5.0)
  PearlHarbor,    // Allied [PH]: placed at the Hawaiian Islands in Turn 0 Phase IV (5.0)
  AlliedChoice,   // Allied [LAC]: one of `choice_ozs`, decided per unit (14.1)
  JapaneseFree,   // Japanese no code: one of `choice_ozs`, capital ships ports only (14.2)
  Reinforcement,  // number code: arrives on `arrive_turn`
};

struct Provenance {
  std::string source;  // "countersheet", "rules", "reconstructed"
  std::string note;    // where it comes from or why it was chosen
};

struct OzDef {
  std::string id;    // stable id without spaces, e.g. "Hawaiian-Islands"
  std::string name;  // display name, e.g. "Hawaiian Islands"
  bool port = false;
  int vp = 0;                       // Port VP value = Ground Strength needed (10.2)
  bool major_port = false;          // 10.3
  std::uint8_t auto_ready = 0;      // bit mask of Nation values readied here for free (10.5)
  bool japanese_forbidden = false;  // West Coast, Madagascar: Japanese never enter (6.1 note)
  int initial_port_owner = -1;      // ports: kJapanese / kAllied (14.3)
  int initial_base_marker = -2;  // bases: kJapanese, kAllied, -1 none (14.3.1), -2 computed by 12.2
  bool oil = false;              // Borneo oil fields (7.2)
  float x = 0, y = 0;            // map position for drawing, 0..1000 (reconstructed)
  Provenance provenance;
};

struct RouteDef {
  int a = 0, b = 0;         // OZ indices
  bool nav_point = false;   // costs 2 MP; blocks air superiority (12.1)
  bool restricted = false;  // light blue, closed until 8.8
  Provenance provenance;
};

struct UnitDef {
  std::string id;    // stable id without spaces, e.g. "Prince-of-Wales", "LBA-J1"
  std::string name;  // display name
  int side = kJapanese;
  Nation nation = Nation::Japan;
  UnitType type = UnitType::Cruiser;
  bool capital = false;
  int airstrike = 0;  // 0 when none
  int gunnery = 0;
  int defense = 0;       // LBA: 0 (no defense value)
  bool armored = false;  // 9.2.5 heavily armored
  int speed = 0;
  SetupKind setup = SetupKind::Reinforcement;
  int setup_oz = -1;            // AtOz
  std::vector<int> choice_ozs;  // AlliedChoice, JapaneseFree
  int arrive_turn = 0;          // Reinforcement
  int withdraw_turn = 0;        // 0 = never (6.2)
  bool advanced = false;        // red set-up code: only with Advanced Rules (13.x)
  std::string advanced_rule;    // e.g. "13.1"
  Rule rule = Rule::IseHyuga;   // advanced_rule, typed (meaningful when `advanced`)
  std::string replaces;         // advanced counter standing for another (Ise/Hyuga, Shinano)
  std::string set_up_code;      // as printed: "H", "PH", "2", "1-3", "LAC", "" ...
  Provenance provenance;

  bool is_lba() const { return type == UnitType::LandBasedAir; }
  bool is_naval() const { return type != UnitType::LandBasedAir; }
  bool is_carrier() const {
    return type == UnitType::Carrier || type == UnitType::CarrierBattleship;
  }
};

// Combat Results Chart (9.2): columns by attack strength; hits[die-1][column].
struct CrtColumn {
  int lo = 0, hi = 0;  // inclusive strength range; hi = 1000 for "31+"
  std::string label;   // "6-7"
};
struct CrtDef {
  std::vector<CrtColumn> columns;
  std::vector<std::array<int, 6>> hits;  // per column, die 1..6
  Provenance provenance;

  // Column index for a strength >= 1, or -1 for strength <= 0.
  int column_for(int strength) const {
    if (strength <= 0) return -1;
    for (int i = 0; i < static_cast<int>(columns.size()); ++i)
      if (strength >= columns[i].lo && strength <= columns[i].hi) return i;
    return static_cast<int>(columns.size()) - 1;
  }
  int column_by_label(const std::string& label) const {
    for (int i = 0; i < static_cast<int>(columns.size()); ++i)
      if (columns[i].label == label) return i;
    return -1;
  }
};

// One end of a Resource Card: its Resource use is any card's (4.4); its event is data (4.5).
struct CardEnd {
  std::string id;        // "J07" / "A07"
  std::string name;      // "Bombardment"
  std::string category;  // "strategy", "combat", "interrupt", "invasion"
  bool strategic_event = false;
  std::string text;  // the effect, in words
  Provenance provenance;
  CardEvent event;  // card_effects.h
};
struct CardDef {
  int number = 0;  // 1..16
  CardEnd japanese;
  CardEnd allied;
};

// Numbers of the Advanced (13.x) and Optional (15.x) rules, from rules.json.
struct AdvancedRulesDef {
  int conversion_turn = 2;         // 13.1 / 13.3: carrier losses checked at this turn's start
  int kasagi_ibuki_last_turn = 3;  // 13.4: loss-free turns count from Turn 1 to this one
  int victorious_carriers = 3;     // 13.5: Allied carrier losses that bring HMS Victorious
  int divisions_turn = 2;          // 13.6: Australian Divisions arrive on this turn
  int markers_from_turn = 2;       // 13.7: Seabees / MAGIC usable from this turn on
};
struct OptionalRulesDef {
  std::array<int, 6> oil_cards{};              // 15.2: extra Japanese cards per turn without a die
  std::array<int, 6> oil_die_cards{};          // 15.2: extra Japanese cards per turn on a good die
  int oil_die_min = 2;                         // 15.2: lowest die result that gives the card
  std::array<int, 6> weakened_allied_draws{};  // 15.3: Allied draws per turn 0..5
};

struct Content {
  std::vector<OzDef> ozs;
  std::vector<RouteDef> routes;
  std::vector<UnitDef> units;
  CrtDef crt;
  std::vector<CardDef> cards;
  std::array<int, 6> allied_draws{};     // per turn 0..5 (7.3)
  int japanese_draw = 2;                 // 7.2
  int japanese_initial_hand = 4;         // 7.2
  std::array<int, 2> hand_limit{4, 10};  // 7.1
  int ground_points_per_strength = 20;   // 10.2
  std::vector<int> japanese_free_ozs;    // 14.2 no-code placement OZs
  std::vector<int> japanese_lba_ozs;     // 14.2 one LBA each
  AdvancedRulesDef advanced;             // 13.x
  OptionalRulesDef optional;             // 15.x

  // Named OZs the rules refer to (indices into ozs).
  int oz_japan = -1, oz_hawaii = -1, oz_west_coast = -1, oz_madagascar = -1, oz_australia = -1,
      oz_singapore = -1, oz_indochina = -1, oz_borneo = -1;

  // Derived at load time.
  std::array<std::array<std::int8_t, kMaxOz>, kMaxOz> route_index{};  // -1 = not adjacent
  struct Neighbor {
    std::int8_t oz;
    std::int8_t route;
  };
  std::array<std::vector<Neighbor>, kMaxOz> neighbors;  // every route from each OZ
  std::array<std::vector<int>, 2> side_units;           // unit indices of each side
  // The OZs as bits (bit i = OZ i) for the searches of the legal-action generators (paths.h).
  // Indexed [routes_open][oz]: the neighbours over open routes costing 1 MP, and 2 MP (8.10).
  std::array<std::array<std::uint32_t, kMaxOz>, 2> neighbor_mask_1mp{};
  std::array<std::array<std::uint32_t, kMaxOz>, 2> neighbor_mask_2mp{};
  std::uint32_t all_ozs_mask = 0;
  std::uint32_t port_mask = 0;                // OZs with a Port
  std::uint32_t japanese_forbidden_mask = 0;  // 6.1 note
  // The facts about a unit that the legal-action generators read in their inner loops, packed
  // (UnitDef is large: strings and vectors).
  struct UnitHot {
    std::uint8_t side = 0;
    bool naval = false;
    bool capital = false;
    std::uint8_t speed = 0;
  };
  std::array<UnitHot, kMaxUnits> unit_hot{};
  std::array<UnitMask, 2> side_naval_units{};  // the Naval units of each side
  std::array<UnitMask, 2> side_lba_units{};    // the LBA of each side
  UnitMask advanced_units{};                   // the units of the Advanced Rules (13.x)
  // The parts of a unit's and of an OZ's view JSON that never change, written once as text
  // (prepare_view_text, view.cc): the web server writes a few hundred units per state answer.
  struct ViewText {
    std::string head;  // unit: `{"airstrike":...,"name":"..."`; OZ: `"id":...,"port":...`
    std::string tail;  // unit: `,"side":...,"speed":...}`; OZ: `"vp":...}`
  };
  std::vector<ViewText> unit_view;
  std::vector<ViewText> oz_view;

  int oz_index(const std::string& id) const;    // -1 if unknown
  int unit_index(const std::string& id) const;  // -1 if unknown
  int num_ozs() const { return static_cast<int>(ozs.size()); }
  int num_units() const { return static_cast<int>(units.size()); }
  int num_cards() const { return static_cast<int>(cards.size()); }
};

// Loads and validates data/pacific-war/*.json from `dir`. Throws DataError naming the file,
// the field and the reason on any problem.
std::shared_ptr<const Content> load_content(const std::string& dir);
// Fills content.unit_view and content.oz_view (called by load_content).
void prepare_view_text(Content& content);

// The data directory: $PACWAR_DATA/pacific-war if set, else the first of ./data/pacific-war,
// <exe dir>/../data/pacific-war and the source tree's data/pacific-war that exists.
std::string default_data_dir();

}  // namespace pacwar::pacific_war
