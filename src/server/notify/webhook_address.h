// Where a notification webhook may be sent (issue 41, docs/security.md "Webhooks"): only to
// public unicast addresses, so that a player cannot make the server POST to itself, to the
// machines of its own network or to a cloud's metadata service. The host is resolved when the
// notice is sent, every address it resolves to must be public, and the request is pinned to
// the checked address (CURLOPT_RESOLVE) so that DNS cannot answer differently at connect time.
// The operator may list hosts that are allowed whatever their address (a club's own chat
// server on its private network: `pacwar serve --webhook-allow-host chat.club.lan`).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace pacwar::server {

// Why `address` (an IPv4 or IPv6 address in numeric form) may not receive a webhook, in words
// for the player ("a loopback address"); "" for a public unicast address. IPv4-mapped and
// IPv4-compatible IPv6 addresses, and NAT64's 64:ff9b::/96, are judged by their IPv4 address.
std::string forbidden_address(const std::string& address);

// The host and port a webhook URL names, as curl reads the URL (lower-case host, IPv4 numbers
// in any spelling normalised to a.b.c.d, IPv6 without brackets).
struct WebhookTarget {
  std::string host;
  int port = 0;
  bool numeric = false;  // the host is an IP address
};
// The target of an http or https URL, or nullopt with `problem` set.
std::optional<WebhookTarget> webhook_target(const std::string& url, std::string& problem);

// The operator's allowed hosts (lower case, compared with the URL's host as written).
struct WebhookPolicy {
  std::vector<std::string> allowed_hosts;
  bool allows(const std::string& host) const;
};

// The checks that need no name lookup, for the moment a player saves the URL: an IP address or
// a localhost name that is not allowed; "" otherwise.
std::string webhook_host_problem(const WebhookTarget& target, const WebhookPolicy& policy);

// Resolves a host name to its numeric addresses (getaddrinfo; tests inject their own so that
// no name is ever looked up off this machine). Throws std::runtime_error when it fails.
using Resolver = std::function<std::vector<std::string>(const std::string& host)>;
std::vector<std::string> resolve_host(const std::string& host);

// The address to send to: the first address of the host when every one of them is public (or
// the host is allowed), else a problem for the log and the notice.
struct PinnedAddress {
  std::string address;  // numeric; empty when refused
  std::string problem;
  bool permanent = false;  // refused by the policy (a failed lookup may pass on a retry)
};
PinnedAddress pin_webhook_address(const WebhookTarget& target, const WebhookPolicy& policy,
                                  const Resolver& resolve);

// curl's CURLOPT_RESOLVE entry that sends `target` to `address`: "host:port:address".
std::string curl_resolve_entry(const WebhookTarget& target, const std::string& address);

// The numeric address of a socket address (AF_INET or AF_INET6), "" for another family: the
// sender checks each address curl is about to connect to (CURLOPT_OPENSOCKETFUNCTION).
std::string numeric_address(const void* sockaddr_any);

}  // namespace pacwar::server
