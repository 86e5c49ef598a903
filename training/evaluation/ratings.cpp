#include "training/evaluation/ratings.hpp"

// The matrices are tens of rows, so SIMD gains nothing, and GCC 12 warns falsely inside its
// AVX-512 intrinsics as Eigen inlines them (GCC bug 105593).
#define EIGEN_DONT_VECTORIZE
#include <Eigen/Dense>
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <map>
#include <numbers>
#include <utility>

#include "training/text/csv.hpp"
#include "training/text/decimal_text.hpp"

namespace camelot {
namespace {

constexpr double kEloPerNatural = 400.0 / std::numbers::ln10;
constexpr double kZ95 = 1.959964;
constexpr int kMaxIterations = 100;
constexpr double kStepTolerance = 1e-10;

// The games between players `first` < `second`, colours pooled, prior included.
struct Pairing {
  int first = 0;
  int second = 0;
  double games = 0.0;
  double firstPoints = 0.0;

  double pointsOf(int player) const { return player == first ? firstPoints : games - firstPoints; }
};

struct Tally {
  std::vector<std::string> names;  // sorted, so the fit does not depend on the order of games
  std::vector<int> games;
  std::vector<double> points;
  std::vector<Pairing> pairings;
};

std::string number(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", value);
  return text;
}

void checkGame(const RatedGame& game, std::size_t ordinal) {
  const std::string where = "ratings: game " + std::to_string(ordinal) + " ('" + game.white +
                            "' against '" + game.black + "')";
  if (game.whiteScore != 0.0 && game.whiteScore != 0.5 && game.whiteScore != 1.0) {
    throw RatingsError(where + " has White score " + number(game.whiteScore) +
                       "; expected 1, 0.5 or 0");
  }
  if (game.white == game.black) throw RatingsError(where + " is a player against itself");
}

Tally tally(std::span<const RatedGame> games, double priorDraws) {
  if (games.empty()) throw RatingsError("ratings: no games to rate");
  if (!(priorDraws >= 0.0) || !std::isfinite(priorDraws)) {
    throw RatingsError("ratings: priorDraws must be a number >= 0, got " + number(priorDraws));
  }
  std::map<std::string, int> index;
  for (std::size_t g = 0; g < games.size(); ++g) {
    checkGame(games[g], g + 1);
    index.emplace(games[g].white, 0);
    index.emplace(games[g].black, 0);
  }
  Tally t;
  for (auto& [name, i] : index) {
    i = static_cast<int>(t.names.size());
    t.names.push_back(name);
  }
  t.games.assign(t.names.size(), 0);
  t.points.assign(t.names.size(), 0.0);
  std::map<std::pair<int, int>, Pairing> byPair;
  for (const RatedGame& game : games) {
    const int white = index.at(game.white);
    const int black = index.at(game.black);
    ++t.games[white];
    ++t.games[black];
    t.points[white] += game.whiteScore;
    t.points[black] += 1.0 - game.whiteScore;
    const int first = std::min(white, black);
    Pairing& pairing = byPair[{first, std::max(white, black)}];
    pairing.first = first;
    pairing.second = std::max(white, black);
    pairing.games += 1.0;
    pairing.firstPoints += white == first ? game.whiteScore : 1.0 - game.whiteScore;
  }
  for (auto& [players, pairing] : byPair) {
    pairing.games += priorDraws;
    pairing.firstPoints += priorDraws / 2.0;
    t.pairings.push_back(pairing);
  }
  return t;
}

// The players reached from `start` by steps from a reached player `from` to `to` along
// pairings where `canStep(pairing, from, to)`.
template <class CanStep>
std::vector<bool> reached(const Tally& t, int start, CanStep canStep) {
  std::vector<bool> seen(t.names.size(), false);
  seen[start] = true;
  for (bool grew = true; grew;) {
    grew = false;
    for (const Pairing& p : t.pairings) {
      for (const auto& [from, to] : {std::pair{p.first, p.second}, std::pair{p.second, p.first}}) {
        if (seen[from] && !seen[to] && canStep(p, from, to)) {
          seen[to] = true;
          grew = true;
        }
      }
    }
  }
  return seen;
}

// Every player must be linked to the anchor by a chain of games. A finite maximum then exists
// when such chains also run both ways along "scored points against": otherwise a group of
// players won (or lost) every game against the rest, which only priorDraws 0 allows.
void checkFitExists(const Tally& t, int anchor) {
  const auto met = reached(t, anchor, [](const Pairing&, int, int) { return true; });
  for (std::size_t i = 0; i < t.names.size(); ++i) {
    if (!met[i]) {
      throw RatingsError("ratings: '" + t.names[i] + "' has no chain of games to the anchor '" +
                         t.names[anchor] + "'");
    }
  }
  // Those left out of each set lost (won) every game against the players in it.
  const auto scoredAgainstAnchorSide =
      reached(t, anchor, [](const Pairing& p, int, int to) { return p.pointsOf(to) > 0.0; });
  const auto concededToAnchorSide =
      reached(t, anchor, [](const Pairing& p, int from, int) { return p.pointsOf(from) > 0.0; });
  for (std::size_t i = 0; i < t.names.size(); ++i) {
    if (!scoredAgainstAnchorSide[i] || !concededToAnchorSide[i]) {
      throw RatingsError("ratings: '" + t.names[i] +
                         "' has no finite rating: a group of players with it " +
                         (scoredAgainstAnchorSide[i] ? "won" : "lost") +
                         " every game against the rest; use priorDraws > 0");
    }
  }
}

double logSigmoid(double x) {
  return x >= 0.0 ? -std::log1p(std::exp(-x)) : x - std::log1p(std::exp(x));
}

double logLikelihood(const Tally& t, const Eigen::VectorXd& r) {
  double sum = 0.0;
  for (const Pairing& p : t.pairings) {
    const double d = r[p.first] - r[p.second];
    sum += p.firstPoints * logSigmoid(d) + (p.games - p.firstPoints) * logSigmoid(-d);
  }
  return sum;
}

// The log-likelihood's gradient and negative Hessian at r, with the anchor pinned: its
// gradient entry 0 and its row and column those of the identity, so a Newton step leaves it
// at 0 and the inverse's other entries are those of the system without it.
struct Curvature {
  Eigen::VectorXd gradient;
  Eigen::MatrixXd information;
};

Curvature curvature(const Tally& t, const Eigen::VectorXd& r, int anchor) {
  const auto n = static_cast<Eigen::Index>(t.names.size());
  Curvature c{Eigen::VectorXd::Zero(n), Eigen::MatrixXd::Zero(n, n)};
  for (const Pairing& p : t.pairings) {
    const double prob = 1.0 / (1.0 + std::exp(-(r[p.first] - r[p.second])));
    const double g = p.firstPoints - p.games * prob;
    c.gradient[p.first] += g;
    c.gradient[p.second] -= g;
    const double w = p.games * prob * (1.0 - prob);
    c.information(p.first, p.first) += w;
    c.information(p.second, p.second) += w;
    c.information(p.first, p.second) -= w;
    c.information(p.second, p.first) -= w;
  }
  c.gradient[anchor] = 0.0;
  c.information.row(anchor).setZero();
  c.information.col(anchor).setZero();
  c.information(anchor, anchor) = 1.0;
  return c;
}

// Newton's method; the log-likelihood is concave, and halving a step until it does not fall
// keeps the far-from-optimum steps from overshooting.
Eigen::VectorXd maximise(const Tally& t, int anchor) {
  Eigen::VectorXd r = Eigen::VectorXd::Zero(static_cast<Eigen::Index>(t.names.size()));
  for (int iteration = 0; iteration < kMaxIterations; ++iteration) {
    const Curvature c = curvature(t, r, anchor);
    const Eigen::VectorXd step = c.information.ldlt().solve(c.gradient);
    const double before = logLikelihood(t, r);
    double length = 1.0;
    while (length > kStepTolerance && logLikelihood(t, r + length * step) < before) {
      length /= 2;
    }
    r += length * step;
    if (length * step.lpNorm<Eigen::Infinity>() < kStepTolerance) break;
  }
  return r;
}

std::string signedElo(double elo) {
  const long rounded = std::lround(elo);
  std::string text = std::to_string(rounded);
  if (rounded > 0) text.insert(0, 1, '+');
  return text;
}

// Characters, not bytes: "±" is two bytes of UTF-8.
std::size_t displayWidth(const std::string& text) {
  return static_cast<std::size_t>(
      std::count_if(text.begin(), text.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

}  // namespace

double PlayerRating::score() const {
  return games == 0 ? 0.5 : points / games;
}

RatingsTable fitRatings(std::span<const RatedGame> games, const std::string& anchor,
                        const RatingsOptions& options) {
  const Tally t = tally(games, options.priorDraws);
  const auto found = std::lower_bound(t.names.begin(), t.names.end(), anchor);
  if (found == t.names.end() || *found != anchor) {
    throw RatingsError("ratings: the anchor '" + anchor + "' played no game");
  }
  const auto anchorIndex = static_cast<int>(found - t.names.begin());
  checkFitExists(t, anchorIndex);

  const Eigen::VectorXd r = maximise(t, anchorIndex);
  const Eigen::MatrixXd covariance = curvature(t, r, anchorIndex).information.inverse();
  RatingsTable table{anchor, {}};
  for (std::size_t i = 0; i < t.names.size(); ++i) {
    const auto k = static_cast<Eigen::Index>(i);
    const bool isAnchor = k == anchorIndex;
    table.players.push_back({t.names[i], t.games[i], t.points[i], r[k] * kEloPerNatural,
                             isAnchor ? 0.0 : kZ95 * std::sqrt(covariance(k, k)) * kEloPerNatural});
  }
  std::sort(table.players.begin(), table.players.end(),
            [](const PlayerRating& a, const PlayerRating& b) {
              return a.elo != b.elo ? a.elo > b.elo : a.name < b.name;
            });
  return table;
}

std::string ratingsText(const RatingsTable& table) {
  using Row = std::array<std::string, 5>;
  std::vector<Row> rows{{"player", "games", "score", "Elo", "±"}};
  for (const PlayerRating& p : table.players) {
    const bool isAnchor = p.name == table.anchor;
    rows.push_back({p.name, std::to_string(p.games), fixed(p.score(), 3), signedElo(p.elo),
                    isAnchor ? "anchor" : "±" + std::to_string(std::lround(p.margin))});
  }
  std::array<std::size_t, 5> widths{};
  for (const Row& row : rows) {
    for (std::size_t c = 0; c < row.size(); ++c) {
      widths[c] = std::max(widths[c], displayWidth(row[c]));
    }
  }
  std::string text;
  for (const Row& row : rows) {
    // The name column is left-aligned, the numbers right-aligned.
    text += row[0] + std::string(widths[0] - displayWidth(row[0]), ' ');
    for (std::size_t c = 1; c < row.size(); ++c) {
      text += std::string(2 + widths[c] - displayWidth(row[c]), ' ') + row[c];
    }
    text += '\n';
  }
  return text;
}

std::string ratingsCsv(const RatingsTable& table) {
  std::string csv = "player,games,points,score,elo,elo_margin\n";
  for (const PlayerRating& p : table.players) {
    csv += csvField(p.name) + ',' + std::to_string(p.games) + ',' + fixed(p.points, 1) + ',' +
           fixed(p.score(), 3) + ',' + fixed(p.elo, 1) + ',' + fixed(p.margin, 1) + '\n';
  }
  return csv;
}

}  // namespace camelot
