#ifndef TABNAV_CNCURSESW_CHILDREN_H
#define TABNAV_CNCURSESW_CHILDREN_H
/*
 * Child processes of layout commands (docs/layout-files.md, "Commands"): a pollable descriptor for
 * a child's exit, and the table of process groups the crash path ends before the program dies, so
 * no command outlives a crash of the UI. The table is a calloc'd array reached through a weak
 * pointer (see shim.h for why not a weak array); slots hold a group id or 0.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

#define TABNAV_CHILD_GROUP_CAPACITY 1024

__attribute__((weak)) volatile int *volatile tabnav_child_groups_pointer = NULL;

/* A descriptor that polls readable once `pid` has exited; -1 where the kernel has none. */
static inline int tabnav_pidfd_open(int pid) {
#ifdef SYS_pidfd_open
    return (int)syscall(SYS_pidfd_open, pid, 0);
#else
    errno = ENOSYS;
    return -1;
#endif
}

/* GNU extensions the Swift importer hides without _GNU_SOURCE (glibc has had both for years). */
extern int posix_spawn_file_actions_addchdir_np(posix_spawn_file_actions_t *actions, const char *path);
extern int pipe2(int fds[2], int flags);

/* A pipe whose both ends close on exec, so one command never inherits another's output pipe. */
static inline int tabnav_pipe_cloexec(int fds[2]) { return pipe2(fds, O_CLOEXEC); }

/* Makes the child start in `path`. */
static inline int tabnav_spawn_chdir(posix_spawn_file_actions_t *actions, const char *path) {
    return posix_spawn_file_actions_addchdir_np(actions, path);
}

/* glibc's POSIX_SPAWN_SETSID (hidden without _GNU_SOURCE): the child starts a session of its own,
   and so a process group of its own, for a command run in a pseudo-terminal. */
static inline short tabnav_spawn_setsid_flag(void) { return 0x80; }

/* Records a group to end on a crash; 0 when the table is full or cannot be made. */
static inline int tabnav_child_group_add(int pgid) {
    if (tabnav_child_groups_pointer == NULL) {
        int *table = calloc(TABNAV_CHILD_GROUP_CAPACITY, sizeof(int));
        if (table == NULL) return 0;
        tabnav_child_groups_pointer = table;
    }
    volatile int *table = tabnav_child_groups_pointer;
    for (int i = 0; i < TABNAV_CHILD_GROUP_CAPACITY; i++) {
        if (table[i] == 0) { table[i] = pgid; return 1; }
    }
    return 0;
}

static inline void tabnav_child_group_remove(int pgid) {
    volatile int *table = tabnav_child_groups_pointer;
    if (table == NULL) return;
    for (int i = 0; i < TABNAV_CHILD_GROUP_CAPACITY; i++) {
        if (table[i] == pgid) table[i] = 0;
    }
}

/* Sends `sig` to every recorded group; async-signal-safe. */
static inline void tabnav_child_groups_signal(int sig) {
    int saved_errno = errno;
    volatile int *table = tabnav_child_groups_pointer;
    if (table != NULL) {
        for (int i = 0; i < TABNAV_CHILD_GROUP_CAPACITY; i++) {
            int pgid = table[i];
            if (pgid > 1) (void)kill(-pgid, sig);
        }
    }
    errno = saved_errno;
}

#endif
