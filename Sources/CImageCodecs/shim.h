#include <png.h>
#include <turbojpeg.h>
