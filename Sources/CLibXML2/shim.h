// libxml2's forgiving HTML parser (Debian: libxml2-dev), for the metadata of linked pages.
#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU, whose headers clash with the copy inside Swift's
// Foundation. Nothing here uses libxml2's ICU converters (only pointers to its encoding
// handlers, never their fields), so its ICU declarations are left out.
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <libxml/parser.h>

// xmlFree is a function pointer variable; a function is simpler to call from Swift.
static inline void parley_xml_free(void *pointer) {
    xmlFree(pointer);
}
