// Tests of the Co-Prosperity data files: the counts of 2.0-2.3, known facts, provenance, and
// clear errors for invalid files.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "engine/errors.h"
#include "games/co_prosperity/scenario_for_test.h"

namespace pacwar::co_prosperity {
namespace {

using testing::shared_content;

TEST(CoProsperityContent, MapHasTheKnownSpacesAndRoutes_2_1) {
  const Content& c = *shared_content();
  ASSERT_EQ(static_cast<int>(c.spaces.size()), kNumSpaces);
  auto route = [&](const char* a, const char* b) {
    return c.graph.edge(c.space_index(a), c.space_index(b));
  };
  ASSERT_NE(route("Japan", "Midway"), nullptr);
  EXPECT_EQ(route("Japan", "Midway")->length, 2);  // 2.1.7
  EXPECT_EQ(route("Japan", "Dutch-Harbor")->length, 2);
  EXPECT_EQ(route("Pearl-Harbor", "Samoa")->length, 2);
  EXPECT_EQ(route("Japan", "Port-Arthur")->kind, kSea);
  EXPECT_EQ(route("Calcutta", "Rangoon")->kind, kLand);
  EXPECT_TRUE(c.spaces[c.space_index("Borneo")].oil);
  for (const char* home :
       {"Japan", "Chungking", "Kunming", "Pearl-Harbor", "Samoa", "Calcutta", "Townsville"})
    EXPECT_TRUE(c.spaces[c.space_index(home)].home) << home;
  for (const auto& s : c.spaces) EXPECT_FALSE(s.provenance.note.empty()) << s.id;
}

TEST(CoProsperityContent, FiftyCountersAndTwentyFourCards_2_0) {
  const Content& c = *shared_content();
  EXPECT_EQ(c.num_units() + c.markers, 50);
  EXPECT_EQ(static_cast<int>(c.cards.size()), kNumCards);
  int reaction = 0, cbi = 0;
  for (const auto& k : c.cards) {
    reaction += k.has(Icon::Reaction);
    cbi += k.has(Icon::Cbi);
    EXPECT_EQ(k.provenance.source, "reconstructed") << k.id;
  }
  EXPECT_GT(reaction, 0);
  EXPECT_GT(cbi, 0);
  EXPECT_TRUE(c.cards[c.card_index("J8")].has(Icon::NorthWindRain));
  EXPECT_TRUE(c.cards[c.card_index("A16")].has(Icon::Atlantic));
  const UnitDef& ch = c.units[c.unit_index("CH-Inf-1")];
  EXPECT_EQ(ch.attack, 1);  // 8.6.2
  EXPECT_EQ(ch.defense, 2);
  EXPECT_EQ(c.units[c.unit_index("J-CV-1")].priority, 0);   // carriers A (8.6.4)
  EXPECT_EQ(c.units[c.unit_index("US-BB-1")].priority, 1);  // battleships B
  EXPECT_EQ(c.units[c.unit_index("CW-Air-1")].steps, 1);    // 2.2.2
}

TEST(CoProsperityContent, InvalidFilesAreRefusedWithTheField) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / "cps-bad-data";
  fs::remove_all(dir);
  fs::create_directories(dir);
  for (const char* f : {"map.json", "units.json", "cards.json"})
    fs::copy_file(fs::path(default_data_dir()) / f, dir / f);
  nlohmann::json units;
  std::ifstream(dir / "units.json") >> units;
  units["units"][0]["steps"] = 3;
  std::ofstream(dir / "units.json") << units.dump();
  try {
    load_content(dir.string());
    ADD_FAILURE() << "bad steps accepted";
  } catch (const engine::DataError& e) {
    EXPECT_NE(std::string(e.what()).find("units[0].steps"), std::string::npos) << e.what();
  }
  fs::remove_all(dir);
}

// Found by fuzz/content_file.cc: a card without "icons" ended the program (an uncaught
// nlohmann::json::out_of_range) instead of naming the field.
TEST(CoProsperityContent, CardWithoutIconsIsRefusedWithTheField) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / "cps-bad-cards";
  fs::remove_all(dir);
  fs::create_directories(dir);
  for (const char* f : {"map.json", "units.json", "cards.json"})
    fs::copy_file(fs::path(default_data_dir()) / f, dir / f);
  nlohmann::json cards;
  std::ifstream(dir / "cards.json") >> cards;
  cards["cards"][3].erase("icons");
  std::ofstream(dir / "cards.json") << cards.dump();
  try {
    load_content(dir.string());
    ADD_FAILURE() << "a card without icons accepted";
  } catch (const engine::DataError& e) {
    EXPECT_NE(std::string(e.what()).find("cards[3].icons"), std::string::npos) << e.what();
  }
  // Any other field of the wrong shape: still a DataError, never a crash.
  cards["cards"][3]["icons"] = {"naval"};
  cards["cards"] = nlohmann::json::object({{"x", 1}});
  std::ofstream(dir / "cards.json") << cards.dump();
  EXPECT_THROW(load_content(dir.string()), engine::DataError);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace pacwar::co_prosperity
