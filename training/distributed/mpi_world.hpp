#pragma once
// The processes of an MPI job (mpirun, srun) as this program uses them: rank 0 leads and
// owns every file; the others play games for it. Only the thread that made the MpiWorld calls
// MPI (MPI_THREAD_FUNNELED). Every message carries an FNV-1a 64 checksum of its bytes, checked
// on arrival. Waits poll with short sleeps instead of MPI's busy-waiting, so idle ranks leave
// the cores to rank 0's training.

#include <cstddef>
#include <optional>
#include <span>
#include <stdexcept>
#include <vector>

namespace camelot {

// A message that arrived damaged, or an MPI call that failed.
class MpiError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class MpiWorld {
 public:
  // Whether a launcher started this process as a rank of an MPI job (Open MPI's mpirun, or a
  // PMI launcher such as Slurm's srun): without one, the program never touches MPI.
  static bool launched();

  MpiWorld();   // MPI_Init_thread; throws MpiError
  ~MpiWorld();  // MPI_Finalize
  MpiWorld(const MpiWorld&) = delete;
  MpiWorld& operator=(const MpiWorld&) = delete;

  int rank() const { return rank_; }
  int size() const { return size_; }

  struct Message {
    int from = 0;
    int tag = 0;
    std::vector<std::byte> bytes;  // checksum checked and removed
  };

  void send(int to, int tag, std::span<const std::byte> bytes);
  // A message that has arrived (from anyone, with any tag), or none.
  std::optional<Message> poll();
  // Rank 0's bytes on every rank. The others wait for them politely (non-blocking, polled).
  std::vector<std::byte> broadcast(std::vector<std::byte> bytes);
  // Ends every rank of the job at once (after an error on one rank that the others wait on).
  [[noreturn]] void abort(int status);

 private:
  int rank_ = 0;
  int size_ = 1;
};

}  // namespace camelot
