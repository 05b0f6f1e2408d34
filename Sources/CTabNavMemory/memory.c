/* The allocation functions that end the process when memory runs out (see tabnav_memory.h). */
#include "tabnav_memory.h"

#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

/* glibc's own allocator, under the names it exports for replacements such as this one. */
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *memory, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static volatile sig_atomic_t out_of_memory = 0;

int tabnav_out_of_memory_noted(void) { return out_of_memory != 0; }

void tabnav_note_out_of_memory(void) { out_of_memory = 1; }

/* An allocation failed: the process ends here, through SIGABRT (where the program's handler
   says so in one line). */
__attribute__((noreturn, cold)) static void failed(void) {
    out_of_memory = 1;
    errno = ENOMEM;
    abort();
}

void *tabnav_malloc_or_null(size_t size) { return __libc_malloc(size); }

void *tabnav_realloc_or_null(void *memory, size_t size) { return __libc_realloc(memory, size); }

void *malloc(size_t size) {
    void *memory = __libc_malloc(size);
    if (__builtin_expect(memory == NULL, 0)) failed();
    return memory;
}

void *calloc(size_t count, size_t size) {
    void *memory = __libc_calloc(count, size);
    if (__builtin_expect(memory == NULL, 0) && count != 0 && size != 0) failed();
    return memory;
}

void *realloc(void *memory, size_t size) {
    void *moved = __libc_realloc(memory, size);
    /* realloc(p, 0) frees p and may answer NULL: that is no failure. */
    if (__builtin_expect(moved == NULL, 0) && (size != 0 || memory == NULL)) failed();
    return moved;
}

void *reallocarray(void *memory, size_t count, size_t size) {
    size_t total;
    if (__builtin_mul_overflow(count, size, &total)) {
        errno = ENOMEM;
        return NULL; /* a size no memory could hold: the caller's mistake, reported as glibc does */
    }
    return realloc(memory, total);
}

static int power_of_two(size_t value) { return value != 0 && (value & (value - 1)) == 0; }

void *memalign(size_t alignment, size_t size) {
    void *memory = __libc_memalign(alignment, size);
    if (__builtin_expect(memory == NULL, 0) && errno == ENOMEM && power_of_two(alignment)) failed();
    return memory;
}

void *aligned_alloc(size_t alignment, size_t size) {
    if (!power_of_two(alignment)) {
        errno = EINVAL;
        return NULL;
    }
    return memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (!power_of_two(alignment) || alignment % sizeof(void *) != 0) return EINVAL;
    void *memory = __libc_memalign(alignment, size);
    if (memory == NULL) failed();
    *result = memory;
    return 0;
}

void *valloc(size_t size) {
    long page = sysconf(_SC_PAGESIZE);
    return memalign(page > 0 ? (size_t)page : 4096, size);
}

void *pvalloc(size_t size) {
    long page = sysconf(_SC_PAGESIZE);
    size_t step = page > 0 ? (size_t)page : 4096;
    size_t rounded;
    if (__builtin_add_overflow(size, step - 1, &rounded)) failed();
    return memalign(step, (rounded & ~(step - 1)) ? (rounded & ~(step - 1)) : step);
}
