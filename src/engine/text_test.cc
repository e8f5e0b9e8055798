// Tests of the shared text helpers (text.h).
#include "engine/text.h"

#include <gtest/gtest.h>

namespace pacwar::engine {
namespace {

TEST(EngineText, CountOfIsSingularAfterOneOnly) {
  EXPECT_EQ(count_of(1, "card"), "1 card");
  EXPECT_EQ(count_of(0, "card"), "0 cards");
  EXPECT_EQ(count_of(2, "card"), "2 cards");
  EXPECT_EQ(count_of(11, "hit"), "11 hits");
  EXPECT_EQ(count_of(1, "die", "dice"), "1 die");
  EXPECT_EQ(count_of(3, "die", "dice"), "3 dice");
}

}  // namespace
}  // namespace pacwar::engine
