// OpenSSL's libcrypto, from Debian's libssl-dev: the CMS envelope of provisioning profiles.
#include <openssl/bio.h>
#include <openssl/cms.h>
#include <openssl/err.h>
#include <openssl/pkcs7.h>
#include <openssl/x509.h>
