#ifndef TABNAV_CVTERM_SHIM_H
#define TABNAV_CVTERM_SHIM_H
/*
 * The only door from Swift to libvterm (docs/terminal-tabs.md, "Emulation"): it reads libvterm's
 * colour union into plain numbers and wraps the few macros Swift cannot import.
 */
#include <stdint.h>
#include <string.h>
#include <vterm.h>

/* A colour as plain numbers: kind 0 default, 1 palette index (`index`), 2 RGB. */
static inline void tabnav_vterm_color(const VTermColor *color, int is_foreground, uint8_t *kind,
                                      uint8_t *index, uint8_t *red, uint8_t *green, uint8_t *blue) {
    *index = 0; *red = 0; *green = 0; *blue = 0;
    if (is_foreground ? VTERM_COLOR_IS_DEFAULT_FG(color) : VTERM_COLOR_IS_DEFAULT_BG(color)) {
        *kind = 0;
    } else if (VTERM_COLOR_IS_INDEXED(color)) {
        *kind = 1;
        *index = color->indexed.idx;
    } else {
        *kind = 2;
        *red = color->rgb.red; *green = color->rgb.green; *blue = color->rgb.blue;
    }
}

/* The path of a pseudo-terminal's terminal side (glibc declares ptsname_r only under
   _XOPEN_SOURCE, which the module cannot define). 0 on success. */
extern int ptsname_r(int fd, char *buffer, size_t length);
static inline int tabnav_pty_path(int fd, char *buffer, size_t length) { return ptsname_r(fd, buffer, length); }

/* A function key's code (VTERM_KEY_FUNCTION(n) is a macro). */
static inline VTermKey tabnav_vterm_function_key(int n) { return (VTermKey)VTERM_KEY_FUNCTION(n); }

#endif
