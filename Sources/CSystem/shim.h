#ifndef TABNAV_CSYSTEM_SHIM_H
#define TABNAV_CSYSTEM_SHIM_H
/*
 * The system calls Swift's Glibc module does not reach, in one place beside the ncurses shim:
 * epoll, and the contained start of child processes (children.h: the keeper, its spawn record
 * and the pidfd and subreaper calls), and the file system a file is on (statfs). TabNavTerminal
 * and TabNavSystem import it.
 * (SwiftPM does not notice edits to this header: rebuild TabNavTerminal from clean after one.)
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>
#include <sys/epoll.h>
#include <sys/vfs.h>
#include "children.h"

/* Set, once and for good, when the program's own code ends the process for want of memory it
   checked for and cannot do without (TabNavSystem's AddressSpaceLimit.endForLackOfMemory, which
   then aborts): the abort handler (the ncurses shim's tabnav_memory_handler) reads it, so the
   abort is known to be out of memory by what the program said, never by a leftover errno. The
   same weak definition is in that shim; the linker makes them one. */
__attribute__((weak)) volatile int tabnav_memory_exhausted = 0;

static inline void tabnav_note_memory_exhausted(void) { tabnav_memory_exhausted = 1; }

/* The magic number of the file system the open file `fd` is on (statfs's f_type,
   linux/magic.h); -1 (errno set) when it cannot be told. */
static inline long tabnav_file_system_of_open(int fd) {
    struct statfs info;
    if (fstatfs(fd, &info) != 0) return -1;
    return (long)info.f_type;
}

/* The same for the file `path` names (links followed); -1 (errno set) when it does not exist. */
static inline long tabnav_file_system_at(const char *path) {
    struct statfs info;
    if (statfs(path, &info) != 0) return -1;
    return (long)info.f_type;
}

/* The run loop's wait (docs/terminal-notes.md, "Reading keys ourselves"): an epoll set of up
   to three descriptors, registered once, so a key does not pay for `poll` setting up a wait on
   each of them every time. Each is reported by its position. -1 (errno set) on failure. */
static inline int tabnav_wait_set_create(int first, int second, int third) {
    int set = epoll_create1(EPOLL_CLOEXEC);
    if (set < 0) return -1;
    int descriptors[3] = { first, second, third };
    for (unsigned position = 0; position < 3; position++) {
        if (descriptors[position] < 0) continue;
        struct epoll_event event;
        memset(&event, 0, sizeof event);
        event.events = EPOLLIN;
        event.data.u32 = position;
        if (epoll_ctl(set, EPOLL_CTL_ADD, descriptors[position], &event) != 0) {
            int saved_errno = errno;
            close(set);
            errno = saved_errno;
            return -1;
        }
    }
    return set;
}

/* Waits as `poll` does (`timeout` in milliseconds, -1 for ever). Returns -1 (errno set), 0 when
   the time ran out, or how many descriptors are ready, with `*flags` holding, for the descriptor
   at position p, bit 2p when it is readable and bit 2p+1 when it hung up or failed. */
static inline int tabnav_wait(int set, int timeout, unsigned *flags) {
    struct epoll_event events[3];
    *flags = 0;
    int count = epoll_wait(set, events, 3, timeout);
    for (int i = 0; i < count; i++) {
        unsigned at = events[i].data.u32 * 2;
        if (events[i].events & EPOLLIN) *flags |= 1u << at;
        if (events[i].events & (EPOLLHUP | EPOLLERR)) *flags |= 2u << at;
    }
    return count;
}

#endif
