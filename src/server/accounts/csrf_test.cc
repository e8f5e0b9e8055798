// The cross-site write check (csrf.h) and the client address behind a proxy (client_address.h),
// as pure functions of a request.
#include "server/accounts/csrf.h"

#include <gtest/gtest.h>

#include "server/http/client_address.h"

namespace pacwar::server {
namespace {

http::Request request(const std::string& method, std::vector<http::Header> headers) {
  http::Request r;
  r.method = method;
  r.path = "/api/games";
  r.headers = std::move(headers);
  r.remote_addr = "127.0.0.1";
  return r;
}

TEST(CrossSiteCheck, ReadsAreNeverRefused) {
  for (const char* method : {"GET", "HEAD", "OPTIONS"}) {
    EXPECT_FALSE(cross_site_refusal(
        request(method, {{"origin", "http://evil.example"}, {"sec-fetch-site", "cross-site"}}),
        ""));
  }
}

TEST(CrossSiteCheck, WritesFromTheOwnOriginOrNoBrowserPass) {
  const std::vector<http::Header> json = {{"host", "127.0.0.1:8080"},
                                          {"content-type", "Application/JSON; charset=UTF-8"}};
  EXPECT_FALSE(cross_site_refusal(request("POST", json), ""));  // curl, the load tool
  for (const char* origin :
       {"http://127.0.0.1:8080", "https://127.0.0.1:8080", "HTTP://127.0.0.1:8080"}) {
    auto h = json;
    h.push_back({"origin", origin});
    h.push_back({"sec-fetch-site", "same-origin"});
    EXPECT_FALSE(cross_site_refusal(request("PUT", h), "")) << origin;
  }
  auto h = json;
  h.push_back({"origin", "https://pacwar.example.org"});
  EXPECT_FALSE(cross_site_refusal(request("DELETE", h), "https://pacwar.example.org"));
}

TEST(CrossSiteCheck, EveryOtherWriteIsRefusedWithItsReason) {
  const http::Header host = {"host", "127.0.0.1:8080"};
  const http::Header json = {"content-type", "application/json"};
  struct Case {
    std::vector<http::Header> headers;
    std::string public_origin;
    std::string reason;
  };
  const std::vector<Case> cases = {
      {{host, json, {"origin", "http://127.0.0.1:18612"}}, "", "Origin 'http://127.0.0.1:18612'"},
      {{host, json, {"origin", "null"}}, "", "Origin 'null'"},
      {{host, json, {"origin", "http://127.0.0.1:8080.evil.example"}}, "", "cross-origin"},
      {{host, json, {"origin", "http://127.0.0.1:8080"}},
       "https://pacwar.example.org",
       "'https://pacwar.example.org'"},
      {{json, {"origin", "http://127.0.0.1:8080"}}, "", "cross-origin"},  // no Host: no match
      {{host, json, {"sec-fetch-site", "same-site"}}, "", "Sec-Fetch-Site is 'same-site'"},
      {{host, json, {"sec-fetch-site", "none"}}, "", "Sec-Fetch-Site is 'none'"},
      {{host, {"content-type", "text/plain"}}, "", "(it had 'text/plain')"},
      {{host, {"content-type", "application/x-www-form-urlencoded"}}, "", "Content-Type"},
      {{host, {"content-type", "multipart/form-data; boundary=x"}}, "", "Content-Type"},
      {{host, {"content-type", "application/jsonx"}}, "", "Content-Type"},
      {{host}, "", "(it had none)"},
  };
  for (const Case& c : cases) {
    const auto refusal = cross_site_refusal(request("POST", c.headers), c.public_origin);
    ASSERT_TRUE(refusal.has_value()) << c.reason;
    EXPECT_NE(refusal->find(c.reason), std::string::npos) << *refusal;
  }
  // Control bytes of a header value never reach the message.
  const auto refusal = cross_site_refusal(
      request("POST", {host, json, {"origin", std::string("http://x\x01\x7f", 10)}}), "");
  ASSERT_TRUE(refusal.has_value());
  EXPECT_EQ(refusal->find('\x01'), std::string::npos);
}

TEST(ClientAddress, ForwardedForOnlyFromATrustedProxy) {
  http::Request r = request("GET", {{"x-forwarded-for", "10.9.9.9, 203.0.113.7"}});
  EXPECT_EQ(client_address(r, {}), "127.0.0.1");
  EXPECT_EQ(client_address(r, {"10.0.0.1"}), "127.0.0.1");
  EXPECT_EQ(client_address(r, {"127.0.0.1"}), "203.0.113.7");  // the entry the proxy appended
  r.headers = {{"x-forwarded-for", " 2001:db8::1 "}};
  EXPECT_EQ(client_address(r, {"127.0.0.1"}), "2001:db8::1");
  for (const char* bad : {"", "  ", "evil host", "1.2.3.4; drop", "1.2.3.4,"}) {
    r.headers = {{"x-forwarded-for", bad}};
    EXPECT_EQ(client_address(r, {"127.0.0.1"}), "127.0.0.1") << bad;
  }
  r.headers = {};
  EXPECT_EQ(client_address(r, {"127.0.0.1"}), "127.0.0.1");
}

}  // namespace
}  // namespace pacwar::server
