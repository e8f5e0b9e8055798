// libFuzzer target: the War in the Pacific assistant's outside inputs. The first byte picks
//   even: a campaign file (witp::Campaign::from_json), then, when it loads, the book command
//          of the input's last line run on it;
//   odd:  a calculator (by the byte) and its arguments, one "name=value" per line, run against
//          data/witp/tables.example.json with a seed.
// Bad input must be a UsageError or DataError naming the problem; anything else is a finding.
#include <cstddef>
#include <cstdint>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "engine/data_dir.h"
#include "engine/errors.h"
#include "witp/campaign.h"
#include "witp/catalog.h"
#include "witp/tables.h"

namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) out.push_back(line);
  return out;
}

std::vector<std::string> words_of(const std::string& line) {
  std::vector<std::string> out;
  std::istringstream in(line);
  std::string word;
  while (in >> word) out.push_back(word);
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace pacwar;
  static const witp::Tables tables =
      witp::Tables::load(game_data_dir("witp") + "/tables.example.json");
  if (size == 0) return 0;
  const std::string rest(reinterpret_cast<const char*>(data) + 1, size - 1);
  try {
    if (data[0] % 2 == 0) {
      const auto newline = rest.rfind('\n');
      const std::string document = newline == std::string::npos ? rest : rest.substr(0, newline);
      const std::string command = newline == std::string::npos ? "" : rest.substr(newline + 1);
      auto json = engine::Json::parse(document, nullptr, false);
      if (json.is_discarded()) return 0;
      witp::Campaign campaign = witp::Campaign::from_json(std::move(json), "fuzz.json");
      const auto words = words_of(command);
      if (!words.empty()) (void)witp::apply_book_command(campaign, words, tables);
    } else {
      const auto& all = witp::calculators();
      const witp::Calculator& calculator = all[(data[0] / 2) % all.size()];
      std::map<std::string, std::vector<std::string>> values;
      for (const std::string& line : lines_of(rest)) {
        const auto eq = line.find('=');
        if (eq == std::string::npos) continue;
        values[line.substr(0, eq)].push_back(line.substr(eq + 1));
      }
      (void)witp::run_calculator(calculator, values, tables, 7);
    }
  } catch (const engine::UsageError&) {
  } catch (const engine::DataError&) {
  }
  return 0;
}
