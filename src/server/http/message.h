// HTTP/1.1 requests and answers as the server's handlers see them (src/server/http/server.h).
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace pacwar::server::http {

struct Header {
  std::string name;  // lower case in requests; as given in answers
  std::string value;
};

struct Request {
  std::string method;
  std::string target;                                       // as sent: path and query
  std::string path;                                         // percent-decoded, without the query
  std::vector<std::pair<std::string, std::string>> params;  // the query, decoded, in order
  std::vector<Header> headers;
  std::string body;
  std::string remote_addr;
  std::vector<std::string> matches;  // the route's captures; [0] is the whole path
  bool keep_alive = true;

  // The first value of header `name` (any case), or "".
  std::string header(std::string_view name) const;
  bool has_param(std::string_view name) const;
  std::string param(std::string_view name) const;  // the first value, or ""
};

// A stream of server-sent text (e.g. server-sent events) answered on an open connection. The
// server calls next() on a worker thread after wake() was called (from any thread) and at least
// every stream interval; next() returns the text to send ("" for none) or nullopt to end the
// stream. start() is called once, before the first next(), with the connection's wake function
// (safe to call at any time, also after the connection closed); stop() once when the connection
// closes or the server stops. next() is never called twice at once for one stream.
class Stream {
 public:
  virtual ~Stream() = default;
  virtual void start(std::function<void()> wake) = 0;
  virtual std::optional<std::string> next() = 0;
  virtual void stop() = 0;
};

struct Response {
  int status = 200;
  std::string content_type;
  std::string body;
  std::vector<Header> headers;     // more headers (Set-Cookie, Retry-After, ...)
  std::shared_ptr<Stream> stream;  // set: the body is this stream (sent chunked)
  // Why a handler failed, for the metrics only (never sent): "database" for a database error.
  std::string_view failure;
  // Set: the answer is sent only when this calls its argument (from any thread): with true, as it
  // is; with false, as a bare 500 that closes the connection. The worker does not wait for it:
  // an answer held back until the disk sync that covers its commit (group_commit.h).
  std::function<void(std::function<void(bool)>)> when_ready;

  void set_content(std::string text, std::string type) {
    body = std::move(text);
    content_type = std::move(type);
  }
  void set_header(std::string name, std::string value) {
    headers.push_back({std::move(name), std::move(value)});
  }
};

// "OK", "Not Found", ... ("" for a status without a name here).
std::string_view reason_phrase(int status);

// The bytes of an answer with a body (`head_only`: its head alone, as for HEAD), or of the head
// of a chunked stream.
std::string serialize(const Response& response, bool keep_alive, bool head_only = false);
// One chunk of a chunked body ("" ends it: the last chunk).
std::string chunk(std::string_view text);

}  // namespace pacwar::server::http
