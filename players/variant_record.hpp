#pragma once
// A finished game's record in each variant, for code written once for both (the batched games,
// the match, the arena): the record type (GameRecord, GrandGameRecord), the outcome its training
// samples are scored by, the record made from a played game, the end a forfeit or the length cap
// gives, and the score of the side that moved first (White; Red and Blue); and recordedEnd, how a
// played game ended for its record.

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "players/game_record.hpp"
#include "players/grand_game_record.hpp"

namespace camelot {

template <class Rules>
struct VariantRecord;

template <>
struct VariantRecord<StandardRules> {
  using Record = GameRecord;
  using Outcome = camelot::Outcome;  // what training samples are scored by

  // Side 0 (White) or 1 broke the protocol and loses.
  static GameStatus forfeitedBy(int side) {
    return {side == 0 ? Outcome::BlackWins : Outcome::WhiteWins, EndReason::Forfeit};
  }
  // A game stopped by the length cap: a draw.
  static GameStatus adjudicated() { return {Outcome::Draw, EndReason::Adjudicated}; }
  // `names`: side 0's player, then side 1's. `note`: why the referee ended it, if it did.
  static Record record(const std::array<std::string, 2>& names, const Position& start,
                       const std::vector<Move>& moves, const GameStatus& status, std::string note) {
    return {0, names[0], names[1], start, moves, status, std::move(note)};
  }
  static const GameStatus& status(const Record& record) { return record.status; }
  // Side 0's player, then side 1's.
  static std::array<std::string, 2> sides(const Record& record) {
    return {record.white, record.black};
  }
  // 1, 0.5 or 0.
  static double firstMoverScore(const GameStatus& status) {
    if (status.outcome == Outcome::Draw) return 0.5;
    return status.outcome == Outcome::WhiteWins ? 1.0 : 0.0;
  }
};

template <>
struct VariantRecord<GrandRules> {
  using Record = GrandGameRecord;
  using Outcome = grand::GrandOutcome;

  static grand::GrandOutcome forfeitedBy(int side) {
    return {grand::GrandOutcome::Kind::Win, 1 - side, "forfeit"};
  }
  static grand::GrandOutcome adjudicated() {
    return {grand::GrandOutcome::Kind::Draw, -1, "adjudicated"};
  }
  // A Grand Camelot record has no note.
  static Record record(const std::array<std::string, 2>& names, const grand::GrandPosition& start,
                       const std::vector<grand::GrandMove>& moves,
                       const grand::GrandOutcome& outcome, const std::string&) {
    return {0, names[0], names[1], start, moves, outcome};
  }
  static const grand::GrandOutcome& status(const Record& record) { return record.outcome; }
  static std::array<std::string, 2> sides(const Record& record) { return {record.rb, record.gy}; }
  static double firstMoverScore(const grand::GrandOutcome& outcome) {
    if (outcome.kind != grand::GrandOutcome::Kind::Win) return 0.5;
    return outcome.winner == 0 ? 1.0 : 0.0;
  }
};

// A played game's end for its record: a forfeit, else the rules' end, else (a game stopped by
// the length cap) the adjudicated draw.
template <class Rules>
typename Rules::Status recordedEnd(const BasicGame<Rules>& game,
                                   const std::optional<typename Rules::Status>& forfeit) {
  if (forfeit) return *forfeit;
  return game.finished() ? game.status() : VariantRecord<Rules>::adjudicated();
}

}  // namespace camelot
