#include <libxml/parser.h>
#include <libxml/tree.h>

// xmlFree is a global function pointer, which Swift 6 refuses to read as shared mutable state.
static inline void podium_xml_free(void *pointer) { xmlFree(pointer); }
