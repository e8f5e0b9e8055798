#include "server/http/client_address.h"

#include <algorithm>
#include <cctype>

namespace pacwar::server {

std::string client_address(const http::Request& request,
                           const std::vector<std::string>& trusted_proxies) {
  const std::string& peer = request.remote_addr;
  if (std::find(trusted_proxies.begin(), trusted_proxies.end(), peer) == trusted_proxies.end()) {
    return peer;
  }
  const std::string forwarded = request.header("x-forwarded-for");
  const auto comma = forwarded.rfind(',');
  std::string last = comma == std::string::npos ? forwarded : forwarded.substr(comma + 1);
  const auto first = last.find_first_not_of(" \t");
  const auto end = last.find_last_not_of(" \t");
  if (first == std::string::npos) return peer;
  last = last.substr(first, end - first + 1);
  // An address is short and made of hex digits, dots and colons; anything else is not one.
  const bool valid = last.size() <= 45 && std::all_of(last.begin(), last.end(), [](char c) {
                       return std::isxdigit(static_cast<unsigned char>(c)) || c == '.' || c == ':';
                     });
  return valid ? last : peer;
}

}  // namespace pacwar::server
