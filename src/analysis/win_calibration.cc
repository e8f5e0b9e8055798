#include "analysis/win_calibration.h"

#include <algorithm>
#include <cmath>
#include <filesystem>

#include "engine/data_dir.h"
#include "engine/data_file.h"
#include "engine/errors.h"

namespace pacwar::analysis {
namespace {

using engine::DataError;
using engine::Json;

constexpr const char* kFormat = "pacwar-win-calibration-1";

struct Block {
  double raw_sum = 0.0;
  double won = 0.0;
  double count = 0.0;
  double rate() const { return won / count; }
};

}  // namespace

WinCalibration WinCalibration::fit(std::vector<std::pair<double, bool>> samples, int bins) {
  WinCalibration map;
  if (samples.empty() || bins < 1) return map;
  std::sort(samples.begin(), samples.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  // Equal-count bins of the raw probability (a run of equal raw values is never split), then
  // pool adjacent violators: neighbouring blocks merge while a lower one wins more often.
  const std::size_t per_bin = std::max<std::size_t>(
      1, (samples.size() + static_cast<std::size_t>(bins) - 1) / static_cast<std::size_t>(bins));
  std::vector<Block> blocks;
  for (std::size_t i = 0; i < samples.size();) {
    Block block;
    std::size_t end = std::min(samples.size(), i + per_bin);
    while (end < samples.size() && samples[end].first == samples[end - 1].first) ++end;
    for (; i < end; ++i) {
      block.raw_sum += samples[i].first;
      block.won += samples[i].second ? 1.0 : 0.0;
      block.count += 1.0;
    }
    blocks.push_back(block);
    while (blocks.size() >= 2 && blocks[blocks.size() - 2].rate() >= blocks.back().rate()) {
      Block& lower = blocks[blocks.size() - 2];
      lower.raw_sum += blocks.back().raw_sum;
      lower.won += blocks.back().won;
      lower.count += blocks.back().count;
      blocks.pop_back();
    }
  }
  for (const Block& block : blocks) {
    map.knots_.push_back({block.raw_sum / block.count, block.rate()});
  }
  return map;
}

double WinCalibration::apply(double raw) const {
  if (knots_.empty()) return raw;
  if (raw <= knots_.front().raw) return knots_.front().calibrated;
  if (raw >= knots_.back().raw) return knots_.back().calibrated;
  const auto next = std::upper_bound(knots_.begin(), knots_.end(), raw,
                                     [](double x, const Knot& k) { return x < k.raw; });
  const Knot& a = *(next - 1);
  const Knot& b = *next;
  return a.calibrated + (b.calibrated - a.calibrated) * (raw - a.raw) / (b.raw - a.raw);
}

Json WinCalibration::to_json() const {
  Json knots = Json::array();
  for (const Knot& k : knots_) knots.push_back({k.raw, k.calibrated});
  return {{"format", kFormat}, {"knots", knots}};
}

WinCalibration WinCalibration::from_json(const Json& json, const std::string& file) {
  if (!json.is_object()) throw DataError(file, "(file)", "expected a JSON object");
  if (!json.contains("format") || json["format"] != kFormat) {
    throw DataError(file, "format", std::string("expected \"") + kFormat + "\"");
  }
  if (!json.contains("knots") || !json["knots"].is_array() || json["knots"].empty()) {
    throw DataError(file, "knots", "expected a non-empty array of [raw, calibrated] pairs");
  }
  WinCalibration map;
  for (std::size_t i = 0; i < json["knots"].size(); ++i) {
    const Json& k = json["knots"][i];
    const std::string field = "knots[" + std::to_string(i) + "]";
    if (!k.is_array() || k.size() != 2 || !k[0].is_number() || !k[1].is_number()) {
      throw DataError(file, field, "expected [raw, calibrated], two numbers");
    }
    const Knot knot{k[0].get<double>(), k[1].get<double>()};
    if (!(knot.raw >= 0.0 && knot.raw <= 1.0 && knot.calibrated >= 0.0 && knot.calibrated <= 1.0)) {
      throw DataError(file, field, "probabilities must lie in [0, 1]");
    }
    if (!map.knots_.empty() && knot.raw <= map.knots_.back().raw) {
      throw DataError(file, field, "raw probabilities must increase from knot to knot");
    }
    if (!map.knots_.empty() && knot.calibrated < map.knots_.back().calibrated) {
      throw DataError(file, field, "calibrated probabilities must not decrease");
    }
    map.knots_.push_back(knot);
  }
  return map;
}

std::string WinCalibration::path_for(const std::string& game) {
  return game_data_dir(game) + "/win_calibration.json";
}

WinCalibration WinCalibration::for_game(const std::string& game) {
  const std::string file = path_for(game);
  if (!std::filesystem::exists(file)) return WinCalibration{};
  return from_json(engine::read_data_file(file), file);
}

}  // namespace pacwar::analysis
