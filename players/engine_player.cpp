#include "players/engine_player.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <system_error>
#include <thread>
#include <utility>

#include "engine/cfen.hpp"
#include "engine/notation.hpp"

namespace camelot {
namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

// A line longer than this is no protocol answer; it is not buffered without end.
constexpr std::size_t kMaxLineBytes = std::size_t{1} << 20;
// How long an engine has to end after `quit` (or after closing its output) before it is killed
// or reported as still running.
constexpr milliseconds kExitGrace{1000};

// An owned file descriptor.
class Fd {
 public:
  Fd() = default;
  explicit Fd(int fd) : fd_(fd) {}
  Fd(Fd&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}
  Fd& operator=(Fd&& other) noexcept {
    reset();
    fd_ = std::exchange(other.fd_, -1);
    return *this;
  }
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  ~Fd() { reset(); }

  int get() const { return fd_; }
  void reset() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }

 private:
  int fd_ = -1;
};

// Blocks SIGPIPE for the calling thread while alive, so a write to an engine that has ended
// fails with EPIPE instead of killing the whole program; a SIGPIPE that write raised is
// consumed before the thread's mask is restored. The process's signal dispositions and other
// threads are left alone.
class SigpipeBlock {
 public:
  SigpipeBlock() {
    sigemptyset(&pipe_);
    sigaddset(&pipe_, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_, &old_);
  }
  SigpipeBlock(const SigpipeBlock&) = delete;
  SigpipeBlock& operator=(const SigpipeBlock&) = delete;
  ~SigpipeBlock() {
    sigset_t pending;
    sigpending(&pending);
    if (sigismember(&pending, SIGPIPE) == 1 && sigismember(&old_, SIGPIPE) == 0) {
      const timespec now{};
      while (sigtimedwait(&pipe_, nullptr, &now) == -1 && errno == EINTR) {
      }
    }
    pthread_sigmask(SIG_SETMASK, &old_, nullptr);
  }

 private:
  sigset_t pipe_;
  sigset_t old_;
};

// posix_spawn's file actions and attributes, destroyed on every path.
struct SpawnSettings {
  posix_spawn_file_actions_t actions;
  posix_spawnattr_t attributes;

  SpawnSettings() {
    posix_spawn_file_actions_init(&actions);
    posix_spawnattr_init(&attributes);
  }
  SpawnSettings(const SpawnSettings&) = delete;
  SpawnSettings& operator=(const SpawnSettings&) = delete;
  ~SpawnSettings() {
    posix_spawnattr_destroy(&attributes);
    posix_spawn_file_actions_destroy(&actions);
  }
};

// posix_spawn and its helpers return the error number instead of setting errno.
void check(int error, const char* what) {
  if (error != 0) throw std::system_error(error, std::generic_category(), what);
}

void checkErrno(int result, const char* what) {
  if (result != 0) throw std::system_error(errno, std::generic_category(), what);
}

std::string durationText(milliseconds duration) {
  return duration.count() % 1000 == 0 ? std::to_string(duration.count() / 1000) + " s"
                                      : std::to_string(duration.count()) + " ms";
}

// "12.345": the protocol's `time` in seconds.
std::string secondsText(milliseconds duration) {
  const std::string fraction = std::to_string(1000 + duration.count() % 1000).substr(1);
  return std::to_string(duration.count() / 1000) + "." + fraction;
}

std::string positionCommand(const Game& game) {
  std::string command = "position fen " + toCfen(game.startPosition());
  if (!game.moves().empty()) command += " moves";
  for (const Move& m : game.moves())
    command += ' ' + toNotation(m);
  return command;
}

std::string goCommand(const ThinkingBudget& budget) {
  std::string command = "go";
  if (budget.simulations && *budget.simulations > 0)
    command += " sims " + std::to_string(*budget.simulations);
  if (budget.time && budget.time->count() > 0) command += " time " + secondsText(*budget.time);
  return command;
}

}  // namespace

// The child process and its two pipes.
class EnginePlayer::Process {
 public:
  enum class Io : std::uint8_t { Done, Closed, TimedOut, TooLong };

  explicit Process(const std::string& command) {
    // Close-on-exec, so that engines started side by side (matches on several threads) do not
    // inherit each other's pipes and miss their end of input.
    int toChild[2];
    int fromChild[2];
    checkErrno(pipe2(toChild, O_CLOEXEC), "cannot create the engine's input pipe");
    const Fd childInput(toChild[0]);
    toEngine_ = Fd(toChild[1]);
    // Writes wait with a deadline too: an engine that stops reading must not hang the match.
    checkErrno(fcntl(toEngine_.get(), F_SETFL, O_NONBLOCK),
               "cannot set up the engine's input pipe");
    checkErrno(pipe2(fromChild, O_CLOEXEC), "cannot create the engine's output pipe");
    fromEngine_ = Fd(fromChild[0]);
    const Fd childOutput(fromChild[1]);

    SpawnSettings spawn;
    check(posix_spawn_file_actions_adddup2(&spawn.actions, childInput.get(), STDIN_FILENO),
          "engine spawn (stdin)");
    check(posix_spawn_file_actions_adddup2(&spawn.actions, childOutput.get(), STDOUT_FILENO),
          "engine spawn (stdout)");
    check(posix_spawn_file_actions_addclosefrom_np(&spawn.actions, STDERR_FILENO + 1),
          "engine spawn (closing descriptors)");
    // The engine gets default signal handling, and its own process group, so that killing it
    // also stops what the shell started.
    sigset_t defaults;
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGPIPE);
    sigset_t noneBlocked;
    sigemptyset(&noneBlocked);
    check(posix_spawnattr_setsigdefault(&spawn.attributes, &defaults), "engine spawn (signals)");
    check(posix_spawnattr_setsigmask(&spawn.attributes, &noneBlocked), "engine spawn (mask)");
    check(posix_spawnattr_setpgroup(&spawn.attributes, 0), "engine spawn (process group)");
    check(
        posix_spawnattr_setflags(&spawn.attributes, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK |
                                                        POSIX_SPAWN_SETPGROUP),
        "engine spawn (flags)");
    std::string shell = "sh";
    std::string dashC = "-c";
    std::string commandText = command;
    char* const argv[] = {shell.data(), dashC.data(), commandText.data(), nullptr};
    check(posix_spawn(&pid_, "/bin/sh", &spawn.actions, &spawn.attributes, argv, environ),
          "cannot start the engine");
  }

  Process(const Process&) = delete;
  Process& operator=(const Process&) = delete;

  ~Process() {
    if (!waitStatus_) writeLine("quit", Clock::now());
    toEngine_.reset();
    fromEngine_.reset();
    if (!waitForExit(kExitGrace)) {
      ::kill(-pid_, SIGKILL);
      int status = 0;
      while (waitpid(pid_, &status, 0) == -1 && errno == EINTR) {
      }
    }
  }

  // Writes `line` and a line end, waiting until `deadline` while the pipe is full.
  Io writeLine(std::string_view line, Clock::time_point deadline) {
    std::string text(line);
    text += '\n';
    const SigpipeBlock block;
    for (std::size_t written = 0; written < text.size();) {
      const ssize_t n = ::write(toEngine_.get(), text.data() + written, text.size() - written);
      if (n >= 0) {
        written += static_cast<std::size_t>(n);
      } else if (errno == EAGAIN) {
        if (const Io waited = waitFor(toEngine_.get(), POLLOUT, deadline); waited != Io::Done)
          return waited;
      } else if (errno != EINTR) {
        return Io::Closed;  // EPIPE: nobody reads
      }
    }
    return Io::Done;
  }

  // The next line of the engine's output, without its line end, waiting until `deadline`.
  Io readLine(std::string& line, Clock::time_point deadline) {
    while (true) {
      if (const std::size_t end = pending_.find('\n'); end != std::string::npos) {
        line.assign(pending_, 0, end);
        pending_.erase(0, end + 1);
        if (line.ends_with('\r')) line.pop_back();
        return Io::Done;
      }
      if (pending_.size() > kMaxLineBytes) return Io::TooLong;
      if (const Io waited = waitFor(fromEngine_.get(), POLLIN, deadline); waited != Io::Done)
        return waited;
      char chunk[4096];
      const ssize_t n = ::read(fromEngine_.get(), chunk, sizeof chunk);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return Io::Closed;
      pending_.append(chunk, static_cast<std::size_t>(n));
    }
  }

  // How the engine ended, allowing it a moment: "exit status 3" or "killed by signal 9
  // (Killed)"; nothing while it runs.
  std::optional<std::string> ending() {
    if (!waitForExit(kExitGrace)) return std::nullopt;
    if (WIFSIGNALED(*waitStatus_))
      return "killed by signal " + std::to_string(WTERMSIG(*waitStatus_)) + " (" +
             strsignal(WTERMSIG(*waitStatus_)) + ")";
    return "exit status " + std::to_string(WEXITSTATUS(*waitStatus_));
  }

 private:
  // Until `fd` is ready for `events` (or has hung up: the read or write that follows tells).
  static Io waitFor(int fd, short events, Clock::time_point deadline) {
    while (true) {
      const auto left = std::chrono::ceil<milliseconds>(deadline - Clock::now());
      pollfd ready{fd, events, 0};
      const int polled =
          ::poll(&ready, 1, static_cast<int>(std::clamp<long long>(left.count(), 0, INT_MAX)));
      if (polled > 0) return Io::Done;
      if (polled == 0) {
        if (Clock::now() >= deadline) return Io::TimedOut;
      } else if (errno != EINTR) {
        return Io::Closed;
      }
    }
  }

  // Reaps the engine if it ends within `grace`.
  bool waitForExit(milliseconds grace) {
    const auto end = Clock::now() + grace;
    while (!waitStatus_) {
      int status = 0;
      const pid_t reaped = waitpid(pid_, &status, WNOHANG);
      if (reaped == pid_) {
        waitStatus_ = status;
      } else if (reaped < 0 && errno != EINTR) {
        waitStatus_ = 0;  // ECHILD: reaped elsewhere (SIGCHLD ignored by the program)
      } else if (Clock::now() >= end) {
        return false;
      } else {
        std::this_thread::sleep_for(milliseconds(5));
      }
    }
    return true;
  }

  pid_t pid_ = -1;
  Fd toEngine_;
  Fd fromEngine_;
  std::string pending_;  // output read but not yet returned as lines
  std::optional<int> waitStatus_;
};

EnginePlayer::EnginePlayer(std::string command, std::chrono::milliseconds answerTimeout)
    : command_(std::move(command)),
      answerTimeout_(answerTimeout),
      process_(std::make_unique<Process>(command_)) {
  try {
    handshake();
  } catch (const EngineForfeit&) {
    const std::string prefix = "engine '" + command_ + "': ";
    throw EngineStartError("engine '" + command_ +
                           "' did not start: " + failure_->substr(prefix.size()));
  }
}

void EnginePlayer::handshake() {
  const Clock::time_point deadline = Clock::now() + answerTimeout_;
  send("status", deadline, answerTimeout_);
  for (std::string line;;) {
    readLine(line, deadline, "no answer to 'status' within " + durationText(answerTimeout_));
    if (line == "status" || line.starts_with("status ")) return;
    if (line.starts_with("error")) forfeit("answered '" + line + "' to 'status'");
  }
}

EnginePlayer::~EnginePlayer() = default;

std::string EnginePlayer::name() const {
  return "engine:" + command_;
}

void EnginePlayer::newGame() {
  if (failure_) return;
  // A failure here is kept for the next move: newGame() has no way to forfeit.
  try {
    send("newgame", Clock::now() + answerTimeout_, answerTimeout_);
  } catch (const EngineForfeit&) {
  }
}

Move EnginePlayer::chooseMove(const Game& game, const ThinkingBudget& budget) {
  if (failure_) throw EngineForfeit(*failure_);
  const milliseconds allowed = answerTimeout_ + budget.time.value_or(milliseconds(0));
  const Clock::time_point deadline = Clock::now() + allowed;
  send(positionCommand(game), deadline, allowed);
  send(goCommand(budget), deadline, allowed);
  for (std::string line;;) {
    readLine(line, deadline, "no answer within " + durationText(allowed));
    const std::string_view text(line);
    const std::size_t wordEnd = std::min(text.find(' '), text.size());
    const std::string_view word = text.substr(0, wordEnd);
    if (word == "bestmove") {
      try {
        return parseMove(game.position(), text.substr(wordEnd));
      } catch (const MoveError& e) {
        forfeit(e.what());
      }
    }
    if (word == "error") forfeit("answered '" + line + "'");
    // `info` lines, and any others, carry nothing the referee needs.
  }
}

void EnginePlayer::readLine(std::string& line, std::chrono::steady_clock::time_point deadline,
                            const std::string& silence) {
  switch (process_->readLine(line, deadline)) {
    case Process::Io::Done:
      return;
    case Process::Io::Closed:
      forfeit(endedOr("closed its output"));
    case Process::Io::TimedOut:
      forfeit(silence);
    case Process::Io::TooLong:
      forfeit("sent a line longer than " + std::to_string(kMaxLineBytes) + " bytes");
  }
}

// Whichever end of the pipes the engine dropped, the usual cause is that it ended.
std::string EnginePlayer::endedOr(const std::string& otherwise) {
  const std::optional<std::string> ending = process_->ending();
  return ending ? "ended (" + *ending + ")" : otherwise;
}

void EnginePlayer::forfeit(const std::string& reason) {
  if (!failure_) failure_ = "engine '" + command_ + "': " + reason;
  throw EngineForfeit(*failure_);
}

void EnginePlayer::send(const std::string& line, std::chrono::steady_clock::time_point deadline,
                        std::chrono::milliseconds allowed) {
  switch (process_->writeLine(line, deadline)) {
    case Process::Io::Done:
    case Process::Io::TooLong:  // a write is never too long
      return;
    case Process::Io::Closed:
      forfeit(endedOr("closed its input"));
    case Process::Io::TimedOut:
      forfeit("did not read its input within " + durationText(allowed));
  }
}

}  // namespace camelot
