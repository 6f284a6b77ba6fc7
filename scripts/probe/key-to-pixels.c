// key-to-pixels: how long a key takes to reach the pixels a person sees, measured from outside
// the program under test. For each key on the command line it
//   1. copies the watched rectangles of the root window (XShmGetImage: the X server's
//      framebuffer, which is what the dummy driver's monitors show; no compositor runs);
//   2. sends the key as a keyboard would, through XTEST (XTestFakeKeyEvent, press and release);
//   3. copies the rectangles again and again until each differs from its copy in step 1, and
//      records the time from the key to the reply with the first copy that differs (when the
//      change was seen), and to the request of the last copy that did not differ (the change
//      came after it): the change happened between the two;
// then waits GAP ms (a speaker's pace) before the next key. A rectangle that does not change
// within TIMEOUT ms is a miss, counted and printed, never waited for longer.
//
//   key-to-pixels [--gap MS] [--timeout MS] [--poll-us US] [--log FILE]
//                 --watch NAME:X,Y,W,H [--watch ...] KEY...
//
// KEY is a keysym name (Right, Left, space). The first --watch is the one the summary is about
// (the audience's monitor); the others are timed too (the console), which shows which monitor
// the X server updated first. Each copy is a round trip that makes the X server copy W*H*4
// bytes while the program under test waits for it: watch a band where the changes show, not a
// whole monitor, and do not poll faster than needed (--poll-us, default 200 us between copies).
//
// Prints one summary line per rectangle: p50, p99 and max in ms over the changes seen, the same
// for the last look that saw no change, the misses, and the time one copy takes. When the two
// are far apart the probe looked late (on a busy machine it waits for a core, or for the X
// server): the key to pixels time is at most the first and at least the second. --log FILE
// gets one line per key: index, key, then for each rectangle the ms when the change was seen
// (-1 for a miss) and the ms of the last look that saw none.
//
// --tap HOST:PORT:TOKEN sends each KEY as a tap of the phone remote instead (`podium present
// --remote`): KEY is a remote command (next, previous) POSTed to /api/command on a new
// connection, as a phone does; the time runs from before the connection to the pixels.
//
// Build: gcc -O2 -o key-to-pixels key-to-pixels.c -lX11 -lXext -lXtst (scripts/bench-present
// does).
#define _POSIX_C_SOURCE 200809L
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/XShm.h>
#include <X11/extensions/XTest.h>
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <time.h>

enum { MAX_WATCHES = 4 };

typedef struct {
  char name[32];
  int x, y, width, height;
  XImage *image;           // the shared-memory image XShmGetImage fills
  XShmSegmentInfo segment;
  char *before;            // the copy taken before the key
  size_t bytes;
  double *ms;              // per key: key to first different copy, or -1 for a miss
  double *unchanged_ms;    // per key: key to the request of the last copy that was the same
  int *round;              // per key: the polling round that saw the change
  int misses;
} Watch;

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static void sleep_us(long us) {
  struct timespec t = {us / 1000000, (us % 1000000) * 1000};
  while (nanosleep(&t, &t) == -1 && errno == EINTR) {
  }
}

static void die(const char *message) {
  fprintf(stderr, "key-to-pixels: %s\n", message);
  exit(2);
}

static void usage(void) {
  die("usage: key-to-pixels [--gap MS] [--timeout MS] [--poll-us US] [--log FILE] "
      "--watch NAME:X,Y,W,H [--watch ...] KEY...");
}

static int compare_doubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

// The same percentile as scripts/bench-present's Python: the value at round(p * (n - 1)) of
// the sorted values.
static double percentile(const double *sorted, int count, double p) {
  if (count == 0) return -1;
  int index = (int)(p * (count - 1) + 0.5);
  return sorted[index < count ? index : count - 1];
}

static void attach(Display *display, Watch *watch) {
  int screen = DefaultScreen(display);
  watch->image = XShmCreateImage(display, DefaultVisual(display, screen),
                                 (unsigned)DefaultDepth(display, screen), ZPixmap, NULL,
                                 &watch->segment, (unsigned)watch->width,
                                 (unsigned)watch->height);
  if (!watch->image) die("XShmCreateImage failed");
  watch->bytes = (size_t)watch->image->bytes_per_line * (size_t)watch->height;
  watch->segment.shmid = shmget(IPC_PRIVATE, watch->bytes, IPC_CREAT | 0600);
  if (watch->segment.shmid < 0) die("shmget failed");
  watch->segment.shmaddr = watch->image->data = shmat(watch->segment.shmid, NULL, 0);
  if (watch->segment.shmaddr == (char *)-1) die("shmat failed");
  watch->segment.readOnly = False;
  if (!XShmAttach(display, &watch->segment)) die("XShmAttach failed");
  XSync(display, False);
  // Marked for removal now: the segment goes away with the last process attached, even if this
  // one is killed.
  shmctl(watch->segment.shmid, IPC_RMID, NULL);
  watch->before = malloc(watch->bytes);
  if (!watch->before) die("out of memory");
}

static void grab(Display *display, Window root, Watch *watch) {
  if (!XShmGetImage(display, root, watch->image, watch->x, watch->y, AllPlanes)) {
    die("XShmGetImage failed (is the rectangle inside the screen?)");
  }
}

// One tap of the phone remote: the command POSTed as a phone's page does, the reply read.
static void send_tap(const char *host, int port, const char *token, const char *command) {
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  struct sockaddr_in address = {0};
  address.sin_family = AF_INET;
  address.sin_port = htons((unsigned short)port);
  if (fd < 0 || inet_pton(AF_INET, host, &address.sin_addr) != 1 ||
      connect(fd, (struct sockaddr *)&address, sizeof address) != 0) {
    die("cannot connect to the remote (--tap)");
  }
  char request[512];
  int length = snprintf(request, sizeof request,
                        "POST /api/command HTTP/1.1\r\nHost: %s:%d\r\nX-Podium-Token: %s\r\n"
                        "Content-Length: %zu\r\nConnection: close\r\n\r\n%s",
                        host, port, token, strlen(command), command);
  if (write(fd, request, (size_t)length) != length) die("cannot send the tap");
  char reply[512];
  if (read(fd, reply, sizeof reply) < 12 || strncmp(reply + 9, "204", 3) != 0) {
    die("the remote refused the tap");
  }
  close(fd);
}

int main(int argc, char **argv) {
  Watch watches[MAX_WATCHES];
  int watch_count = 0;
  double gap_ms = 60, timeout_ms = 1000;
  long poll_us = 200;
  const char *log_path = NULL;
  char tap_host[64] = "", tap_token[80] = "";
  int tap_port = 0;
  int first_key = argc;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--gap") == 0 && i + 1 < argc) {
      gap_ms = atof(argv[++i]);
    } else if (strcmp(argv[i], "--timeout") == 0 && i + 1 < argc) {
      timeout_ms = atof(argv[++i]);
    } else if (strcmp(argv[i], "--poll-us") == 0 && i + 1 < argc) {
      poll_us = atol(argv[++i]);
    } else if (strcmp(argv[i], "--tap") == 0 && i + 1 < argc) {
      if (sscanf(argv[++i], "%63[^:]:%d:%79s", tap_host, &tap_port, tap_token) != 3) usage();
    } else if (strcmp(argv[i], "--log") == 0 && i + 1 < argc) {
      log_path = argv[++i];
    } else if (strcmp(argv[i], "--watch") == 0 && i + 1 < argc) {
      if (watch_count == MAX_WATCHES) die("at most 4 --watch");
      Watch *watch = &watches[watch_count++];
      memset(watch, 0, sizeof *watch);
      if (sscanf(argv[++i], "%31[^:]:%d,%d,%d,%d", watch->name, &watch->x, &watch->y,
                 &watch->width, &watch->height) != 5 ||
          watch->width <= 0 || watch->height <= 0) {
        usage();
      }
    } else if (argv[i][0] == '-') {
      usage();
    } else {
      first_key = i;
      break;
    }
  }
  int key_count = argc - first_key;
  if (watch_count == 0 || key_count == 0) usage();

  Display *display = XOpenDisplay(NULL);
  if (!display) die("cannot open the display ($DISPLAY)");
  int event_base, error_base, major, minor;
  Bool pixmaps;
  if (!XShmQueryVersion(display, &major, &minor, &pixmaps)) die("no MIT-SHM on this server");
  if (!XTestQueryExtension(display, &event_base, &error_base, &major, &minor)) {
    die("no XTEST on this server");
  }
  Window root = DefaultRootWindow(display);
  int screen_width = DisplayWidth(display, DefaultScreen(display));
  int screen_height = DisplayHeight(display, DefaultScreen(display));
  for (int w = 0; w < watch_count; w++) {
    Watch *watch = &watches[w];
    if (watch->x < 0 || watch->y < 0 || watch->x + watch->width > screen_width ||
        watch->y + watch->height > screen_height) {
      fprintf(stderr, "key-to-pixels: %s (%dx%d at %d,%d) is not inside the %dx%d screen\n",
              watch->name, watch->width, watch->height, watch->x, watch->y, screen_width,
              screen_height);
      return 2;
    }
  }
  KeyCode *codes = calloc((size_t)key_count, sizeof *codes);
  if (!codes) die("out of memory");
  for (int k = 0; k < key_count; k++) {
    if (tap_port) {
      codes[k] = 1;
      continue;
    }
    KeySym symbol = XStringToKeysym(argv[first_key + k]);
    codes[k] = symbol == NoSymbol ? 0 : XKeysymToKeycode(display, symbol);
    if (codes[k] == 0) {
      fprintf(stderr, "key-to-pixels: no key for '%s'\n", argv[first_key + k]);
      return 2;
    }
  }
  for (int w = 0; w < watch_count; w++) {
    attach(display, &watches[w]);
    watches[w].ms = calloc((size_t)key_count, sizeof(double));
    watches[w].unchanged_ms = calloc((size_t)key_count, sizeof(double));
    watches[w].round = calloc((size_t)key_count, sizeof(int));
    if (!watches[w].ms || !watches[w].unchanged_ms || !watches[w].round) die("out of memory");
  }
  FILE *log = log_path ? fopen(log_path, "w") : NULL;
  if (log_path && !log) die("cannot write the --log file");

  double grab_total_ms = 0;
  long grabs = 0;
  for (int k = 0; k < key_count; k++) {
    for (int w = 0; w < watch_count; w++) {
      grab(display, root, &watches[w]);
      memcpy(watches[w].before, watches[w].image->data, watches[w].bytes);
      watches[w].ms[k] = -1;
      watches[w].unchanged_ms[k] = 0;  // the copy above, taken before the key
    }
    double start = now_ms();
    if (tap_port) {
      send_tap(tap_host, tap_port, tap_token, argv[first_key + k]);
    } else {
      XTestFakeKeyEvent(display, codes[k], True, CurrentTime);
      XTestFakeKeyEvent(display, codes[k], False, CurrentTime);
      XFlush(display);
    }
    int waiting = watch_count;
    for (int round = 0; waiting > 0; round++) {
      for (int w = 0; w < watch_count; w++) {
        if (watches[w].ms[k] >= 0) continue;
        double before = now_ms();
        grab(display, root, &watches[w]);
        double after = now_ms();
        grab_total_ms += after - before;
        grabs++;
        if (memcmp(watches[w].before, watches[w].image->data, watches[w].bytes) != 0) {
          // The pixels changed between the previous copy and this one: the copy's reply is the
          // moment they were seen.
          watches[w].ms[k] = after - start;
          watches[w].round[k] = round;
          waiting--;
        } else {
          watches[w].unchanged_ms[k] = before - start;
        }
      }
      if (waiting > 0 && now_ms() - start > timeout_ms) break;
      if (waiting > 0) sleep_us(poll_us);
    }
    for (int w = 0; w < watch_count; w++) {
      if (watches[w].ms[k] < 0) {
        watches[w].misses++;
        fprintf(stderr, "key-to-pixels: key %d (%s): %s did not change within %.0f ms\n", k + 1,
                argv[first_key + k], watches[w].name, timeout_ms);
      }
    }
    if (log) {
      fprintf(log, "%d\t%s", k + 1, argv[first_key + k]);
      for (int w = 0; w < watch_count; w++) {
        fprintf(log, "\t%.3f\t%.3f", watches[w].ms[k], watches[w].unchanged_ms[k]);
      }
      fputc('\n', log);
    }
    sleep_us((long)(gap_ms * 1000));
  }

  double copy_ms = grabs ? grab_total_ms / grabs : 0;
  for (int w = 0; w < watch_count; w++) {
    Watch *watch = &watches[w];
    double *seen = malloc((size_t)key_count * sizeof(double));
    double *unchanged = malloc((size_t)key_count * sizeof(double));
    if (!seen || !unchanged) die("out of memory");
    int count = 0;
    for (int k = 0; k < key_count; k++) {
      if (watch->ms[k] < 0) continue;
      seen[count] = watch->ms[k];
      unchanged[count++] = watch->unchanged_ms[k];
    }
    qsort(seen, (size_t)count, sizeof(double), compare_doubles);
    qsort(unchanged, (size_t)count, sizeof(double), compare_doubles);
    printf("key to pixels, %-9s: n=%d p50=%.1f ms p99=%.1f ms max=%.1f ms, %d missed "
           "(%dx%d at %d,%d)\n",
           watch->name, count, percentile(seen, count, 0.5), percentile(seen, count, 0.99),
           count ? seen[count - 1] : -1.0, watch->misses, watch->width, watch->height, watch->x,
           watch->y);
    printf("  last look without the change, %-9s: p50=%.1f ms p99=%.1f ms max=%.1f ms\n",
           watch->name, percentile(unchanged, count, 0.5), percentile(unchanged, count, 0.99),
           count ? unchanged[count - 1] : -1.0);
    free(seen);
    free(unchanged);
  }
  if (watch_count > 1) {
    // Which monitor showed the change first, key by key: seen in an earlier polling round, or
    // in the same one (closer than the resolution).
    int first = 0, second = 0, same = 0;
    for (int k = 0; k < key_count; k++) {
      if (watches[0].ms[k] < 0 || watches[1].ms[k] < 0) continue;
      int a = watches[0].round[k], b = watches[1].round[k];
      if (a < b) first++;
      else if (b < a) second++;
      else same++;
    }
    printf("  first to change: %s for %d keys, %s for %d, the same polling round for %d\n",
           watches[0].name, first, watches[1].name, second, same);
  }
  printf("  one copy of the rectangles takes %.2f ms on average (the resolution), polled every "
         "%ld us\n",
         copy_ms, poll_us);
  if (log) fclose(log);
  XCloseDisplay(display);
  int missed = 0;
  for (int w = 0; w < watch_count; w++) missed += watches[w].misses;
  return missed ? 1 : 0;
}
