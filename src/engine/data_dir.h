// Where a game's data files live.
#pragma once

#include <string>
#include <string_view>

namespace pacwar {

// The data directory of `game` (e.g. "pacific-war"): $PACWAR_DATA/<game> if PACWAR_DATA is set,
// else the first of ./data/<game>, <exe dir>/../data/<game> and the source tree's data/<game>
// that exists.
std::string game_data_dir(std::string_view game);

// The source tree's top directory, as configured at build time (for tests that read files of
// the source tree).
std::string source_dir();

}  // namespace pacwar
