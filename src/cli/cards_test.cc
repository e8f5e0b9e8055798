// `pacwar cards`: the 32 card ends with their events.
#include "cli/cards.h"

#include <gtest/gtest.h>

#include <set>

#include "engine/errors.h"

namespace pacwar::cli {
namespace {

TEST(CardsCommand, ListsAllThirtyTwoEnds) {
  const engine::Json ends = cards_json("pacific-war");
  ASSERT_EQ(ends.size(), 32u);
  std::set<std::string> ids;
  int strategic = 0;
  for (const auto& end : ends) {
    for (const char* key : {"id", "name", "timing", "strategic_event", "provenance", "effects"})
      EXPECT_TRUE(end.contains(key)) << key;
    ids.insert(end["id"].get<std::string>());
    strategic += end["strategic_event"].get<bool>() ? 1 : 0;
    EXPECT_FALSE(end["effects"].empty());
  }
  EXPECT_EQ(ids.size(), 32u);
  EXPECT_EQ(strategic, 6);  // 4.6
  EXPECT_EQ(ends[0]["id"], "J01");
  EXPECT_EQ(ends[16]["id"], "A01");
  EXPECT_EQ(ends[16 + 11]["effects"][0]["type"], "strength");  // A12 halves the airstrike
  EXPECT_EQ(ends[16 + 11]["effects"][0]["divide"], 2);
}

TEST(CardsCommand, UnknownGameIsRefused) { EXPECT_THROW(cards_json("chess"), engine::UsageError); }

}  // namespace
}  // namespace pacwar::cli
