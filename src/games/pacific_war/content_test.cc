// Tests of the Pacific War data: every constraint the rules fix (map-crt-cards.md, counters.md)
// checked over the real data files, and the loader's reports on broken data.
#include "games/pacific_war/content.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <climits>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "engine/errors.h"

namespace pacwar::pacific_war {
namespace {

const Content& data() {
  static const std::shared_ptr<const Content> content = load_content(default_data_dir());
  return *content;
}

int oz(const std::string& id) {
  const int index = data().oz_index(id);
  EXPECT_GE(index, 0) << "unknown OZ " << id;
  return index;
}

const UnitDef& unit(const std::string& id) {
  const int index = data().unit_index(id);
  EXPECT_GE(index, 0) << "unknown unit " << id;
  return data().units.at(index);
}

const RouteDef* route(const std::string& a, const std::string& b) {
  const int index = data().route_index[oz(a)][oz(b)];
  return index < 0 ? nullptr : &data().routes[index];
}

// ---------------------------------------------------------------------------------------------
// Shortest paths in Movement Points (8.10): a route costs 1, 2 with a Nav Point; restricted
// routes are closed (8.8). `blocked` OZs may not be entered.

// Not paths.h's kUnreachable (99): this reference search has its own "no route".
constexpr int kNoRoute = INT_MAX;

std::vector<int> distances_from(int from, const std::set<int>& blocked = {}) {
  const Content& c = data();
  std::vector<int> dist(c.num_ozs(), kNoRoute);
  std::vector<bool> done(c.num_ozs(), false);
  dist[from] = 0;
  for (int step = 0; step < c.num_ozs(); ++step) {
    int best = -1;
    for (int i = 0; i < c.num_ozs(); ++i)
      if (!done[i] && dist[i] != kNoRoute && (best < 0 || dist[i] < dist[best])) best = i;
    if (best < 0) break;
    done[best] = true;
    for (const RouteDef& r : c.routes) {
      if (r.restricted || (r.a != best && r.b != best)) continue;
      const int next = r.a == best ? r.b : r.a;
      if (blocked.count(next)) continue;
      dist[next] = std::min(dist[next], dist[best] + (r.nav_point ? 2 : 1));
    }
  }
  return dist;
}

int distance(const std::string& a, const std::string& b) { return distances_from(oz(a))[oz(b)]; }

// OZs under an LBA's Air Superiority Zone (12.1): its own OZ and those one open route without a
// Nav Point away.
std::set<int> air_superiority_ozs(const std::vector<std::string>& lba_ozs) {
  std::set<int> reach;
  for (const std::string& id : lba_ozs) {
    reach.insert(oz(id));
    for (const RouteDef& r : data().routes) {
      if (r.restricted || r.nav_point) continue;
      if (r.a == oz(id)) reach.insert(r.b);
      if (r.b == oz(id)) reach.insert(r.a);
    }
  }
  return reach;
}

// ---------------------------------------------------------------------------------------------
// Map: fixed constraints

TEST(ContentMap, ElevenPortsAndElevenBases) {
  EXPECT_EQ(data().num_ozs(), 22);
  const auto ports =
      std::count_if(data().ozs.begin(), data().ozs.end(), [](const OzDef& o) { return o.port; });
  EXPECT_EQ(ports, 11);
  EXPECT_EQ(data().num_ozs() - ports, 11);
}

TEST(ContentMap, VictoryPointsOfTheVictoryExample) {
  auto vp = [](const std::string& id) { return data().ozs[oz(id)].vp; };
  EXPECT_EQ(vp("Japan") + vp("Philippines") + vp("Indochina") + vp("Singapore") + vp("Truk"), 11);
  EXPECT_EQ(vp("Hawaiian-Islands") + vp("Samoa-Islands") + vp("Australia") + vp("Ceylon"), 9);
  EXPECT_EQ(vp("West-Coast"), 0);
  EXPECT_EQ(vp("Madagascar"), 0);
}

TEST(ContentMap, MajorPortsAndAutoReady) {
  for (const OzDef& o : data().ozs)
    EXPECT_EQ(o.major_port, o.id == "Japan" || o.id == "Hawaiian-Islands" || o.id == "Australia")
        << o.id;
  auto ready = [](const std::string& id, Nation n) {
    return (data().ozs[oz(id)].auto_ready >> static_cast<int>(n)) & 1;
  };
  EXPECT_TRUE(ready("Japan", Nation::Japan));
  EXPECT_TRUE(ready("Hawaiian-Islands", Nation::US));
  EXPECT_TRUE(ready("West-Coast", Nation::US));
  EXPECT_TRUE(ready("Ceylon", Nation::Britain));
  EXPECT_TRUE(ready("Madagascar", Nation::Britain));
  EXPECT_TRUE(ready("Australia", Nation::Australia));
  EXPECT_FALSE(ready("Australia", Nation::US));
  EXPECT_EQ(data().ozs[oz("Truk")].auto_ready, 0);
}

TEST(ContentMap, InitialControl) {
  for (const OzDef& o : data().ozs) {
    if (!o.port) continue;
    const bool japanese = o.id == "Japan" || o.id == "Indochina" || o.id == "Truk";
    EXPECT_EQ(o.initial_port_owner, japanese ? kJapanese : kAllied) << o.id;
  }
  auto marker = [](const std::string& id) { return data().ozs[oz(id)].initial_base_marker; };
  EXPECT_EQ(marker("Okinawa"), kJapanese);
  EXPECT_EQ(marker("Mariana-Islands"), kJapanese);
  EXPECT_EQ(marker("Kwajalein-Atoll"), kJapanese);
  EXPECT_EQ(marker("Midway"), kAllied);
  EXPECT_EQ(marker("Borneo"), kAllied);
  EXPECT_EQ(marker("Attu-Island"), -1);
  EXPECT_EQ(marker("Dutch-Harbor"), -1);
  EXPECT_EQ(marker("Rabaul"), -2);
}

TEST(ContentMap, NamedOzsAndSpecialOzs) {
  const Content& c = data();
  EXPECT_EQ(c.ozs[c.oz_japan].id, "Japan");
  EXPECT_EQ(c.ozs[c.oz_hawaii].id, "Hawaiian-Islands");
  EXPECT_EQ(c.ozs[c.oz_west_coast].id, "West-Coast");
  EXPECT_EQ(c.ozs[c.oz_madagascar].id, "Madagascar");
  EXPECT_EQ(c.ozs[c.oz_australia].id, "Australia");
  EXPECT_EQ(c.ozs[c.oz_singapore].id, "Singapore");
  EXPECT_EQ(c.ozs[c.oz_indochina].id, "Indochina");
  EXPECT_EQ(c.ozs[c.oz_borneo].id, "Borneo");
  for (const OzDef& o : c.ozs) {
    EXPECT_EQ(o.japanese_forbidden, o.id == "West-Coast" || o.id == "Madagascar") << o.id;
    EXPECT_EQ(o.oil, o.id == "Borneo") << o.id;
  }
}

TEST(ContentMap, DrawingLayoutLooksLikeThePacific) {
  const Content& c = data();
  const OzDef& japan = c.ozs[c.oz_japan];
  const OzDef& west = c.ozs[c.oz_west_coast];
  const OzDef& madagascar = c.ozs[c.oz_madagascar];
  const OzDef& australia = c.ozs[c.oz_australia];
  for (const OzDef& o : c.ozs) {
    EXPECT_LE(o.x, west.x) << o.id;
    EXPECT_GE(o.x, madagascar.x) << o.id;
    EXPECT_LE(o.y, australia.y) << o.id;
  }
  EXPECT_LT(japan.x, 500);
  EXPECT_LT(japan.y, 300);
}

TEST(ContentMap, JapanToMidwayCostsTwo) { EXPECT_EQ(distance("Japan", "Midway"), 2); }

TEST(ContentMap, JapanToJohnstonCostsMoreThanTwoAtMostThree) {
  const int d = distance("Japan", "Johnston-Island");
  EXPECT_GT(d, 2);
  EXPECT_LE(d, 3);
}

TEST(ContentMap, HawaiiMidwayAdjacentWithoutNavPoint) {
  const RouteDef* r = route("Hawaiian-Islands", "Midway");
  ASSERT_NE(r, nullptr);
  EXPECT_FALSE(r->nav_point);
  EXPECT_FALSE(r->restricted);
  EXPECT_LE(distance("Hawaiian-Islands", "Midway"), 2);
}

TEST(ContentMap, WestCoastToSamoaAtMostTwo) {
  EXPECT_LE(distance("West-Coast", "Samoa-Islands"), 2);
}

TEST(ContentMap, TrukIsTheNearestJapanesePortToSamoa) {
  const int truk = distance("Truk", "Samoa-Islands");
  EXPECT_GT(truk, 2);
  EXPECT_LT(truk, distance("Japan", "Samoa-Islands"));
  EXPECT_LT(truk, distance("Indochina", "Samoa-Islands"));
}

TEST(ContentMap, AdjacenciesWithoutNavPoint) {
  const std::vector<std::pair<std::string, std::string>> pairs = {
      {"Okinawa", "Philippines"}, {"Philippines", "Borneo"},   {"Philippines", "Indochina"},
      {"Singapore", "Borneo"},    {"Truk", "Kwajalein-Atoll"}, {"Truk", "Rabaul"},
      {"Port-Moresby", "Rabaul"}};
  for (const auto& [a, b] : pairs) {
    const RouteDef* r = route(a, b);
    ASSERT_NE(r, nullptr) << a << " - " << b;
    EXPECT_FALSE(r->nav_point) << a << " - " << b;
    EXPECT_FALSE(r->restricted) << a << " - " << b;
  }
}

TEST(ContentMap, IndochinaToSingaporeWithinSpeedTwo) {
  EXPECT_LE(distance("Indochina", "Singapore"), 2);
}

// Combat example 2: Houston, isolated in the Philippines with Singapore no longer usable as a
// port, redeploys to Ceylon, the nearest Allied port. Isolated units move through enemy OZs
// (10.1), so Singapore may be crossed but is not a destination.
TEST(ContentMap, CeylonIsTheNearestAlliedPortFromThePhilippines) {
  const std::vector<int> dist = distances_from(oz("Philippines"));
  int nearest = -1;
  bool tie = false;
  for (int i = 0; i < data().num_ozs(); ++i) {
    const OzDef& o = data().ozs[i];
    if (!o.port || o.initial_port_owner != kAllied) continue;
    if (o.id == "Philippines" || o.id == "Singapore") continue;
    if (nearest < 0 || dist[i] < dist[nearest]) {
      nearest = i;
      tie = false;
    } else if (dist[i] == dist[nearest]) {
      tie = true;
    }
  }
  ASSERT_GE(nearest, 0);
  EXPECT_EQ(data().ozs[nearest].id, "Ceylon");
  EXPECT_FALSE(tie);
}

TEST(ContentMap, TwoRestrictedRoutesWithNavPoints) {
  std::set<std::set<std::string>> restricted;
  for (const RouteDef& r : data().routes)
    if (r.restricted) {
      EXPECT_TRUE(r.nav_point);
      restricted.insert({data().ozs[r.a].id, data().ozs[r.b].id});
    }
  const std::set<std::set<std::string>> expected = {{"Australia", "Borneo"},
                                                    {"Rabaul", "Philippines"}};
  EXPECT_EQ(restricted, expected);
}

TEST(ContentMap, StartingAirSuperiority) {
  const std::set<int> japanese = air_superiority_ozs({"Japan", "Indochina", "Truk"});
  EXPECT_TRUE(japanese.count(oz("Okinawa")));
  EXPECT_TRUE(japanese.count(oz("Mariana-Islands")));
  EXPECT_TRUE(japanese.count(oz("Kwajalein-Atoll")));
  // Every OZ where a starting LBA of either side may be placed.
  const std::set<int> any = air_superiority_ozs(
      {"Japan", "Indochina", "Truk", "Australia", "Samoa-Islands", "Port-Moresby", "Ceylon"});
  EXPECT_FALSE(any.count(oz("Attu-Island")));
  EXPECT_FALSE(any.count(oz("Dutch-Harbor")));
}

TEST(ContentMap, RouteIndexIsSymmetric) {
  const Content& c = data();
  for (int a = 0; a < c.num_ozs(); ++a) {
    EXPECT_EQ(c.route_index[a][a], -1);
    for (int b = 0; b < c.num_ozs(); ++b) EXPECT_EQ(c.route_index[a][b], c.route_index[b][a]);
  }
  for (int i = 0; i < static_cast<int>(c.routes.size()); ++i)
    EXPECT_EQ(c.route_index[c.routes[i].a][c.routes[i].b], i);
}

// ---------------------------------------------------------------------------------------------
// Combat Results Chart

TEST(ContentCrt, FixedCells) {
  const CrtDef& crt = data().crt;
  auto hits = [&](const std::string& label, int die) {
    const int col = crt.column_by_label(label);
    EXPECT_GE(col, 0) << label;
    return crt.hits.at(col)[die - 1];
  };
  EXPECT_EQ(hits("1", 5), 1);
  EXPECT_EQ(hits("2", 3), 0);
  EXPECT_EQ(hits("2", 6), 2);
  EXPECT_EQ(hits("4-5", 1), 0);
  EXPECT_EQ(hits("6-7", 3), 1);
  EXPECT_EQ(hits("6-7", 4), 2);
  EXPECT_EQ(hits("10-12", 5), 3);
  EXPECT_EQ(hits("10-12", 6), 4);
}

TEST(ContentCrt, ColumnsAndShifts) {
  const CrtDef& crt = data().crt;
  const std::vector<std::string> labels = {"1",     "2",     "3",     "4-5",   "6-7",   "8-9",
                                           "10-12", "13-15", "16-19", "20-25", "26-30", "31+"};
  ASSERT_EQ(crt.columns.size(), labels.size());
  for (std::size_t i = 0; i < labels.size(); ++i) EXPECT_EQ(crt.columns[i].label, labels[i]);
  EXPECT_EQ(crt.column_for(8), crt.column_by_label("6-7") + 1);
  EXPECT_EQ(crt.column_for(14), crt.column_by_label("10-12") + 1);
  EXPECT_EQ(crt.column_for(26), crt.column_by_label("31+") - 1);
  EXPECT_EQ(crt.column_for(0), -1);
  EXPECT_EQ(crt.column_for(500), crt.column_by_label("31+"));
}

TEST(ContentCrt, HitsNeverDecreaseWithDieOrStrength) {
  const CrtDef& crt = data().crt;
  for (std::size_t col = 0; col < crt.hits.size(); ++col)
    for (int die = 0; die < 6; ++die) {
      if (die > 0) {
        EXPECT_GE(crt.hits[col][die], crt.hits[col][die - 1]);
      }
      if (col > 0) {
        EXPECT_GE(crt.hits[col][die], crt.hits[col - 1][die]);
      }
    }
}

// ---------------------------------------------------------------------------------------------
// Units

int count_defs(const std::function<bool(const UnitDef&)>& pred) {
  return static_cast<int>(std::count_if(data().units.begin(), data().units.end(), pred));
}

TEST(ContentUnits, CountsPerSide) {
  auto side = [](int s, bool advanced, bool lba) {
    return count_defs([=](const UnitDef& u) {
      return u.side == s && u.advanced == advanced && u.is_lba() == lba;
    });
  };
  EXPECT_EQ(side(kJapanese, false, false), 49);
  EXPECT_EQ(side(kJapanese, true, false), 7);
  EXPECT_EQ(side(kJapanese, false, true), 3);
  EXPECT_EQ(side(kAllied, false, false), 90);  // 70 US + 20 British, Dutch, Australian
  EXPECT_EQ(side(kAllied, true, false), 1);    // HMS Victorious
  EXPECT_EQ(side(kAllied, false, true), 11);
  EXPECT_EQ(count_defs([](const UnitDef& u) { return u.nation == Nation::US && u.is_naval(); }),
            71);
}

TEST(ContentUnits, JapaneseSetUpCodes) {
  EXPECT_EQ(count_defs([](const UnitDef& u) {
              return u.side == kJapanese && u.is_naval() && !u.advanced && u.set_up_code.empty();
            }),
            26);
  EXPECT_EQ(count_defs([](const UnitDef& u) {
              return u.side == kJapanese && u.setup == SetupKind::PearlStrike;
            }),
            10);
}

TEST(ContentUnits, SpotChecksFromTheCountersheet) {
  const UnitDef& akagi = unit("Akagi");
  EXPECT_EQ(akagi.airstrike, 4);
  EXPECT_EQ(akagi.gunnery, 0);
  EXPECT_EQ(akagi.defense, 2);
  EXPECT_EQ(akagi.speed, 3);
  EXPECT_TRUE(akagi.capital);
  EXPECT_EQ(akagi.type, UnitType::Carrier);
  EXPECT_TRUE(unit("Zuikaku").armored);
  EXPECT_FALSE(unit("Kaga").armored);
  EXPECT_EQ(unit("Yamato").defense, 5);
  EXPECT_TRUE(unit("Yamato").armored);
  EXPECT_EQ(unit("Oklahoma").defense, 3);
  EXPECT_EQ(unit("Hyuga").speed, 1);
  EXPECT_EQ(unit("Kumano").speed, 3);
  EXPECT_EQ(unit("Nagato").gunnery + unit("Mutsu").gunnery + unit("Nachi").gunnery +
                unit("Myoko").gunnery,
            10);
  EXPECT_EQ(unit("Tone").gunnery + unit("Chikuma").gunnery + unit("Haguro").gunnery +
                unit("Ashigara").gunnery,
            4);
  EXPECT_EQ(unit("Enterprise").defense, 2);
  EXPECT_FALSE(unit("Exeter").capital);
  EXPECT_EQ(unit("Prince-of-Wales").nation, Nation::Britain);
  EXPECT_EQ(unit("De-Ruyter").nation, Nation::Netherlands);
  EXPECT_EQ(unit("HMAS-Canberra").nation, Nation::Australia);
}

TEST(ContentUnits, LetterCodesPlaceUnits) {
  const UnitDef& houston = unit("Houston");
  EXPECT_EQ(houston.set_up_code, "P");
  EXPECT_EQ(houston.setup, SetupKind::AtOz);
  EXPECT_EQ(houston.setup_oz, oz("Philippines"));
  EXPECT_EQ(unit("Indianapolis").setup_oz, oz("Midway"));
  EXPECT_EQ(unit("Louisville").setup_oz, oz("Samoa-Islands"));
  EXPECT_EQ(unit("HMAS-Australia").setup_oz, oz("Australia"));
  EXPECT_EQ(unit("De-Ruyter").setup_oz, oz("Borneo"));
  EXPECT_EQ(unit("Prince-of-Wales").setup_oz, oz("Singapore"));
  EXPECT_EQ(unit("Hermes").setup_oz, oz("Ceylon"));
  EXPECT_EQ(unit("Nevada").setup_oz, oz("Hawaiian-Islands"));
  const UnitDef& revenge = unit("Revenge");
  EXPECT_EQ(revenge.setup, SetupKind::AtOz);
  EXPECT_EQ(revenge.setup_oz, oz("Ceylon"));
  EXPECT_EQ(revenge.withdraw_turn, 3);
}

TEST(ContentUnits, OtherSetUpKinds) {
  EXPECT_EQ(unit("Lexington").setup, SetupKind::PearlHarbor);
  EXPECT_EQ(unit("Akagi").setup, SetupKind::PearlStrike);
  const UnitDef& sovereign = unit("Royal-Sovereign");
  EXPECT_EQ(sovereign.setup, SetupKind::Reinforcement);
  EXPECT_EQ(sovereign.arrive_turn, 1);
  EXPECT_EQ(sovereign.withdraw_turn, 5);
  EXPECT_EQ(unit("Yamato").arrive_turn, 2);
  EXPECT_EQ(unit("Yamato").withdraw_turn, 0);
  const UnitDef& lac = unit("LBA-A1");
  EXPECT_EQ(lac.setup, SetupKind::AlliedChoice);
  EXPECT_EQ(lac.choice_ozs,
            (std::vector<int>{oz("Australia"), oz("Samoa-Islands"), oz("Port-Moresby")}));
  EXPECT_EQ(unit("LBA-A3").setup_oz, oz("Ceylon"));
  EXPECT_EQ(unit("LBA-A11").arrive_turn, 5);
  // No code: capital ships at Ports only (14.2).
  EXPECT_EQ(unit("Nagato").setup, SetupKind::JapaneseFree);
  EXPECT_EQ(unit("Nagato").choice_ozs,
            (std::vector<int>{oz("Japan"), oz("Indochina"), oz("Truk")}));
  EXPECT_EQ(unit("Myoko").choice_ozs.size(), 6u);
}

TEST(ContentUnits, LandBasedAir) {
  const std::vector<std::string> starts = {"Japan", "Indochina", "Truk"};
  for (int i = 1; i <= 3; ++i) {
    const UnitDef& lba = unit("LBA-J" + std::to_string(i));
    EXPECT_EQ(lba.setup, SetupKind::AtOz);
    EXPECT_EQ(lba.setup_oz, oz(starts[i - 1]));
    EXPECT_EQ(lba.airstrike, 3);
  }
  for (int i = 1; i <= 11; ++i) {
    const UnitDef& lba = unit("LBA-A" + std::to_string(i));
    EXPECT_EQ(lba.airstrike, 2);
    EXPECT_EQ(lba.defense, 0);
    EXPECT_EQ(lba.speed, 0);
    EXPECT_EQ(lba.side, kAllied);
  }
}

TEST(ContentUnits, AdvancedCounters) {
  EXPECT_EQ(unit("Ise-CVB").replaces, "Ise");
  EXPECT_EQ(unit("Hyuga-CVB").replaces, "Hyuga");
  EXPECT_EQ(unit("Ise-CVB").type, UnitType::CarrierBattleship);
  EXPECT_TRUE(unit("Ise-CVB").is_carrier());
  EXPECT_EQ(unit("Shinano-BB").replaces, "Shinano");
  EXPECT_EQ(unit("Shinano-BB").arrive_turn, 4);
  EXPECT_EQ(unit("Shinano-BB").advanced_rule, "13.3");
  const UnitDef& oi = unit("Oi");
  EXPECT_EQ(oi.type, UnitType::TorpedoCruiser);
  EXPECT_EQ(oi.gunnery, 0);
  EXPECT_EQ(oi.defense, 0);
  EXPECT_FALSE(oi.capital);
  const UnitDef& victorious = unit("HMS-Victorious");
  EXPECT_EQ(victorious.nation, Nation::US);
  EXPECT_TRUE(victorious.advanced);
  EXPECT_EQ(victorious.arrive_turn, 3);
  EXPECT_EQ(victorious.withdraw_turn, 4);
  EXPECT_EQ(data().unit_index("Australian-Divisions"), -1);  // a marker, not a unit
  for (const UnitDef& u : data().units) EXPECT_EQ(u.advanced, !u.advanced_rule.empty()) << u.id;
}

// ---------------------------------------------------------------------------------------------
// Cards and rules

TEST(ContentCards, SixteenDoubleEndedCards) {
  ASSERT_EQ(data().num_cards(), 16);
  for (int i = 0; i < 16; ++i) {
    EXPECT_EQ(data().cards[i].number, i + 1);
    EXPECT_EQ(data().cards[i].japanese.id[0], 'J');
    EXPECT_EQ(data().cards[i].allied.id[0], 'A');
  }
}

TEST(ContentCards, KnownNames) {
  auto jap = [](int n) { return data().cards[n - 1].japanese.name; };
  auto al = [](int n) { return data().cards[n - 1].allied.name; };
  EXPECT_EQ(jap(3), "Indian Ocean Raid");
  EXPECT_EQ(jap(7), "Bombardment");
  EXPECT_EQ(jap(8), "Redoubtable Tanaka");
  EXPECT_EQ(jap(10), "In the Emperor's Presence");
  EXPECT_EQ(jap(11), "The Retreat From Kiska");
  EXPECT_EQ(jap(15), "Halsey's Decision");
  EXPECT_EQ(jap(16), "Battle of Iwo Jima");
  EXPECT_EQ(al(3), "Battle of the Coral Sea");
  EXPECT_EQ(al(4), "Battle of Midway");
  EXPECT_EQ(al(6), "Battle of Cape Esperance");
  EXPECT_EQ(al(7), "Proximity Fuse");
  EXPECT_EQ(al(9), "Admiral Kurita Turned Away");
  EXPECT_EQ(al(12), "Great Marianas Turkey Shoot");
  EXPECT_EQ(al(15), "Operation Vengeance");
  std::set<std::string> japanese, allied;
  for (const CardDef& c : data().cards) {
    japanese.insert(c.japanese.name);
    allied.insert(c.allied.name);
  }
  EXPECT_TRUE(japanese.count("End of Battleship Era"));
  EXPECT_TRUE(japanese.count("T Force"));
  EXPECT_TRUE(allied.count("George C. Kenney"));
  EXPECT_TRUE(allied.count("Skip Bombing"));
}

TEST(ContentCards, StrategicEventsAndCategories) {
  std::set<std::string> events;
  std::map<std::string, std::set<std::string>> by_category;
  for (const CardDef& c : data().cards)
    for (const CardEnd* end : {&c.japanese, &c.allied}) {
      if (end->strategic_event) events.insert(end->id);
      by_category[end->category].insert(end->id);
    }
  EXPECT_EQ(events, (std::set<std::string>{"J03", "J15", "A03", "A04", "A09", "A15"}));
  EXPECT_EQ(by_category["strategy"],
            (std::set<std::string>{"J01", "J03", "J04", "J05", "J09", "J12", "J13", "J14", "A01",
                                   "A02", "A08", "A10", "A16"}));
  EXPECT_EQ(by_category["interrupt"], (std::set<std::string>{"J15", "A09", "A15"}));
  EXPECT_EQ(by_category["invasion"], (std::set<std::string>{"J02", "J16", "A05", "A13"}));
  EXPECT_EQ(by_category["combat"].size(), 12u);
  for (const char* id : {"J02", "A05", "A13"}) {
    const int n = std::stoi(std::string(id + 1));
    const CardEnd& end = id[0] == 'J' ? data().cards[n - 1].japanese : data().cards[n - 1].allied;
    EXPECT_NE(end.text.find("+2 Ground Strength"), std::string::npos) << id;
  }
}

TEST(ContentRules, Values) {
  const Content& c = data();
  EXPECT_EQ(c.allied_draws, (std::array<int, 6>{0, 2, 3, 4, 8, 10}));
  EXPECT_EQ(c.japanese_draw, 2);
  EXPECT_EQ(c.japanese_initial_hand, 4);
  EXPECT_EQ(c.hand_limit[kJapanese], 4);
  EXPECT_EQ(c.hand_limit[kAllied], 10);
  EXPECT_EQ(c.ground_points_per_strength, 20);
  EXPECT_EQ(c.japanese_free_ozs,
            (std::vector<int>{oz("Japan"), oz("Indochina"), oz("Okinawa"), oz("Truk"),
                              oz("Mariana-Islands"), oz("Kwajalein-Atoll")}));
  EXPECT_EQ(c.japanese_lba_ozs, (std::vector<int>{oz("Japan"), oz("Indochina"), oz("Truk")}));
}

TEST(ContentProvenance, EveryEntryHasOne) {
  auto valid = [](const Provenance& p) {
    return (p.source == "countersheet" || p.source == "rules" || p.source == "reconstructed") &&
           !p.note.empty();
  };
  const Content& c = data();
  for (const OzDef& o : c.ozs) EXPECT_TRUE(valid(o.provenance)) << o.id;
  for (const RouteDef& r : c.routes) EXPECT_TRUE(valid(r.provenance));
  for (const UnitDef& u : c.units) EXPECT_TRUE(valid(u.provenance)) << u.id;
  for (const CardDef& card : c.cards) {
    EXPECT_TRUE(valid(card.japanese.provenance)) << card.japanese.id;
    EXPECT_TRUE(valid(card.allied.provenance)) << card.allied.id;
  }
  EXPECT_EQ(c.crt.provenance.source, "reconstructed");
}

// ---------------------------------------------------------------------------------------------
// Broken data: the loader names the file and the field.

std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

void write_text(const std::filesystem::path& path, const std::string& text) {
  std::ofstream(path) << text;
}

class BrokenData : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("pacwar-data-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
    // The game's data files (its strategic test suite, a folder, is not content).
    for (const auto& entry : std::filesystem::directory_iterator(default_data_dir()))
      if (entry.is_regular_file())
        std::filesystem::copy_file(entry.path(), dir_ / entry.path().filename());
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  // Replaces the first occurrence of `from` in `file` by `to`.
  void corrupt(const std::string& file, const std::string& from, const std::string& to) {
    std::string text = read_text(dir_ / file);
    const auto at = text.find(from);
    ASSERT_NE(at, std::string::npos) << from << " not in " << file;
    text.replace(at, from.size(), to);
    write_text(dir_ / file, text);
  }

  // load_content throws a DataError whose message contains every one of `parts`.
  void expect_error(const std::vector<std::string>& parts) {
    try {
      load_content(dir_.string());
      ADD_FAILURE() << "no DataError";
    } catch (const engine::DataError& e) {
      const std::string message = e.what();
      for (const std::string& part : parts)
        EXPECT_NE(message.find(part), std::string::npos) << message << "\nlacks: " << part;
    }
  }

  std::filesystem::path dir_;
};

TEST_F(BrokenData, CopyLoads) { EXPECT_NO_THROW(load_content(dir_.string())); }

TEST_F(BrokenData, UnknownOzInRoute) {
  corrupt("map.json", R"({"a": "Japan", "b": "Okinawa")", R"({"a": "Japan", "b": "Atlantis")");
  expect_error({"map.json", "routes[0].b", "unknown OZ 'Atlantis'"});
}

TEST_F(BrokenData, DuplicateUnitId) {
  corrupt("units.json", R"("id": "Kaga")", R"("id": "Akagi")");
  expect_error({"units.json", "units[1].id", "duplicate id 'Akagi'"});
}

TEST_F(BrokenData, CrtColumnWithFiveDice) {
  corrupt("crt.json", R"("hits": [0, 0, 0, 0, 1, 1])", R"("hits": [0, 0, 0, 1, 1])");
  expect_error({"crt.json", "columns[0].hits", "expected 6 values"});
}

TEST_F(BrokenData, BrokenJson) {
  corrupt("cards.json", R"("number": 1,)", R"("number": 1,,)");
  expect_error({"cards.json", "invalid JSON"});
}

// Card events (card_effects.h): the loader names the file, the field and the reason.
TEST_F(BrokenData, UnknownEffectPrimitive) {
  corrupt("cards.json", R"({"type": "ready_units")", R"({"type": "teleport")");
  expect_error(
      {"cards.json", "cards[0].japanese.event.effects[0].type", "'teleport' is not one of"});
}

TEST_F(BrokenData, EffectMissingAField) {
  corrupt("cards.json", R"({"type": "column_shift", "side": "Japanese", "part": "air", )",
          R"({"type": "column_shift", "side": "Japanese", )");
  expect_error({"cards.json", ".part", "missing field"});
}

TEST_F(BrokenData, EffectOutsideItsTiming) {
  corrupt("cards.json", R"({"timing": "interrupt", "effects": [{"type": "cancel_action"}]})",
          R"({"timing": "interrupt", "effects": [{"type": "victory_points"}]})");
  expect_error({"cards.json", "missing field"});
  corrupt("cards.json", R"({"type": "victory_points"})",
          R"({"type": "ground_strength", "amount": 2})");
  expect_error({"cards.json", "ground_strength cannot be played at timing interrupt"});
}

TEST_F(BrokenData, TimingMustFitTheCategory) {
  corrupt("cards.json", R"("event": {"timing": "invasion")", R"("event": {"timing": "action")");
  expect_error({"cards.json", "cards[1].japanese.event.timing", "does not fit the category"});
}

TEST_F(BrokenData, SixStrategicEvents) {
  corrupt("cards.json", R"("strategic_event": true)", R"("strategic_event": false)");
  expect_error({"cards.json", "cards", "4.6 needs two Japanese and four Allied"});
}

TEST(ContentCards, EveryEndHasAnEvent) {
  const auto c = load_content(default_data_dir());
  for (const CardDef& card : c->cards)
    for (const CardEnd* end : {&card.japanese, &card.allied}) {
      EXPECT_FALSE(end->event.effects.empty()) << end->id;
      if (end->provenance.source == "reconstructed") {
        EXPECT_FALSE(end->provenance.note.empty());
      }
    }
  // Known facts of the manual's examples.
  EXPECT_EQ(c->cards[11].allied.event.effects[0].type, EffectType::Strength);  // A12 halves
  EXPECT_EQ(c->cards[10].japanese.event.timing, Timing::CombatStart);          // J11 Kiska
  EXPECT_EQ(c->cards[8].allied.event.timing, Timing::Interrupt);               // A09 Kurita
}

TEST_F(BrokenData, MissingFile) {
  std::filesystem::remove(dir_ / "rules.json");
  expect_error({"rules.json", "cannot open"});
}

TEST_F(BrokenData, SelfLoopRoute) {
  corrupt("map.json", R"({"a": "Japan", "b": "Okinawa")", R"({"a": "Japan", "b": "Japan")");
  expect_error({"map.json", "routes[0].b", "itself"});
}

TEST_F(BrokenData, DuplicateRoute) {
  corrupt("map.json", R"({"a": "Japan", "b": "Mariana-Islands")",
          R"({"a": "Okinawa", "b": "Japan")");
  expect_error({"map.json", "routes[1]", "duplicate route"});
}

TEST_F(BrokenData, MissingRequiredOz) {
  corrupt("map.json", R"("id": "Madagascar")", R"("id": "Mauritius")");
  expect_error({"map.json", "ozs", "'Madagascar'"});
}

TEST_F(BrokenData, NegativeDefense) {
  corrupt("units.json", R"("defense": 2, "armored": false, "speed": 3, "code": "H")",
          R"("defense": -2, "armored": false, "speed": 3, "code": "H")");
  expect_error({"units.json", "units[0].defense", "out of range"});
}

TEST_F(BrokenData, WrongType) {
  corrupt("units.json", R"("speed": 3)", R"("speed": "3")");
  expect_error({"units.json", "units[0].speed", "expected an integer"});
}

TEST_F(BrokenData, UnknownField) {
  corrupt("units.json", R"("id": "Akagi",)", R"("id": "Akagi", "colour": "grey",)");
  expect_error({"units.json", "units[0].colour", "unknown field"});
}

TEST_F(BrokenData, UnknownSetUpCode) {
  corrupt("units.json", R"("code": "P")", R"("code": "Q")");
  expect_error({"units.json", ".code", "'Q'"});
}

TEST_F(BrokenData, UnknownOzInSetUp) {
  corrupt("units.json", R"("setup_oz": "Truk")", R"("setup_oz": "Tinian")");
  expect_error({"units.json", ".setup_oz", "unknown OZ 'Tinian'"});
}

TEST_F(BrokenData, CrtGap) {
  corrupt("crt.json", R"("label": "3", "lo": 3, "hi": 3)", R"("label": "4", "lo": 4, "hi": 4)");
  expect_error({"crt.json", "columns[2].lo", "gap"});
}

TEST_F(BrokenData, CrtFixedCellDisagrees) {
  corrupt("crt.json", R"("hits": [1, 1, 2, 2, 3, 4])", R"("hits": [1, 1, 2, 2, 3, 5])");
  expect_error({"crt.json", "fixed_cells", "the rules fix 4"});
}

TEST_F(BrokenData, DuplicateCardNumber) {
  corrupt("cards.json", R"("number": 2,)", R"("number": 1,)");
  expect_error({"cards.json", "cards[1].number", "duplicate card number 1"});
}

TEST_F(BrokenData, CardNumberOutOfRange) {
  corrupt("cards.json", R"("number": 2,)", R"("number": 17,)");
  expect_error({"cards.json", "cards[1].number", "out of range"});
}

TEST_F(BrokenData, BadProvenanceSource) {
  corrupt("rules.json", R"("source": "rules", "note": "7.1")",
          R"("source": "folklore", "note": "7.1")");
  expect_error({"rules.json", "hand_limit.provenance.source", "folklore"});
}

TEST_F(BrokenData, WrongNumberOfDraws) {
  corrupt("rules.json", "[0, 2, 3, 4, 8, 10]", "[0, 2, 3, 4, 8]");
  expect_error({"rules.json", "allied_draws.value", "turn 0..5"});
}

}  // namespace
}  // namespace pacwar::pacific_war
