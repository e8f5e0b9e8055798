#include "server/http/parser.h"

#include <gtest/gtest.h>

#include <string>

namespace pacwar::server::http {
namespace {

using Status = ParseResult::Status;

TEST(HttpParser, ParsesARequestWithHeadersQueryAndBody) {
  const std::string text =
      "POST /api/games/ab%2Fc/actions?log_since=12&x=a+b%21 HTTP/1.1\r\n"
      "Host: 127.0.0.1\r\nCookie: pacwar_session=t0k3n\r\nContent-Length: 5\r\n\r\n"
      "hello"
      "GET / HTTP/1.1\r\n\r\n";
  Request request;
  const ParseResult result = parse_request(text, {}, request);
  ASSERT_EQ(result.status, Status::kComplete);
  EXPECT_EQ(result.consumed, text.find("GET /"));
  EXPECT_EQ(request.method, "POST");
  EXPECT_EQ(request.path, "/api/games/ab/c/actions");
  EXPECT_EQ(request.param("log_since"), "12");
  EXPECT_EQ(request.param("x"), "a b!");
  EXPECT_FALSE(request.has_param("y"));
  EXPECT_EQ(request.header("COOKIE"), "pacwar_session=t0k3n");
  EXPECT_EQ(request.body, "hello");
  EXPECT_TRUE(request.keep_alive);
}

TEST(HttpParser, WaitsForTheWholeHeadAndBody) {
  const std::string text = "POST /a HTTP/1.1\r\nContent-Length: 4\r\n\r\nbody";
  for (std::size_t cut = 0; cut < text.size(); ++cut) {
    Request request;
    EXPECT_EQ(parse_request(text.substr(0, cut), {}, request).status, Status::kIncomplete)
        << "cut at " << cut;
  }
  Request request;
  EXPECT_EQ(parse_request(text, {}, request).status, Status::kComplete);
}

TEST(HttpParser, KeepAliveFollowsTheVersionAndConnectionHeader) {
  Request request;
  ASSERT_EQ(parse_request("GET / HTTP/1.1\r\nConnection: Close\r\n\r\n", {}, request).status,
            Status::kComplete);
  EXPECT_FALSE(request.keep_alive);
  ASSERT_EQ(parse_request("GET / HTTP/1.0\r\n\r\n", {}, request).status, Status::kComplete);
  EXPECT_FALSE(request.keep_alive);
  ASSERT_EQ(parse_request("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n", {}, request).status,
            Status::kComplete);
  EXPECT_TRUE(request.keep_alive);
}

TEST(HttpParser, RefusesMalformedRequestsWithAStatus) {
  const struct {
    std::string text;
    int status;
  } cases[] = {
      {"GET\r\n\r\n", 400},
      {"GET / HTTP/1.1 extra\r\n\r\n", 400},
      {"GET http://x/ HTTP/1.1\r\n\r\n", 400},
      {"G(T / HTTP/1.1\r\n\r\n", 400},
      {"GET / HTTP/2.0\r\n\r\n", 505},
      {"GET / HTTP/1.1\r\nno colon here\r\n\r\n", 400},
      {"POST / HTTP/1.1\r\nContent-Length: 12x\r\n\r\n", 400},
      {"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n", 411},
      // Issue 41, hole 8: RFC 9112 6.3 and RFC 9110 5.5.
      {"POST / HTTP/1.1\r\nContent-Length: 4\r\nContent-Length: 40\r\n\r\nbody", 400},
      {"POST / HTTP/1.1\r\nContent-Length: 4, 40\r\n\r\nbody", 400},
      {std::string("GET / HTTP/1.1\r\nX-Name: a\0b\r\n\r\n", 31), 400},
      {"GET / HTTP/1.1\r\nX-Name: a\x01b\r\n\r\n", 400},
      {"GET / HTTP/1.1\r\nX-Name: a\x7f\r\n\r\n", 400},
      {"GET / HTTP/1.1\r\nX-Name: a\nb\r\n\r\n", 400},
  };
  for (const auto& c : cases) {
    Request request;
    const ParseResult result = parse_request(c.text, {}, request);
    EXPECT_EQ(result.status, Status::kError) << c.text;
    EXPECT_EQ(result.error_status, c.status) << c.text;
    EXPECT_FALSE(result.error.empty());
    EXPECT_FALSE(result.keep_open);
  }
}

// The same Content-Length twice is one length; tabs and visible bytes (UTF-8 included) are
// allowed in a field value, and the error names the control character it refuses.
TEST(HttpParser, DuplicateButEqualLengthsAndTabsPass) {
  Request request;
  const std::string text =
      "POST / HTTP/1.1\r\nContent-Length: 4\r\nX-Note: a\tb \xc3\xa9\r\n"
      "Content-Length: 4\r\n\r\nbody";
  ASSERT_EQ(parse_request(text, {}, request).status, Status::kComplete);
  EXPECT_EQ(request.body, "body");
  EXPECT_EQ(request.header("x-note"), "a\tb \xc3\xa9");
  const ParseResult nul =
      parse_request(std::string("GET / HTTP/1.1\r\nX-Name: a\0b\r\n\r\n", 31), {}, request);
  EXPECT_EQ(nul.error, "the header field X-Name holds the control character 0x00");
}

TEST(HttpParser, TooLargeHeadsAndBodies) {
  ParseLimits limits;
  limits.max_head = 64;
  limits.max_body = 10;
  limits.max_discard = 100;
  Request request;
  // A head that does not end within the limit.
  EXPECT_EQ(parse_request("GET /" + std::string(100, 'a'), limits, request).error_status, 431);
  // A body over the limit but small enough to drop: read whole, then 413 with the connection kept.
  const std::string small = "POST / HTTP/1.1\r\nContent-Length: 20\r\n\r\n";
  EXPECT_EQ(parse_request(small + "0123456789", limits, request).status, Status::kIncomplete);
  const ParseResult dropped = parse_request(small + std::string(20, 'x') + "GET", limits, request);
  EXPECT_EQ(dropped.error_status, 413);
  EXPECT_TRUE(dropped.keep_open);
  EXPECT_EQ(dropped.consumed, small.size() + 20);
  // Larger still: 413 at once, and the connection is closed.
  const ParseResult huge =
      parse_request("POST / HTTP/1.1\r\nContent-Length: 1000\r\n\r\n", limits, request);
  EXPECT_EQ(huge.error_status, 413);
  EXPECT_FALSE(huge.keep_open);
}

TEST(HttpParser, AsksForContinueWhenTheClientExpectsIt) {
  Request request;
  const ParseResult result = parse_request(
      "POST / HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 3\r\n\r\n", {}, request);
  EXPECT_EQ(result.status, Status::kIncomplete);
  EXPECT_TRUE(result.expect_continue);
}

TEST(HttpParser, PercentDecoding) {
  EXPECT_EQ(percent_decode("a%20b%2x%", false), "a b%2x%");
  EXPECT_EQ(percent_decode("a+b", false), "a+b");
  EXPECT_EQ(percent_decode("a+b", true), "a b");
  EXPECT_EQ(percent_decode("%E2%9C%93", false), "\xE2\x9C\x93");
}

}  // namespace
}  // namespace pacwar::server::http
