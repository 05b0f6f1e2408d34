#ifndef TABNAV_CNCURSESW_SHIM_H
#define TABNAV_CNCURSESW_SHIM_H
/*
 * The only door from Swift to ncursesw. Swift cannot import function-like macros (A_*, KEY_F,
 * getmaxyx) and Swift 6 rejects C globals (stdscr, LINES, COLORS, stdin, ...) as shared mutable
 * state, so each gets a small inline accessor here.
 *
 * The signal handlers live here too, in C, because a handler must be async-signal-safe and Swift
 * code cannot promise that (runtime calls, reference counting, exclusivity checks). Their state is
 * two *weak* scalar globals (the pipe descriptor and a pointer to the rest): every object file
 * that includes this header then shares one copy, where `static` variables would give each Swift
 * source file its own. Only initialized scalars: weak arrays and structs defined here were not
 * emitted through the Swift 6.3 importer (seen with nm), leaving references to address 0.
 * (SwiftPM does not notice edits to this header: rebuild TabNavTerminal from clean after one.)
 */
#define _XOPEN_SOURCE_EXTENDED 1
#include <errno.h>
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <ncursesw/ncurses.h>

/* ---- Macros and globals Swift cannot reach ---------------------------------------------- */

static inline attr_t tabnav_attr_normal(void) { return A_NORMAL; }
static inline attr_t tabnav_attr_bold(void) { return A_BOLD; }
static inline attr_t tabnav_attr_dim(void) { return A_DIM; }
static inline attr_t tabnav_attr_underline(void) { return A_UNDERLINE; }
static inline attr_t tabnav_attr_reverse(void) { return A_REVERSE; }
static inline attr_t tabnav_attr_italic(void) { return A_ITALIC; }

/* glibc declares wcwidth only under _XOPEN_SOURCE, which the module cannot define without
   changing other declarations; ncurses measures with this same function. */
extern int wcwidth(wchar_t);
static inline int tabnav_wcwidth(wchar_t c) { return wcwidth(c); }

static inline int tabnav_ccharw_max(void) { return CCHARW_MAX; }

static inline WINDOW *tabnav_stdscr(void) { return stdscr; }
static inline WINDOW *tabnav_curscr(void) { return curscr; }
static inline int tabnav_colors(void) { return COLORS; }
static inline int tabnav_color_pairs(void) { return COLOR_PAIRS; }
static inline FILE *tabnav_stdin(void) { return stdin; }
static inline FILE *tabnav_stdout(void) { return stdout; }

/* tigetstr answers (char *)-1 for "not a string capability"; fold that into NULL. */
static inline const char *tabnav_tigetstr(const char *name) {
    char *value = tigetstr(name);
    return (value == (char *)-1) ? NULL : value;
}

/* tiparm is variadic, which Swift cannot call: fixed-arity doors for the capabilities the frame
   encoder formats (cup, hpa, setaf, setab). NULL when the capability cannot be formatted. */
static inline const char *tabnav_tiparm1(const char *capability, int first) {
    return tiparm(capability, first);
}
static inline const char *tabnav_tiparm2(const char *capability, int first, int second) {
    return tiparm(capability, first, second);
}

static inline int tabnav_codeset_is_utf8(void) {
    const char *codeset = nl_langinfo(CODESET);
    return codeset != NULL && strcmp(codeset, "UTF-8") == 0;
}

/* ---- Signal relay and emergency restore (async-signal-safe) ------------------------------ */

#define TABNAV_RESTORE_CAPACITY 512

/* Everything the handlers read besides the pipe. Allocated once per process and never freed, so
   a handler can never see it disappear. */
struct tabnav_signal_state {
    /* Terminal output descriptor and the bytes that put the terminal back; fd -1 when disarmed. */
    volatile int output_fd;
    volatile size_t length;
    char bytes[TABNAV_RESTORE_CAPACITY];
    /* Terminal input descriptor and its termios from before ncurses; fd -1 when none. */
    volatile int input_fd;
    struct termios termios;
    /* The SIGWINCH disposition found when chaining (ncurses' own handler sets KEY_RESIZE). */
    struct sigaction previous_winch;
    /* The dispositions the memory handler replaced (by signal number), where it sends any fatal
       signal that is not running out of memory. */
    struct sigaction previous_fatal[32];
    /* While captured, standard error goes to an anonymous file (capture_fd), so what is written
       there (a crash's message, the runtime's report of an allocation that failed) is not lost
       on the alternate screen and can be read by the handlers; saved_fd is the standard error
       from before. Both -1 when not capturing. Captures nest (capture_depth): the program's for
       its whole life, the screen's while it is open, TabNavApp.run's while it runs. */
    volatile int stderr_saved_fd;
    volatile int stderr_capture_fd;
    volatile int stderr_capture_depth;
};

/* Write end of the self-pipe that carries signal numbers to the run loop; -1 when none. */
__attribute__((weak)) volatile int tabnav_signal_pipe_fd = -1;
__attribute__((weak)) struct tabnav_signal_state *volatile tabnav_signal_state_pointer = NULL;

/* The state, allocated on first use (call it before installing any handler). */
static inline struct tabnav_signal_state *tabnav_signal_state(void) {
    if (tabnav_signal_state_pointer == NULL) {
        struct tabnav_signal_state *state = calloc(1, sizeof *state);
        if (state == NULL) return NULL;
        state->output_fd = -1;
        state->input_fd = -1;
        state->previous_winch.sa_handler = SIG_DFL;
        for (int sig = 0; sig < 32; sig++) state->previous_fatal[sig].sa_handler = SIG_DFL;
        state->stderr_saved_fd = -1;
        state->stderr_capture_fd = -1;
        tabnav_signal_state_pointer = state;
    }
    return tabnav_signal_state_pointer;
}

static inline void tabnav_relay_signal(int sig) {
    int saved_errno = errno;
    int fd = tabnav_signal_pipe_fd;
    if (fd >= 0) {
        unsigned char byte = (unsigned char)sig;
        ssize_t ignored = write(fd, &byte, 1);
        (void)ignored;
    }
    errno = saved_errno;
}

static inline void tabnav_winch_handler(int sig, siginfo_t *info, void *context) {
    struct tabnav_signal_state *state = tabnav_signal_state_pointer;
    if (state != NULL) {
        struct sigaction *previous = &state->previous_winch;
        if (previous->sa_flags & SA_SIGINFO) {
            if (previous->sa_sigaction != NULL) previous->sa_sigaction(sig, info, context);
        } else if (previous->sa_handler != SIG_DFL && previous->sa_handler != SIG_IGN
                   && previous->sa_handler != NULL) {
            previous->sa_handler(sig);
        }
    }
    tabnav_relay_signal(sig);
}

/* Puts the terminal back as far as bytes and termios can; safe inside a signal handler. */
static inline void tabnav_emergency_restore(void) {
    struct tabnav_signal_state *state = tabnav_signal_state_pointer;
    if (state == NULL) return;
    int saved_errno = errno;
    int out = state->output_fd;
    if (out >= 0) {
        size_t length = state->length;
        size_t done = 0;
        while (done < length) {
            ssize_t n = write(out, state->bytes + done, length - done);
            if (n > 0) done += (size_t)n;
            else if (n < 0 && errno == EINTR) continue;
            else break;
        }
    }
    int in = state->input_fd;
    if (in >= 0) (void)tcsetattr(in, TCSANOW, &state->termios);
    errno = saved_errno;
}

/* Writes what `capture` holds to `to`; safe inside a signal handler. */
static inline void tabnav_copy_capture(int capture, int to) {
    char buffer[4096];
    off_t offset = 0;
    for (;;) {
        ssize_t n = pread(capture, buffer, sizeof buffer, offset);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        offset += n;
        ssize_t done = 0;
        while (done < n) {
            ssize_t w = write(to, buffer + done, (size_t)(n - done));
            if (w > 0) done += w;
            else if (w < 0 && errno == EINTR) continue;
            else break;
        }
        if (done < n) break;
    }
}

/* Points standard error back where it was and writes there what was captured meanwhile, ending
   every capture however nested; safe inside a signal handler (the crash path runs it after the
   terminal is restored). */
static inline void tabnav_replay_stderr(void) {
    struct tabnav_signal_state *state = tabnav_signal_state_pointer;
    if (state == NULL || state->stderr_saved_fd < 0) return;
    int saved_errno = errno;
    int saved = state->stderr_saved_fd, capture = state->stderr_capture_fd;
    state->stderr_saved_fd = -1;
    state->stderr_capture_fd = -1;
    state->stderr_capture_depth = 0;
    while (dup2(saved, 2) < 0 && errno == EINTR) {}
    (void)close(saved);
    if (capture >= 0) {
        tabnav_copy_capture(capture, 2);
        (void)close(capture);
    }
    errno = saved_errno;
}

/* Writes what was captured so far where standard error was and empties the capture, which goes
   on. Standard error (descriptor 2) and `capture` share one file offset: both go back to 0. */
static inline void tabnav_flush_stderr(void) {
    struct tabnav_signal_state *state = tabnav_signal_state_pointer;
    if (state == NULL || state->stderr_saved_fd < 0 || state->stderr_capture_fd < 0) return;
    int saved_errno = errno;
    int capture = state->stderr_capture_fd;
    if (lseek(capture, 0, SEEK_CUR) > 0) {
        tabnav_copy_capture(capture, state->stderr_saved_fd);
        (void)ftruncate(capture, 0);
        (void)lseek(capture, 0, SEEK_SET);
    }
    errno = saved_errno;
}

/* After the program wrote a line of its own to standard error: passed on at once unless the
   screen is open (then it waits for the screen to close, as everything else written there). */
static inline void tabnav_stderr_written(void) {
    struct tabnav_signal_state *state = tabnav_signal_state_pointer;
    if (state != NULL && state->output_fd < 0) tabnav_flush_stderr();
}

/* Whether standard error is being captured now. */
static inline int tabnav_stderr_captured(void) {
    struct tabnav_signal_state *state = tabnav_signal_state_pointer;
    return state != NULL && state->stderr_saved_fd >= 0;
}

/* Whether standard error as the person sees it (the saved one while captured) is a terminal. */
static inline int tabnav_stderr_is_terminal(void) {
    struct tabnav_signal_state *state = tabnav_signal_state_pointer;
    int fd = state != NULL && state->stderr_saved_fd >= 0 ? state->stderr_saved_fd : 2;
    return isatty(fd);
}

/* Ends one capture (tabnav_capture_stderr): the outermost points standard error back and writes
   out what it held; an inner one writes out what was held so far and the capture goes on. */
static inline void tabnav_release_stderr(void) {
    struct tabnav_signal_state *state = tabnav_signal_state_pointer;
    if (state == NULL || state->stderr_saved_fd < 0) return;
    if (state->stderr_capture_depth > 1) {
        state->stderr_capture_depth -= 1;
        tabnav_flush_stderr();
    } else {
        tabnav_replay_stderr();
    }
}

/* Sends standard error to an anonymous in-memory file until the matching tabnav_release_stderr()
   (or tabnav_replay_stderr(), which ends them all); 0 when it does (a capture already on counts
   one deeper), -1 when it cannot (then standard error is left alone and nothing is to release). */
static inline int tabnav_capture_stderr(void) {
    struct tabnav_signal_state *state = tabnav_signal_state();
    if (state == NULL) return -1;
    if (state->stderr_saved_fd >= 0) {
        state->stderr_capture_depth += 1;
        return 0;
    }
    /* Standard error closed: nothing to keep aside (and the capture would take descriptor 2
       itself, a copy of it then written back into itself). */
    if (fcntl(2, F_GETFD) < 0) return -1;
    /* Under `ulimit -f` a write to the in-memory file counts as a file growing, and a line past
       the limit would end the program (SIGXFSZ) where a terminal or pipe never did. */
    struct rlimit size_limit;
    if (getrlimit(RLIMIT_FSIZE, &size_limit) == 0 && size_limit.rlim_cur != RLIM_INFINITY) return -1;
#ifdef SYS_memfd_create
    int capture = (int)syscall(SYS_memfd_create, "tabnav-stderr", 1u /* MFD_CLOEXEC */);
#else
    int capture = -1;
#endif
    if (capture < 0) return -1;
    if (capture < 3) {
        /* Standard input or output was closed and the file took its number: it must not
           stand in for them (what the program prints would land on standard error). */
        int high = fcntl(capture, F_DUPFD_CLOEXEC, 3);
        (void)close(capture);
        if (high < 0) return -1;
        capture = high;
    }
    int saved = fcntl(2, F_DUPFD_CLOEXEC, 3);
    if (saved < 0) {
        (void)close(capture);
        return -1;
    }
    if (dup2(capture, 2) < 0) {
        (void)close(capture);
        (void)close(saved);
        return -1;
    }
    state->stderr_capture_fd = capture;
    state->stderr_saved_fd = saved;
    state->stderr_capture_depth = 1;
    return 0;
}

static inline void tabnav_replay_stderr_at_exit(void) { tabnav_replay_stderr(); }

/* The program's capture, for its whole life: what the runtime or a library writes to standard
   error is passed on when the program writes a line of its own (tabnav_stderr_written), when the
   screen closes and at exit; a crash's handler writes it out, and running out of memory replaces
   the runtime's report with the program's one line. 0 when captured. */
static inline int tabnav_capture_stderr_for_life(void) {
    if (tabnav_stderr_captured()) return 0;
    if (tabnav_capture_stderr() != 0) return -1;
    (void)atexit(tabnav_replay_stderr_at_exit);
    return 0;
}

/* ---- Out of memory (docs/behaviour.md, "Signals and leaving") ----------------------------- */

extern char *program_invocation_short_name;

/* Set by the program's own code before it aborts for want of memory (the system shim's
   tabnav_note_memory_exhausted; the same weak definition is there, and the linker makes them one). */
__attribute__((weak)) volatile int tabnav_memory_exhausted = 0;

/* The words the Swift runtime writes, just before it aborts, when an allocation fails. */
static const char tabnav_allocation_failure[] = "Fatal error: failed to allocate ";

/* Room for the end of the capture: the runtime's report and the stack trace it prints after it
   (a few KB; frames past this are not needed to find the report). Static, not on the signal
   stack, which is small; the handlers block every signal, so one reads it at a time. */
__attribute__((weak)) char tabnav_capture_tail[32768] = { 0 };

/* Whether the last report the runtime wrote to the captured standard error ("Fatal error: ...",
   then its stack trace) is of an allocation that failed. */
static inline int tabnav_capture_reports_allocation_failure(void) {
    struct tabnav_signal_state *state = tabnav_signal_state_pointer;
    if (state == NULL || state->stderr_capture_fd < 0) return 0;
    int capture = state->stderr_capture_fd;
    off_t end = lseek(capture, 0, SEEK_CUR);
    if (end <= 0) return 0;
    off_t start = end > (off_t)sizeof tabnav_capture_tail ? end - (off_t)sizeof tabnav_capture_tail : 0;
    ssize_t n;
    do { n = pread(capture, tabnav_capture_tail, (size_t)(end - start), start); } while (n < 0 && errno == EINTR);
    static const char report[] = "Fatal error: ";
    size_t report_length = sizeof report - 1, failure_length = sizeof tabnav_allocation_failure - 1;
    if (n < (ssize_t)report_length) return 0;
    for (ssize_t at = n - (ssize_t)report_length; at >= 0; at--) {
        /* A report starts a line (the runtime writes it whole); the words inside a line are
           someone's text. */
        if (at > 0 ? tabnav_capture_tail[at - 1] != '\n' : start > 0) continue;
        if (memcmp(tabnav_capture_tail + at, report, report_length) != 0) continue;
        /* The last report: is it the one of a failed allocation? */
        return n - at >= (ssize_t)failure_length
            && memcmp(tabnav_capture_tail + at, tabnav_allocation_failure, failure_length) == 0;
    }
    return 0;
}

/* Whether a fatal signal is an allocation that failed, by what was said, never by errno: the
   program's own code said so before it aborted (tabnav_memory_exhausted), or the runtime's report
   of it is at the end of the captured standard error. The report is followed by an abort, or by
   a fault when the stack trace the runtime then prints needs memory it cannot have. */
static inline int tabnav_is_out_of_memory(int sig) {
    if (sig == SIGABRT && tabnav_memory_exhausted) return 1;
    switch (sig) {
    case SIGABRT: case SIGSEGV: case SIGBUS: case SIGILL: case SIGTRAP:
        return tabnav_capture_reports_allocation_failure();
    default:
        return 0;
    }
}

/* Appends `text` to `out` at `*at` (room permitting; `out` stays terminated). */
static inline void tabnav_line_text(char *out, size_t room, size_t *at, const char *text) {
    while (*text && *at + 1 < room) out[(*at)++] = *text++;
    out[*at] = 0;
}

/* Appends the decimal digits of `value`. */
static inline void tabnav_line_number(char *out, size_t room, size_t *at, unsigned long long value) {
    char digits[24];
    int n = 0;
    do { digits[n++] = (char)('0' + value % 10); value /= 10; } while (value > 0 && n < 24);
    while (n > 0 && *at + 1 < room) out[(*at)++] = digits[--n];
    out[*at] = 0;
}

/* Appends "N MB" for `bytes` (rounded up). */
static inline void tabnav_line_megabytes(char *out, size_t room, size_t *at, unsigned long long bytes) {
    tabnav_line_number(out, room, at, (bytes + (1u << 20) - 1) >> 20);
    tabnav_line_text(out, room, at, " MB");
}

/* Formats the line that says so: "NAME: out of memory", and the limit when there is one
   ("(the address space is limited to 196 MB: ulimit -v 200000)"). Safe in a signal handler. */
static inline size_t tabnav_out_of_memory_line(char *out, size_t room) {
    size_t at = 0;
    out[0] = 0;
    const char *name = program_invocation_short_name;
    tabnav_line_text(out, room, &at, name != NULL && name[0] != 0 ? name : "tabnav");
    tabnav_line_text(out, room, &at, ": out of memory");
    struct rlimit limit;
    if (getrlimit(RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY) {
        tabnav_line_text(out, room, &at, " (the address space is limited to ");
        tabnav_line_megabytes(out, room, &at, (unsigned long long)limit.rlim_cur);
        tabnav_line_text(out, room, &at, ": ulimit -v ");
        tabnav_line_number(out, room, &at, (unsigned long long)(limit.rlim_cur >> 10));
        tabnav_line_text(out, room, &at, ")");
    } else if (getrlimit(RLIMIT_DATA, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY) {
        tabnav_line_text(out, room, &at, " (the data size is limited to ");
        tabnav_line_megabytes(out, room, &at, (unsigned long long)limit.rlim_cur);
        tabnav_line_text(out, room, &at, ": ulimit -d ");
        tabnav_line_number(out, room, &at, (unsigned long long)(limit.rlim_cur >> 10));
        tabnav_line_text(out, room, &at, ")");
    }
    tabnav_line_text(out, room, &at, "\n");
    return at;
}

/* Ends the process the way running out of memory must (the terminal already restored): standard
   error back where it was (the runtime's own report of the failed allocation, captured while the
   screen was open, is dropped), one line there, exit status 1. Safe in a signal handler. */
__attribute__((noreturn)) static inline void tabnav_out_of_memory_exit(void) {
    struct tabnav_signal_state *state = tabnav_signal_state_pointer;
    if (state != NULL && state->stderr_saved_fd >= 0) {
        int saved = state->stderr_saved_fd, capture = state->stderr_capture_fd;
        state->stderr_saved_fd = -1;
        state->stderr_capture_fd = -1;
        state->stderr_capture_depth = 0;
        while (dup2(saved, 2) < 0 && errno == EINTR) {}
        (void)close(saved);
        if (capture >= 0) (void)close(capture);
    }
    char line[160];
    size_t length = tabnav_out_of_memory_line(line, sizeof line);
    size_t done = 0;
    while (done < length) {
        ssize_t n = write(2, line + done, length - done);
        if (n > 0) done += (size_t)n;
        else if (n < 0 && errno == EINTR) continue;
        else break;
    }
    _exit(1);
}

static inline void tabnav_crash_handler(int sig) {
    /* Children need nothing here: their keepers learn of the program's death from the kernel
       (PR_SET_PDEATHSIG, children.h) and end every process of their runs, however many. */
    tabnav_emergency_restore();
    if (tabnav_is_out_of_memory(sig)) tabnav_out_of_memory_exit();
    tabnav_replay_stderr(); /* the crash's message, on the restored screen */
    struct sigaction fallback;
    memset(&fallback, 0, sizeof fallback);
    fallback.sa_handler = SIG_DFL;
    sigemptyset(&fallback.sa_mask);
    (void)sigaction(sig, &fallback, NULL);
    /* Delivered with the default action once this handler returns (it is blocked meanwhile);
       a hardware fault re-executes the faulting instruction and dies the same way. */
    (void)raise(sig);
}

/* The fatal signals for the whole life of a program (`tabnav_install_handler` with
   TABNAV_HANDLER_MEMORY, for each of OutOfMemory's signals): running out of memory ends with one
   line and exit status 1, the terminal restored if it was taken; any other abort, trap or fault
   writes out what was captured from standard error (the runtime's "Fatal error: ..." before it)
   and goes on to the disposition this replaced (the Swift runtime's backtrace, or the default). */
static inline void tabnav_memory_handler(int sig) {
    tabnav_emergency_restore();
    if (tabnav_is_out_of_memory(sig)) tabnav_out_of_memory_exit();
    tabnav_replay_stderr();
    struct tabnav_signal_state *state = tabnav_signal_state_pointer;
    struct sigaction fallback;
    memset(&fallback, 0, sizeof fallback);
    fallback.sa_handler = SIG_DFL;
    sigemptyset(&fallback.sa_mask);
    int known = state != NULL && sig > 0 && sig < 32;
    (void)sigaction(sig, known ? &state->previous_fatal[sig] : &fallback, NULL);
    /* Delivered with that disposition once this handler returns; a fault re-executes its
       instruction and comes back there. */
    (void)raise(sig);
}

/* Arms the emergency restore; `saved` may be NULL when the input had no termios. */
static inline int tabnav_set_restore(int output_fd, const char *bytes, size_t length,
                                     int input_fd, const struct termios *saved) {
    struct tabnav_signal_state *state = tabnav_signal_state();
    if (state == NULL) return -1;
    if (length > TABNAV_RESTORE_CAPACITY) length = TABNAV_RESTORE_CAPACITY;
    state->output_fd = -1;
    state->input_fd = -1;
    memcpy(state->bytes, bytes, length);
    state->length = length;
    if (saved != NULL) {
        state->termios = *saved;
        state->input_fd = input_fd;
    }
    state->output_fd = output_fd;
    return 0;
}

static inline void tabnav_clear_restore(void) {
    struct tabnav_signal_state *state = tabnav_signal_state_pointer;
    if (state == NULL) return;
    state->output_fd = -1;
    state->input_fd = -1;
    state->length = 0;
}

static inline void tabnav_set_signal_pipe(int fd) { tabnav_signal_pipe_fd = fd; }

/* Kinds of handler tabnav_install_handler can install. */
enum { TABNAV_HANDLER_RELAY = 0, TABNAV_HANDLER_CRASH = 1, TABNAV_HANDLER_WINCH_CHAIN = 2,
       TABNAV_HANDLER_IGNORE = 3, TABNAV_HANDLER_MEMORY = 4 };

/* Installs one handler and stores the disposition it replaces in *previous. */
static inline int tabnav_install_handler(int sig, int kind, struct sigaction *previous) {
    struct tabnav_signal_state *state = tabnav_signal_state();
    if (state == NULL) return -1;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    sigfillset(&action.sa_mask);
    switch (kind) {
    case TABNAV_HANDLER_CRASH:
        action.sa_handler = tabnav_crash_handler;
        action.sa_flags = SA_ONSTACK;
        break;
    case TABNAV_HANDLER_WINCH_CHAIN:
        if (sigaction(sig, NULL, &state->previous_winch) != 0) return -1;
        action.sa_sigaction = tabnav_winch_handler;
        action.sa_flags = SA_SIGINFO | SA_RESTART;
        break;
    case TABNAV_HANDLER_IGNORE:
        action.sa_handler = SIG_IGN;
        break;
    case TABNAV_HANDLER_MEMORY: {
        struct sigaction current;
        if (sigaction(sig, NULL, &current) != 0) return -1;
        if (previous != NULL) *previous = current;
        /* Installed twice, it would be its own previous disposition. */
        if (!(current.sa_flags & SA_SIGINFO) && current.sa_handler == tabnav_memory_handler) return 0;
        if (sig <= 0 || sig >= 32) return -1;
        state->previous_fatal[sig] = current;
        action.sa_handler = tabnav_memory_handler;
        action.sa_flags = SA_ONSTACK;
        break;
    }
    default:
        action.sa_handler = tabnav_relay_signal;
        action.sa_flags = SA_RESTART;
        break;
    }
    return sigaction(sig, &action, previous);
}

static inline int tabnav_restore_handler(int sig, const struct sigaction *previous) {
    return sigaction(sig, previous, NULL);
}

static inline int tabnav_set_default_handler(int sig) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = SIG_DFL;
    sigemptyset(&action.sa_mask);
    return sigaction(sig, &action, NULL);
}

/* Gives the calling thread a stack the crash handler can run on after a stack overflow, unless
   it already has one (someone else's, which serves as well). Never freed: a handler may use it. */
static inline int tabnav_install_alternate_stack(void) {
    stack_t stack;
    memset(&stack, 0, sizeof stack);
    if (sigaltstack(NULL, &stack) == 0 && !(stack.ss_flags & SS_DISABLE)) return 0;
    size_t size = 65536;
    void *memory = malloc(size);
    if (memory == NULL) return -1;
    memset(&stack, 0, sizeof stack);
    stack.ss_sp = memory;
    stack.ss_size = size;
    stack.ss_flags = 0;
    if (sigaltstack(&stack, NULL) != 0) {
        free(memory);
        return -1;
    }
    return 0;
}

#endif
