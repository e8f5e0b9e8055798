#include "witp/tokyo_express_31_1.h"

#include <gtest/gtest.h>

#include "engine/errors.h"

namespace pacwar::witp {
namespace {

// 31.1: 5 divided by the admiral's E rating, rounded up: E -1 costs 5, E -2 costs 3 (2.5 up),
// E -3 costs 2 (1.67 up).
TEST(Witp31_1, TokyoExpressEstablishCost) {
  EXPECT_EQ(tokyo_express_establish_cps(-1), 5);
  EXPECT_EQ(tokyo_express_establish_cps(-2), 3);
  EXPECT_EQ(tokyo_express_establish_cps(-3), 2);
  EXPECT_EQ(tokyo_express_establish_cps(-5), 1);
  EXPECT_EQ(kTokyoExpressMaintainCps, 2);
}

// 31.1.5: the 2D6 is the number of ground steps linked.
TEST(Witp31_1_5, TokyoExpressStepsLinked) {
  EXPECT_EQ(tokyo_express_steps_linked(7), 7);
  EXPECT_THROW(tokyo_express_steps_linked(1), engine::UsageError);
  EXPECT_THROW(tokyo_express_steps_linked(13), engine::UsageError);
}

TEST(Witp31_1, OnlyNegativeERatingsCommand) {
  EXPECT_THROW(tokyo_express_establish_cps(0), engine::UsageError);
  EXPECT_THROW(tokyo_express_establish_cps(1), engine::UsageError);
  EXPECT_THROW(tokyo_express_establish_cps(-10), engine::UsageError);
}

}  // namespace
}  // namespace pacwar::witp
