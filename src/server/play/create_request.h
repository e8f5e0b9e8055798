// The body of POST /api/games (docs/api.md, "Create a game"), read and type-checked in one
// place: every field of the wrong JSON type, a missing field or an impossible combination is
// refused here with ApiError 400 naming the field, before anything is made. What needs the
// server's registries (an unknown game, seat or computer level, a rated level without a
// measured rating) is checked by those who hold them (GameService::create, Platform).
#pragma once

#include <string>

#include "engine/game.h"

namespace pacwar::server {

struct CreateGameRequest {
  std::string game;                               // "pacific-war"
  std::string seat;                               // the creator's seat name, or "random"
  engine::Json options = engine::Json::object();  // the game's options ({"rules": [...]} or {})
  std::string opponent;                           // "human" or a computer level (agent_levels)
  engine::Json clock = nullptr;                   // parse_clock's control; null: no clock
  // The game's settings (platform.h).
  bool is_public = false;             // "public": anyone signed in may watch
  bool rated = false;                 // "rated"
  bool open = false;                  // "open": an open challenge anyone may accept
  bool spectators_read_chat = false;  // "spectator_chat": "read" (else "none")
  bool hints = false;                 // "hints": the players may ask for hints (never rated)

  bool against_person() const { return opponent == "human"; }
};

// The request of `body`; ApiError 400 with the field for a body that is not one.
CreateGameRequest parse_create_request(const engine::Json& body);

}  // namespace pacwar::server
