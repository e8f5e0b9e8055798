// Passwords (argon2id through libsodium's crypto_pwhash_str) and random tokens.
#pragma once

#include <cstdint>
#include <string>

namespace pacwar::server {

// Initializes libsodium; call once before the functions below (safe to call again).
void init_crypto();

// An argon2id hash string (salt and parameters included). At most two hashes are computed at
// once: each takes 64 MiB and a tenth of a second by design.
std::string hash_password(const std::string& password);
bool verify_password(const std::string& hash, const std::string& password);

// `bytes` random bytes as lowercase hex.
std::string random_token(std::size_t bytes);
std::uint64_t random_u64();
// A hash of a session token, as stored in the database (so a leaked table gives no cookies).
std::string token_hash(const std::string& token);

}  // namespace pacwar::server
