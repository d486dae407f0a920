// ncursesw with wide characters, and static inline accessors for the C globals and macros
// Swift cannot reach (or, in Swift 6, may not touch: they are mutable globals).
#define NCURSES_WIDECHAR 1
#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <ncursesw/curses.h>

static inline WINDOW *cn_stdscr(void) { return stdscr; }
static inline int cn_lines(void) { return LINES; }
static inline int cn_cols(void) { return COLS; }
static inline int cn_colors(void) { return COLORS; }
static inline int cn_color_pairs(void) { return COLOR_PAIRS; }
static inline int cn_color_pair(int n) { return COLOR_PAIR(n); }
