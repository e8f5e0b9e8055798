// The GameModule of The Pacific War (engine/game_module.h): its game, text renderer, search
// policies and card catalogue, registered in games/registry.cc.
#pragma once

#include "engine/game_module.h"

namespace pacwar::pacific_war {

engine::GameModule game_module();

}  // namespace pacwar::pacific_war
