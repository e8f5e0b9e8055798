#include "server/community/glicko2.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>

namespace pacwar::server::glicko2 {
namespace {

constexpr double kScale = 173.7178;  // Glicko-2 scale factor (400 / ln 10)
constexpr double kCenter = 1500.0;

double g(double phi) {
  return 1.0 / std::sqrt(1.0 + 3.0 * phi * phi / (std::numbers::pi * std::numbers::pi));
}

double expected(double mu, double mu_j, double phi_j) {
  return 1.0 / (1.0 + std::exp(-g(phi_j) * (mu - mu_j)));
}

// Step 5: the new volatility, by the Illinois variant of regula falsi on f.
double new_volatility(double phi, double sigma, double delta, double v, const Config& config) {
  const double a = std::log(sigma * sigma);
  const double tau2 = config.tau * config.tau;
  const auto f = [&](double x) {
    const double ex = std::exp(x);
    const double d = phi * phi + v + ex;
    return ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / tau2;
  };
  double big_a = a;
  double big_b = 0.0;
  if (delta * delta > phi * phi + v) {
    big_b = std::log(delta * delta - phi * phi - v);
  } else {
    double k = 1.0;
    while (f(a - k * config.tau) < 0.0) k += 1.0;
    big_b = a - k * config.tau;
  }
  double f_a = f(big_a);
  double f_b = f(big_b);
  for (int i = 0; i < 1000 && std::abs(big_b - big_a) > config.epsilon; ++i) {
    const double c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
    const double f_c = f(c);
    if (f_c * f_b <= 0.0) {
      big_a = big_b;
      f_a = f_b;
    } else {
      f_a /= 2.0;
    }
    big_b = c;
    f_b = f_c;
  }
  return std::exp(big_a / 2.0);
}

void check(double deviation, const char* what) {
  if (!(deviation > 0.0) || !std::isfinite(deviation)) {
    throw std::invalid_argument(std::string(what) + " must be a positive number");
  }
}

}  // namespace

double expected_score(const Rating& player, double opponent_rating, double opponent_deviation) {
  return expected((player.rating - kCenter) / kScale, (opponent_rating - kCenter) / kScale,
                  opponent_deviation / kScale);
}

Rating update(const Rating& player, const std::vector<Result>& results, const Config& config) {
  check(player.deviation, "the rating deviation");
  // Step 2: onto the Glicko-2 scale.
  const double mu = (player.rating - kCenter) / kScale;
  const double phi = player.deviation / kScale;
  const double sigma = player.volatility;
  Rating out = player;
  if (results.empty()) {
    // Step 6 only: an idle period makes the rating less certain.
    out.deviation = std::min(config.max_deviation, std::sqrt(phi * phi + sigma * sigma) * kScale);
    return out;
  }
  // Steps 3 and 4: the estimated variance v and the improvement delta.
  double inverse_v = 0.0;
  double sum = 0.0;
  for (const Result& r : results) {
    check(r.opponent_deviation, "the opponent's rating deviation");
    if (!(r.score >= 0.0 && r.score <= 1.0)) {
      throw std::invalid_argument("a score is 0 (a loss), 0.5 (a draw) or 1 (a win)");
    }
    const double mu_j = (r.opponent_rating - kCenter) / kScale;
    const double phi_j = r.opponent_deviation / kScale;
    const double e = expected(mu, mu_j, phi_j);
    inverse_v += g(phi_j) * g(phi_j) * e * (1.0 - e);
    sum += g(phi_j) * (r.score - e);
  }
  const double v = 1.0 / inverse_v;
  const double delta = v * sum;
  // Steps 5 to 7.
  const double sigma_new = new_volatility(phi, sigma, delta, v, config);
  const double phi_star = std::sqrt(phi * phi + sigma_new * sigma_new);
  const double phi_new = 1.0 / std::sqrt(1.0 / (phi_star * phi_star) + 1.0 / v);
  const double mu_new = mu + phi_new * phi_new * sum;
  // Step 8: back onto the Glicko scale.
  out.rating = kScale * mu_new + kCenter;
  out.deviation = std::clamp(kScale * phi_new, config.min_deviation, config.max_deviation);
  out.volatility = sigma_new;
  return out;
}

}  // namespace pacwar::server::glicko2
