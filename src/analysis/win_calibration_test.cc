// The analysis view's win-probability map (analysis/win_calibration.h): fitted by isotonic
// regression, applied piecewise linearly, read back from its file or refused with the field.
#include "analysis/win_calibration.h"

#include <gtest/gtest.h>

#include <cmath>

#include "engine/errors.h"
#include "engine/rng.h"

namespace pacwar::analysis {
namespace {

using engine::Json;

// Raw numbers over-confident in the middle, as the search's are (docs/ai.md): the truth is
// 0.5 + (raw - 0.5) / 2. The fitted map recovers it within sampling error and scores a better
// Brier on fresh samples than the raw numbers.
TEST(WinCalibration, IsotonicFitRecoversAKnownMiscalibration) {
  engine::Rng rng(5);
  auto draw = [&rng](int n) {
    std::vector<std::pair<double, bool>> samples;
    for (int i = 0; i < n; ++i) {
      const double raw = rng.uniform();
      samples.emplace_back(raw, rng.uniform() < 0.5 + (raw - 0.5) / 2.0);
    }
    return samples;
  };
  const WinCalibration map = WinCalibration::fit(draw(40000));
  ASSERT_GE(map.knots().size(), 5u);
  for (std::size_t i = 1; i < map.knots().size(); ++i) {
    EXPECT_GT(map.knots()[i].raw, map.knots()[i - 1].raw);
    EXPECT_GT(map.knots()[i].calibrated, map.knots()[i - 1].calibrated);
  }
  for (const double raw : {0.1, 0.3, 0.5, 0.7, 0.9}) {
    EXPECT_NEAR(map.apply(raw), 0.5 + (raw - 0.5) / 2.0, 0.04) << raw;
  }
  double raw_brier = 0, fitted_brier = 0;
  const auto fresh = draw(20000);
  for (const auto& [raw, won] : fresh) {
    raw_brier += std::pow(raw - (won ? 1.0 : 0.0), 2);
    fitted_brier += std::pow(map.apply(raw) - (won ? 1.0 : 0.0), 2);
  }
  EXPECT_LT(fitted_brier, raw_brier - 0.01 * static_cast<double>(fresh.size()));
}

// Pool adjacent violators: a block that wins more often than the next one merges with it.
TEST(WinCalibration, ViolatorsArePooledAndTheMapIsFlatBeyondItsEnds) {
  // Four bins of two: raws 0.1, 0.2 | 0.3, 0.4 | 0.6, 0.7 | 0.8, 0.9 won 1, 0, 0, 1 times.
  const WinCalibration map = WinCalibration::fit({{0.1, true},
                                                  {0.2, false},
                                                  {0.3, false},
                                                  {0.4, false},
                                                  {0.6, false},
                                                  {0.7, false},
                                                  {0.8, true},
                                                  {0.9, true}},
                                                 4);
  ASSERT_EQ(map.knots().size(), 2u) << "the first three bins pool (rates 0.5, 0, 0)";
  EXPECT_NEAR(map.knots()[0].raw, (0.1 + 0.2 + 0.3 + 0.4 + 0.6 + 0.7) / 6, 1e-12);
  EXPECT_NEAR(map.knots()[0].calibrated, 1.0 / 6, 1e-12);
  EXPECT_NEAR(map.knots()[1].raw, 0.85, 1e-12);
  EXPECT_DOUBLE_EQ(map.knots()[1].calibrated, 1.0);
  EXPECT_DOUBLE_EQ(map.apply(0.0), 1.0 / 6);
  EXPECT_DOUBLE_EQ(map.apply(1.0), 1.0);
  const double mid = (map.knots()[0].raw + 0.85) / 2;
  EXPECT_NEAR(map.apply(mid), (1.0 / 6 + 1.0) / 2, 1e-12);
  const WinCalibration identity;
  EXPECT_TRUE(identity.identity());
  EXPECT_DOUBLE_EQ(identity.apply(0.37), 0.37);
  EXPECT_TRUE(WinCalibration::fit({}).identity());
}

TEST(WinCalibration, FileRoundTripAndMalformedFilesNameTheField) {
  const WinCalibration map =
      WinCalibration::fit({{0.1, false}, {0.4, false}, {0.5, true}, {0.9, true}}, 4);
  const WinCalibration back = WinCalibration::from_json(map.to_json(), "m.json");
  ASSERT_EQ(back.knots().size(), map.knots().size());
  for (const double raw : {0.0, 0.2, 0.45, 0.7, 1.0})
    EXPECT_DOUBLE_EQ(back.apply(raw), map.apply(raw));
  auto error_of = [](const Json& json) {
    try {
      WinCalibration::from_json(json, "data/x/win_calibration.json");
    } catch (const engine::DataError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  const Json good = map.to_json();
  Json bad = good;
  bad["format"] = "other";
  EXPECT_NE(error_of(bad).find("data/x/win_calibration.json: format"), std::string::npos);
  bad = good;
  bad["knots"] = Json::array();
  EXPECT_NE(error_of(bad).find("knots: expected a non-empty array"), std::string::npos);
  bad = good;
  bad["knots"] = {{0.2, 0.1}, {0.1, 0.3}};
  EXPECT_NE(error_of(bad).find("knots[1]: raw probabilities must increase"), std::string::npos);
  bad["knots"] = {{0.1, 0.4}, {0.2, 0.3}};
  EXPECT_NE(error_of(bad).find("knots[1]: calibrated probabilities must not decrease"),
            std::string::npos);
  bad["knots"] = {{0.1, 1.4}};
  EXPECT_NE(error_of(bad).find("knots[0]: probabilities must lie in [0, 1]"), std::string::npos);
  bad["knots"] = {{0.1}};
  EXPECT_NE(error_of(bad).find("knots[0]: expected [raw, calibrated]"), std::string::npos);
  EXPECT_NE(error_of(Json::array()).find("(file): expected a JSON object"), std::string::npos);
}

// The shipped maps read and are non-decreasing; a game without one shows raw numbers.
TEST(WinCalibration, TheShippedMapsLoad) {
  for (const std::string game : {"pacific-war", "co-prosperity"}) {
    const WinCalibration map = WinCalibration::for_game(game);
    EXPECT_GE(map.apply(0.9), map.apply(0.1)) << game;
  }
  EXPECT_TRUE(WinCalibration::for_game("no-such-game").identity());
}

}  // namespace
}  // namespace pacwar::analysis
