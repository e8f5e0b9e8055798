#include "engine/data_file.h"

#include <fstream>

#include "engine/errors.h"

namespace pacwar::engine {

Json read_data_file(const std::string& file) {
  std::ifstream in(file);
  if (!in) throw DataError(file, "(file)", "cannot be read");
  Json json = Json::parse(in, nullptr, false);
  if (json.is_discarded()) throw DataError(file, "(file)", "not valid JSON");
  return json;
}

}  // namespace pacwar::engine
