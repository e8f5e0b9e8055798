// Reading a JSON data file (a model, a calibration map): engine::DataError naming the file when
// it cannot be read or is not JSON.
#pragma once

#include <string>

#include "engine/game.h"

namespace pacwar::engine {

Json read_data_file(const std::string& file);

}  // namespace pacwar::engine
