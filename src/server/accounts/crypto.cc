#include "server/accounts/crypto.h"

#include <sodium.h>

#include <condition_variable>
#include <mutex>
#include <stdexcept>
#include <vector>

namespace pacwar::server {
namespace {

// Bounds the memory of concurrent password hashing (64 MiB each).
class HashSlots {
 public:
  void acquire() {
    std::unique_lock lock(mutex_);
    free_.wait(lock, [this] { return used_ < kSlots; });
    ++used_;
  }
  void release() {
    {
      std::lock_guard lock(mutex_);
      --used_;
    }
    free_.notify_one();
  }

 private:
  static constexpr int kSlots = 2;
  std::mutex mutex_;
  std::condition_variable free_;
  int used_ = 0;
};

HashSlots& slots() {
  // Never destroyed: threads still running when the process exits may read it.
  static HashSlots& instance = *new HashSlots();
  return instance;
}

struct Slot {
  Slot() { slots().acquire(); }
  ~Slot() { slots().release(); }
};

std::string hex(const unsigned char* data, std::size_t size) {
  std::string text(size * 2 + 1, '\0');
  sodium_bin2hex(text.data(), text.size(), data, size);
  text.pop_back();
  return text;
}

}  // namespace

void init_crypto() {
  if (sodium_init() < 0) throw std::runtime_error("libsodium cannot be initialized");
}

std::string hash_password(const std::string& password) {
  char out[crypto_pwhash_STRBYTES];
  Slot slot;
  if (crypto_pwhash_str(out, password.data(), password.size(), crypto_pwhash_OPSLIMIT_INTERACTIVE,
                        crypto_pwhash_MEMLIMIT_INTERACTIVE) != 0) {
    throw std::runtime_error("out of memory while hashing a password");
  }
  return out;
}

bool verify_password(const std::string& hash, const std::string& password) {
  if (hash.size() >= crypto_pwhash_STRBYTES) return false;
  Slot slot;
  return crypto_pwhash_str_verify(hash.c_str(), password.data(), password.size()) == 0;
}

std::string random_token(std::size_t bytes) {
  std::vector<unsigned char> data(bytes);
  randombytes_buf(data.data(), data.size());
  return hex(data.data(), data.size());
}

std::uint64_t random_u64() {
  std::uint64_t value = 0;
  randombytes_buf(&value, sizeof value);
  return value;
}

std::string token_hash(const std::string& token) {
  unsigned char out[32];
  crypto_generichash(out, sizeof out, reinterpret_cast<const unsigned char*>(token.data()),
                     token.size(), nullptr, 0);
  return hex(out, sizeof out);
}

}  // namespace pacwar::server
