#include "witp/hq_costs_29.h"

#include <gtest/gtest.h>

#include "engine/errors.h"

namespace pacwar::witp {
namespace {

TEST(Witp29_3_2, ReserveOneAndAHalfDownCommanderlessOneAndAQuarterUp) {
  EXPECT_EQ(hq_cost({.printed_cost = 5}).cps, 5);
  EXPECT_EQ(hq_cost({.printed_cost = 5, .from_reserve = true}).cps, 7);
  EXPECT_EQ(hq_cost({.printed_cost = 5, .no_commander = true}).cps, 7);
  EXPECT_EQ(hq_cost({.printed_cost = 4, .from_reserve = true, .no_commander = true}).cps, 7);
  EXPECT_EQ(commanderless_ship_cost(3), 5);
  EXPECT_THROW(hq_cost({.printed_cost = -1}), engine::UsageError);
}

TEST(Witp29_0, RedeployTenReintroduceTenOrTwenty) {
  EXPECT_EQ(hq_cost({.action = HqAction::kRedeploy}).cps, 10);
  EXPECT_EQ(hq_cost({.action = HqAction::kReintroduceVoluntary}).cps, 10);
  EXPECT_EQ(hq_cost({.action = HqAction::kReintroduceInvoluntary}).cps, 20);
  EXPECT_THROW(parse_hq_action("--action", "teleport"), engine::UsageError);
}

}  // namespace
}  // namespace pacwar::witp
