// The addresses the operator lets reach /metrics and /healthz (--metrics-allow): a list of
// networks in CIDR notation ("127.0.0.0/8", "::1", "10.1.0.0/16"), IPv4 and IPv6. An IPv4
// client seen as an IPv4-mapped IPv6 address ("::ffff:10.1.2.3") is checked as its IPv4 address.
// The address checked is the client's as client_address.h finds it (behind a --trust-proxy
// proxy, the address that proxy appended to X-Forwarded-For), the same as every other rule.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace pacwar::server {

class AddressAllowList {
 public:
  // Parses each entry (an address, or address/prefix); throws std::invalid_argument naming the
  // entry that is not one. An entry may hold several, separated by commas.
  explicit AddressAllowList(const std::vector<std::string>& networks);
  // Whether `address` (text as inet_ntop writes it) is in one of the networks; false for text
  // that is no address.
  bool allows(std::string_view address) const;

  // Loopback only: what `pacwar serve` allows by default.
  static std::vector<std::string> loopback() { return {"127.0.0.0/8", "::1/128"}; }

 private:
  struct Network {
    bool v6 = false;
    std::array<std::uint8_t, 16> bytes{};
    int prefix = 0;
  };
  std::vector<Network> networks_;
};

}  // namespace pacwar::server
