// ncursesw with wide characters, and static inline accessors for the C globals and macros
// Swift cannot reach (or, in Swift 6, may not touch: they are mutable globals).
#define NCURSES_WIDECHAR 1
#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>

static inline WINDOW *cn_stdscr(void) { return stdscr; }
static inline int cn_lines(void) { return LINES; }
static inline int cn_cols(void) { return COLS; }
static inline int cn_colors(void) { return COLORS; }
static inline int cn_color_pairs(void) { return COLOR_PAIRS; }
static inline int cn_color_pair(int n) { return COLOR_PAIR(n); }

// Attributes (NCURSES_BITS macros, which Swift does not import).
static inline attr_t cn_a_bold(void) { return A_BOLD; }
static inline attr_t cn_a_dim(void) { return A_DIM; }
static inline attr_t cn_a_underline(void) { return A_UNDERLINE; }
static inline attr_t cn_a_reverse(void) { return A_REVERSE; }
static inline attr_t cn_a_italic(void) { return A_ITALIC; }

// Mouse masks (NCURSES_MOUSE_MASK macros).
static inline mmask_t cn_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t cn_button1_released(void) { return BUTTON1_RELEASED; }
static inline mmask_t cn_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t cn_button1_double_clicked(void) { return BUTTON1_DOUBLE_CLICKED; }
static inline mmask_t cn_button3_pressed(void) { return BUTTON3_PRESSED; }
static inline mmask_t cn_button3_clicked(void) { return BUTTON3_CLICKED; }
static inline mmask_t cn_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t cn_button5_pressed(void) { return BUTTON5_PRESSED; }

// A terminfo string capability with one numeric parameter filled in (tiparm is variadic);
// NULL when the terminal lacks the capability.
static inline const char *cn_tiparm1(const char *name, int p1) {
  char *cap = tigetstr(name);
  if (cap == NULL || cap == (char *)-1) return NULL;
  return tiparm(cap, p1);
}

// A terminfo string capability without parameters; NULL when the terminal lacks it.
static inline const char *cn_tigetstr(const char *name) {
  char *cap = tigetstr(name);
  if (cap == NULL || cap == (char *)-1) return NULL;
  return cap;
}

// The columns the C library (and so ncurses) gives a character; -1 for a non-printable one.
static inline int cn_wcwidth(wchar_t c) { return wcwidth(c); }
