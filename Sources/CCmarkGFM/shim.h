// GitHub's CommonMark parser and its extensions (Debian: libcmark-gfm-dev,
// libcmark-gfm-extensions-dev).
#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>
