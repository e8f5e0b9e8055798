#include "tools/http_response.h"

#include <gtest/gtest.h>

#include <string>

namespace pacwar::tools {
namespace {

using Result = HttpResponseParser::Result;

// Feeds `text` in pieces of `piece` bytes; the result of the last piece.
Result feed_in_pieces(HttpResponseParser& parser, const std::string& text, std::size_t piece) {
  Result result = Result::kNeedMore;
  for (std::size_t at = 0; at < text.size(); at += piece) {
    result = parser.feed(std::string_view(text).substr(at, piece));
  }
  return result;
}

TEST(HttpResponseParser, ContentLengthBodyInAnyPieces) {
  const std::string text =
      "HTTP/1.1 200 OK\r\ncontent-TYPE: application/json\r\nContent-Length: "
      "11\r\n\r\n{\"a\":12345}";
  for (const std::size_t piece : {std::size_t{1}, std::size_t{2}, std::size_t{7}, text.size()}) {
    HttpResponseParser parser;
    ASSERT_EQ(feed_in_pieces(parser, text, piece), Result::kComplete) << piece;
    EXPECT_EQ(parser.status(), 200);
    EXPECT_EQ(parser.header("Content-Type"), "application/json");
    EXPECT_EQ(parser.body(), "{\"a\":12345}");
    EXPECT_TRUE(parser.keep_alive());
  }
}

TEST(HttpResponseParser, IncompleteBodyNeedsMore) {
  HttpResponseParser parser;
  EXPECT_FALSE(parser.started());
  EXPECT_EQ(parser.feed("HTTP/1.1 404 Not Found\r\nContent-Length: 5\r\n\r\nabc"),
            Result::kNeedMore);
  EXPECT_TRUE(parser.started());
  EXPECT_TRUE(parser.headers_done());
  EXPECT_EQ(parser.status(), 404);
  EXPECT_EQ(parser.close(), Result::kError);
}

TEST(HttpResponseParser, ChunkedBodyWithExtensionsAndTrailers) {
  const std::string text =
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
      "5;name=value\r\nhello\r\n1\r\n \r\nA\r\n0123456789\r\n0\r\nX-Trailer: 1\r\n\r\n";
  for (const std::size_t piece : {std::size_t{1}, std::size_t{3}, text.size()}) {
    HttpResponseParser parser;
    ASSERT_EQ(feed_in_pieces(parser, text, piece), Result::kComplete) << piece;
    EXPECT_EQ(parser.body(), "hello 0123456789");
  }
}

TEST(HttpResponseParser, KeepAliveResponsesOneAfterTheOther) {
  HttpResponseParser parser;
  ASSERT_EQ(parser.feed("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nokHTTP/1.1 201 Created\r\n"
                        "Connection: close\r\nContent-Length: 3\r\n\r\nn"),
            Result::kComplete);
  EXPECT_EQ(parser.body(), "ok");
  EXPECT_EQ(parser.next(), Result::kNeedMore);
  EXPECT_TRUE(parser.started());
  EXPECT_EQ(parser.feed("ew"), Result::kComplete);
  EXPECT_EQ(parser.status(), 201);
  EXPECT_EQ(parser.body(), "new");
  EXPECT_FALSE(parser.keep_alive());
}

TEST(HttpResponseParser, BodyUpToTheEndOfTheConnection) {
  HttpResponseParser parser;
  EXPECT_EQ(parser.feed("HTTP/1.0 200 OK\nX: y\n\nsome"), Result::kNeedMore);
  EXPECT_EQ(parser.feed(" text"), Result::kNeedMore);
  EXPECT_EQ(parser.close(), Result::kComplete);
  EXPECT_EQ(parser.body(), "some text");
  EXPECT_FALSE(parser.keep_alive());
}

TEST(HttpResponseParser, NoBodyAndInterimResponses) {
  HttpResponseParser parser;
  EXPECT_EQ(parser.feed("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 204 No Content\r\n\r\n"),
            Result::kComplete);
  EXPECT_EQ(parser.status(), 204);
  EXPECT_EQ(parser.body(), "");
}

TEST(HttpResponseParser, MalformedInputIsAnError) {
  for (const std::string text :
       {"SSH-2.0-OpenSSH\r\n", "HTTP/1.1 2x0 OK\r\n", "HTTP/1.1 200 OK\r\nno colon\r\n\r\n",
        "HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n"}) {
    HttpResponseParser parser;
    EXPECT_EQ(parser.feed(text), Result::kError) << text;
    EXPECT_FALSE(parser.error().empty());
  }
}

TEST(HttpResponseParser, StreamedChunkedBodyCanBeTakenAsItArrives) {
  HttpResponseParser parser;
  EXPECT_EQ(parser.feed("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n7\r\nevent: "),
            Result::kNeedMore);
  EXPECT_EQ(parser.body(), "event: ");
  parser.body().clear();
  EXPECT_EQ(parser.feed("\r\n3\r\nup"), Result::kNeedMore);
  EXPECT_EQ(parser.body(), "up");
}

TEST(SseParser, EventsSplitAcrossReadsAndCommentsSkipped) {
  SseParser parser;
  EXPECT_TRUE(parser.feed(": heartbeat\n\nevent: upd").empty());
  EXPECT_TRUE(parser.feed("ate\r\ndata: {\"version\":").empty());
  const auto events = parser.feed("3}\n\ndata:a\ndata: b\n\n");
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(events[0].type, "update");
  EXPECT_EQ(events[0].data, "{\"version\":3}");
  EXPECT_EQ(events[1].type, "message");
  EXPECT_EQ(events[1].data, "a\nb");
}

TEST(SseParser, EventWithoutDataIsNotDispatched) {
  SseParser parser;
  EXPECT_TRUE(parser.feed("event: update\n\n").empty());
  const auto events = parser.feed("data: x\n\n");
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].type, "message");
}

}  // namespace
}  // namespace pacwar::tools
