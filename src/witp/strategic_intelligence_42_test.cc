#include "witp/strategic_intelligence_42.h"

#include <gtest/gtest.h>

#include "engine/data_dir.h"
#include "engine/errors.h"

namespace pacwar::witp {
namespace {

// 42.2.2: +1 Sigint 2 / Magic 2; +2 3 / 5; +3 5 / 8.
TEST(Witp42_2_2, CapabilitiesBySiDifferential) {
  EXPECT_EQ(si_effects(3, 2).sigint, 2);
  EXPECT_EQ(si_effects(3, 2).magic, 2);
  EXPECT_EQ(si_effects(3, 1).magic, 5);
  EXPECT_EQ(si_effects(4, 1).sigint, 5);
  EXPECT_EQ(si_effects(4, 1).magic, 8);
  EXPECT_EQ(si_effects(2, 2).sigint, 0);
  EXPECT_EQ(si_effects(1, 3).magic, 0);
  EXPECT_EQ(si_effects(3, 3).deception, 2);  // 42.3.5
  EXPECT_THROW(si_effects(5, 1), engine::UsageError);
  EXPECT_THROW(si_effects(2, 4), engine::UsageError);
}

// 42.2.3 Example: at +3 a DR of 7 gives 7 Sigint and 7 Magic.
TEST(Witp42_2_3, RandomCapabilities) {
  EXPECT_EQ(random_si_effects({4, 1, 3, 4}).sigint, 7);
  EXPECT_EQ(random_si_effects({4, 1, 3, 4}).magic, 7);
  EXPECT_EQ(random_si_effects({2, 1, 5, 2}).sigint, 2);
  const SiEffects split = random_si_effects({3, 1, 5, 2, "split"});
  EXPECT_EQ(split.sigint, 5);
  EXPECT_EQ(split.magic, 2);
  EXPECT_THROW(random_si_effects({3, 1, 5, 2, "both"}), engine::UsageError);
}

TEST(Witp42_5_3, SiPlusChitsAtMostTwoAndLevelThree) {
  EXPECT_EQ(japanese_si_level(1, 1), 2);
  EXPECT_EQ(japanese_si_level(1, 5), 3);
  EXPECT_EQ(japanese_si_level(2, 2), 3);
  EXPECT_EQ(allied_si_level(4, true, false), 4);
  EXPECT_EQ(allied_si_level(3, true, true), 2);
  EXPECT_EQ(allied_si_level(2, false, true), 1);
  EXPECT_THROW(japanese_si_level(4, 0), engine::UsageError);
  EXPECT_THROW(japanese_si_level(2, -1), engine::UsageError);
}

TEST(Witp42_8, Jn25DoublesOrSeven) {
  EXPECT_TRUE(jn25_takes_effect(3, 3));
  EXPECT_TRUE(jn25_takes_effect(2, 5));
  EXPECT_FALSE(jn25_takes_effect(2, 4));
  EXPECT_EQ(jn25_counters(6), 6);
  EXPECT_EQ(jn25_counters(3), 4);
}

TEST(Witp42_3_1, SigintCardsTenPercentPerPip) {
  EXPECT_EQ(sigint_cards(3, 14), 5);  // 30% of 14 = 4.2, up
  EXPECT_EQ(sigint_cards(6, 5), 3);
  EXPECT_THROW(sigint_cards(3, -1), engine::UsageError);
}

TEST(Witp42_4, MagicDrawIsSeeded) {
  const ChitCups cups = load_chit_cups(source_dir() + "/data/witp/chit_cups.json");
  engine::Rng a(11);
  engine::Rng b(11);
  const MagicDraw first = draw_magic(cups, 5, a);
  EXPECT_EQ(first.chits, draw_magic(cups, 5, b).chits);
  EXPECT_GE(first.chits.size(), 5u);
  EXPECT_THROW(draw_magic(cups, -1, a), engine::UsageError);
}

TEST(Witp42_7, YamamotoSeventyFivePercentUp) {
  EXPECT_EQ(yamamoto_cps_lost(30), 23);
  EXPECT_EQ(yamamoto_cps_lost(0), 0);
}

}  // namespace
}  // namespace pacwar::witp
