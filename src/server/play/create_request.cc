#include "server/play/create_request.h"

#include "server/http/api_error.h"
#include "server/http/json_http.h"
#include "server/play/clocks.h"
#include "server/play/games.h"

namespace pacwar::server {
namespace {

using engine::Json;

// The "options" field: an array of rule ids, an object of options, or absent/null.
Json options_of(const Json& body) {
  Json options = Json::object();
  const Json& rules = member(body, "options");
  if (rules.is_array()) {
    for (const Json& rule : rules) {
      if (!rule.is_string()) throw field_error("options", "must be an array of rule ids");
    }
    if (!rules.empty()) options["rules"] = rules;
  } else if (rules.is_object()) {
    options = rules;
  } else if (!rules.is_null()) {
    throw field_error("options", "must be an array of rule ids, e.g. [\"15.1\"]");
  }
  return options;
}

}  // namespace

CreateGameRequest parse_create_request(const Json& body) {
  if (!body.is_object()) throw ApiError(400, "the body must be a JSON object");
  CreateGameRequest r;
  // The settings first, as the platform checked them before the game's fields.
  r.is_public = bool_field(body, "public");
  r.rated = bool_field(body, "rated");
  r.open = bool_field(body, "open");
  const std::string chat = optional_string_field(body, "spectator_chat").value_or("none");
  if (chat != "read" && chat != "none") {
    throw field_error("spectator_chat",
                      "must be \"read\" (spectators read the chat) or \"none\" (only the players "
                      "see it)");
  }
  r.spectators_read_chat = chat == "read";
  if (r.spectators_read_chat && !r.is_public) {
    throw ApiError(400, "field 'spectator_chat': only a public game has spectators",
                   {{"field", "spectator_chat"}});
  }
  const Json& opponent = member(body, "opponent");
  if (r.open && !(opponent.is_string() && opponent == "human")) {
    throw ApiError(400, "field 'open': an open challenge is for a person (opponent \"human\")",
                   {{"field", "open"}});
  }
  r.hints = bool_field(body, "hints");

  r.game = string_field(body, "game", ", e.g. \"pacific-war\"");
  r.seat = string_field(body, "seat", " (a seat name)");
  r.options = options_of(body);
  std::string levels = "human";
  for (const std::string& level : agent_levels()) levels += ", " + level;
  r.opponent = string_field(body, "opponent", " (one of: " + levels + ")");
  r.clock = parse_clock(member(body, "clock"));
  if (!r.against_person() && !r.clock.is_null()) {
    throw ApiError(400, "field 'clock': clocks are for games between people (opponent \"human\")",
                   {{"field", "clock"}});
  }
  return r;
}

}  // namespace pacwar::server
