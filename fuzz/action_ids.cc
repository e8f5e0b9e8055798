// libFuzzer target: action ids against a live game (live_server.h). Each input is an action id
// sent as the user's move at the game's current version: an illegal one must be refused with the
// legal ids and change nothing; a legal one is played (a finished game is replaced by a new one).
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <string>

#include "fuzz/live_server.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using pacwar::fuzz::Json;
  static pacwar::fuzz::LiveServer server;
  const std::string id(reinterpret_cast<const char*>(data), size);
  const std::string path = "/api/games/" + server.game();
  Json state;
  for (int i = 0; i < 400; ++i) {
    state = Json::parse(server.request("GET", path, "").body, nullptr, false);
    if (!state.is_object()) std::abort();
    if (state["status"] == "finished") {
      server.new_game();
      return 0;
    }
    if (state["your_turn"].get<bool>()) break;
    usleep(2000);
  }
  if (!state["your_turn"].get<bool>()) return 0;
  Json move = {{"action", id}, {"version", state["version"]}};
  std::string text;
  try {
    text = move.dump();
  } catch (const Json::exception&) {
    return 0;  // not UTF-8: the JSON client could not send it either
  }
  const auto answer = server.request("POST", path + "/actions", text);
  if (answer.status == 400) {
    const Json error = Json::parse(answer.body, nullptr, false);
    if (!error.is_object() || !error.contains("legal") || !error.contains("error")) {
      std::cerr << "fuzz: an illegal action without the legal ids: " << answer.body << "\n";
      std::abort();
    }
    const Json after = Json::parse(server.request("GET", path, "").body, nullptr, false);
    if (after["version"] != state["version"]) {
      std::cerr << "fuzz: a refused action changed the game\n";
      std::abort();
    }
  }
  return 0;
}
