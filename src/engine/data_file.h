// Reading a JSON file, the one reader of the tree: a data file (a model, a calibration map, a
// game's content, the chit cups) is engine::DataError naming the file when it cannot be opened or
// is not JSON; a file the user names (a save file, a campaign) is engine::UsageError in the words
// the user typed it with ("cannot read save file 'g.json'").
#pragma once

#include <string>

#include "engine/game.h"

namespace pacwar::engine {

// DataError "FILE: (file): cannot open the file[ (what)]" or "...: invalid JSON: <where>".
Json read_data_file(const std::string& file, const std::string& what = "");
// UsageError "cannot read WHAT 'FILE'" or "WHAT 'FILE' is not valid JSON: <where>".
Json read_user_file(const std::string& file, const std::string& what);

}  // namespace pacwar::engine
