#pragma once
// Ratings for many players from the games among them: the Bradley–Terry (logistic) model,
// P(i beats j) = 1 / (1 + exp(-(r_i - r_j))), fitted by maximum likelihood with a draw as half a
// win for each side (a game with White score s adds s log p + (1 - s) log(1 - p)). Colours are
// pooled: the model has no White advantage. One player, the anchor, is fixed at 0 Elo.
//
// The prior, as in BayesElo: every pair of players who met at least once gets `priorDraws`
// virtual draws more. A player who won every game then still has a finite rating (above all
// the others), and a few games cannot push ratings to absurd values. With priorDraws 0 it is
// the plain maximum-likelihood fit, which has no finite solution when a group of players won
// (or lost) every game against the rest.
//
// The 95% interval of each rating is from the curvature of the log-likelihood at the optimum:
// covariance = inverse of its negative Hessian with the anchor fixed, so each margin is the
// uncertainty of the difference to the anchor.

#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace camelot {

// One finished game: the players' names and White's score (1 win, 0.5 draw, 0 loss).
struct RatedGame {
  std::string white;
  std::string black;
  double whiteScore = 0.0;
};

struct PlayerRating {
  std::string name;
  int games = 0;
  double points = 0.0;  // wins + draws/2, real games only
  double elo = 0.0;     // the anchor is 0
  double margin = 0.0;  // half-width of the 95% interval in Elo (0 for the anchor)

  // points / games.
  double score() const;
};

struct RatingsTable {
  std::string anchor;
  std::vector<PlayerRating> players;  // best first, ties by name
};

struct RatingsOptions {
  double priorDraws = 1.0;  // virtual draws per pair of players who met; >= 0
};

class RatingsError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// Throws RatingsError for: no games, a score other than 0, 0.5 or 1, a game of a player
// against itself, a negative priorDraws, an anchor who played no game, a player with no chain
// of games to the anchor, and (only possible with priorDraws 0) a player with no finite rating.
// The message names the game or player at fault.
RatingsTable fitRatings(std::span<const RatedGame> games, const std::string& anchor,
                        const RatingsOptions& options = {});

// An aligned table: a header line (player, games, score, Elo, ±) then one line per player,
// Elo rounded with its sign ("+123", "-45", "0"), margin as "±38", "anchor" for the anchor.
std::string ratingsText(const RatingsTable& table);

// "player,games,points,score,elo,elo_margin" then one row per player, best first: points with
// 1 decimal, score 3, elo 1, margin 1; names quoted as CSV needs.
std::string ratingsCsv(const RatingsTable& table);

}  // namespace camelot
