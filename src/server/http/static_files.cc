#include "server/http/static_files.h"

#include <array>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <utility>

namespace pacwar::server::http {

std::optional<std::filesystem::path> static_path(const std::filesystem::path& root,
                                                 std::string_view path) {
  if (path.empty() || path.front() != '/') return std::nullopt;
  if (path.find('\0') != std::string_view::npos || path.find('\\') != std::string_view::npos) {
    return std::nullopt;
  }
  std::filesystem::path file = root;
  std::string_view rest = path.substr(1);
  while (!rest.empty()) {
    const std::size_t slash = rest.find('/');
    const std::string_view segment = rest.substr(0, slash);
    if (segment == "." || segment == "..") return std::nullopt;
    if (!segment.empty()) file /= std::string(segment);
    if (slash == std::string_view::npos) break;
    rest.remove_prefix(slash + 1);
  }
  std::error_code ec;
  if (std::filesystem::is_directory(file, ec)) file /= "index.html";
  if (!std::filesystem::is_regular_file(file, ec)) return std::nullopt;
  return file;
}

std::string content_type_of(const std::filesystem::path& file) {
  static const std::array<std::pair<std::string_view, std::string_view>, 14> kTypes{{
      {".html", "text/html; charset=utf-8"},
      {".js", "text/javascript; charset=utf-8"},
      {".mjs", "text/javascript; charset=utf-8"},
      {".css", "text/css; charset=utf-8"},
      {".json", "application/json"},
      {".svg", "image/svg+xml"},
      {".png", "image/png"},
      {".jpg", "image/jpeg"},
      {".jpeg", "image/jpeg"},
      {".ico", "image/x-icon"},
      {".txt", "text/plain; charset=utf-8"},
      {".md", "text/plain; charset=utf-8"},
      {".woff2", "font/woff2"},
      {".map", "application/json"},
  }};
  const std::string extension = file.extension().string();
  for (const auto& [ext, type] : kTypes) {
    if (extension == ext) return std::string(type);
  }
  return "application/octet-stream";
}

std::string entity_tag(std::string_view bytes) {
  std::uint64_t hash = 14695981039346656037ull;
  for (const char c : bytes) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 1099511628211ull;
  }
  char text[40];
  std::snprintf(text, sizeof text, "\"%016llx-%zx\"", static_cast<unsigned long long>(hash),
                bytes.size());
  return text;
}

std::optional<Response> static_file(const std::filesystem::path& root, std::string_view path,
                                    std::string_view if_none_match) {
  const auto file = static_path(root, path);
  if (!file) return std::nullopt;
  std::ifstream in(*file, std::ios::binary);
  if (!in) return std::nullopt;
  Response response;
  response.set_content(std::string(std::istreambuf_iterator<char>(in), {}), content_type_of(*file));
  const std::string tag = entity_tag(response.body);
  response.set_header("ETag", tag);
  if (!if_none_match.empty() &&
      (if_none_match == "*" || if_none_match.find(tag) != std::string_view::npos)) {
    response.status = 304;
    response.body.clear();
  }
  return response;
}

}  // namespace pacwar::server::http
