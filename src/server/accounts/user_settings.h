// A user's notification settings (GET/PUT /api/me/settings, docs/api.md): where notices go (a
// webhook URL in the Discord/Slack incoming-webhook format, an e-mail address, the browser while
// a page is open) and which events send one. Stored as JSON in table user_settings
// (notice_queue.h).
#pragma once

#include <string>

#include "engine/game.h"
#include "server/notify/webhook_address.h"

namespace pacwar::server {

// The settings with every field filled: the stored ones (null: none stored) over the defaults
// {"webhook_url": null, "email": null, "notify": {"turn": true, "game_end": true,
// "invite_accepted": true, "clock": true, "browser": false}}.
engine::Json effective_settings(const engine::Json& stored);

// `current` changed by the fields of a PUT body; throws ApiError 400 naming the field and the
// reason (unknown field, a URL that is not http(s) or names a loopback or private address that
// `policy` does not allow, an e-mail address that is not one...).
engine::Json merge_settings(const engine::Json& current, const engine::Json& body,
                            const WebhookPolicy& policy);

// Whether the settings ask for notices of `kind` ("turn", "game_end", "invite_accepted",
// "clock_low", "clock_out"); always for "rules_repair" (a rules fix took back moves).
bool wants(const engine::Json& settings, const std::string& kind);

// The checks of merge_settings, for one value: "" when fine, else the reason. The webhook's
// host is not looked up here (webhook_address.h: that happens when a notice is sent).
std::string webhook_url_problem(const std::string& url, const WebhookPolicy& policy);
std::string email_problem(const std::string& email);

}  // namespace pacwar::server
