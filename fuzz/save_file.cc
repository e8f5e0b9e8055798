// libFuzzer target: save files as `pacwar load` reads them (engine::Session::load over the game
// registry). Bad saves must be refused with a UsageError naming the problem; anything else that
// escapes (or a sanitizer report) is a finding.
#include <cstddef>
#include <cstdint>
#include <string>

#include "engine/errors.h"
#include "engine/session.h"
#include "games/registry.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto save = pacwar::engine::Json::parse(data, data + size, nullptr, false);
  if (save.is_discarded()) return 0;  // `pacwar load` refuses it as "not valid JSON"
  try {
    const auto session = pacwar::engine::Session::load(save, pacwar::find_game);
    (void)session.save();
  } catch (const pacwar::engine::UsageError&) {
  }
  return 0;
}
