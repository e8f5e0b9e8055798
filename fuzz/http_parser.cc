// libFuzzer target: the HTTP/1.1 request parser (src/server/http/parser.h) on arbitrary bytes,
// as a connection's buffer: requests are parsed one after the other (pipelining) until the bytes
// run out or one is refused. Checks the parser's own promises as it goes.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "server/http/parser.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using pacwar::server::http::ParseResult;
  pacwar::server::http::ParseLimits limits;
  limits.max_head = 2048;
  limits.max_body = 4096;
  limits.max_discard = 16384;
  std::string_view rest(reinterpret_cast<const char*>(data), size);
  for (int i = 0; i < 64 && !rest.empty(); ++i) {
    pacwar::server::http::Request request;
    const ParseResult result = parse_request(rest, limits, request);
    if (result.status == ParseResult::Status::kIncomplete) break;
    if (result.status == ParseResult::Status::kError) {
      if (result.error_status < 400 || result.error_status > 599 || result.error.empty()) {
        std::abort();
      }
      if (!result.keep_open) break;
    }
    if (result.consumed == 0 || result.consumed > rest.size()) std::abort();
    if (result.status == ParseResult::Status::kComplete && request.body.size() > limits.max_body) {
      std::abort();
    }
    rest.remove_prefix(result.consumed);
  }
  (void)pacwar::server::http::percent_decode(
      std::string_view(reinterpret_cast<const char*>(data), size), true);
  return 0;
}
