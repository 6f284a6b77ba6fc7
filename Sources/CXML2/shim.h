// libxml2 as Podium reads office decks' XML. Debian builds it with ICU, and its encoding.h then
// includes the system's <unicode/ucnv.h>, whose UErrorCode clashes with the copy of ICU inside
// Swift's Foundation (_FoundationICU) in any module that imports both. Podium never uses
// libxml2's ICU converters (their fields sit in xmlCharEncodingHandler, which it never
// touches), so the ICU parts of the headers are left out.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>

// xmlFree is a global function pointer, which Swift 6 refuses to read as shared mutable state.
static inline void podium_xml_free(void *pointer) { xmlFree(pointer); }
