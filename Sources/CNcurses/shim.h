// ncursesw with wide characters, and static inline accessors for the C globals and macros
// Swift cannot reach (or, in Swift 6, may not touch: they are mutable globals).
//
// infoscope does not link ncursesw: only the inspector needs it, so it is loaded with dlopen
// when the inspector starts (cn_load), and the headless commands do not load it and libtinfo.
// The functions the package calls are members of struct cn_functions under their ncurses names,
// typed from curses.h's own declarations, and all resolved at load (a missing one fails the
// load, never a call). The accessors below read ncurses' globals through the same load; they
// are for use after cn_load succeeded, and give 0 or NULL before.
#define NCURSES_WIDECHAR 1
#define _XOPEN_SOURCE_EXTENDED 1
#include <dlfcn.h>
#include <locale.h>
#include <pthread.h>
#include <stdio.h>
#include <wchar.h>
#include <ncursesw/curses.h>

#define CN_FUNCTIONS(X)                                                                       \
  X(cbreak) X(clearok) X(curs_set) X(define_key) X(delscreen) X(doupdate) X(endwin)          \
  X(getmaxx) X(getmaxy) X(getmouse) X(has_colors) X(idcok) X(init_pair) X(intrflush)        \
  X(keypad) X(leaveok) X(mouseinterval) X(mousemask) X(mvwaddnwstr) X(newterm) X(noecho)     \
  X(scrollok) X(set_escdelay) X(set_term) X(start_color) X(unget_wch) X(ungetch)             \
  X(use_default_colors) X(wattr_set) X(wclear) X(werase) X(wget_wch) X(wnoutrefresh)         \
  X(wredrawln) X(wrefresh) X(wtimeout)

// ncurses' functions, each under its own name.
struct cn_functions {
#define CN_MEMBER(name) __typeof__(&name) _Nonnull name;
  CN_FUNCTIONS(CN_MEMBER)
#undef CN_MEMBER
};

struct cn_state {
  struct cn_functions functions;
  // What only the accessors below use: globals, and a variadic function Swift cannot call.
  WINDOW **stdscr;
  int *colors;
  int *color_pairs;
  __typeof__(&tigetstr) tigetstr;
  __typeof__(&tiparm) tiparm;
  pthread_once_t once;
  int loaded;
  char error[256];
};

// The one load state of the program. This function is defined weak in every object that
// includes this header (each Swift file that calls into it) and the linker keeps one, so every
// file sees the same state; as a static inline function each file had its own, unloaded, copy.
__attribute__((weak)) struct cn_state *cn_state(void) {
  static struct cn_state state;
  return &state;
}

static inline void *cn_resolve(void *library, const char *name) {
  void *address = dlsym(library, name);
  if (address == NULL) snprintf(cn_state()->error, sizeof cn_state()->error, "ncursesw has no %s", name);
  return address;
}

static inline void cn_open_library(void) {
  struct cn_state *state = cn_state();
  // The run-time name first; the development link (the version curses.h came with) after it.
  void *library = dlopen("libncursesw.so.6", RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) library = dlopen("libncursesw.so", RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    const char *reason = dlerror();
    snprintf(state->error, sizeof state->error, "%s", reason ? reason : "libncursesw.so.6 not found");
    return;
  }
#define CN_RESOLVE(name) \
  if ((state->functions.name = (__typeof__(&name))cn_resolve(library, #name)) == NULL) return;
  CN_FUNCTIONS(CN_RESOLVE)
#undef CN_RESOLVE
  if ((state->stdscr = (WINDOW **)cn_resolve(library, "stdscr")) == NULL) return;
  if ((state->colors = (int *)cn_resolve(library, "COLORS")) == NULL) return;
  if ((state->color_pairs = (int *)cn_resolve(library, "COLOR_PAIRS")) == NULL) return;
  if ((state->tigetstr = (__typeof__(&tigetstr))cn_resolve(library, "tigetstr")) == NULL) return;
  if ((state->tiparm = (__typeof__(&tiparm))cn_resolve(library, "tiparm")) == NULL) return;
  state->loaded = 1;
}

// ncurses' functions, loading the library on the first call (once, whatever the threads);
// NULL when it cannot be loaded, and cn_load_error says why.
static inline const struct cn_functions *cn_load(void) {
  pthread_once(&cn_state()->once, cn_open_library);
  return cn_state()->loaded ? &cn_state()->functions : NULL;
}

// Why cn_load returned NULL (dlopen's message, or what ncursesw lacks).
static inline const char *cn_load_error(void) { return cn_state()->error; }

static inline WINDOW *cn_stdscr(void) { return cn_state()->loaded ? *cn_state()->stdscr : NULL; }
static inline int cn_colors(void) { return cn_state()->loaded ? *cn_state()->colors : 0; }
static inline int cn_color_pairs(void) { return cn_state()->loaded ? *cn_state()->color_pairs : 0; }
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
  if (!cn_state()->loaded) return NULL;
  char *cap = cn_state()->tigetstr(name);
  if (cap == NULL || cap == (char *)-1) return NULL;
  return cn_state()->tiparm(cap, p1);
}

// A terminfo string capability without parameters; NULL when the terminal lacks it.
static inline const char *cn_tigetstr(const char *name) {
  if (!cn_state()->loaded) return NULL;
  char *cap = cn_state()->tigetstr(name);
  if (cap == NULL || cap == (char *)-1) return NULL;
  return cap;
}

// The columns the C library (and so ncurses) gives a character; -1 for a non-printable one.
static inline int cn_wcwidth(wchar_t c) { return wcwidth(c); }
