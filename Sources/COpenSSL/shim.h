// OpenSSL's libcrypto, from Debian's libssl-dev: the CMS envelope of provisioning profiles.
//
// As with libzip (CZip's shim.h), infoscope does not link libcrypto: it loads it with dlopen
// the first time a provisioning profile is read (co_load), as its 21,000 relocations cost every
// command that reads none. The functions the package calls are members of struct co_functions
// under their OpenSSL names, typed from OpenSSL's own declarations and all resolved at load. The
// headers' declarations stay visible for types, constants and the tests, which link libcrypto.
#include <dlfcn.h>
#include <openssl/bio.h>
#include <openssl/cms.h>
#include <openssl/err.h>
#include <openssl/pkcs7.h>
#include <openssl/x509.h>
#include <pthread.h>
#include <stdio.h>

#define CO_FUNCTIONS(X)                                                                         \
  X(ASN1_STRING_get0_data) X(ASN1_STRING_length) X(ASN1_STRING_to_UTF8) X(ASN1_TIME_to_tm)       \
  X(CMS_ContentInfo_free) X(CMS_SignerInfo_cert_cmp) X(CMS_get0_SignerInfos)                     \
  X(CMS_get0_content) X(CMS_get0_type) X(CMS_get1_certs) X(CRYPTO_free) X(ERR_clear_error)       \
  X(ERR_error_string_n) X(ERR_get_error) X(OBJ_nid2sn) X(OBJ_obj2nid) X(OBJ_obj2txt)            \
  X(OPENSSL_sk_free) X(OPENSSL_sk_num) X(OPENSSL_sk_value) X(X509_NAME_ENTRY_get_data)          \
  X(X509_NAME_get_entry) X(X509_NAME_get_index_by_NID) X(X509_free) X(X509_get0_notAfter)       \
  X(X509_get0_notBefore) X(X509_get_subject_name) X(d2i_CMS_ContentInfo) X(d2i_X509)

// libcrypto's functions, each under its own name.
struct co_functions {
#define CO_MEMBER(name) __typeof__(&name) _Nonnull name;
  CO_FUNCTIONS(CO_MEMBER)
#undef CO_MEMBER
};

struct co_state {
  struct co_functions functions;
  pthread_once_t once;
  int loaded;
  char error[256];
};

// The one load state of the program. This function is defined weak in every object that
// includes this header (each Swift file that calls into it) and the linker keeps one, so every
// file sees the same state; as a static inline function each file had its own, unloaded, copy.
__attribute__((weak)) struct co_state *co_state(void) {
  static struct co_state state;
  return &state;
}

static inline void co_open_library(void) {
  struct co_state *state = co_state();
  // The run-time name first; the development link (the version the headers came with) after.
  void *library = dlopen("libcrypto.so.3", RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) library = dlopen("libcrypto.so", RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    const char *reason = dlerror();
    snprintf(state->error, sizeof state->error, "%s", reason ? reason : "libcrypto.so.3 not found");
    return;
  }
#define CO_RESOLVE(name)                                                     \
  state->functions.name = (__typeof__(&name))dlsym(library, #name);         \
  if (state->functions.name == NULL) {                                      \
    snprintf(state->error, sizeof state->error, "libcrypto has no " #name); \
    return;                                                                 \
  }
  CO_FUNCTIONS(CO_RESOLVE)
#undef CO_RESOLVE
  state->loaded = 1;
}

// libcrypto's functions, loading the library on the first call (once, whatever the threads);
// NULL when it cannot be loaded, and co_load_error says why.
static inline const struct co_functions *co_load(void) {
  pthread_once(&co_state()->once, co_open_library);
  return co_state()->loaded ? &co_state()->functions : NULL;
}

// Why co_load returned NULL (dlopen's message, or the function libcrypto lacks).
static inline const char *co_load_error(void) { return co_state()->error; }
