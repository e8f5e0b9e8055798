#include "server/notify/webhook_address.h"

#include <arpa/inet.h>
#include <curl/curl.h>
#include <netdb.h>
#include <sys/socket.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <memory>
#include <stdexcept>

#include "server/http/text.h"

namespace pacwar::server {
namespace {

using Ipv4 = std::array<std::uint8_t, 4>;
using Ipv6 = std::array<std::uint8_t, 16>;

bool in4(const Ipv4& a, std::uint8_t b0, std::uint8_t b1, std::uint8_t b2, std::uint8_t b3,
         int prefix) {
  const std::uint32_t value = (std::uint32_t{a[0]} << 24) | (std::uint32_t{a[1]} << 16) |
                              (std::uint32_t{a[2]} << 8) | std::uint32_t{a[3]};
  const std::uint32_t net = (std::uint32_t{b0} << 24) | (std::uint32_t{b1} << 16) |
                            (std::uint32_t{b2} << 8) | std::uint32_t{b3};
  const std::uint32_t mask = prefix == 0 ? 0 : ~std::uint32_t{0} << (32 - prefix);
  return (value & mask) == (net & mask);
}

// IANA's special-purpose IPv4 registry, the parts that are not public unicast.
std::string forbidden_v4(const Ipv4& a) {
  if (in4(a, 0, 0, 0, 0, 8)) return "an unspecified address (0.0.0.0/8)";
  if (in4(a, 127, 0, 0, 0, 8)) return "a loopback address (127.0.0.0/8)";
  if (in4(a, 10, 0, 0, 0, 8) || in4(a, 172, 16, 0, 0, 12) || in4(a, 192, 168, 0, 0, 16))
    return "a private address (RFC 1918)";
  if (in4(a, 100, 64, 0, 0, 10)) return "a carrier-grade NAT address (100.64.0.0/10)";
  if (in4(a, 169, 254, 0, 0, 16)) return "a link-local address (169.254.0.0/16)";
  if (in4(a, 192, 0, 0, 0, 24)) return "an IETF protocol address (192.0.0.0/24)";
  if (in4(a, 192, 0, 2, 0, 24) || in4(a, 198, 51, 100, 0, 24) || in4(a, 203, 0, 113, 0, 24))
    return "a documentation address";
  if (in4(a, 192, 88, 99, 0, 24)) return "a 6to4 relay address (192.88.99.0/24)";
  if (in4(a, 198, 18, 0, 0, 15)) return "a benchmarking address (198.18.0.0/15)";
  if (in4(a, 224, 0, 0, 0, 4)) return "a multicast address (224.0.0.0/4)";
  if (in4(a, 240, 0, 0, 0, 4)) return "a reserved or broadcast address (240.0.0.0/4)";
  return "";
}

bool zero(const Ipv6& a, std::size_t from, std::size_t to) {
  return std::all_of(a.begin() + static_cast<long>(from), a.begin() + static_cast<long>(to),
                     [](std::uint8_t b) { return b == 0; });
}

Ipv4 v4_at(const Ipv6& a, std::size_t at) { return {a[at], a[at + 1], a[at + 2], a[at + 3]}; }

std::string forbidden_v6(const Ipv6& a) {
  if (zero(a, 0, 16)) return "an unspecified address (::)";
  if (zero(a, 0, 15) && a[15] == 1) return "a loopback address (::1)";
  if (zero(a, 0, 10) && a[10] == 0xff && a[11] == 0xff) {  // ::ffff:a.b.c.d, IPv4-mapped
    const std::string v4 = forbidden_v4(v4_at(a, 12));
    return v4.empty() ? "" : v4 + ", mapped to IPv6";
  }
  if (zero(a, 0, 12)) {  // ::a.b.c.d, IPv4-compatible (deprecated)
    const std::string v4 = forbidden_v4(v4_at(a, 12));
    return v4.empty() ? "an IPv4-compatible IPv6 address (deprecated)" : v4 + ", in IPv6";
  }
  if (a[0] == 0x00 && a[1] == 0x64 && a[2] == 0xff && a[3] == 0x9b) {  // NAT64
    if (zero(a, 4, 12)) {
      const std::string v4 = forbidden_v4(v4_at(a, 12));
      return v4.empty() ? "" : v4 + ", through NAT64";
    }
    return "a local NAT64 address (64:ff9b:1::/48)";
  }
  if (a[0] == 0xfe && (a[1] & 0xc0) == 0x80) return "a link-local address (fe80::/10)";
  if (a[0] == 0xfe && (a[1] & 0xc0) == 0xc0) return "a site-local address (fec0::/10)";
  if ((a[0] & 0xfe) == 0xfc) return "a private address (fc00::/7)";
  if (a[0] == 0xff) return "a multicast address (ff00::/8)";
  if (a[0] == 0x20 && a[1] == 0x01 && a[2] == 0x0d && a[3] == 0xb8)
    return "a documentation address (2001:db8::/32)";
  if (a[0] == 0x20 && a[1] == 0x01 && a[2] == 0x00 && a[3] == 0x00)
    return "a Teredo tunnel address (2001::/32)";
  if (a[0] == 0x20 && a[1] == 0x02) {  // 6to4: the IPv4 address is in bytes 2-5
    const std::string v4 = forbidden_v4(v4_at(a, 2));
    return v4.empty() ? "" : v4 + ", through 6to4";
  }
  if ((a[0] & 0xe0) != 0x20) return "a reserved IPv6 address (outside 2000::/3)";
  return "";
}

// The host without a trailing dot ("localhost." is "localhost").
std::string bare(std::string host) {
  if (!host.empty() && host.back() == '.') host.pop_back();
  return host;
}

bool localhost_name(const std::string& host) {
  const std::string h = bare(host);
  constexpr std::string_view kSuffix = ".localhost";  // RFC 6761: always loopback
  return h == "localhost" ||
         (h.size() > kSuffix.size() && h.compare(h.size() - kSuffix.size(), kSuffix.size(),
                                                 kSuffix.data(), kSuffix.size()) == 0);
}

// An IPv4 address in any spelling inet_aton accepts (0x7f000001, 2130706433, 127.1, 0177.0.0.1)
// as a.b.c.d; nullopt if the host is not one. curl normalises these too; this does not rely on it.
std::optional<std::string> ipv4_numbers(const std::string& host) {
  if (host.empty() || host.find_first_not_of("0123456789abcdefxABCDEFX.") != std::string::npos)
    return std::nullopt;
  in_addr addr{};
  if (inet_aton(host.c_str(), &addr) == 0) return std::nullopt;
  char text[INET_ADDRSTRLEN];
  if (inet_ntop(AF_INET, &addr, text, sizeof text) == nullptr) return std::nullopt;
  return std::string(text);
}

std::string refusal(const std::string& host, const std::string& address, const std::string& why) {
  return (host == address ? address : host + " resolves to " + address) + ", " + why +
         ": notices are sent only to public addresses (the server's operator may allow a host "
         "with --webhook-allow-host)";
}

}  // namespace

std::string forbidden_address(const std::string& address) {
  Ipv4 v4{};
  if (inet_pton(AF_INET, address.c_str(), v4.data()) == 1) return forbidden_v4(v4);
  Ipv6 v6{};
  if (inet_pton(AF_INET6, address.c_str(), v6.data()) == 1) return forbidden_v6(v6);
  return "not an IP address";
}

std::optional<WebhookTarget> webhook_target(const std::string& url, std::string& problem) {
  std::unique_ptr<CURLU, decltype(&curl_url_cleanup)> parsed(curl_url(), curl_url_cleanup);
  if (!parsed || curl_url_set(parsed.get(), CURLUPART_URL, url.c_str(), 0) != CURLUE_OK) {
    problem = "'" + url + "' is not a URL (e.g. https://discord.com/api/webhooks/...)";
    return std::nullopt;
  }
  auto part = [&](CURLUPart which, unsigned flags) -> std::optional<std::string> {
    char* value = nullptr;
    if (curl_url_get(parsed.get(), which, &value, flags) != CURLUE_OK || value == nullptr)
      return std::nullopt;
    std::string out(value);
    curl_free(value);
    return out;
  };
  const auto scheme = part(CURLUPART_SCHEME, 0);
  if (!scheme) {
    problem = "the URL has no scheme; use http:// or https://";
    return std::nullopt;
  }
  if (*scheme != "http" && *scheme != "https") {
    problem = "the URL's scheme is '" + *scheme + "'; only http and https are sent to";
    return std::nullopt;
  }
  auto host = part(CURLUPART_HOST, 0);
  if (!host || host->empty()) {
    problem = "the URL names no host";
    return std::nullopt;
  }
  if (host->back() == '.') {
    problem = "write the URL's host without a final dot";
    return std::nullopt;
  }
  WebhookTarget target;
  target.host = http::lower(*host);
  if (target.host.size() > 2 && target.host.front() == '[' && target.host.back() == ']') {
    target.host = target.host.substr(1, target.host.size() - 2);
    target.numeric = true;
  } else if (const auto v4 = ipv4_numbers(target.host)) {
    target.host = *v4;
    target.numeric = true;
  }
  const auto port = part(CURLUPART_PORT, CURLU_DEFAULT_PORT);
  target.port = port ? std::atoi(port->c_str()) : 0;
  if (target.port <= 0 || target.port > 65535) {
    problem = "the URL's port is not one from 1 to 65535";
    return std::nullopt;
  }
  return target;
}

bool WebhookPolicy::allows(const std::string& host) const {
  const std::string h = bare(http::lower(host));
  return std::any_of(allowed_hosts.begin(), allowed_hosts.end(),
                     [&](const std::string& a) { return bare(http::lower(a)) == h; });
}

std::string webhook_host_problem(const WebhookTarget& target, const WebhookPolicy& policy) {
  if (policy.allows(target.host)) return "";
  if (target.numeric) {
    const std::string why = forbidden_address(target.host);
    return why.empty() ? "" : refusal(target.host, target.host, why);
  }
  if (localhost_name(target.host))
    return refusal(target.host, target.host, "a name of this machine (loopback)");
  return "";
}

std::vector<std::string> resolve_host(const std::string& host) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  if (const int rc = getaddrinfo(host.c_str(), nullptr, &hints, &found); rc != 0)
    throw std::runtime_error(gai_strerror(rc));
  std::unique_ptr<addrinfo, decltype(&freeaddrinfo)> list(found, freeaddrinfo);
  std::vector<std::string> out;
  for (const addrinfo* a = found; a != nullptr; a = a->ai_next) {
    char text[INET6_ADDRSTRLEN] = {};
    const void* where =
        a->ai_family == AF_INET
            ? static_cast<const void*>(&reinterpret_cast<const sockaddr_in*>(a->ai_addr)->sin_addr)
            : static_cast<const void*>(
                  &reinterpret_cast<const sockaddr_in6*>(a->ai_addr)->sin6_addr);
    if ((a->ai_family == AF_INET || a->ai_family == AF_INET6) &&
        inet_ntop(a->ai_family, where, text, sizeof text) != nullptr &&
        std::find(out.begin(), out.end(), text) == out.end())
      out.emplace_back(text);
  }
  return out;
}

PinnedAddress pin_webhook_address(const WebhookTarget& target, const WebhookPolicy& policy,
                                  const Resolver& resolve) {
  PinnedAddress pin;
  const bool allowed = policy.allows(target.host);
  if (target.numeric) {
    const std::string why = allowed ? "" : forbidden_address(target.host);
    if (!why.empty()) {
      pin.problem = refusal(target.host, target.host, why);
      pin.permanent = true;
      return pin;
    }
    pin.address = target.host;
    return pin;
  }
  if (!allowed && localhost_name(target.host)) {
    pin.problem = refusal(target.host, target.host, "a name of this machine (loopback)");
    pin.permanent = true;
    return pin;
  }
  std::vector<std::string> addresses;
  try {
    addresses = resolve(target.host);
  } catch (const std::exception& e) {
    pin.problem = "could not look up " + target.host + ": " + e.what();
    return pin;
  }
  if (addresses.empty()) {
    pin.problem = "could not look up " + target.host + ": no address";
    return pin;
  }
  if (!allowed) {
    // Every address must be public: a name that also points inside is refused whole.
    for (const std::string& address : addresses) {
      if (const std::string why = forbidden_address(address); !why.empty()) {
        pin.problem = refusal(target.host, address, why);
        pin.permanent = true;
        return pin;
      }
    }
  }
  pin.address = addresses.front();
  return pin;
}

std::string curl_resolve_entry(const WebhookTarget& target, const std::string& address) {
  const bool v6 = address.find(':') != std::string::npos;
  return target.host + ":" + std::to_string(target.port) + ":" +
         (v6 ? "[" + address + "]" : address);
}

std::string numeric_address(const void* sockaddr_any) {
  const auto* sa = static_cast<const sockaddr*>(sockaddr_any);
  char text[INET6_ADDRSTRLEN] = {};
  if (sa->sa_family == AF_INET) {
    const auto* in = static_cast<const sockaddr_in*>(sockaddr_any);
    if (inet_ntop(AF_INET, &in->sin_addr, text, sizeof text) != nullptr) return text;
  } else if (sa->sa_family == AF_INET6) {
    const auto* in6 = static_cast<const sockaddr_in6*>(sockaddr_any);
    if (inet_ntop(AF_INET6, &in6->sin6_addr, text, sizeof text) != nullptr) return text;
  }
  return "";
}

}  // namespace pacwar::server
