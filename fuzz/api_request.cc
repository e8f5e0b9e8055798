// libFuzzer target: API request bodies and query strings against a live server (live_server.h).
// The first byte picks the endpoint; the rest is the JSON body (writes) or the query string
// (reads). Any 500 aborts. Sign-up and log-in are left out: their bodies go through the same
// parsing as the others, and each valid one costs a 64 MiB password hash.
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz/live_server.h"

namespace {

std::string percent_encode(const std::string& text) {
  static const char* kHex = "0123456789ABCDEF";
  std::string out;
  for (const unsigned char c : text) {
    if (std::isalnum(c) || c == '=' || c == '&' || c == '-' || c == '_' || c == '.') {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static pacwar::fuzz::LiveServer server;
  if (size == 0) return 0;
  const std::string rest(reinterpret_cast<const char*>(data) + 1, size - 1);
  const std::string game = "/api/games/" + server.game();
  switch (data[0] % 8) {
    case 0:
      server.request("POST", "/api/games", rest);
      break;
    case 1:
      server.request("POST", game + "/actions", rest);
      break;
    case 2:
      server.request("POST", game + "/undo", rest);
      break;
    case 3:
      server.request("GET", game + "?" + percent_encode(rest), "");
      break;
    case 4:
      server.request("GET", game + "/replay?" + percent_encode(rest), "");
      break;
    case 5:
      server.request("POST", "/api/invites/" + std::string("0123456789abcdef"), rest);
      break;
    case 6:
      server.request("GET", "/api/games?" + percent_encode(rest), "");
      break;
    default:
      server.request("GET", "/api/content/" + percent_encode(rest.substr(0, 70)), "");
      break;
  }
  return 0;
}
