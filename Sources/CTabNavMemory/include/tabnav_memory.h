#ifndef TABNAV_MEMORY_H
#define TABNAV_MEMORY_H
/*
 * Running out of memory (docs/behaviour.md, "Signals and leaving"). This target replaces the C
 * library's allocation functions (malloc, calloc, realloc, reallocarray, posix_memalign,
 * aligned_alloc, memalign, valloc, pvalloc) with ones that call glibc's own and, when one fails,
 * note it and abort at once: before the Swift runtime (or anything else) prints a word about it,
 * so the out-of-memory handler's line is the only one. Whether an abort is out of memory is read
 * from that note, never from a leftover errno.
 *
 * Memory a caller can do without (the room for a layout file's JSON tokens) is asked for with
 * tabnav_malloc_or_null / tabnav_realloc_or_null, which answer NULL instead.
 */
#include <stddef.h>

/* Whether an allocation failed (or tabnav_note_out_of_memory was called) in this process.
   Safe in a signal handler. */
int tabnav_out_of_memory_noted(void);

/* Notes that the process is out of memory: for code that checked an allocation itself and ends
   the process for it (with abort, right after). */
void tabnav_note_out_of_memory(void);

/* glibc's malloc and realloc, answering NULL when the memory cannot be had. */
void *tabnav_malloc_or_null(size_t size);
void *tabnav_realloc_or_null(void *memory, size_t size);

#endif
