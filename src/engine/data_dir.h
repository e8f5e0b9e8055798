// Where a game's data files live.
#pragma once

#include <string>
#include <string_view>

namespace pacwar {

// The data directory of `game` (e.g. "pacific-war"): $PACWAR_DATA/<game> if PACWAR_DATA is set;
// else, for an installed binary (one with installed_share_dir()), <share dir>/data/<game>, even
// if it is missing: an installed binary never reads the build machine's source tree. Otherwise
// the first of ./data/<game>, <exe dir>/../data/<game> and the source tree's data/<game> that
// exists.
std::string game_data_dir(std::string_view game);

// <exe dir>/../share/pacwar when it holds data/ (the binary runs from an installed tree such
// as /usr/bin/pacwar beside /usr/share/pacwar, the Debian package's layout); "" otherwise.
std::string installed_share_dir();

// The source tree's top directory, as configured at build time (for tests that read files of
// the source tree).
std::string source_dir();

}  // namespace pacwar
