#include <utf8proc.h>
