/*
 * tap-relay: the stdio tap's hot path. `loupe tap` (Node) starts it with the host's fds 0, 1 and 2
 * and a record pipe on fd 3:  tap-relay [--max-behind BYTES] -- COMMAND [ARGS...]
 *
 * It starts the server (fork + execvp, no shell, the host's environment and working directory) and
 * passes bytes host -> server, server -> host and server stderr -> fd 2. Each chunk is written on
 * before anything else is done with it; then a copy goes to the record pipe with its stream and
 * the time it arrived. Node frames and stores the records (proxy/tap/native-tap.ts); the host never
 * waits for JavaScript. Record layout: proxy/tap/relay-records.ts, the one reader of this output.
 *
 * Why threads, one a direction: each does blocking reads and writes on its own pair of fds, so a
 * direction that waits (a host slow to read) never holds up the other, exactly as without the tap,
 * and the host's fds keep their blocking mode (their file descriptions are shared with the host's
 * other processes: a terminal, the host itself). The main thread owns the record pipe (ours, made
 * non-blocking) and the server's exit; it is woken through a pipe by the other threads and by
 * signal handlers.
 *
 * Why the reader that expects an answer spins for a moment: on an idle machine a thread asleep in
 * read() takes tens of microseconds to wake, and a round trip through a relay pays that twice (the
 * request, then the reply), more than the relay's work. So when a request passes host -> server,
 * the server -> host reader is nudged awake (while the server works, not after it answered) and
 * polls its pipe without blocking for SPIN_US before it parks again, the way spin-then-park mutexes
 * and busy-poll sockets do. Spinning follows traffic only: an idle tap is parked and costs nothing,
 * and a spin that found nothing stops the spinning until the server speaks again (a host that
 * streams into a server that does not answer costs no CPU). It spins only with a CPU to spare: on
 * a busy machine a spinning thread takes the CPU the server needs to answer, and the scheduler
 * then makes the spinner wait its turn for milliseconds (measured: +2.6 ms a ping with two CPU
 * burners on two cores), so a spin starts only while a CPU is free (Linux's /proc/loadavg counts
 * the runnable threads) and ends as soon as it loses its CPU. Where that count cannot be read
 * (macOS) it does not spin unless LOUPE_TAP_SPIN_US asks. LOUPE_TAP_SPIN_US=0 turns it off.
 *
 * Recording never holds the host up: records wait in a queue bounded by --max-behind (64 MiB, as
 * the Node tap bounds its recorder); past it a chunk is passed on but only its size is recorded, as
 * a gap. Relaying never drops a byte.
 */
#define _POSIX_C_SOURCE 200809L
#if defined(__APPLE__)
#define _DARWIN_C_SOURCE
#endif
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

enum { REC_FD = 3 };
/* Record kinds and streams: keep in step with proxy/tap/relay-records.ts. */
enum { K_CHUNK = 1, K_END = 2, K_GAP = 3, K_SPAWNED = 4, K_EXEC_FAILED = 5, K_STDIN_CLOSED = 6, K_SIGNAL = 7, K_EXIT = 8 };
enum { S_C2S = 0, S_S2C = 1, S_STDERR = 2, S_NONE = 255 };
enum { HEADER = 16, READ_SIZE = 64 * 1024 };
/* Records go out in batches, so a ping's round trip does not wake the Node side each time. */
static const int64_t BATCH_NS = 20 * 1000000LL;
static const size_t BATCH_BYTES = 1 << 20;
/* After the server exits, what it wrote still reaches the host; a grandchild holding its pipes
 * open is waited for this long (the Node tap waits as long). */
static const int64_t DRAIN_NS = 2000 * 1000000LL;
/* How long the reader of the server's answers polls after a request passed, before it sleeps
 * again: longer than a quick server's answer takes to come back (a ping through server-everything
 * in Node, the waking of this thread included, measured: 200 us caught most, 300 as many as 400),
 * short enough that a request whose answer is slow costs at most this much CPU. */
enum { SPIN_US = 300, MAX_SPIN_US = 10000 };
static int64_t spin_ns = SPIN_US * 1000LL;
/* A turn of the spin (a poll and a yield, about a microsecond) that took this long lost the CPU to
 * another thread: the CPU is wanted, so the spin ends. */
static const int64_t LOST_CPU_NS = 50 * 1000LL;
/* /proc/loadavg, open while the relay spins (Linux), and the CPUs it may run on. */
static int loadavg_fd = -1;
static long cpus = 1;

struct rec {
  struct rec *next;
  unsigned char *data;
  uint64_t ts, gap;
  uint32_t len;
  int32_t a, b;
  uint8_t kind, stream, ready;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct rec *head, *tail;
/* Bytes recorded but not yet written to the record pipe: the bound applies to this. */
static size_t behind, max_behind = (size_t)64 << 20;
static int need_wake = 1, rec_dead;
static int stream_over[3];
static int wake_pipe[2] = {-1, -1};
static volatile pid_t child_pid;
static volatile sig_atomic_t last_forward_sig;
static int64_t last_forward_ns;

/* Bytes a record takes in the pipe: what the bound on the queue counts. */
static size_t wire_size(uint8_t kind, size_t len) {
  return HEADER + (kind == K_CHUNK ? len : kind == K_END || kind == K_STDIN_CLOSED ? 0 : 8);
}

static int64_t now_ns(void) {
  struct timespec t;
  /* The clock Node's process.hrtime reads (libuv's), so relay and Node timestamps share an origin. */
#if defined(__APPLE__)
  clock_gettime(CLOCK_UPTIME_RAW, &t);
#else
  clock_gettime(CLOCK_MONOTONIC, &t);
#endif
  return (int64_t)t.tv_sec * 1000000000LL + t.tv_nsec;
}

static void wake(char why) {
  /* Non-blocking: a full wake pipe already means the main thread will look. */
  ssize_t r = write(wake_pipe[1], &why, 1);
  (void)r;
}

/* Appends a record (under the lock); `ready` = 0 reserves its place in wire order before its bytes
 * are copied, so a reply read on one thread never precedes the request another thread forwarded. */
static struct rec *append(uint8_t kind, uint8_t stream, uint32_t len, int ready) {
  struct rec *r = calloc(1, sizeof *r);
  if (!r) return NULL;
  r->kind = kind;
  r->stream = stream;
  r->len = len;
  r->ready = (uint8_t)ready;
  r->ts = (uint64_t)now_ns();
  if (tail) tail->next = r;
  else head = r;
  tail = r;
  return r;
}

/* The main thread is woken for the first record after the queue emptied, and not again until it
 * has written the batch: a flood wakes it once a batch, not once a chunk. */
static void woken_if_needed(void) {
  if (need_wake) {
    need_wake = 0;
    wake('r');
  }
}

/* An event with no bytes (end of a stream, spawn, exit...). */
static void event(uint8_t kind, uint8_t stream, int32_t a, int32_t b) {
  pthread_mutex_lock(&lock);
  if (!rec_dead) {
    struct rec *r = append(kind, stream, 0, 1);
    if (r) {
      r->a = a;
      r->b = b;
      behind += wire_size(kind, 0);
    }
    woken_if_needed();
  }
  pthread_mutex_unlock(&lock);
}

/* Takes the chunk's place and time; NULL when it is not to be copied (recording is off, the
 * stream is over, or the queue is full and the chunk became a gap). */
static struct rec *reserve(uint8_t stream, size_t n) {
  struct rec *r = NULL;
  pthread_mutex_lock(&lock);
  if (!rec_dead && !stream_over[stream]) {
    if (behind + n > max_behind) {
      /* Consecutive drops of one stream are one gap: one note in the trace, with the total. */
      if (tail && tail->kind == K_GAP && tail->stream == stream) tail->gap += n;
      else if ((r = append(K_GAP, stream, 0, 1)) != NULL) {
        r->gap = n;
        behind += wire_size(K_GAP, 0);
      }
      r = NULL;
    } else {
      r = append(K_CHUNK, stream, (uint32_t)n, 0);
      if (r) behind += wire_size(K_CHUNK, n);
    }
  }
  pthread_mutex_unlock(&lock);
  return r;
}

static void fill(struct rec *r, const unsigned char *buf, size_t n) {
  unsigned char *copy = malloc(n);
  if (copy) memcpy(copy, buf, n);
  pthread_mutex_lock(&lock);
  r->data = copy;
  /* Out of memory: the record keeps its place as a gap of its size, so the trace says so. */
  if (!copy) {
    r->kind = K_GAP;
    r->gap = n;
    r->len = 0;
    behind -= n - 8;
  }
  r->ready = 1;
  woken_if_needed();
  pthread_mutex_unlock(&lock);
}

/* Waits until fd is readable or writable: only needed when a shared fd was made non-blocking by
 * another process that holds the same file description. */
static void wait_fd(int fd, short what) {
  struct pollfd p = {fd, what, 0};
  while (poll(&p, 1, -1) < 0 && errno == EINTR) {
  }
}

/* 1 when every byte was written; 0 when the reader is gone (EPIPE) or the fd failed. */
static int write_all(int fd, const unsigned char *buf, size_t n) {
  while (n > 0) {
    ssize_t w = write(fd, buf, n);
    if (w < 0) {
      if (errno == EINTR) continue;
      if (errno == EAGAIN || errno == EWOULDBLOCK) {
        wait_fd(fd, POLLOUT);
        continue;
      }
      return 0;
    }
    buf += w;
    n -= (size_t)w;
  }
  return 1;
}

struct way {
  int from, to;
  uint8_t stream;
  /* c2s: the host's EOF becomes the server's (its stdin is closed). */
  int close_to_at_end;
  char done;
  /* The way whose reader expects the answer to what this way passes on (c2s: s2c), or NULL. */
  struct way *answer;
  /* Set on the answering way only (its `from` is then ours, non-blocking): a pipe that wakes it to
   * spin, and, shared with the nudging thread through atomics, until when to spin, whether it is
   * asleep, and whether spinning is armed (off after a spin that found nothing). */
  int nudge[2];
  int64_t spin_until;
  int parked, armed;
};

static int64_t load64(int64_t *p) { return __atomic_load_n(p, __ATOMIC_SEQ_CST); }
static void store64(int64_t *p, int64_t v) { __atomic_store_n(p, v, __ATOMIC_SEQ_CST); }
static int load(int *p) { return __atomic_load_n(p, __ATOMIC_SEQ_CST); }
static void store(int *p, int v) { __atomic_store_n(p, v, __ATOMIC_SEQ_CST); }

/* 1 when a CPU is free for a spin: the threads runnable right now (the fourth field of
 * /proc/loadavg, "running/total"), less the two about to sleep (this one, which just passed the
 * request on, and the host that sent it), are no more than the CPUs. Measured on 2 cores: counting
 * those two as busy too left most quiet round trips unspun; with two CPU burners running, the count
 * and the lost-CPU check kept the figure at the no-spin one. */
static int cpu_to_spare(void) {
  if (loadavg_fd < 0) return 1;
  char text[128];
  ssize_t n = pread(loadavg_fd, text, sizeof text - 1, 0);
  if (n <= 0) return 0;
  text[n] = '\0';
  char *slash = strchr(text, '/'), *running = slash;
  if (!slash) return 0;
  while (running > text && running[-1] != ' ') running--;
  return strtol(running, NULL, 10) - 2 <= cpus;
}

/* Called by the thread that just passed a chunk on: the answer's reader spins from now, if a CPU
 * is free for it (this thread is about to sleep: it counts for the spinner). */
static void nudge(struct way *w) {
  if (!load(&w->armed) || !cpu_to_spare()) return;
  store64(&w->spin_until, now_ns() + spin_ns);
  /* Written after spin_until, read after `parked` is set (both sequentially consistent): a reader
   * that goes to sleep either sees the new window or gets the byte. */
  if (load(&w->parked)) {
    char b = 's';
    ssize_t r = write(w->nudge[1], &b, 1);
    (void)r;
  }
}

/* Until w->from is readable (or at its end): spinning while the window is open, asleep otherwise. */
static void await_answer(struct way *w) {
  struct pollfd ready = {w->from, POLLIN, 0};
  for (;;) {
    int64_t until = load64(&w->spin_until), t = now_ns();
    if (until && t < until) {
      int lost = 0;
      while (!lost) {
        if (poll(&ready, 1, 0) > 0) return;
        /* Leaves the CPU to the server or the host if they wait for it. */
        sched_yield();
        int64_t before = t;
        t = now_ns();
        if (t >= until) break;
        lost = t - before > LOST_CPU_NS;
      }
      /* The window closed on this spin (not moved by a later request): nothing came, or the CPU is
       * wanted; no more spinning until the server speaks again. */
      if (__atomic_compare_exchange_n(&w->spin_until, &until, 0, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) store(&w->armed, 0);
      continue;
    }
    store(&w->parked, 1);
    until = load64(&w->spin_until);
    if (until && now_ns() < until) {
      store(&w->parked, 0);
      continue;
    }
    struct pollfd p[2] = {{w->from, POLLIN, 0}, {w->nudge[0], POLLIN, 0}};
    int n = poll(p, 2, -1);
    store(&w->parked, 0);
    if (n > 0 && (p[1].revents & POLLIN)) {
      char drain[64];
      ssize_t r = read(w->nudge[0], drain, sizeof drain);
      (void)r;
    }
    if (n > 0 && p[0].revents) return;
  }
}

static void *pass(void *arg) {
  struct way *w = arg;
  unsigned char *buf = malloc(READ_SIZE);
  while (buf) {
    ssize_t n = read(w->from, buf, READ_SIZE);
    if (n < 0) {
      if (errno == EINTR) continue;
      if (errno == EAGAIN || errno == EWOULDBLOCK) {
        if (w->nudge[0] >= 0) await_answer(w);
        else wait_fd(w->from, POLLIN);
        continue;
      }
      break;
    }
    if (n == 0) break;
    if (w->nudge[0] >= 0) store(&w->armed, 1);
    struct rec *r = reserve(w->stream, (size_t)n);
    /* A reader that went away (a server that stopped reading, a host that closed its end): the
     * bytes have nowhere to go, as without the tap; keep reading, so they are still recorded and
     * the writer is not blocked. */
    if (w->to >= 0 && !write_all(w->to, buf, (size_t)n)) {
      if (w->close_to_at_end) close(w->to);
      w->to = -1;
    }
    if (w->answer) nudge(w->answer);
    if (r) fill(r, buf, (size_t)n);
  }
  free(buf);
  if (w->close_to_at_end) {
    if (w->to >= 0) close(w->to);
    event(K_END, w->stream, 0, 0);
    event(K_STDIN_CLOSED, S_NONE, 0, 0);
  }
  wake(w->done);
  return NULL;
}

/* ---- the record pipe (main thread only) ---- */

static unsigned char *out;
static size_t out_len, out_at, out_cap;

static void put32(unsigned char *p, uint32_t v) {
  p[0] = (unsigned char)v;
  p[1] = (unsigned char)(v >> 8);
  p[2] = (unsigned char)(v >> 16);
  p[3] = (unsigned char)(v >> 24);
}

static int reserve_out(size_t more) {
  if (out_len + more <= out_cap) return 1;
  size_t cap = out_cap ? out_cap : 64 * 1024;
  while (cap < out_len + more) cap *= 2;
  unsigned char *grown = realloc(out, cap);
  if (!grown) return 0;
  out = grown;
  out_cap = cap;
  return 1;
}

static void serialize(const struct rec *r) {
  uint32_t len = (uint32_t)(wire_size(r->kind, r->len) - HEADER);
  if (!reserve_out(HEADER + len)) return;
  unsigned char *p = out + out_len;
  memset(p, 0, HEADER);
  p[0] = r->kind;
  p[1] = r->stream;
  put32(p + 4, len);
  put32(p + 8, (uint32_t)r->ts);
  put32(p + 12, (uint32_t)(r->ts >> 32));
  if (r->kind == K_CHUNK) memcpy(p + HEADER, r->data, len);
  else if (r->kind == K_GAP) {
    put32(p + HEADER, (uint32_t)r->gap);
    put32(p + HEADER + 4, (uint32_t)(r->gap >> 32));
  } else if (len == 8) {
    put32(p + HEADER, (uint32_t)r->a);
    put32(p + HEADER + 4, (uint32_t)r->b);
  }
  out_len += HEADER + len;
}

/* Moves the ready records at the head of the queue into the output buffer. At the end (`final`)
 * a chunk still being passed on (a host that stopped reading) goes out as a gap of its size; its
 * thread still holds it, so it is left for the process's exit to free. */
static void collect(int final) {
  pthread_mutex_lock(&lock);
  while (head && (head->ready || final)) {
    struct rec *r = head;
    head = r->next;
    if (!head) tail = NULL;
    int held = !r->ready;
    struct rec lost;
    if (held) {
      memset(&lost, 0, sizeof lost);
      lost.kind = K_GAP;
      lost.stream = r->stream;
      lost.ts = r->ts;
      lost.gap = r->len;
      r = &lost;
    }
    pthread_mutex_unlock(&lock);
    serialize(r);
    if (!held) {
      free(r->data);
      free(r);
    }
    pthread_mutex_lock(&lock);
  }
  if (!head && out_at == out_len) need_wake = 1;
  pthread_mutex_unlock(&lock);
}

/* Writes what it can without blocking. */
static void send_out(void) {
  while (out_at < out_len && !rec_dead) {
    ssize_t w = write(REC_FD, out + out_at, out_len - out_at);
    if (w < 0) {
      if (errno == EINTR) continue;
      if (errno != EAGAIN && errno != EWOULDBLOCK) {
        /* Node is gone: nothing more can be recorded; relaying goes on. */
        pthread_mutex_lock(&lock);
        rec_dead = 1;
        pthread_mutex_unlock(&lock);
      }
      break;
    }
    out_at += (size_t)w;
    /* Chunk bytes count against the bound until they are in the pipe. */
    pthread_mutex_lock(&lock);
    behind = behind > (size_t)w ? behind - (size_t)w : 0;
    pthread_mutex_unlock(&lock);
  }
  if (out_at == out_len) {
    out_at = out_len = 0;
    pthread_mutex_lock(&lock);
    if (!head) need_wake = 1;
    pthread_mutex_unlock(&lock);
  } else if (out_at >= BATCH_BYTES) {
    /* A reader that keeps up only in part never empties the buffer: drop what it has taken. */
    memmove(out, out + out_at, out_len - out_at);
    out_len -= out_at;
    out_at = 0;
  }
}

/* ---- signals ---- */

static const int FORWARDED[] = {SIGTERM, SIGINT, SIGHUP};

static void on_forwarded(int sig) {
  int saved = errno;
  /* A signal sent to the whole process group reaches the server, this relay and the Node tap,
   * which passes it here too: pass one signal on once, as the Node tap alone did. */
  int64_t t = now_ns();
  if (child_pid > 0 && !(last_forward_sig == sig && t - last_forward_ns < 50 * 1000000LL)) {
    last_forward_sig = sig;
    last_forward_ns = t;
    kill(child_pid, sig);
    wake(sig == SIGTERM ? 'T' : sig == SIGINT ? 'I' : 'H');
  }
  errno = saved;
}

static void on_child(int sig) {
  int saved = errno;
  (void)sig;
  wake('C');
  errno = saved;
}

static void handle(int sig, void (*fn)(int)) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = fn;
  sa.sa_flags = SA_RESTART | (sig == SIGCHLD ? SA_NOCLDSTOP : 0);
  sigemptyset(&sa.sa_mask);
  sigaction(sig, &sa, NULL);
}

/* ---- the server ---- */

static int exec_failure_code(int err) {
  /* The Node tap's codes for a command that could not start: not found, cannot run, otherwise. */
  return err == ENOENT ? 127 : err == EACCES ? 126 : 125;
}

/* fork + execvp with the server's ends of three pipes; reports exec's errno through a
 * close-on-exec pipe (nothing read = exec succeeded). */
static pid_t start_server(char **argv, int in[2], int outp[2], int errp[2], int *exec_errno) {
  int report[2];
  if (pipe(report) < 0) return -1;
  fcntl(report[1], F_SETFD, FD_CLOEXEC);
  pid_t pid = fork();
  if (pid == 0) {
    /* The server starts as it would without the tap: default dispositions, nothing blocked. */
    sigset_t none;
    sigemptyset(&none);
    signal(SIGPIPE, SIG_DFL);
    for (size_t i = 0; i < sizeof FORWARDED / sizeof *FORWARDED; i++) signal(FORWARDED[i], SIG_DFL);
    signal(SIGCHLD, SIG_DFL);
    sigprocmask(SIG_SETMASK, &none, NULL);
    close(report[0]);
    if (dup2(in[0], 0) < 0 || dup2(outp[1], 1) < 0 || dup2(errp[1], 2) < 0) _exit(125);
    execvp(argv[0], argv);
    int e = errno;
    ssize_t w = write(report[1], &e, sizeof e);
    (void)w;
    _exit(exec_failure_code(e));
  }
  close(report[1]);
  if (pid < 0) {
    *exec_errno = errno;
    close(report[0]);
    return -1;
  }
  ssize_t n;
  while ((n = read(report[0], exec_errno, sizeof *exec_errno)) < 0 && errno == EINTR) {
  }
  close(report[0]);
  if (n == (ssize_t)sizeof *exec_errno) {
    while (waitpid(pid, NULL, 0) < 0 && errno == EINTR) {
    }
    return -1;
  }
  *exec_errno = 0;
  return pid;
}

/* Writes every record left, waiting for the pipe as long as Node reads it. */
static void flush_all(void) {
  for (;;) {
    collect(1);
    send_out();
    if (rec_dead || (out_len == 0 && !head)) return;
    if (out_len > 0) wait_fd(REC_FD, POLLOUT);
  }
}

static int pipe_cloexec(int p[2]) {
  if (pipe(p) < 0) return -1;
  fcntl(p[0], F_SETFD, FD_CLOEXEC);
  fcntl(p[1], F_SETFD, FD_CLOEXEC);
  return 0;
}

int main(int argc, char **argv) {
  int i = 1;
  for (; i < argc && strcmp(argv[i], "--") != 0; i++) {
    if (strcmp(argv[i], "--max-behind") == 0 && i + 1 < argc) max_behind = (size_t)strtoull(argv[++i], NULL, 10);
  }
  if (i + 1 >= argc) return 64;
  char **command = argv + i + 1;
  const char *spin = getenv("LOUPE_TAP_SPIN_US");
  int spin_asked = 0;
  if (spin && *spin) {
    char *end;
    long us = strtol(spin, &end, 10);
    if (*end == '\0' && us >= 0) {
      spin_ns = (us > MAX_SPIN_US ? MAX_SPIN_US : us) * 1000LL;
      spin_asked = 1;
    }
  }
  if (spin_ns > 0) {
    loadavg_fd = open("/proc/loadavg", O_RDONLY | O_CLOEXEC);
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    if (online > 0) cpus = online;
    /* No way to tell a busy machine: spin only when asked to. */
    if (loadavg_fd < 0 && !spin_asked) spin_ns = 0;
  }

  signal(SIGPIPE, SIG_IGN);
  /* Ours alone: non-blocking, and not inherited by the server. */
  fcntl(REC_FD, F_SETFL, fcntl(REC_FD, F_GETFL) | O_NONBLOCK);
  fcntl(REC_FD, F_SETFD, FD_CLOEXEC);
  int in[2], outp[2], errp[2];
  if (pipe_cloexec(wake_pipe) < 0 || pipe_cloexec(in) < 0 || pipe_cloexec(outp) < 0 || pipe_cloexec(errp) < 0) return 125;
  fcntl(wake_pipe[1], F_SETFL, O_NONBLOCK);

  /* Blocked until the relay threads exist (they inherit the mask and never take these signals),
   * so a signal that comes early is passed on once the server's pid is known. */
  sigset_t mine, old;
  sigemptyset(&mine);
  for (size_t s = 0; s < sizeof FORWARDED / sizeof *FORWARDED; s++) sigaddset(&mine, FORWARDED[s]);
  sigaddset(&mine, SIGCHLD);
  pthread_sigmask(SIG_BLOCK, &mine, &old);
  handle(SIGCHLD, on_child);
  for (size_t s = 0; s < sizeof FORWARDED / sizeof *FORWARDED; s++) handle(FORWARDED[s], on_forwarded);

  int exec_errno = 0;
  pid_t pid = start_server(command, in, outp, errp, &exec_errno);
  close(in[0]);
  close(outp[1]);
  close(errp[1]);
  if (pid < 0) {
    event(K_EXEC_FAILED, S_NONE, exec_errno, 0);
    flush_all();
    return exec_failure_code(exec_errno);
  }
  child_pid = pid;
  event(K_SPAWNED, S_NONE, (int32_t)pid, 0);

  static struct way c2s, s2c, err;
  c2s = (struct way){0, in[1], S_C2S, 1, 'i', NULL, {-1, -1}, 0, 0, 0};
  s2c = (struct way){outp[0], 1, S_S2C, 0, 'o', NULL, {-1, -1}, 0, 0, 1};
  err = (struct way){errp[0], 2, S_STDERR, 0, 'e', NULL, {-1, -1}, 0, 0, 0};
  if (spin_ns > 0 && pipe_cloexec(s2c.nudge) == 0) {
    /* The server's stdout pipe is ours alone, so its reader can poll it without blocking. */
    fcntl(s2c.nudge[0], F_SETFL, O_NONBLOCK);
    fcntl(s2c.nudge[1], F_SETFL, O_NONBLOCK);
    fcntl(outp[0], F_SETFL, fcntl(outp[0], F_GETFL) | O_NONBLOCK);
    c2s.answer = &s2c;
  }
  pthread_t t;
  pthread_attr_t detached;
  pthread_attr_init(&detached);
  pthread_attr_setdetachstate(&detached, PTHREAD_CREATE_DETACHED);
  pthread_create(&t, &detached, pass, &c2s);
  pthread_create(&t, &detached, pass, &s2c);
  pthread_create(&t, &detached, pass, &err);
  pthread_sigmask(SIG_SETMASK, &old, NULL);
#if defined(__linux__)
  /* This thread only moves records to Node and watches the server: on a busy machine it takes the
   * CPU the relaying threads, the host and the server leave (Linux nices a thread, not the process). */
  setpriority(PRIO_PROCESS, 0, 19);
#endif

  int status = 0, exited = 0, out_done = 0, err_done = 0;
  int64_t deadline = 0, drain_until = 0;
  for (;;) {
    int64_t now = now_ns();
    if (exited && ((out_done && err_done) || now >= drain_until)) break;
    pthread_mutex_lock(&lock);
    int queued = head != NULL, big = behind >= BATCH_BYTES;
    pthread_mutex_unlock(&lock);
    /* Records move out with the batch: when it is due, when it is large, or once the server is gone. */
    if (queued && (big || exited || (deadline && now >= deadline))) {
      collect(0);
      deadline = 0;
    }
    if (out_len > out_at) send_out();
    pthread_mutex_lock(&lock);
    queued = head != NULL;
    pthread_mutex_unlock(&lock);
    if (!queued) deadline = 0;
    else if (!deadline) deadline = now + BATCH_NS;
    int64_t until = deadline;
    if (exited && (!until || drain_until < until)) until = drain_until;
    int timeout = -1;
    if (until) timeout = until > now ? (int)((until - now + 999999) / 1000000) : 0;
    /* The record pipe is watched only while output waits for room in it. */
    struct pollfd p[2] = {{wake_pipe[0], POLLIN, 0}, {REC_FD, POLLOUT, 0}};
    int watched = out_len > out_at && !rec_dead ? 2 : 1;
    if (poll(p, (nfds_t)watched, timeout) < 0) continue;
    if (p[0].revents & POLLIN) {
      char why[64];
      ssize_t n = read(wake_pipe[0], why, sizeof why);
      for (ssize_t k = 0; k < n; k++) {
        if (why[k] == 'o') out_done = 1;
        else if (why[k] == 'e') err_done = 1;
        else if (why[k] == 'T' || why[k] == 'I' || why[k] == 'H') event(K_SIGNAL, S_NONE, why[k] == 'T' ? SIGTERM : why[k] == 'I' ? SIGINT : SIGHUP, 0);
      }
    }
    if (!exited && waitpid(pid, &status, WNOHANG) == pid) {
      exited = 1;
      drain_until = now_ns() + DRAIN_NS;
    }
  }
  /* Nothing after the exit is recorded: the trace ends there, as the Node tap's does. */
  pthread_mutex_lock(&lock);
  stream_over[S_C2S] = stream_over[S_S2C] = stream_over[S_STDERR] = 1;
  pthread_mutex_unlock(&lock);
  event(K_END, S_S2C, 0, 0);
  event(K_END, S_STDERR, 0, 0);
  int sig = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
  event(K_EXIT, S_NONE, sig ? -1 : WEXITSTATUS(status), sig);
  flush_all();
  if (sig) {
    /* End the way the server ended. */
    signal(sig, SIG_DFL);
    sigset_t only;
    sigemptyset(&only);
    sigaddset(&only, sig);
    pthread_sigmask(SIG_UNBLOCK, &only, NULL);
    raise(sig);
    return 128 + sig;
  }
  return WEXITSTATUS(status);
}
