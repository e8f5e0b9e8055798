// The War in the Pacific campaign assistant in the web server (docs/witp.md, "In the browser"):
// campaigns kept in the database per user and shown read-only to the readers their owner names
// (by user name or a share link), the books, the calculators (run, and posted to the books as one
// logged change), the book changes, the Strategic G/T checklist and undo. Every rule is src/witp's
// code, the same the command line runs; this file only stores, checks access and translates.
#pragma once

#include <cstddef>
#include <functional>
#include <string>

#include "server/db/db.h"
#include "server/http/routes.h"

namespace pacwar::server {

// Creates the assistant's tables (additive: new tables only) and adds its routes under
// /api/witp/ (every one for a signed-in user). `db` must outlive the routes' server. A change
// that would make a campaign's stored document (books and log) larger than `max_campaign_bytes`
// is refused (0: no limit; ServerConfig::max_campaign_bytes).
void register_witp_routes(Routes& routes, Database& db, std::size_t max_campaign_bytes);

}  // namespace pacwar::server
