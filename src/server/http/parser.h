// Parsing HTTP/1.1 requests from the bytes read so far on a connection (RFC 9112): the request
// line, the header fields and a body of Content-Length bytes. Chunked request bodies are refused
// (browsers and the API's clients send Content-Length).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "server/http/message.h"

namespace pacwar::server::http {

struct ParseLimits {
  std::size_t max_head = 16 * 1024;  // request line and header fields
  std::size_t max_body = 64 * 1024;  // larger: 413
  // A too-large body up to this size is read and dropped, so that the client reads the 413
  // (closing while it still sends would reset the connection); larger ones close it.
  std::size_t max_discard = 8 * 1024 * 1024;
};

struct ParseResult {
  enum class Status { kIncomplete, kComplete, kError };
  Status status = Status::kIncomplete;
  std::size_t consumed = 0;      // kComplete, and kError with keep_open: bytes of the request
  int error_status = 0;          // kError: the HTTP status to answer
  std::string error;             // kError: why, for people
  bool keep_open = false;        // kError: the connection may go on after the answer
  bool expect_continue = false;  // kIncomplete: the head asks for "100 Continue"
};

// Parses one request at the start of `data` into `request` (its fields are overwritten).
ParseResult parse_request(std::string_view data, const ParseLimits& limits, Request& request);

// %XX decoded; with `plus_as_space` (query strings) '+' is a space. Malformed escapes are kept.
std::string percent_decode(std::string_view text, bool plus_as_space);

}  // namespace pacwar::server::http
