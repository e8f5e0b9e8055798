#include "cli/rating.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace pacwar::cli {
namespace {

constexpr double kEloPerNatural = 400.0 / 2.302585092994046;  // 400 / ln 10
constexpr double kZ95 = 1.959963984540054;
constexpr int kMaxNewtonSteps = 100;
constexpr double kPriorGames = 0.5;  // virtual drawn games per pair and seat order
// Added to every pentanomial count: a prior of 1.25 pairs spread over the five results, so
// that the first few pairs (all alike, variance near 0) cannot end the test at once.
constexpr double kCountPrior = 0.25;

double logistic(double x) { return 1.0 / (1.0 + std::exp(-x)); }

// Solves a x = b in place by Gaussian elimination with partial pivoting; false if singular.
bool solve(std::vector<std::vector<double>> a, std::vector<double>& b) {
  const std::size_t n = b.size();
  for (std::size_t col = 0; col < n; ++col) {
    std::size_t pivot = col;
    for (std::size_t r = col + 1; r < n; ++r) {
      if (std::abs(a[r][col]) > std::abs(a[pivot][col])) pivot = r;
    }
    if (std::abs(a[pivot][col]) < 1e-300) return false;
    std::swap(a[col], a[pivot]);
    std::swap(b[col], b[pivot]);
    for (std::size_t r = 0; r < n; ++r) {
      if (r == col) continue;
      const double f = a[r][col] / a[col][col];
      if (f == 0.0) continue;
      for (std::size_t c = col; c < n; ++c) a[r][c] -= f * a[col][c];
      b[r] -= f * b[col];
    }
  }
  for (std::size_t r = 0; r < n; ++r) b[r] /= a[r][r];
  return true;
}

}  // namespace

double elo_of_score(double score) {
  score = std::clamp(score, 1e-9, 1.0 - 1e-9);
  return -400.0 * std::log10(1.0 / score - 1.0);
}

double score_of_elo(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

Ratings fit_ratings(int players, const std::vector<SeatedResult>& results, int anchor) {
  if (players <= 0 || anchor < 0 || anchor >= players) {
    throw std::invalid_argument("fit_ratings: anchor outside the players");
  }
  std::vector<SeatedResult> data = results;
  std::vector<std::vector<bool>> met(static_cast<std::size_t>(players),
                                     std::vector<bool>(static_cast<std::size_t>(players), false));
  for (const SeatedResult& r : results) {
    if (r.first < 0 || r.first >= players || r.second < 0 || r.second >= players ||
        r.first == r.second) {
      throw std::invalid_argument("fit_ratings: a result names an unknown player or itself");
    }
    met[static_cast<std::size_t>(std::min(r.first, r.second))]
       [static_cast<std::size_t>(std::max(r.first, r.second))] = true;
  }
  for (int i = 0; i < players; ++i) {
    for (int j = i + 1; j < players; ++j) {
      if (!met[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)]) continue;
      data.push_back({i, j, kPriorGames, kPriorGames / 2});
      data.push_back({j, i, kPriorGames, kPriorGames / 2});
    }
  }
  // Parameters: the ratings of every player but the anchor, then the seat advantage (natural
  // log-odds units).
  const auto n = static_cast<std::size_t>(players);
  auto index = [&](int player) -> int {
    if (player == anchor) return -1;
    return player < anchor ? player : player - 1;
  };
  std::vector<double> theta(n, 0.0);  // n - 1 ratings + advantage
  auto rating = [&](int player) {
    const int k = index(player);
    return k < 0 ? 0.0 : theta[static_cast<std::size_t>(k)];
  };
  Ratings out;
  std::vector<std::vector<double>> hessian;
  for (int step = 0; step < kMaxNewtonSteps; ++step) {
    std::vector<double> gradient(n, 0.0);
    hessian.assign(n, std::vector<double>(n, 0.0));
    for (const SeatedResult& r : data) {
      const double p = logistic(rating(r.first) - rating(r.second) + theta[n - 1]);
      const double g = r.first_score - r.games * p;
      const double w = r.games * p * (1.0 - p);
      // x = e_first - e_second + e_advantage
      const int a = index(r.first);
      const int b = index(r.second);
      std::vector<std::pair<std::size_t, double>> x;
      if (a >= 0) x.emplace_back(static_cast<std::size_t>(a), 1.0);
      if (b >= 0) x.emplace_back(static_cast<std::size_t>(b), -1.0);
      x.emplace_back(n - 1, 1.0);
      for (const auto& [i, xi] : x) {
        gradient[i] += g * xi;
        for (const auto& [j, xj] : x) hessian[i][j] += w * xi * xj;  // minus the Hessian
      }
    }
    std::vector<double> delta = gradient;
    if (!solve(hessian, delta)) break;
    double largest = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
      const double d = std::clamp(delta[i], -2.0, 2.0);  // damped far from the optimum
      theta[i] += d;
      largest = std::max(largest, std::abs(d));
    }
    out.iterations = step + 1;
    if (largest < 1e-10) break;
  }
  out.elo.assign(n, 0.0);
  out.margin.assign(n, 0.0);
  for (int p = 0; p < players; ++p) {
    out.elo[static_cast<std::size_t>(p)] = rating(p) * kEloPerNatural;
    const int k = index(p);
    if (k < 0) continue;
    std::vector<double> unit(n, 0.0);
    unit[static_cast<std::size_t>(k)] = 1.0;
    if (solve(hessian, unit)) {
      out.margin[static_cast<std::size_t>(p)] =
          kZ95 * std::sqrt(std::max(0.0, unit[static_cast<std::size_t>(k)])) * kEloPerNatural;
    }
  }
  out.seat_advantage = theta[n - 1] * kEloPerNatural;
  return out;
}

Sprt::Sprt(double elo0, double elo1, double alpha, double beta) : elo0_(elo0), elo1_(elo1) {
  if (!(elo1 > elo0)) throw std::invalid_argument("sprt: elo1 must be above elo0");
  if (!(alpha > 0 && alpha < 1 && beta > 0 && beta < 1)) {
    throw std::invalid_argument("sprt: alpha and beta must lie in (0, 1)");
  }
  lower_ = std::log(beta / (1.0 - alpha));
  upper_ = std::log((1.0 - beta) / alpha);
}

void Sprt::add_pair(double new_score) {
  const long k = std::lround(new_score * 2.0);
  if (k < 0 || k > 4 || std::abs(new_score * 2.0 - static_cast<double>(k)) > 1e-9) {
    throw std::invalid_argument("sprt: a pair scores 0, 0.5, 1, 1.5 or 2");
  }
  ++counts_[static_cast<std::size_t>(k)];
  ++pairs_;
}

double Sprt::mean_and_variance(double& variance, double prior) const {
  double total = 0.0;
  double mean = 0.0;
  for (std::size_t k = 0; k < counts_.size(); ++k) {
    const double c = counts_[k] + prior;
    total += c;
    mean += c * static_cast<double>(k) / 4.0;
  }
  mean /= total;
  variance = 0.0;
  for (std::size_t k = 0; k < counts_.size(); ++k) {
    const double c = counts_[k] + prior;
    const double d = static_cast<double>(k) / 4.0 - mean;
    variance += c * d * d;
  }
  variance /= total;
  return mean;
}

double Sprt::llr() const {
  if (pairs_ == 0) return 0.0;
  double variance = 0.0;
  const double mean = mean_and_variance(variance, kCountPrior);
  const double s0 = score_of_elo(elo0_);
  const double s1 = score_of_elo(elo1_);
  return static_cast<double>(pairs_) * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance);
}

Sprt::Status Sprt::status() const {
  const double value = llr();
  if (value >= upper_) return Status::kAcceptH1;
  if (value <= lower_) return Status::kAcceptH0;
  return Status::kContinue;
}

double Sprt::score() const {
  if (pairs_ == 0) return 0.5;
  double variance = 0.0;
  return mean_and_variance(variance, 0.0);
}

double Sprt::elo() const { return elo_of_score(score()); }

double Sprt::elo_margin() const {
  if (pairs_ == 0) return 0.0;
  double variance = 0.0;
  const double mean = mean_and_variance(variance, 0.0);
  const double half = kZ95 * std::sqrt(variance / pairs_);
  return (elo_of_score(std::min(mean + half, 1.0)) - elo_of_score(std::max(mean - half, 0.0))) /
         2.0;
}

std::string to_string(Sprt::Status status) {
  switch (status) {
    case Sprt::Status::kAcceptH0:
      return "H0";
    case Sprt::Status::kAcceptH1:
      return "H1";
    case Sprt::Status::kContinue:
      break;
  }
  return "continue";
}

}  // namespace pacwar::cli
