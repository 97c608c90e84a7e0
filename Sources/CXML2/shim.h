#ifndef TICK_CXML2_SHIM_H
#define TICK_CXML2_SHIM_H
// What Tick uses of libxml2's pull parser (libxml/xmlreader.h, libxml/parser.h): the
// reader is an opaque pointer, strings are `const xmlChar *` (unsigned char, UTF-8), and
// these constants. TickSync's LibXML2 opens the library when a WebDAV body is first read
// (dlopen). The header itself is not included: it lives in a folder of its own
// (/usr/include/libxml2) that only pkg-config names, and a system library target with
// pkg-config also links the library, which this module must not do. The values are those
// of libxml2's public enums, unchanged since 2.6; TickSyncTests' CXML2ConstantsTests check
// each against the installed header, and DAVXMLTests read documents through every node type.

/// xmlReaderTypes: what xmlTextReaderNodeType returns.
static const int TICK_XML_READER_TYPE_ELEMENT = 1;
static const int TICK_XML_READER_TYPE_TEXT = 3;
static const int TICK_XML_READER_TYPE_CDATA = 4;
static const int TICK_XML_READER_TYPE_DOCUMENT_TYPE = 10;
static const int TICK_XML_READER_TYPE_WHITESPACE = 13;
static const int TICK_XML_READER_TYPE_SIGNIFICANT_WHITESPACE = 14;
static const int TICK_XML_READER_TYPE_END_ELEMENT = 15;

/// xmlParserOption: the options of xmlReaderForMemory.
static const int TICK_XML_PARSE_NOERROR = 1 << 5;
static const int TICK_XML_PARSE_NOWARNING = 1 << 6;
static const int TICK_XML_PARSE_NONET = 1 << 11;
static const int TICK_XML_PARSE_IGNORE_ENC = 1 << 21;
#endif
