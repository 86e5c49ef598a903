#include "training/distributed/mpi_world.hpp"

#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <thread>

#include "io/byte_reader.hpp"
#include "io/byte_writer.hpp"
#include "io/durable_file.hpp"

namespace camelot {
namespace {

// How long a waiting rank sleeps between polls: far below a game's length, and enough for
// an idle rank to cost nothing.
constexpr auto kPollInterval = std::chrono::milliseconds(1);

void check(int status, const char* call) {
  if (status != MPI_SUCCESS) throw MpiError(std::string("MPI: ") + call + " failed");
}

// Waits for a non-blocking operation, sleeping between tests.
void waitPolitely(MPI_Request& request, const char* call) {
  int done = 0;
  for (;;) {
    check(MPI_Test(&request, &done, MPI_STATUS_IGNORE), call);
    if (done) return;
    std::this_thread::sleep_for(kPollInterval);
  }
}

}  // namespace

bool MpiWorld::launched() {
  // Open MPI's mpirun sets OMPI_COMM_WORLD_SIZE; PMI and PMIx launchers (srun, hydra) set
  // PMI_SIZE or PMIX_RANK.
  for (const char* variable : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK"})
    if (std::getenv(variable) != nullptr) return true;
  return false;
}

MpiWorld::MpiWorld() {
  int provided = 0;
  check(MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided), "MPI_Init_thread");
  check(MPI_Comm_rank(MPI_COMM_WORLD, &rank_), "MPI_Comm_rank");
  check(MPI_Comm_size(MPI_COMM_WORLD, &size_), "MPI_Comm_size");
}

MpiWorld::~MpiWorld() {
  MPI_Finalize();
}

void MpiWorld::send(int to, int tag, std::span<const std::byte> bytes) {
  ByteWriter message;
  message.putBytes(bytes);
  message.put(fnv1a64(bytes));
  const std::vector<std::byte>& out = message.bytes();
  MPI_Request request = MPI_REQUEST_NULL;
  check(MPI_Isend(out.data(), static_cast<int>(out.size()), MPI_BYTE, to, tag, MPI_COMM_WORLD,
                  &request),
        "MPI_Isend");
  waitPolitely(request, "MPI_Isend");
}

std::optional<MpiWorld::Message> MpiWorld::poll() {
  int arrived = 0;
  MPI_Status status;
  check(MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &arrived, &status), "MPI_Iprobe");
  if (!arrived) return std::nullopt;
  int count = 0;
  check(MPI_Get_count(&status, MPI_BYTE, &count), "MPI_Get_count");
  Message message{status.MPI_SOURCE, status.MPI_TAG, std::vector<std::byte>(count)};
  check(MPI_Recv(message.bytes.data(), count, MPI_BYTE, status.MPI_SOURCE, status.MPI_TAG,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE),
        "MPI_Recv");
  const std::string origin = "a message from rank " + std::to_string(message.from);
  if (message.bytes.size() < sizeof(std::uint64_t))
    throw MpiError(origin + " is too short for its checksum");
  const std::size_t size = message.bytes.size() - sizeof(std::uint64_t);
  ByteReader checksum(std::span<const std::byte>(message.bytes).subspan(size));
  if (checksum.get<std::uint64_t>("the checksum") !=
      fnv1a64(std::span<const std::byte>(message.bytes).first(size)))
    throw MpiError(origin + " arrived corrupt (checksum mismatch)");
  message.bytes.resize(size);
  return message;
}

std::vector<std::byte> MpiWorld::broadcast(std::vector<std::byte> bytes) {
  // The size first, then the bytes: both non-blocking, so waiting ranks sleep between tests.
  std::uint64_t size = bytes.size();
  MPI_Request request = MPI_REQUEST_NULL;
  check(MPI_Ibcast(&size, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD, &request), "MPI_Ibcast");
  waitPolitely(request, "MPI_Ibcast");
  bytes.resize(static_cast<std::size_t>(size));
  // MPI counts in int: large payloads go in pieces.
  constexpr std::uint64_t kPiece = std::uint64_t{1} << 30;
  for (std::uint64_t offset = 0; offset < size; offset += kPiece) {
    const auto count = static_cast<int>(std::min(kPiece, size - offset));
    check(MPI_Ibcast(bytes.data() + offset, count, MPI_BYTE, 0, MPI_COMM_WORLD, &request),
          "MPI_Ibcast");
    waitPolitely(request, "MPI_Ibcast");
  }
  std::uint64_t sent = rank_ == 0 ? fnv1a64(bytes) : 0;
  check(MPI_Ibcast(&sent, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD, &request), "MPI_Ibcast");
  waitPolitely(request, "MPI_Ibcast");
  if (rank_ != 0 && sent != fnv1a64(bytes))
    throw MpiError("rank 0's broadcast arrived corrupt (checksum mismatch)");
  return bytes;
}

void MpiWorld::abort(int status) {
  MPI_Abort(MPI_COMM_WORLD, status);
  std::_Exit(status);
}

}  // namespace camelot
