// See CChildProcess.h. Everything between fork and execve (and the whole keeper) calls only
// async-signal-safe functions and system calls: Podium has many threads, and a forked copy of
// it may find any lock held by a thread that is not there.
#define _GNU_SOURCE
#include "CChildProcess.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

// Podium holds the write end for as long as its process lives and never writes to it; every
// keeper holds the read end. Both close on exec, so no program Podium runs holds either.
static int lifeline[2] = {-1, -1};
static int lifeline_error = 0;
static pthread_once_t lifeline_once = PTHREAD_ONCE_INIT;

static void make_lifeline(void) {
  if (pipe2(lifeline, O_CLOEXEC) != 0) lifeline_error = errno;
}

typedef struct {
  pid_t child;
  int error;
} report_t;

static void close_range_of(unsigned first, unsigned last) {
  if (first > last) return;
  if (syscall(SYS_close_range, first, last, 0) == 0) return;
  // Kernels before 5.9 have no close_range: close them one by one, up to the limit.
  struct rlimit limit;
  unsigned top = 65536;
  if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY &&
      limit.rlim_cur < top) {
    top = (unsigned)limit.rlim_cur;
  }
  if (last >= top) last = top - 1;
  for (unsigned fd = first; fd <= last; fd++) close((int)fd);
}

/// Closes every descriptor from 3 up but `keep` (at most one).
static void close_all_but(int keep) {
  if (keep >= 3) {
    close_range_of(3, (unsigned)keep - 1);
    close_range_of((unsigned)keep + 1, ~0U);
  } else {
    close_range_of(3, ~0U);
  }
}

static void no_core_dumps(void) {
  struct rlimit none = {0, 0};
  setrlimit(RLIMIT_CORE, &none);
}

static void write_all(int fd, const void *bytes, size_t count) {
  const char *next = bytes;
  while (count > 0) {
    ssize_t written = write(fd, next, count);
    if (written < 0 && errno == EINTR) continue;
    if (written <= 0) return;
    next += written;
    count -= (size_t)written;
  }
}

static ssize_t read_all(int fd, void *bytes, size_t count) {
  size_t got = 0;
  while (got < count) {
    ssize_t read_now = read(fd, (char *)bytes + got, count - got);
    if (read_now < 0 && errno == EINTR) continue;
    if (read_now <= 0) break;
    got += (size_t)read_now;
  }
  return (ssize_t)got;
}

/// The program itself: a process group of its own, signals as a new program expects them,
/// killed with its keeper, its limits, then execve. Never returns.
static void run_program(const podium_child_options *options, int exec_report, pid_t keeper) {
  setpgid(0, 0);
  struct sigaction standard;
  memset(&standard, 0, sizeof standard);
  standard.sa_handler = SIG_DFL;
  for (int signal = 1; signal < NSIG; signal++) sigaction(signal, &standard, NULL);
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, NULL);
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != keeper) _exit(127);

  int wanted[3] = {options->input, options->output, options->error};
  int null = -1;
  int high[3];
  for (int index = 0; index < 3; index++) {
    int fd = wanted[index];
    if (fd < 0) {
      if (null < 0) null = open("/dev/null", O_RDWR | O_CLOEXEC);
      fd = null;
    }
    // Above 2 first, so that putting one in place never closes another still to be placed.
    high[index] = fd < 0 ? -1 : fcntl(fd, F_DUPFD_CLOEXEC, 10);
  }
  for (int index = 0; index < 3; index++) {
    if (high[index] >= 0) dup2(high[index], index);
  }
  int failure = 0;
  if (options->directory != NULL && chdir(options->directory) != 0) failure = errno;
  if (failure == 0 && options->processor_seconds > 0) {
    struct rlimit cpu = {(rlim_t)options->processor_seconds,
                         (rlim_t)options->processor_seconds + 1};
    if (setrlimit(RLIMIT_CPU, &cpu) != 0) failure = errno;
  }
  if (failure == 0 && options->memory_bytes > 0) {
    struct rlimit memory = {(rlim_t)options->memory_bytes, (rlim_t)options->memory_bytes};
    if (setrlimit(RLIMIT_AS, &memory) != 0) failure = errno;
  }
  no_core_dumps();
  if (failure == 0 && options->nice != 0) setpriority(PRIO_PROCESS, 0, options->nice);
  if (failure == 0) {
    close_all_but(exec_report);
    execve(options->path, options->arguments, options->environment);
    failure = errno;
  }
  write_all(exec_report, &failure, sizeof failure);
  _exit(127);
}

static void on_child_ended(int signal) { (void)signal; }

/// Ends the keeper as the program ended: with its exit code, or killed by its signal.
static void end_as(int status) {
  if (WIFEXITED(status)) _exit(WEXITSTATUS(status));
  int signal = WIFSIGNALED(status) ? WTERMSIG(status) : SIGKILL;
  struct sigaction standard;
  memset(&standard, 0, sizeof standard);
  standard.sa_handler = SIG_DFL;
  sigaction(signal, &standard, NULL);
  sigset_t only;
  sigemptyset(&only);
  sigaddset(&only, signal);
  sigprocmask(SIG_UNBLOCK, &only, NULL);
  kill(getpid(), signal);
  _exit(128 + signal);
}

/// The keeper: starts the program, reports its pid, then waits for whichever comes first, the
/// program's end or Podium's (the lifeline hanging up). Never returns.
static void keep(const podium_child_options *options, int report) {
  close(lifeline[1]);
  int life = lifeline[0];
  no_core_dumps();
  // Ctrl-C, a hang-up or a SIGTERM sent to Podium's process group must not end the keeper
  // before the program: Podium's own end hangs the lifeline up, and the keeper acts on that.
  struct sigaction ignore;
  memset(&ignore, 0, sizeof ignore);
  ignore.sa_handler = SIG_IGN;
  int ignored[] = {SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGPIPE, SIGTSTP, SIGTTIN, SIGTTOU};
  for (size_t index = 0; index < sizeof ignored / sizeof ignored[0]; index++) {
    sigaction(ignored[index], &ignore, NULL);
  }
  struct sigaction ended;
  memset(&ended, 0, sizeof ended);
  ended.sa_handler = on_child_ended;
  sigemptyset(&ended.sa_mask);
  sigaction(SIGCHLD, &ended, NULL);
  sigset_t only_child;
  sigemptyset(&only_child);
  sigaddset(&only_child, SIGCHLD);
  sigprocmask(SIG_SETMASK, &only_child, NULL);

  report_t result = {0, 0};
  int exec_report[2];
  if (pipe2(exec_report, O_CLOEXEC) != 0) {
    result.error = errno;
    write_all(report, &result, sizeof result);
    _exit(127);
  }
  pid_t self = getpid();
  pid_t child = fork();
  if (child == 0) {
    close(life);
    close(report);
    close(exec_report[0]);
    run_program(options, exec_report[1], self);
  }
  if (child < 0) {
    result.error = errno;
    write_all(report, &result, sizeof result);
    _exit(127);
  }
  setpgid(child, child);
  close(exec_report[1]);
  int failure = 0;
  if (read_all(exec_report[0], &failure, sizeof failure) != (ssize_t)sizeof failure) failure = 0;
  close(exec_report[0]);
  result.child = child;
  result.error = failure;
  write_all(report, &result, sizeof result);
  close(report);
  close_all_but(life);
  int status = 0;
  if (failure != 0) {
    waitpid(child, &status, 0);
    _exit(127);
  }
  sigset_t during_poll;
  sigemptyset(&during_poll);
  for (;;) {
    siginfo_t info;
    memset(&info, 0, sizeof info);
    // Seen ended but not yet reaped, so that its process group cannot be another's yet: the
    // helpers it leaves behind in the group (soffice.bin, TeX's font makers) go with it.
    if (waitid(P_PID, (id_t)child, &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
        info.si_pid == child) {
      kill(-child, SIGKILL);
      waitpid(child, &status, 0);
      end_as(status);
    }
    struct pollfd hang_up = {life, POLLIN, 0};
    if (ppoll(&hang_up, 1, NULL, &during_poll) > 0) {
      // Podium has ended (the pipe hung up): so does everything it started.
      kill(-child, SIGKILL);
      waitpid(child, &status, 0);
      _exit(128 + SIGKILL);
    }
  }
}

int podium_child_start(const podium_child_options *options, podium_child *started) {
  pthread_once(&lifeline_once, make_lifeline);
  if (lifeline_error != 0) return lifeline_error;
  int report[2];
  if (pipe2(report, O_CLOEXEC) != 0) return errno;
  pid_t keeper = fork();
  if (keeper < 0) {
    int failure = errno;
    close(report[0]);
    close(report[1]);
    return failure;
  }
  if (keeper == 0) {
    close(report[0]);
    keep(options, report[1]);
  }
  close(report[1]);
  report_t result = {0, 0};
  ssize_t got = read_all(report[0], &result, sizeof result);
  close(report[0]);
  if (got != (ssize_t)sizeof result || result.error != 0 || result.child <= 0) {
    int status;
    while (waitpid(keeper, &status, 0) < 0 && errno == EINTR) {
    }
    return result.error != 0 ? result.error : ECHILD;
  }
  started->keeper = keeper;
  started->child = result.child;
  return 0;
}

void podium_child_kill(const podium_child *child) {
  if (child->child > 0) kill(-child->child, SIGKILL);
}
