// libFuzzer target: the webhook address check (issue 41, src/server/notify/webhook_address.h). Each
// input is a URL (up to the first newline) and bytes that the target's own resolver hands back
// as the host's addresses (a family byte, then 4 or 16 address bytes, up to three times). The
// check must never pin an address that is not public, whatever the URL's spelling and whatever
// the resolver answers, and a URL the save check passes must not name an internal address.
// Nothing is sent and no name is looked up.
#include "server/notify/webhook_address.h"

#include <arpa/inet.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

using pacwar::server::forbidden_address;

// An independent judge of the worst cases (loopback, unspecified, private, link-local), with
// none of webhook_address.cc's code.
bool plainly_internal(const std::string& address) {
  unsigned char a[16];
  if (inet_pton(AF_INET, address.c_str(), a) == 1)
    return a[0] == 127 || a[0] == 0 || a[0] == 10 || (a[0] == 169 && a[1] == 254) ||
           (a[0] == 192 && a[1] == 168) || (a[0] == 172 && (a[1] & 0xf0) == 16);
  if (inet_pton(AF_INET6, address.c_str(), a) == 1) {
    bool zero12 = true;
    for (int i = 0; i < 10; ++i) zero12 = zero12 && a[i] == 0;
    if (zero12 && a[10] == 0xff && a[11] == 0xff) {  // mapped
      const std::string v4 = std::to_string(a[12]) + "." + std::to_string(a[13]) + "." +
                             std::to_string(a[14]) + "." + std::to_string(a[15]);
      return plainly_internal(v4);
    }
    bool zero15 = zero12 && a[10] == 0 && a[11] == 0 && a[12] == 0 && a[13] == 0 && a[14] == 0;
    return (zero15 && a[15] <= 1) || (a[0] == 0xfe && (a[1] & 0xc0) == 0x80) ||
           (a[0] & 0xfe) == 0xfc;
  }
  return false;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  const std::size_t newline = input.find('\n');
  const std::string url = input.substr(0, newline);
  std::vector<std::string> answers;
  if (newline != std::string::npos) {
    std::size_t at = newline + 1;
    while (answers.size() < 3 && at < input.size()) {
      const bool v6 = (static_cast<unsigned char>(input[at]) & 1) != 0;
      const std::size_t n = v6 ? 16 : 4;
      if (at + 1 + n > input.size()) break;
      char text[INET6_ADDRSTRLEN] = {};
      if (inet_ntop(v6 ? AF_INET6 : AF_INET, input.data() + at + 1, text, sizeof text) != nullptr)
        answers.emplace_back(text);
      at += 1 + n;
    }
  }
  const pacwar::server::Resolver resolve = [&answers](const std::string&) { return answers; };
  std::string problem;
  const auto target = pacwar::server::webhook_target(url, problem);
  if (!target) return 0;
  const pacwar::server::WebhookPolicy none;
  if (target->numeric && webhook_host_problem(*target, none).empty() &&
      (!forbidden_address(target->host).empty() || plainly_internal(target->host)))
    std::abort();  // the save check let an internal address through
  const auto pin = pacwar::server::pin_webhook_address(*target, none, resolve);
  if (!pin.address.empty() &&
      (!forbidden_address(pin.address).empty() || plainly_internal(pin.address)))
    std::abort();  // a request would have gone to an internal address
  return 0;
}
