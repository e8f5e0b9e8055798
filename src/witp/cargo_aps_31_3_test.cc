#include "witp/cargo_aps_31_3.h"

#include <gtest/gtest.h>

#include "engine/data_dir.h"
#include "engine/errors.h"

namespace pacwar::witp {
namespace {

Tables example_tables() { return Tables::load(source_dir() + "/data/witp/tables.example.json"); }

// 31.3.1 Example: 34 ground steps = 8 APs required.
TEST(Witp31_3_1, ThirtyFourStepsEightCargoAps) {
  const CargoApResult result = cargo_aps({.ground_steps = 34}, example_tables());
  EXPECT_EQ(result.table_aps, 6);
  EXPECT_EQ(result.extra_aps, 2);
  EXPECT_EQ(result.total, 8);
  EXPECT_EQ(cargo_aps({.ground_steps = 34, .monsoon = true}, example_tables()).total, 16);
  EXPECT_EQ(cargo_aps({.bomber_aps = 5}, example_tables()).total, 5);
}

TEST(Witp31_3_1, MissingRowsRefuse) {
  EXPECT_THROW(cargo_aps({.ground_steps = 12}, example_tables()), engine::UsageError);
  EXPECT_THROW(cargo_aps({.ground_steps = 34}, Tables("none.json")), engine::UsageError);
  EXPECT_THROW(cargo_aps({.ground_steps = -3}, example_tables()), engine::UsageError);
}

}  // namespace
}  // namespace pacwar::witp
