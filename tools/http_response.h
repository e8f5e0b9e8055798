// Incremental parsers for the load tool's non-blocking HTTP client: an HTTP/1.1 response (status
// line, headers, a body with Content-Length, chunked, or up to the end of the connection), fed
// with whatever bytes a read returned, and the events of a server-sent event stream.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace pacwar::tools {

class HttpResponseParser {
 public:
  enum class Result { kNeedMore, kComplete, kError };

  // Appends the bytes read from the connection and parses as far as they go.
  Result feed(std::string_view data);
  // The server closed the connection: completes a body that runs up to the end of it.
  Result close();
  // Forgets the complete response and parses the next one from the bytes left over.
  Result next();

  // Whether any byte of the current response arrived.
  bool started() const { return started_; }
  bool headers_done() const { return stage_ > Stage::kHeaders; }
  int status() const { return status_; }
  // The value of a header (names compare case-insensitively); "" when absent.
  std::string header(std::string_view name) const;
  // false when the server will close the connection after this response.
  bool keep_alive() const { return keep_alive_; }
  // The body received so far, chunked encoding removed; a streaming reader may take it.
  std::string& body() { return body_; }
  const std::string& error() const { return error_; }

 private:
  enum class Stage {
    kStatusLine,
    kHeaders,
    kBody,
    kChunkSize,
    kChunkData,
    kChunkEnd,
    kTrailers,
    kUntilClose,
    kDone,
    kError
  };

  Result parse();
  bool step();  // one stage's work; false when it needs more bytes (or stops)
  bool read_line(std::string_view& line);
  bool status_line();
  bool header_line();
  void start_body();
  bool body_bytes();
  bool chunk_size();
  bool chunk_data();
  bool chunk_end();
  bool trailer_line();
  bool fail(std::string what);

  std::string in_;       // bytes received and not parsed yet
  std::size_t pos_ = 0;  // parsed up to here
  Stage stage_ = Stage::kStatusLine;
  bool started_ = false;
  int status_ = 0;
  bool keep_alive_ = true;
  std::vector<std::pair<std::string, std::string>> headers_;  // names in lower case
  std::size_t remaining_ = 0;                                 // of the body or of the current chunk
  std::string body_;
  std::string error_;
};

struct SseEvent {
  std::string type = "message";
  std::string data;  // the data lines, joined by "\n"
};

// Splits a server-sent event stream into events; text may end anywhere, even inside a line.
class SseParser {
 public:
  // Appends stream text; returns the events it completed (comments such as heartbeats skipped).
  std::vector<SseEvent> feed(std::string_view text);

 private:
  void line(std::string_view text, std::vector<SseEvent>& done);

  std::string partial_;  // an unfinished line
  SseEvent event_;
  bool has_data_ = false;
};

}  // namespace pacwar::tools
