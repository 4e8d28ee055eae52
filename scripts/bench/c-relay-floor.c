/*
 * For the tap bench only: the least a relay between a host and its server can cost on this
 * machine, a single thread in C with poll() that records nothing. The tap's native relay
 * (proxy/tap/native/tap-relay.c) is read against it.
 */
#define _POSIX_C_SOURCE 200809L
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv) {
  int in[2], out[2];
  if (argc < 2 || pipe(in) < 0 || pipe(out) < 0) return 125;
  pid_t pid = fork();
  if (pid == 0) {
    dup2(in[0], 0);
    dup2(out[1], 1);
    close(in[1]);
    close(out[0]);
    execvp(argv[1], argv + 1);
    _exit(127);
  }
  close(in[0]);
  close(out[1]);
  signal(SIGPIPE, SIG_IGN);
  static char buf[65536];
  struct pollfd p[2] = {{0, POLLIN, 0}, {out[0], POLLIN, 0}};
  for (;;) {
    if (poll(p, 2, -1) < 0) continue;
    if (p[0].revents) {
      ssize_t n = read(0, buf, sizeof buf);
      if (n <= 0) {
        close(in[1]);
        p[0].fd = -1;
      } else if (write(in[1], buf, (size_t)n) < 0) {
        p[0].fd = -1;
      }
    }
    if (p[1].revents) {
      ssize_t n = read(out[0], buf, sizeof buf);
      if (n <= 0 || write(1, buf, (size_t)n) < 0) break;
    }
  }
  int status;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}
