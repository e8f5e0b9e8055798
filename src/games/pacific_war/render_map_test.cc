// Tests for the text map (render_map.cc): areas with control and units, routes, Nav Points.
#include <gtest/gtest.h>

#include "games/pacific_war/render_text.h"
#include "games/pacific_war/scenario_for_test.h"

namespace pacwar::pacific_war {
namespace {

using testing::Scenario;

TEST(RenderMap, AreasControlUnitsRoutesAndNavPoints) {
  Scenario sc;
  sc.empty_board(2).put("Akagi", "Japan").put("Kaga", "Japan").put("Houston", "Midway").control();
  const std::string map = render_map(sc.s().view(kJapanese), sc.c());
  EXPECT_NE(map.find("[Japan J j2]"), std::string::npos) << map;
  EXPECT_NE(map.find("(Midway A a1)"), std::string::npos) << map;
  EXPECT_NE(map.find("[Hawaiian A]"), std::string::npos) << map;
  EXPECT_NE(map.find('o'), std::string::npos);  // Nav Points
  EXPECT_NE(map.find("restricted routes ':'"), std::string::npos);
  for (std::size_t at = 0, end; (end = map.find('\n', at)) != std::string::npos; at = end + 1)
    EXPECT_LE(end - at, 100u) << map.substr(at, end - at);
}

}  // namespace
}  // namespace pacwar::pacific_war
