#include "witp/chit_cups.h"

#include "engine/data_dir.h"
#include "engine/data_file.h"
#include "engine/errors.h"

namespace pacwar::witp {
namespace {

std::vector<Chit> read_mix(const Json& mix, const std::string& file, const std::string& where,
                           std::size_t total) {
  if (!mix.is_object() || !mix.contains("chits") || !mix["chits"].is_array()) {
    throw engine::DataError(file, where + ".chits", "must be an array");
  }
  std::vector<Chit> chits;
  for (std::size_t i = 0; i < mix["chits"].size(); ++i) {
    const Json& row = mix["chits"][i];
    const std::string row_where = where + ".chits[" + std::to_string(i) + "]";
    if (!row.is_object() || !row.contains("class") || !row["class"].is_string()) {
      throw engine::DataError(file, row_where + ".class", "must be text");
    }
    if (!row.contains("count") || !row["count"].is_number_integer() ||
        row["count"].get<std::int64_t>() < 1) {
      throw engine::DataError(file, row_where + ".count", "must be an integer at least 1");
    }
    const bool returned = row.value("returned", false);
    for (std::int64_t n = 0; n < row["count"].get<std::int64_t>(); ++n) {
      chits.push_back({row["class"].get<std::string>(), returned});
    }
  }
  if (chits.size() != total) {
    throw engine::DataError(file, where,
                            "holds " + std::to_string(chits.size()) +
                                " chits; the rule book's mix has " + std::to_string(total));
  }
  return chits;
}

}  // namespace

std::string default_chit_cups_file() { return game_data_dir("witp") + "/chit_cups.json"; }

ChitCups load_chit_cups(const std::string& file) {
  const Json document = engine::read_data_file(file);
  if (!document.is_object()) {
    throw engine::DataError(file, "(document)", "not a JSON object");
  }
  if (document.value("format", "") != "pacwar-witp-chit-cups") {
    throw engine::DataError(file, "format", "must be \"pacwar-witp-chit-cups\"");
  }
  if (!document.contains("naval_attrition") || !document["naval_attrition"].is_object()) {
    throw engine::DataError(file, "naval_attrition", "missing");
  }
  ChitCups cups;
  const Json& attrition = document["naval_attrition"];
  cups.allied_attrition =
      read_mix(attrition.value("allied", Json()), file, "naval_attrition.allied", 32);
  cups.japanese_attrition =
      read_mix(attrition.value("japanese", Json()), file, "naval_attrition.japanese", 44);
  cups.magic = read_mix(document.value("magic", Json()), file, "magic", 62);
  return cups;
}

}  // namespace pacwar::witp
