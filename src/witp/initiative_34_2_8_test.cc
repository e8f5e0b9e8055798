#include "witp/initiative_34_2_8.h"

#include <gtest/gtest.h>

#include "engine/errors.h"

namespace pacwar::witp {
namespace {

TEST(Witp34_2_8, ShiftIsTheDiceDifferenceOnSixOrMore) {
  const AhistoricGainResult major =
      ahistoric_gain({.primary_die = 3, .other_die = 1, .major_port = true});
  EXPECT_EQ(major.modified, 6);
  EXPECT_EQ(major.shift, 2);
  EXPECT_EQ(ahistoric_gain({.primary_die = 4, .other_die = 1, .airfield = true}).shift, 0);
  EXPECT_EQ(ahistoric_gain({.primary_die = 2,
                            .other_die = 2,
                            .airfield = true,
                            .major_port = true,
                            .hawaiian = true})
                .shift,
            0);
  EXPECT_THROW(ahistoric_gain({.primary_die = 0, .other_die = 1}), engine::UsageError);
  EXPECT_THROW(ahistoric_gain({.primary_die = 3, .other_die = 7}), engine::UsageError);
}

}  // namespace
}  // namespace pacwar::witp
