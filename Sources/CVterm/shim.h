#ifndef TABNAV_CVTERM_SHIM_H
#define TABNAV_CVTERM_SHIM_H
/*
 * The only door from Swift to libvterm (docs/terminal-tabs.md, "Emulation"). libvterm's cell is
 * a struct of bitfields and unions, which Swift reads awkwardly and copies field by field: this
 * header flattens a screen cell into plain words in one call, and wraps the few macros Swift
 * cannot import.
 */
#include <stdint.h>
#include <string.h>
#include <vterm.h>

/* A screen cell as plain numbers. `attributes` bits: 0 bold, 1 underline, 2 italic, 3 blink,
   4 reverse, 5 strike. Colours: kind 0 default, 1 palette index (`index`), 2 RGB. */
struct tabnav_vterm_cell {
    uint32_t chars[VTERM_MAX_CHARS_PER_CELL];
    int32_t width;
    uint32_t attributes;
    uint8_t foreground_kind, foreground_index, foreground_red, foreground_green, foreground_blue;
    uint8_t background_kind, background_index, background_red, background_green, background_blue;
};

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

static inline void tabnav_vterm_flatten(const VTermScreenCell *cell, struct tabnav_vterm_cell *out) {
    memcpy(out->chars, cell->chars, sizeof out->chars);
    out->width = cell->width;
    out->attributes = (uint32_t)cell->attrs.bold | (uint32_t)(cell->attrs.underline != 0) << 1
        | (uint32_t)cell->attrs.italic << 2 | (uint32_t)cell->attrs.blink << 3
        | (uint32_t)cell->attrs.reverse << 4 | (uint32_t)cell->attrs.strike << 5;
    tabnav_vterm_color(&cell->fg, 1, &out->foreground_kind, &out->foreground_index,
                       &out->foreground_red, &out->foreground_green, &out->foreground_blue);
    tabnav_vterm_color(&cell->bg, 0, &out->background_kind, &out->background_index,
                       &out->background_red, &out->background_green, &out->background_blue);
}

/* The cell `flat` describes, for libvterm to take back (a line returning from the scrollback). */
static inline void tabnav_vterm_unflatten(const struct tabnav_vterm_cell *flat, VTermScreenCell *cell) {
    memset(cell, 0, sizeof *cell);
    memcpy(cell->chars, flat->chars, sizeof cell->chars);
    cell->width = (char)flat->width;
    cell->attrs.bold = flat->attributes & 1;
    cell->attrs.underline = (flat->attributes >> 1) & 1;
    cell->attrs.italic = (flat->attributes >> 2) & 1;
    cell->attrs.blink = (flat->attributes >> 3) & 1;
    cell->attrs.reverse = (flat->attributes >> 4) & 1;
    cell->attrs.strike = (flat->attributes >> 5) & 1;
    if (flat->foreground_kind == 1) vterm_color_indexed(&cell->fg, flat->foreground_index);
    else if (flat->foreground_kind == 2) vterm_color_rgb(&cell->fg, flat->foreground_red, flat->foreground_green, flat->foreground_blue);
    else { vterm_color_rgb(&cell->fg, 0, 0, 0); cell->fg.type |= VTERM_COLOR_DEFAULT_FG; }
    if (flat->background_kind == 1) vterm_color_indexed(&cell->bg, flat->background_index);
    else if (flat->background_kind == 2) vterm_color_rgb(&cell->bg, flat->background_red, flat->background_green, flat->background_blue);
    else { vterm_color_rgb(&cell->bg, 0, 0, 0); cell->bg.type |= VTERM_COLOR_DEFAULT_BG; }
}

/* The i-th cell of a line libvterm hands over, flattened. */
static inline void tabnav_vterm_line_cell(const VTermScreenCell *cells, int i, struct tabnav_vterm_cell *out) {
    tabnav_vterm_flatten(&cells[i], out);
}

/* Whether two cells are drawn in the same pen (attributes and colours). */
static inline int tabnav_vterm_same_color(const VTermColor *a, const VTermColor *b) {
    if (a->type != b->type) return 0;
    if (VTERM_COLOR_IS_INDEXED(a)) return a->indexed.idx == b->indexed.idx;
    return a->rgb.red == b->rgb.red && a->rgb.green == b->rgb.green && a->rgb.blue == b->rgb.blue;
}

static inline int tabnav_vterm_same_pen(const VTermScreenCell *a, const VTermScreenCell *b) {
    return a->attrs.bold == b->attrs.bold && a->attrs.underline == b->attrs.underline
        && a->attrs.italic == b->attrs.italic && a->attrs.blink == b->attrs.blink
        && a->attrs.reverse == b->attrs.reverse && a->attrs.strike == b->attrs.strike
        && tabnav_vterm_same_color(&a->fg, &b->fg) && tabnav_vterm_same_color(&a->bg, &b->bg);
}

/* The run of plain one-column ASCII cells (or empty ones, drawn as spaces) from `start` of a line
   libvterm hands over, all in the pen of the cell at `start`, at most `count` of them: their bytes
   go to `out` and their number is returned (0 when the cell at `start` is something else). The
   common case of a line scrolled into the scrollback, without a call per cell. */
static inline int tabnav_vterm_ascii_run(const VTermScreenCell *cells, int start, int count, uint8_t *out) {
    const VTermScreenCell *first = &cells[start];
    int n = 0;
    while (n < count) {
        const VTermScreenCell *cell = &cells[start + n];
        uint32_t c = cell->chars[0];
        if (c == 0 || c == (uint32_t)-1) c = 0x20;
        else if (c < 0x20 || c > 0x7E || cell->chars[1] != 0 || cell->width != 1) break;
        if (n > 0 && !tabnav_vterm_same_pen(first, cell)) break;
        out[n++] = (uint8_t)c;
    }
    return n;
}

/* Writes the i-th cell of a line libvterm takes back. */
static inline void tabnav_vterm_set_line_cell(VTermScreenCell *cells, int i, const struct tabnav_vterm_cell *flat) {
    tabnav_vterm_unflatten(flat, &cells[i]);
}

/* Reads the cell at (row, col) flattened; 0 when the position is off the screen. */
static inline int tabnav_vterm_screen_cell(const VTermScreen *screen, int row, int col,
                                           struct tabnav_vterm_cell *out) {
    VTermScreenCell cell;
    VTermPos pos = { row, col };
    if (!vterm_screen_get_cell(screen, pos, &cell)) return 0;
    tabnav_vterm_flatten(&cell, out);
    return 1;
}

/* The path of a pseudo-terminal's terminal side (glibc declares ptsname_r only under
   _XOPEN_SOURCE, which the module cannot define). 0 on success. */
extern int ptsname_r(int fd, char *buffer, size_t length);
static inline int tabnav_pty_path(int fd, char *buffer, size_t length) { return ptsname_r(fd, buffer, length); }

/* A function key's code (VTERM_KEY_FUNCTION(n) is a macro). */
static inline VTermKey tabnav_vterm_function_key(int n) { return (VTermKey)VTERM_KEY_FUNCTION(n); }

#endif
