#include "witp/last_man_27_8.h"

namespace pacwar::witp {

LastManResult last_man_drms(const LastManInput& input) {
  require_range("odds", input.odds, 1, 100);
  require_non_negative("combat", input.combat);
  require_non_negative("enemy-casualty", input.enemy_casualty);
  require_non_negative("own-casualty", input.own_casualty);
  LastManResult result;
  result.pool = input.odds - 1;
  require_at_most("combat + enemy-casualty + own-casualty",
                  input.combat + input.enemy_casualty + input.own_casualty, "the odds differential",
                  result.pool);
  result.combat_drm = -1 + input.combat;
  result.enemy_casualty_drm = input.enemy_casualty;
  result.own_casualty_drm = -input.own_casualty;
  return result;
}

Json to_json(const LastManResult& result) {
  return {{"section", "27.8.1"},
          {"odds_differential", result.pool},
          {"combat_drm", result.combat_drm},
          {"enemy_minimum_casualty_drm", result.enemy_casualty_drm},
          {"own_minimum_casualty_drm", result.own_casualty_drm}};
}

}  // namespace pacwar::witp
