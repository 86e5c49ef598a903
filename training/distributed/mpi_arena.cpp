#include "training/distributed/mpi_arena.hpp"

#include <map>

#include "io/byte_reader.hpp"
#include "io/byte_writer.hpp"
#include "training/distributed/game_shares.hpp"

namespace camelot {

void playArenaOnAllRanks(MpiWorld& world, const std::vector<ArenaPlayer>& players,
                         const std::vector<Pairing>& pairings, const ArenaSettings& settings,
                         const std::function<void(const ArenaGame&)>& onGame,
                         const std::function<bool()>& stop) {
  const int perPairing = settings.gamesPerPairing;
  // Games that arrived before one with a lower index, held until it comes.
  std::map<int, ArenaGame> waiting;
  int next = 0;
  playShares(
      world, arenaGameCount(settings, pairings),
      [&](WorkSource& work, const std::atomic<bool>& stopShare,
          const std::function<void(std::vector<std::byte>)>& emit) {
        playArena(
            players, pairings, settings,
            [&](const ArenaGame& game) {
              ByteWriter out;
              out.put(static_cast<std::int32_t>(game.pairing));
              out.put(static_cast<std::int32_t>(game.game));
              writeGameRecord(out, game.record);
              emit(std::move(out).bytes());
            },
            &stopShare, [&] { return work.next(); });
        return std::vector<std::byte>{};
      },
      [&](std::vector<std::byte>&& bytes) {
        ByteReader in(bytes);
        ArenaGame game;
        try {
          game.pairing = in.get<std::int32_t>("the pairing");
          game.game = in.get<std::int32_t>("the game");
          game.record = readGameRecord(in);
        } catch (const ByteReader::Short& s) {
          throw MpiError("an arena game arrived short (" + s.what + ")");
        }
        waiting.emplace(game.pairing * perPairing + game.game, std::move(game));
        for (auto first = waiting.begin(); first != waiting.end() && first->first == next;
             first = waiting.begin()) {
          onGame(first->second);
          waiting.erase(first);
          ++next;
        }
      },
      stop);
}

}  // namespace camelot
