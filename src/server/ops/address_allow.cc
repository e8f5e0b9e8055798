#include "server/ops/address_allow.h"

#include <arpa/inet.h>

#include <charconv>
#include <cstring>
#include <optional>
#include <stdexcept>

#include "server/http/text.h"

namespace pacwar::server {
namespace {

struct Parsed {
  bool v6 = false;
  std::array<std::uint8_t, 16> bytes{};
};

std::optional<Parsed> parse_address(std::string_view text) {
  if (text.empty() || text.size() > 45) return std::nullopt;
  const std::string copy(text);
  Parsed parsed;
  if (::inet_pton(AF_INET, copy.c_str(), parsed.bytes.data()) == 1) return parsed;
  if (::inet_pton(AF_INET6, copy.c_str(), parsed.bytes.data()) != 1) return std::nullopt;
  // ::ffff:a.b.c.d is the IPv4 client a.b.c.d on a dual-stack socket.
  static constexpr std::uint8_t kMapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
  if (std::memcmp(parsed.bytes.data(), kMapped, sizeof kMapped) == 0) {
    std::memmove(parsed.bytes.data(), parsed.bytes.data() + 12, 4);
    std::memset(parsed.bytes.data() + 4, 0, 12);
    return parsed;
  }
  parsed.v6 = true;
  return parsed;
}

}  // namespace

AddressAllowList::AddressAllowList(const std::vector<std::string>& networks) {
  for (const std::string& item : networks) {
    std::string_view rest = item;
    while (true) {
      const auto comma = rest.find(',');
      const std::string_view entry = http::trim(rest.substr(0, comma));
      const auto refuse = [&entry](const std::string& why) {
        return std::invalid_argument("--metrics-allow '" + std::string(entry) + "': " + why +
                                     " (give addresses or networks such as 127.0.0.0/8, ::1, "
                                     "10.1.0.0/16)");
      };
      if (!entry.empty()) {
        const auto slash = entry.find('/');
        const auto address = parse_address(entry.substr(0, slash));
        if (!address) throw refuse("not an IP address");
        Network network;
        network.v6 = address->v6;
        network.bytes = address->bytes;
        const int most = network.v6 ? 128 : 32;
        network.prefix = most;
        if (slash != std::string_view::npos) {
          const std::string_view digits = entry.substr(slash + 1);
          int prefix = -1;
          const auto [end, error] =
              std::from_chars(digits.data(), digits.data() + digits.size(), prefix);
          if (digits.empty() || error != std::errc() || end != digits.data() + digits.size() ||
              prefix < 0 || prefix > most) {
            throw refuse("the prefix length must be 0 to " + std::to_string(most));
          }
          network.prefix = prefix;
        }
        networks_.push_back(network);
      }
      if (comma == std::string_view::npos) break;
      rest.remove_prefix(comma + 1);
    }
  }
}

bool AddressAllowList::allows(std::string_view address) const {
  const auto parsed = parse_address(http::trim(address));
  if (!parsed) return false;
  for (const Network& network : networks_) {
    if (network.v6 != parsed->v6) continue;
    const int whole = network.prefix / 8;
    if (std::memcmp(network.bytes.data(), parsed->bytes.data(), static_cast<std::size_t>(whole)) !=
        0) {
      continue;
    }
    const int bits = network.prefix % 8;
    if (bits != 0) {
      const auto mask = static_cast<std::uint8_t>(0xff << (8 - bits));
      const auto i = static_cast<std::size_t>(whole);
      if ((network.bytes[i] & mask) != (parsed->bytes[i] & mask)) continue;
    }
    return true;
  }
  return false;
}

}  // namespace pacwar::server
