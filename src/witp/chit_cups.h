// The chit mixes Rule Book II prints (naval attrition cups, 37.2.1; the Magic cup, 42.4.1), read
// from data/witp/chit_cups.json and checked against the totals the text gives.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "witp/common.h"

namespace pacwar::witp {

struct Chit {
  std::string name;       // ship class ("CV"), Magic chit type, or "blank"
  bool returned = false;  // marked *: back into the cup after use (37.2.2)
};

struct ChitCups {
  std::vector<Chit> allied_attrition;    // 32 chits
  std::vector<Chit> japanese_attrition;  // 44 chits
  std::vector<Chit> magic;               // 62 chits
};

// Reads `file`; a missing file or a mix that does not match the text is an engine::DataError
// naming the file and field.
ChitCups load_chit_cups(const std::string& file);
// data/witp/chit_cups.json in the game data directory.
std::string default_chit_cups_file();

}  // namespace pacwar::witp
