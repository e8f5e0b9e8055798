#include "server/accounts/user_settings.h"

#include <algorithm>
#include <memory>

#include "server/http/api_error.h"
#include "server/http/json_http.h"

namespace pacwar::server {
namespace {

using engine::Json;

const Json& defaults() {
  // Never destroyed: threads still running when the process exits may read it.
  static const Json& d = *new const Json{{"webhook_url", nullptr},
                                         {"email", nullptr},
                                         {"notify",
                                          {{"turn", true},
                                           {"game_end", true},
                                           {"invite_accepted", true},
                                           {"clock", true},
                                           {"browser", false}}}};
  return d;
}

bool printable(const std::string& text) {
  return std::all_of(text.begin(), text.end(), [](char ch) {
    const auto c = static_cast<unsigned char>(ch);
    return c > 0x20 && c != 0x7f;
  });
}

// A string field that may be null or "" (both: none).
std::optional<std::string> optional_text(const Json& body, const char* field) {
  auto text = optional_string_field(body, field, " or null");
  if (text && text->empty()) return std::nullopt;
  return text;
}

}  // namespace

Json effective_settings(const Json& stored) {
  Json s = defaults();
  if (!stored.is_object()) return s;
  for (const char* field : {"webhook_url", "email"}) {
    if (auto it = stored.find(field); it != stored.end() && it->is_string()) s[field] = *it;
  }
  if (auto notify = stored.find("notify"); notify != stored.end() && notify->is_object()) {
    for (auto& [key, value] : s["notify"].items()) {
      if (auto it = notify->find(key); it != notify->end() && it->is_boolean()) value = *it;
    }
  }
  return s;
}

std::string webhook_url_problem(const std::string& url, const WebhookPolicy& policy) {
  if (url.size() > 2000) return "a URL has at most 2000 characters";
  if (!printable(url)) return "a URL has no spaces or control characters";
  std::string problem;
  const auto target = webhook_target(url, problem);
  if (!target) return problem;
  return webhook_host_problem(*target, policy);
}

std::string email_problem(const std::string& email) {
  if (email.size() > 254) return "an e-mail address has at most 254 characters";
  if (!printable(email)) return "an e-mail address has no spaces or control characters";
  const auto at = email.find('@');
  if (at == std::string::npos || email.find('@', at + 1) != std::string::npos) {
    return "'" + email + "' is not an e-mail address: it needs exactly one @ (name@example.org)";
  }
  const std::string local = email.substr(0, at);
  const std::string domain = email.substr(at + 1);
  if (local.empty() || local.size() > 64) return "the part before @ has 1 to 64 characters";
  const std::string local_ok = "!#$%&'*+-/=?^_`{|}~.";
  for (const char ch : local) {
    const auto c = static_cast<unsigned char>(ch);
    if (!std::isalnum(c) && local_ok.find(ch) == std::string::npos) {
      return std::string("the part before @ may not hold '") + ch + "'";
    }
  }
  if (local.front() == '.' || local.back() == '.' || local.find("..") != std::string::npos) {
    return "the part before @ may not start or end with a dot, or hold two dots in a row";
  }
  if (domain.empty() || (domain.find('.') == std::string::npos && domain != "localhost")) {
    return "the domain '" + domain + "' needs a dot (example.org)";
  }
  std::size_t label = 0;
  for (std::size_t i = 0; i <= domain.size(); ++i) {
    if (i == domain.size() || domain[i] == '.') {
      const std::string part = domain.substr(label, i - label);
      if (part.empty() || part.size() > 63 || part.front() == '-' || part.back() == '-') {
        return "the domain '" + domain + "' is not a host name";
      }
      label = i + 1;
      continue;
    }
    const auto c = static_cast<unsigned char>(domain[i]);
    if (!std::isalnum(c) && c != '-') return "the domain '" + domain + "' is not a host name";
  }
  return "";
}

Json merge_settings(const Json& current, const Json& body, const WebhookPolicy& policy) {
  if (!body.is_object()) throw ApiError(400, "the body must be a JSON object");
  Json s = effective_settings(current);
  for (auto& [key, value] : body.items()) {
    if (key == "webhook_url") {
      const auto url = optional_text(body, "webhook_url");
      if (url) {
        if (const std::string problem = webhook_url_problem(*url, policy); !problem.empty()) {
          throw ApiError(400, "field 'webhook_url': " + problem,
                         {{"field", "webhook_url"}, {"problem", problem}});
        }
      }
      s["webhook_url"] = url ? Json(*url) : Json(nullptr);
    } else if (key == "email") {
      const auto email = optional_text(body, "email");
      if (email) {
        if (const std::string problem = email_problem(*email); !problem.empty()) {
          throw ApiError(400, "field 'email': " + problem,
                         {{"field", "email"}, {"problem", problem}});
        }
      }
      s["email"] = email ? Json(*email) : Json(nullptr);
    } else if (key == "notify") {
      if (!value.is_object())
        throw field_error("notify", "must be an object such as {\"turn\": true}");
      for (auto& [name, on] : value.items()) {
        if (!s["notify"].contains(name)) {
          std::string known;
          for (auto& [k, v] : defaults()["notify"].items())
            known += (known.empty() ? "" : ", ") + k;
          throw ApiError(400, "field 'notify." + name + "' is unknown (known: " + known + ")",
                         {{"field", "notify." + name}});
        }
        if (!on.is_boolean()) {
          throw ApiError(400, "field 'notify." + name + "' must be true or false",
                         {{"field", "notify." + name}});
        }
        s["notify"][name] = on;
      }
    } else {
      throw ApiError(400, "unknown field '" + key + "' (known: webhook_url, email, notify)",
                     {{"field", key}});
    }
  }
  return s;
}

bool wants(const Json& settings, const std::string& kind) {
  if (kind == "rules_repair") return true;  // a game changed under the player: always told
  const std::string key = kind.rfind("clock", 0) == 0 ? "clock" : kind;
  const Json& notify = settings["notify"];
  auto it = notify.find(key);
  return it != notify.end() && it->is_boolean() && it->get<bool>();
}

}  // namespace pacwar::server
