// libzip, from Debian's libzip-dev: .ipa files are read in memory through it.
//
// infoscope does not link libzip: it loads it with dlopen the first time an archive is opened
// (cz_load), so the commands that read no archive do not load libzip and the libcrypto, libbz2
// and libz behind it (with libcrypto's 21,000 relocations, about a millisecond of every start).
// The functions the package calls are members of struct cz_functions under their libzip names,
// typed from zip.h's own declarations (__typeof__), and all resolved at load: a missing one
// fails the load, never a call. zip.h's declarations stay visible for its types and constants;
// the tests that build archives with other libzip calls link libzip themselves.
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <zip.h>

#define CZ_FUNCTIONS(X)                                                                       \
  X(zip_close) X(zip_discard) X(zip_error_code_zip) X(zip_error_fini) X(zip_error_init)        \
  X(zip_error_init_with_code) X(zip_error_strerror) X(zip_fclose) X(zip_file_get_error)        \
  X(zip_file_get_external_attributes) X(zip_file_replace) X(zip_fopen_index) X(zip_fread)     \
  X(zip_get_error) X(zip_get_num_entries) X(zip_open) X(zip_open_from_source)                 \
  X(zip_set_file_compression) X(zip_source_buffer) X(zip_source_buffer_create)                \
  X(zip_source_close) X(zip_source_error) X(zip_source_free) X(zip_source_keep)               \
  X(zip_source_open) X(zip_source_read) X(zip_stat_index) X(zip_stat_init) X(zip_strerror)

// libzip's functions, each under its own name.
struct cz_functions {
#define CZ_MEMBER(name) __typeof__(&name) _Nonnull name;
  CZ_FUNCTIONS(CZ_MEMBER)
#undef CZ_MEMBER
};

struct cz_state {
  struct cz_functions functions;
  pthread_once_t once;
  int loaded;
  char error[256];
};

// The one load state of the program. This function is defined weak in every object that
// includes this header (each Swift file that calls into it) and the linker keeps one, so every
// file sees the same state; as a static inline function each file had its own, unloaded, copy.
__attribute__((weak)) struct cz_state *cz_state(void) {
  static struct cz_state state;
  return &state;
}

static inline void cz_open_library(void) {
  struct cz_state *state = cz_state();
  // The run-time name first; the development link (the version zip.h came with) after it.
  void *library = dlopen("libzip.so.4", RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) library = dlopen("libzip.so", RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    const char *reason = dlerror();
    snprintf(state->error, sizeof state->error, "%s", reason ? reason : "libzip.so.4 not found");
    return;
  }
#define CZ_RESOLVE(name)                                                  \
  state->functions.name = (__typeof__(&name))dlsym(library, #name);      \
  if (state->functions.name == NULL) {                                   \
    snprintf(state->error, sizeof state->error, "libzip has no " #name); \
    return;                                                              \
  }
  CZ_FUNCTIONS(CZ_RESOLVE)
#undef CZ_RESOLVE
  state->loaded = 1;
}

// libzip's functions, loading the library on the first call (once, whatever the threads);
// NULL when it cannot be loaded, and cz_load_error says why.
static inline const struct cz_functions *cz_load(void) {
  pthread_once(&cz_state()->once, cz_open_library);
  return cz_state()->loaded ? &cz_state()->functions : NULL;
}

// Why cz_load returned NULL (dlopen's message, or the function libzip lacks).
static inline const char *cz_load_error(void) { return cz_state()->error; }
