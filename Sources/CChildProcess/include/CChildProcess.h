#ifndef PODIUM_CHILD_PROCESS_H
#define PODIUM_CHILD_PROCESS_H

// A child program (TeX, LibreOffice) that ends with Podium, however Podium ends: q q, SIGTERM,
// kill -9 or a crash. Each child runs under a keeper, a small process forked from Podium that
// holds the read end of a pipe whose write end only Podium holds: when Podium's process ends in
// any way the kernel closes that end, the keeper sees the pipe hang up and kills the child's
// whole process group (a script's helpers too: soffice starts soffice.bin). The child is also
// given the parent-death signal against its keeper, limits on its processor time and memory,
// and a nice level, all set in the child itself before it runs the program.

#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  /// The program, its arguments (ending in NULL) and its environment (ending in NULL).
  const char *path;
  char *const *arguments;
  char *const *environment;
  /// The folder it runs in, or NULL for Podium's own.
  const char *directory;
  /// Its standard input, output and error: open descriptors of Podium's, or -1 for /dev/null.
  int input, output, error;
  /// Processor seconds (RLIMIT_CPU: SIGXCPU, then SIGKILL a second later) and bytes of address
  /// space (RLIMIT_AS) it may take; 0 for no limit.
  long processor_seconds;
  long memory_bytes;
  /// Its nice level (0 for Podium's own priority).
  int nice;
} podium_child_options;

typedef struct {
  /// The keeper, which Podium waits for: it ends when the child does, with the child's status.
  pid_t keeper;
  /// The program itself, leader of its own process group.
  pid_t child;
} podium_child;

/// Starts the program under a keeper. Returns 0, or the errno of what failed (fork, or the
/// child's execve: a program that cannot run is told at once, never as a later exit).
int podium_child_start(const podium_child_options *options, podium_child *started);

/// Kills the child's whole process group; the keeper then ends with SIGKILL's status.
void podium_child_kill(const podium_child *child);

#ifdef __cplusplus
}
#endif

#endif
