// libzip, from Debian's libzip-dev: .ipa files are read in memory through it.
#include <zip.h>
