#ifndef TABNAV_CNCURSESW_SHIM_H
#define TABNAV_CNCURSESW_SHIM_H
#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <ncursesw/ncurses.h>
#endif
