// Issue 41, hole 1: a webhook reaches only public addresses. Every check here is a function
// call: nothing is sent and no name is looked up (the resolver is the test's own).
#include "server/notify/webhook_address.h"

#include <gtest/gtest.h>

#include <map>
#include <stdexcept>

#include "server/accounts/user_settings.h"

namespace pacwar::server {
namespace {

// A resolver that knows a few names and fails for the rest, as DNS would.
Resolver fake_dns(std::map<std::string, std::vector<std::string>> names) {
  return [names = std::move(names)](const std::string& host) {
    const auto it = names.find(host);
    if (it == names.end()) throw std::runtime_error("Name or service not known");
    return it->second;
  };
}

PinnedAddress pin(const std::string& url, const WebhookPolicy& policy = {},
                  const Resolver& resolve = fake_dns({})) {
  std::string problem;
  const auto target = webhook_target(url, problem);
  EXPECT_TRUE(target.has_value()) << url << ": " << problem;
  if (!target) return {"", problem, true};
  return pin_webhook_address(*target, policy, resolve);
}

// Every spelling of a loopback address the audit reached a local listener with, and the other
// ranges it named, is refused when the URL is saved and again when a notice is sent.
TEST(WebhookAddress, EverySpellingOfAnInternalAddressIsRefused) {
  const char* urls[] = {
      "http://127.0.0.1/hook",
      "http://localhost/hook",
      "http://LOCALHOST:8080/hook",
      "http://pacwar.localhost/hook",
      "http://[::1]/hook",
      "http://0x7f000001/hook",
      "http://2130706433/hook",
      "http://127.1/hook",
      "http://017700000001/hook",
      "http://0.0.0.0/hook",
      "http://user@127.0.0.1/hook",
      "http://user:pw@127.0.0.1:9/hook",
      "http://[::ffff:127.0.0.1]/x",
      "http://[::ffff:7f00:1]/x",
      "http://[::]/x",
      "http://10.1.2.3/x",
      "http://172.16.0.1/x",
      "http://192.168.1.1/x",
      "http://100.64.0.1/x",
      "http://169.254.169.254/latest/meta-data",
      "http://224.0.0.1/x",
      "http://255.255.255.255/x",
      "http://[fe80::1]/x",
      "http://[fd00::1]/x",
      "http://[ff02::1]/x",
      "http://[64:ff9b::7f00:1]/x",
      "http://[2002:7f00:1::]/x",
      "http://[::ffff:10.0.0.1]/x",
      "https://192.0.2.10/x",
      "http://[2001:db8::1]/x",
  };
  for (const char* url : urls) {
    EXPECT_NE(webhook_url_problem(url, {}), "") << url;
    const PinnedAddress p = pin(url);
    EXPECT_TRUE(p.address.empty()) << url << " pinned to " << p.address;
    EXPECT_TRUE(p.permanent) << url;
    EXPECT_NE(p.problem.find("public addresses"), std::string::npos) << url << ": " << p.problem;
  }
}

TEST(WebhookAddress, TheReasonNamesTheRange) {
  EXPECT_EQ(forbidden_address("127.0.0.1"), "a loopback address (127.0.0.0/8)");
  EXPECT_EQ(forbidden_address("::1"), "a loopback address (::1)");
  EXPECT_EQ(forbidden_address("::ffff:192.168.0.1"),
            "a private address (RFC 1918), mapped to IPv6");
  EXPECT_EQ(forbidden_address("100.127.255.255"), "a carrier-grade NAT address (100.64.0.0/10)");
  EXPECT_EQ(forbidden_address("100.128.0.1"), "");
  EXPECT_EQ(forbidden_address("172.32.0.1"), "");
  EXPECT_EQ(forbidden_address("example.org"), "not an IP address");
  EXPECT_NE(webhook_url_problem("http://127.1/x", {}).find("127.0.0.1, a loopback address"),
            std::string::npos);
}

TEST(WebhookAddress, PublicAddressesAndNamesPass) {
  for (const char* url : {"https://93.184.216.34/hook", "https://[2606:4700::6810:85e5]/hook",
                          "http://8.8.8.8:8080/x", "https://[::ffff:8.8.8.8]/x"}) {
    EXPECT_EQ(webhook_url_problem(url, {}), "") << url;
    EXPECT_FALSE(pin(url).address.empty()) << url;
  }
  // A name is not looked up when it is saved; when a notice is sent, every address it has must
  // be public, and the request goes to the first.
  EXPECT_EQ(webhook_url_problem("https://discord.com/api/webhooks/1/abc", {}), "");
  const PinnedAddress p = pin("https://Hooks.Example.org/x", {},
                              fake_dns({{"hooks.example.org", {"93.184.216.34", "2606::1"}}}));
  EXPECT_EQ(p.address, "93.184.216.34");
  EXPECT_EQ(p.problem, "");
}

TEST(WebhookAddress, ANameThatResolvesInsideIsRefusedWhenSent) {
  const PinnedAddress inside =
      pin("https://hooks.example.org/x", {}, fake_dns({{"hooks.example.org", {"10.0.0.5"}}}));
  EXPECT_TRUE(inside.address.empty());
  EXPECT_TRUE(inside.permanent);
  EXPECT_NE(inside.problem.find("hooks.example.org resolves to 10.0.0.5, a private address"),
            std::string::npos)
      << inside.problem;
  // One internal address among public ones is enough to refuse the name (DNS may answer
  // either at connect time).
  const PinnedAddress mixed = pin("https://hooks.example.org/x", {},
                                  fake_dns({{"hooks.example.org", {"93.184.216.34", "::1"}}}));
  EXPECT_TRUE(mixed.address.empty());
  // A failed look-up is not the player's fault: it is retried.
  const PinnedAddress unknown = pin("https://nowhere.example.org/x");
  EXPECT_TRUE(unknown.address.empty());
  EXPECT_FALSE(unknown.permanent);
  EXPECT_NE(unknown.problem.find("could not look up nowhere.example.org"), std::string::npos);
}

TEST(WebhookAddress, TheOperatorsAllowedHostsPass) {
  const WebhookPolicy club{{"chat.club.lan", "127.0.0.1"}};
  EXPECT_EQ(webhook_url_problem("http://127.0.0.1:9/hook", club), "");
  EXPECT_EQ(webhook_url_problem("http://2130706433:9/hook", club), "");  // the same address
  EXPECT_NE(webhook_url_problem("http://127.0.0.2:9/hook", club), "");
  const PinnedAddress p =
      pin("http://CHAT.club.lan:8065/hooks/x", club, fake_dns({{"chat.club.lan", {"10.0.0.7"}}}));
  EXPECT_EQ(p.address, "10.0.0.7");
  EXPECT_EQ(p.problem, "");
}

TEST(WebhookAddress, TheRequestIsPinnedToTheCheckedAddress) {
  std::string problem;
  const auto v4 = webhook_target("https://hooks.example.org/x", problem);
  ASSERT_TRUE(v4.has_value());
  EXPECT_EQ(v4->port, 443);
  EXPECT_FALSE(v4->numeric);
  EXPECT_EQ(curl_resolve_entry(*v4, "93.184.216.34"), "hooks.example.org:443:93.184.216.34");
  EXPECT_EQ(curl_resolve_entry(*v4, "2606::1"), "hooks.example.org:443:[2606::1]");
  const auto numeric = webhook_target("http://[::ffff:8.8.8.8]:81/x", problem);
  ASSERT_TRUE(numeric.has_value());
  EXPECT_TRUE(numeric->numeric);
  EXPECT_EQ(numeric->port, 81);
}

TEST(WebhookAddress, MalformedUrlsAreRefusedWithAReason) {
  EXPECT_NE(webhook_url_problem("ftp://example.org/x", {}).find("only http and https"),
            std::string::npos);
  EXPECT_NE(webhook_url_problem("example.org/hook", {}), "");
  EXPECT_NE(webhook_url_problem("https://example.org./x", {}).find("final dot"), std::string::npos);
  EXPECT_NE(webhook_url_problem("https://exa mple.org/", {}), "");
}

}  // namespace
}  // namespace pacwar::server
