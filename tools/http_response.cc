#include "tools/http_response.h"

#include <algorithm>
#include <cctype>
#include <charconv>

#include "server/http/text.h"

namespace pacwar::tools {

namespace {

constexpr std::size_t kMaxLine = 64 * 1024;

using server::http::has_token;
using server::http::lower;
using server::http::trim;

bool parse_number(std::string_view text, int base, std::size_t& value) {
  text = trim(text);
  if (text.empty()) return false;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value, base);
  return error == std::errc() && end == text.data() + text.size();
}

}  // namespace

HttpResponseParser::Result HttpResponseParser::feed(std::string_view data) {
  if (!data.empty()) started_ = true;
  in_.append(data);
  return parse();
}

HttpResponseParser::Result HttpResponseParser::close() {
  if (stage_ == Stage::kUntilClose) stage_ = Stage::kDone;
  if (stage_ == Stage::kDone) return Result::kComplete;
  if (stage_ != Stage::kError) fail("the connection closed before the end of the response");
  return Result::kError;
}

HttpResponseParser::Result HttpResponseParser::next() {
  in_.erase(0, pos_);
  pos_ = 0;
  stage_ = Stage::kStatusLine;
  started_ = !in_.empty();
  status_ = 0;
  keep_alive_ = true;
  headers_.clear();
  remaining_ = 0;
  body_.clear();
  error_.clear();
  return parse();
}

std::string HttpResponseParser::header(std::string_view name) const {
  const std::string key = lower(name);
  for (const auto& [field, value] : headers_) {
    if (field == key) return value;
  }
  return "";
}

HttpResponseParser::Result HttpResponseParser::parse() {
  while (step()) {
  }
  // Keep the buffer small on a long stream: drop what was parsed.
  if (pos_ > 4096 && stage_ != Stage::kDone) {
    in_.erase(0, pos_);
    pos_ = 0;
  }
  if (stage_ == Stage::kError) return Result::kError;
  return stage_ == Stage::kDone ? Result::kComplete : Result::kNeedMore;
}

bool HttpResponseParser::step() {
  switch (stage_) {
    case Stage::kStatusLine:
      return status_line();
    case Stage::kHeaders:
      return header_line();
    case Stage::kBody:
    case Stage::kUntilClose:
      return body_bytes();
    case Stage::kChunkSize:
      return chunk_size();
    case Stage::kChunkData:
      return chunk_data();
    case Stage::kChunkEnd:
      return chunk_end();
    case Stage::kTrailers:
      return trailer_line();
    case Stage::kDone:
    case Stage::kError:
      return false;
  }
  return false;
}

// The next line without its CRLF (or bare LF); false when it has not fully arrived.
bool HttpResponseParser::read_line(std::string_view& line) {
  const std::size_t end = in_.find('\n', pos_);
  if (end == std::string::npos) {
    if (in_.size() - pos_ > kMaxLine) fail("a line longer than 64 KiB");
    return false;
  }
  line = std::string_view(in_).substr(pos_, end - pos_);
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  pos_ = end + 1;
  return true;
}

bool HttpResponseParser::status_line() {
  std::string_view line;
  if (!read_line(line)) return false;
  if (line.rfind("HTTP/1.", 0) != 0 || line.size() < 12 || line[8] != ' ') {
    return fail("bad status line: " + std::string(line.substr(0, 80)));
  }
  std::size_t code = 0;
  if (!parse_number(line.substr(9, 3), 10, code) || code < 100 || code > 999) {
    return fail("bad status code: " + std::string(line.substr(0, 80)));
  }
  status_ = static_cast<int>(code);
  keep_alive_ = line.rfind("HTTP/1.1", 0) == 0;
  headers_.clear();
  stage_ = Stage::kHeaders;
  return true;
}

bool HttpResponseParser::header_line() {
  std::string_view line;
  if (!read_line(line)) return false;
  if (line.empty()) {
    start_body();
    return true;
  }
  const std::size_t colon = line.find(':');
  if (colon == std::string::npos || colon == 0) {
    return fail("bad header line: " + std::string(line.substr(0, 80)));
  }
  headers_.emplace_back(lower(line.substr(0, colon)), std::string(trim(line.substr(colon + 1))));
  return true;
}

void HttpResponseParser::start_body() {
  if (status_ < 200) {  // 100 Continue and the like: the real response follows
    stage_ = Stage::kStatusLine;
    return;
  }
  const std::string connection = header("Connection");
  if (has_token(connection, "close")) keep_alive_ = false;
  if (has_token(connection, "keep-alive")) keep_alive_ = true;
  if (status_ == 204 || status_ == 304) {
    stage_ = Stage::kDone;
    return;
  }
  if (has_token(header("Transfer-Encoding"), "chunked")) {
    stage_ = Stage::kChunkSize;
    return;
  }
  const std::string length = header("Content-Length");
  if (length.empty()) {
    keep_alive_ = false;  // the body runs up to the end of the connection
    stage_ = Stage::kUntilClose;
    return;
  }
  if (!parse_number(length, 10, remaining_)) {
    fail("bad Content-Length: " + length);
    return;
  }
  stage_ = remaining_ == 0 ? Stage::kDone : Stage::kBody;
}

// Takes the body bytes at hand; false: they are all taken (or the body is complete).
bool HttpResponseParser::body_bytes() {
  const std::size_t available = in_.size() - pos_;
  const std::size_t take = stage_ == Stage::kBody ? std::min(available, remaining_) : available;
  body_.append(in_, pos_, take);
  pos_ += take;
  if (stage_ == Stage::kBody) {
    remaining_ -= take;
    if (remaining_ == 0) stage_ = Stage::kDone;
  }
  return false;
}

bool HttpResponseParser::chunk_size() {
  std::string_view line;
  if (!read_line(line)) return false;
  const std::string_view size = line.substr(0, line.find(';'));  // chunk extensions ignored
  if (!parse_number(size, 16, remaining_)) {
    return fail("bad chunk size: " + std::string(line.substr(0, 80)));
  }
  stage_ = remaining_ == 0 ? Stage::kTrailers : Stage::kChunkData;
  return true;
}

bool HttpResponseParser::chunk_data() {
  const std::size_t take = std::min(in_.size() - pos_, remaining_);
  if (take == 0) return false;
  body_.append(in_, pos_, take);
  pos_ += take;
  remaining_ -= take;
  if (remaining_ == 0) stage_ = Stage::kChunkEnd;
  return true;
}

bool HttpResponseParser::chunk_end() {
  std::string_view line;
  if (!read_line(line)) return false;
  if (!line.empty()) return fail("a chunk longer than its size");
  stage_ = Stage::kChunkSize;
  return true;
}

bool HttpResponseParser::trailer_line() {
  std::string_view line;
  if (!read_line(line)) return false;
  if (line.empty()) stage_ = Stage::kDone;
  return true;
}

bool HttpResponseParser::fail(std::string what) {
  stage_ = Stage::kError;
  error_ = std::move(what);
  return false;
}

std::vector<SseEvent> SseParser::feed(std::string_view text) {
  std::vector<SseEvent> done;
  partial_.append(text);
  std::size_t start = 0;
  std::size_t end;
  while ((end = partial_.find('\n', start)) != std::string::npos) {
    std::string_view one = std::string_view(partial_).substr(start, end - start);
    if (!one.empty() && one.back() == '\r') one.remove_suffix(1);
    line(one, done);
    start = end + 1;
  }
  partial_.erase(0, start);
  return done;
}

void SseParser::line(std::string_view text, std::vector<SseEvent>& done) {
  if (text.empty()) {  // the end of an event: dispatched when it had data
    if (has_data_) done.push_back(std::move(event_));
    event_ = SseEvent();
    has_data_ = false;
    return;
  }
  if (text.front() == ':') return;  // a comment, e.g. a heartbeat
  const std::size_t colon = text.find(':');
  const std::string_view field = text.substr(0, colon);
  std::string_view value = colon == std::string::npos ? "" : text.substr(colon + 1);
  if (!value.empty() && value.front() == ' ') value.remove_prefix(1);
  if (field == "event") event_.type = value;
  if (field == "data") {
    if (has_data_) event_.data += '\n';
    event_.data.append(value);
    has_data_ = true;
  }
}

}  // namespace pacwar::tools
