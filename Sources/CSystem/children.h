#ifndef TABNAV_CSYSTEM_CHILDREN_H
#define TABNAV_CSYSTEM_CHILDREN_H
/*
 * Contained child processes (docs/behaviour.md, "Children"). Every command runs under a *keeper*:
 * a small process of the project's own, forked from the program, that
 *   - learns of the program's death from the kernel (PR_SET_PDEATHSIG, as SIGCONT, which also
 *     resumes a keeper that was stopped),
 *   - is a child subreaper (PR_SET_CHILD_SUBREAPER), so every descendant of the command stays its
 *     descendant however it forks, double-forks or calls setsid,
 *   - leads a session of its own that has no controlling terminal,
 *   - forks the command (/bin/sh, a shell, anything) and reports its wait status on a pipe,
 *   - ends every descendant, found through /proc/<pid>/task/<tid>/children (the kernel's own
 *     bookkeeping), when told to (SIGTERM or SIGHUP: that signal, then SIGKILL after the grace
 *     time; SIGUSR1: SIGKILL at once) or when the program dies (the end signal of the run), and
 *   - exits once nothing of the run is left.
 * The command itself gets SIGKILL from the kernel if its keeper dies (PR_SET_PDEATHSIG again).
 *
 * The keeper is a forked copy of a multithreaded program that never calls exec: it may only make
 * async-signal-safe calls (plain system calls), so it allocates nothing, formats its own numbers
 * and reads /proc with getdents64. Everything it needs is prepared by the parent before the fork.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

/* A descriptor that polls readable once `pid` has exited; -1 where the kernel has none. */
static inline int tabnav_pidfd_open(int pid) {
#ifdef SYS_pidfd_open
    return (int)syscall(SYS_pidfd_open, pid, 0);
#else
    errno = ENOSYS;
    return -1;
#endif
}

extern int pipe2(int fds[2], int flags);

/* A pipe whose both ends close on exec, so one command never inherits another's output pipe. */
static inline int tabnav_pipe_cloexec(int fds[2]) { return pipe2(fds, O_CLOEXEC); }

/* Makes the calling process a child subreaper: orphans below it are reparented to it. */
static inline int tabnav_become_subreaper(void) { return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); }

/* What a keeper is told to run. Filled by the caller; the keeper only reads it. */
struct tabnav_spawn {
    const char *path;           /* the program to execute (absolute) */
    char *const *argv;          /* NULL-terminated */
    char *const *envp;          /* NULL-terminated */
    const char *directory;      /* where it starts; NULL: where the program is */
    int input_fd;               /* its standard input; -1: /dev/null */
    int output_fd;              /* its standard output */
    int error_fd;               /* its standard error */
    int terminal_fd;            /* >= 0: a pseudo-terminal's secondary side, made the command's
                                   controlling terminal in a session of its own (and its standard
                                   input, output and error where those are -1) */
    int end_signal;             /* what every descendant gets when the program dies: SIGTERM, SIGHUP */
    int grace_ms;               /* between the end signal and SIGKILL */
};

/* Steps a start can fail at (reported with errno). */
enum { TABNAV_STEP_FORK = 1, TABNAV_STEP_DIRECTORY = 2, TABNAV_STEP_EXEC = 3, TABNAV_STEP_TERMINAL = 4,
       TABNAV_STEP_DESCRIPTORS = 5 };

/* ---- Keeper internals (async-signal-safe) ------------------------------------------------ */

static inline long tabnav_keeper_now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Appends the decimal digits of `value` to `out` at `*at` (room permitting). */
static inline void tabnav_append_number(char *out, size_t room, size_t *at, long value) {
    char digits[24];
    int n = 0;
    if (value <= 0) { digits[n++] = '0'; }
    while (value > 0 && n < 24) { digits[n++] = (char)('0' + value % 10); value /= 10; }
    while (n > 0 && *at + 1 < room) out[(*at)++] = digits[--n];
    out[*at] = 0;
}

static inline void tabnav_append_text(char *out, size_t room, size_t *at, const char *text) {
    while (*text && *at + 1 < room) out[(*at)++] = *text++;
    out[*at] = 0;
}

struct tabnav_dirent64 {
    uint64_t d_ino;
    int64_t d_off;
    unsigned short d_reclen;
    unsigned char d_type;
    char d_name[];
};

/* Appends the children of `pid` (every thread's) to `list`, up to `cap`; returns the new count. */
static inline int tabnav_children_of(int pid, int *list, int count, int cap) {
    char path[64];
    size_t at = 0;
    tabnav_append_text(path, sizeof path, &at, "/proc/");
    tabnav_append_number(path, sizeof path, &at, pid);
    tabnav_append_text(path, sizeof path, &at, "/task");
    int tasks = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (tasks < 0) return count;
    char entries[1024] __attribute__((aligned(8)));
    for (;;) {
        long got = syscall(SYS_getdents64, tasks, entries, sizeof entries);
        if (got <= 0) break;
        for (long offset = 0; offset < got;) {
            struct tabnav_dirent64 *entry = (struct tabnav_dirent64 *)(entries + offset);
            offset += entry->d_reclen;
            if (entry->d_name[0] < '0' || entry->d_name[0] > '9') continue;
            char file[96];
            size_t fat = 0;
            tabnav_append_text(file, sizeof file, &fat, path);
            tabnav_append_text(file, sizeof file, &fat, "/");
            tabnav_append_text(file, sizeof file, &fat, entry->d_name);
            tabnav_append_text(file, sizeof file, &fat, "/children");
            int fd = open(file, O_RDONLY | O_CLOEXEC);
            if (fd < 0) continue;
            char text[4096];
            long value = 0;
            int digits = 0;
            for (;;) {
                ssize_t n = read(fd, text, sizeof text);
                if (n < 0 && errno == EINTR) continue;
                if (n <= 0) break;
                for (ssize_t i = 0; i < n; i++) {
                    if (text[i] >= '0' && text[i] <= '9') { value = value * 10 + (text[i] - '0'); digits++; }
                    else if (digits > 0) {
                        if (count < cap) list[count++] = (int)value;
                        value = 0;
                        digits = 0;
                    }
                }
            }
            if (digits > 0 && count < cap) list[count++] = (int)value;
            close(fd);
        }
    }
    close(tasks);
    return count;
}

#define TABNAV_KEEPER_WALK_CAPACITY 8192

/* Sends `sig` to every descendant of the calling process the kernel knows of, breadth first.
   Returns how many were found (0: none left). A tree larger than the walk's room is ended over
   several calls: what is killed reparents its children to the keeper, which walks again. */
static inline int tabnav_signal_descendants(int sig) {
    int list[TABNAV_KEEPER_WALK_CAPACITY];
    int count = tabnav_children_of(getpid(), list, 0, TABNAV_KEEPER_WALK_CAPACITY);
    for (int index = 0; index < count; index++) {
        if (sig == SIGKILL) (void)kill(list[index], SIGSTOP); /* no more forks while the rest is found */
        count = tabnav_children_of(list[index], list, count, TABNAV_KEEPER_WALK_CAPACITY);
    }
    for (int index = 0; index < count; index++) {
        (void)kill(list[index], sig);
        if (sig != SIGKILL) (void)kill(list[index], SIGCONT);
    }
    return count;
}

/* As tabnav_signal_descendants(sig) when the program has died: a descendant that left the
   keeper's session gets SIGKILL at once instead (stopped while the rest is found). It has no
   claim to the grace time, in which it could end the keeper and belong to nobody. */
static inline int tabnav_signal_descendants_keeping_session(int sig) {
    int list[TABNAV_KEEPER_WALK_CAPACITY];
    pid_t session = getsid(0);
    int count = tabnav_children_of(getpid(), list, 0, TABNAV_KEEPER_WALK_CAPACITY);
    for (int index = 0; index < count; index++) {
        if (getsid(list[index]) != session) (void)kill(list[index], SIGSTOP);
        count = tabnav_children_of(list[index], list, count, TABNAV_KEEPER_WALK_CAPACITY);
    }
    for (int index = 0; index < count; index++) {
        if (getsid(list[index]) != session) {
            (void)kill(list[index], SIGKILL);
        } else {
            (void)kill(list[index], sig);
            (void)kill(list[index], SIGCONT);
        }
    }
    return count;
}

/* Moves the descriptors in `fds` (entries -1 are skipped) to 3, 4, ... in order and closes every
   other descriptor from 3 up. Returns 0, or -1 with errno. */
static inline int tabnav_keep_only(int *fds, int n) {
    for (int i = 0; i < n; i++) {
        if (fds[i] < 0) continue;
        int high = fcntl(fds[i], F_DUPFD, 32);
        if (high < 0) return -1;
        fds[i] = high;
    }
    for (int i = 0; i < n; i++) {
        if (fds[i] < 0) continue;
        if (dup2(fds[i], 3 + i) < 0) return -1;
        fds[i] = 3 + i;
    }
#ifdef SYS_close_range
    if (syscall(SYS_close_range, 3 + n, ~0U, 0) == 0) return 0;
#endif
    for (int fd = 3 + n; fd < 65536; fd++) (void)close(fd);
    return 0;
}

static inline void tabnav_write_all(int fd, const void *bytes, size_t length) {
    const char *at = bytes;
    while (length > 0) {
        ssize_t n = write(fd, at, length);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return;
        at += n;
        length -= (size_t)n;
    }
}

/* The command's side of the fork: its session or group, its descriptors, its folder, then exec. */
static inline void tabnav_keeper_exec(const struct tabnav_spawn *spec, int keeper, int input, int output,
                                      int error, int terminal, int report) {
    (void)prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
    if (getppid() != keeper) _exit(127);
    int failure[2] = { 0, 0 };
    if (terminal >= 0) {
        if (setsid() < 0 || ioctl(terminal, TIOCSCTTY, 0) < 0) {
            failure[0] = TABNAV_STEP_TERMINAL;
            goto failed;
        }
        if (input < 0) input = terminal;
        if (output < 0) output = terminal;
        if (error < 0) error = terminal;
    } else {
        (void)setpgid(0, 0);
    }
    if (input < 0) input = open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (input < 0 || output < 0 || error < 0 || dup2(input, 0) < 0 || dup2(output, 1) < 0 || dup2(error, 2) < 0) {
        failure[0] = TABNAV_STEP_DESCRIPTORS;
        goto failed;
    }
    if (spec->directory != NULL && chdir(spec->directory) != 0) {
        failure[0] = TABNAV_STEP_DIRECTORY;
        goto failed;
    }
    /* Nothing of the program or the keeper reaches the command: 3 and up close at exec. */
    for (int fd = 3; fd < 16; fd++) (void)fcntl(fd, F_SETFD, FD_CLOEXEC);
    sigset_t none;
    sigemptyset(&none);
    (void)sigprocmask(SIG_SETMASK, &none, NULL);
    execve(spec->path, spec->argv, spec->envp);
    failure[0] = TABNAV_STEP_EXEC;
failed:
    failure[1] = errno;
    tabnav_write_all(report, failure, sizeof failure);
    _exit(127);
}

/* The keeper's life after the fork; never returns. `report` gets one failure record (step,
   errno) or is closed when the command has started; `status` gets the command's wait status. */
static inline void tabnav_keeper_main(const struct tabnav_spawn *spec, int parent, int report, int status) {
    /* Every disposition to its default (the program's handlers must never run here); signals
       stay blocked and are taken with sigtimedwait. */
    struct sigaction fallback;
    memset(&fallback, 0, sizeof fallback);
    fallback.sa_handler = SIG_DFL;
    sigemptyset(&fallback.sa_mask);
    for (int sig = 1; sig < 65; sig++) {
        if (sig != SIGKILL && sig != SIGSTOP) (void)sigaction(sig, &fallback, NULL);
    }
    int end_signal = spec->end_signal > 0 ? spec->end_signal : SIGTERM;
    /* The program's death arrives as SIGCONT, the one signal that also resumes a keeper its own
       command stopped (kill -STOP $PPID): a stopped keeper would leave any other signal pending
       for ever. SIGCONT with the parent gone means the end signal; from anyone else, nothing. */
    (void)prctl(PR_SET_PDEATHSIG, SIGCONT, 0, 0, 0);
    int orphaned = getppid() != parent; /* the program died before the line above */
    (void)prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
    (void)setsid();

    int fds[6] = { report, status, spec->input_fd, spec->output_fd, spec->error_fd, spec->terminal_fd };
    if (tabnav_keep_only(fds, 6) != 0) {
        int failure[2] = { TABNAV_STEP_DESCRIPTORS, errno };
        tabnav_write_all(report, failure, sizeof failure);
        _exit(127);
    }
    report = fds[0];
    status = fds[1];
    /* The keeper holds none of the program's terminal. */
    int null = open("/dev/null", O_RDWR);
    if (null >= 0) {
        (void)dup2(null, 0);
        (void)dup2(null, 1);
        (void)dup2(null, 2);
        if (null > 2 && null != report && null != status) (void)close(null);
    }
    if (orphaned) _exit(0);

    int me = getpid();
    pid_t command = fork();
    if (command == 0) tabnav_keeper_exec(spec, me, fds[2], fds[3], fds[4], fds[5], report);
    if (command < 0) {
        int failure[2] = { TABNAV_STEP_FORK, errno };
        tabnav_write_all(report, failure, sizeof failure);
        _exit(127);
    }
    for (int i = 2; i < 6; i++) if (fds[i] >= 0) (void)close(fds[i]);
    (void)close(report);

    sigset_t waited;
    sigemptyset(&waited);
    int taken[] = { SIGCHLD, SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGCONT };
    for (unsigned i = 0; i < sizeof taken / sizeof taken[0]; i++) sigaddset(&waited, taken[i]);
    int ending = 0;        /* 0 running, 1 ended gracefully (until kill_at), 2 killing */
    long kill_at = 0;
    int grace = spec->grace_ms > 0 ? spec->grace_ms : 1000;
    for (;;) {
        int wstatus = 0;
        pid_t ended;
        while ((ended = waitpid(-1, &wstatus, WNOHANG)) > 0) {
            if (ended == command) {
                tabnav_write_all(status, &wstatus, sizeof wstatus);
                command = -1;
            }
        }
        if (ended < 0 && errno == ECHILD) _exit(0); /* nothing of the run is left */
        if (ending == 1 && tabnav_keeper_now_ms() >= kill_at) ending = 2;
        if (ending == 2) (void)tabnav_signal_descendants(SIGKILL);
        struct timespec wait;
        struct timespec *timeout = NULL;
        if (ending != 0) {
            long left = ending == 1 ? kill_at - tabnav_keeper_now_ms() : 20;
            if (left < 1) left = 1;
            wait.tv_sec = left / 1000;
            wait.tv_nsec = (left % 1000) * 1000000;
            timeout = &wait;
        }
        siginfo_t info;
        int sig = sigtimedwait(&waited, &info, timeout);
        int died = 0;
        if (sig == SIGCONT) {
            died = getppid() != parent; /* the program died */
            sig = died ? end_signal : 0;
        }
        if (sig == SIGUSR1) {
            ending = 2;
        } else if (sig == SIGTERM || sig == SIGHUP || sig == SIGINT || sig == SIGQUIT) {
            if (ending == 0) {
                (void)(died ? tabnav_signal_descendants_keeping_session(sig) : tabnav_signal_descendants(sig));
                ending = 1;
                kill_at = tabnav_keeper_now_ms() + grace;
            }
        }
    }
}

/* Forks the keeper of `spec`. Returns its pid (> 0) with `*status_fd` the read end of the
   command's wait status (close-on-exec, blocking) and `*report_fd` the pipe `tabnav_spawn_await`
   reads, or -1 with `failure[0]` the step and `failure[1]` the errno. Only the calling thread's
   signal mask is touched, and only for the fork. The thread that calls this is the keeper's
   parent for PR_SET_PDEATHSIG; the keeper takes its parent's end (the program's death) from the
   parent process, not from that thread, so the thread may end first. */
static inline int tabnav_spawn_fork(const struct tabnav_spawn *spec, int *status_fd, int *report_fd, int failure[2]) {
    int report[2], status[2];
    failure[0] = 0;
    failure[1] = 0;
    if (pipe2(report, O_CLOEXEC) != 0) { failure[0] = TABNAV_STEP_FORK; failure[1] = errno; return -1; }
    if (pipe2(status, O_CLOEXEC) != 0) {
        failure[0] = TABNAV_STEP_FORK;
        failure[1] = errno;
        close(report[0]);
        close(report[1]);
        return -1;
    }
    sigset_t all, previous;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &previous);
    int parent = getpid();
    pid_t keeper = fork();
    if (keeper == 0) {
        close(report[0]);
        close(status[0]);
        tabnav_keeper_main(spec, parent, report[1], status[1]);
        _exit(127);
    }
    int saved = errno;
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    close(report[1]);
    close(status[1]);
    if (keeper < 0) {
        failure[0] = TABNAV_STEP_FORK;
        failure[1] = saved;
        close(report[0]);
        close(status[0]);
        return -1;
    }
    *report_fd = report[0];
    *status_fd = status[0];
    return keeper;
}

/* Waits for the command of the keeper `tabnav_spawn_fork` started to be executed (the report
   pipe closes) or for the reason it could not be. Returns `keeper`, or -1 with `failure` set, the
   keeper collected and `status_fd` closed. Closes `report_fd`. */
static inline int tabnav_spawn_await(int keeper, int report_fd, int status_fd, int failure[2]) {
    int record[2] = { 0, 0 };
    size_t got = 0;
    while (got < sizeof record) {
        ssize_t n = read(report_fd, (char *)record + got, sizeof record - got);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        got += (size_t)n;
    }
    close(report_fd);
    if (got == sizeof record) {
        failure[0] = record[0];
        failure[1] = record[1];
        /* The keeper exits by itself once the failed command is reaped. */
        int ignored;
        (void)waitpid(keeper, &ignored, 0);
        close(status_fd);
        return -1;
    }
    return keeper;
}

#endif
