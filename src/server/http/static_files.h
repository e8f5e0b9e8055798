// The static files of the browser UI: a GET of /x/y.js reads DIR/x/y.js (a directory: its
// index.html), with a content type from the file's extension. Paths with ".." or "." segments,
// backslashes or NUL bytes are never mapped to a file.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "server/http/message.h"

namespace pacwar::server::http {

// The file under `root` that `path` (decoded, starting with '/') names, or nullopt.
std::optional<std::filesystem::path> static_path(const std::filesystem::path& root,
                                                 std::string_view path);

// "text/html", "text/javascript", ... by the file's extension; application/octet-stream else.
std::string content_type_of(const std::filesystem::path& file);

// The answer for `path` under `root` (200 with the file and its ETag, a hash of its bytes; 304
// with no body when `if_none_match`, the request's If-None-Match, names that ETag), or nullopt
// when there is no such file.
std::optional<Response> static_file(const std::filesystem::path& root, std::string_view path,
                                    std::string_view if_none_match = {});

// The ETag of a file with these bytes: a quoted 64-bit FNV-1a hash and the size.
std::string entity_tag(std::string_view bytes);

}  // namespace pacwar::server::http
