// The GameModule of Greater East Asia Co-Prosperity Sphere (engine/game_module.h): its game, text
// renderer, search policies and card catalogue, registered in games/registry.cc.
#pragma once

#include "engine/game_module.h"

namespace pacwar::co_prosperity {

engine::GameModule game_module();

}  // namespace pacwar::co_prosperity
