// --metrics-allow: the address check as a function (no traffic from other addresses).
#include "server/ops/address_allow.h"

#include <gtest/gtest.h>

#include <stdexcept>

namespace pacwar::server {
namespace {

TEST(AddressAllowList, LoopbackByDefault) {
  const AddressAllowList allow(AddressAllowList::loopback());
  EXPECT_TRUE(allow.allows("127.0.0.1"));
  EXPECT_TRUE(allow.allows("127.255.0.9"));
  EXPECT_TRUE(allow.allows("::1"));
  EXPECT_TRUE(allow.allows("::ffff:127.0.0.1"));  // IPv4 on a dual-stack socket
  EXPECT_FALSE(allow.allows("128.0.0.1"));
  EXPECT_FALSE(allow.allows("10.0.0.1"));
  EXPECT_FALSE(allow.allows("::2"));
  EXPECT_FALSE(allow.allows("::ffff:10.0.0.1"));
  EXPECT_FALSE(allow.allows(""));
  EXPECT_FALSE(allow.allows("localhost"));
  EXPECT_FALSE(allow.allows("127.0.0.1, 10.0.0.1"));
}

TEST(AddressAllowList, NetworksAndPrefixes) {
  const AddressAllowList allow({"10.1.0.0/16, 192.168.7.5", "fd00::/8,2001:db8::/33"});
  EXPECT_TRUE(allow.allows("10.1.200.3"));
  EXPECT_FALSE(allow.allows("10.2.0.1"));
  EXPECT_TRUE(allow.allows("192.168.7.5"));
  EXPECT_FALSE(allow.allows("192.168.7.6"));
  EXPECT_TRUE(allow.allows("fd12:3456::1"));
  EXPECT_FALSE(allow.allows("fe80::1"));
  EXPECT_TRUE(allow.allows("2001:db8:7fff::1"));   // bit 33 clear
  EXPECT_FALSE(allow.allows("2001:db8:8000::1"));  // bit 33 set
  EXPECT_FALSE(allow.allows("127.0.0.1"));         // loopback only when listed
  const AddressAllowList odd({"172.16.0.0/12"});
  EXPECT_TRUE(odd.allows("172.31.255.255"));
  EXPECT_FALSE(odd.allows("172.32.0.0"));
}

TEST(AddressAllowList, EverythingAndNothing) {
  EXPECT_TRUE(AddressAllowList({"0.0.0.0/0", "::/0"}).allows("203.0.113.9"));
  EXPECT_TRUE(AddressAllowList({"0.0.0.0/0", "::/0"}).allows("2001:db8::1"));
  EXPECT_FALSE(AddressAllowList({}).allows("127.0.0.1"));
}

TEST(AddressAllowList, RefusesWhatIsNoNetwork) {
  for (const char* bad : {"localhost", "127.0.0.1/33", "::1/129", "10.0.0.0/", "10.0.0.0/x",
                          "10.0.0.0/-1", "1.2.3", "10.0.0.0/8/8"}) {
    EXPECT_THROW(AddressAllowList({bad}), std::invalid_argument) << bad;
  }
  try {
    AddressAllowList({"127.0.0.1,nonsense"});
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("'nonsense'"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace pacwar::server
