import CXML2
import TickModel

/// The functions of libxml2's pull parser (libxml/xmlreader.h) that `XMLTree` reads
/// WebDAV bodies with, looked up once per process when the first body is read (libxml2
/// and ICU are not mapped at the start of every other command). The types follow the
/// header (a reader is an `xmlTextReaderPtr`, a string a `const xmlChar *`).
struct LibXML2: @unchecked Sendable {
    // Safe to share: immutable addresses of functions in a library that stays open. Each
    // reader is used by one thread; xmlInitParser ran once, before any (see `init`).
    let readerForMemory: @convention(c) (UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, UnsafePointer<CChar>?,
                                         Int32) -> OpaquePointer?
    let freeReader: @convention(c) (OpaquePointer?) -> Void
    let read: @convention(c) (OpaquePointer?) -> Int32
    let nodeType: @convention(c) (OpaquePointer?) -> Int32
    let isEmptyElement: @convention(c) (OpaquePointer?) -> Int32
    let localName: @convention(c) (OpaquePointer?) -> UnsafePointer<UInt8>?
    let qualifiedName: @convention(c) (OpaquePointer?) -> UnsafePointer<UInt8>?
    let namespaceURI: @convention(c) (OpaquePointer?) -> UnsafePointer<UInt8>?
    let prefix: @convention(c) (OpaquePointer?) -> UnsafePointer<UInt8>?
    let value: @convention(c) (OpaquePointer?) -> UnsafePointer<UInt8>?
    let moveToNextAttribute: @convention(c) (OpaquePointer?) -> Int32
    let moveToElement: @convention(c) (OpaquePointer?) -> Int32
    let isNamespaceDeclaration: @convention(c) (OpaquePointer?) -> Int32
    let lineNumber: @convention(c) (OpaquePointer?) -> Int32
    let columnNumber: @convention(c) (OpaquePointer?) -> Int32

    /// The library as this process opened it, or why it could not.
    private static let shared = Result { try LibXML2(["libxml2.so.2"]) }

    /// libxml2, opened on the first call.
    /// - Throws: `SharedLibraryError` naming libxml2 and its Debian package when it is not
    ///   installed (on this call and every later one), or lacks a function.
    static func load() throws -> LibXML2 { try shared.get() }

    /// Opens the first of `fileNames` that loads; the tests give a name that does not exist.
    /// - Throws: `SharedLibraryError`.
    init(_ fileNames: [String]) throws {
        let library = try SharedLibrary(fileNames, debianPackage: "libxml2")
        readerForMemory = try library.function("xmlReaderForMemory")
        freeReader = try library.function("xmlFreeTextReader")
        read = try library.function("xmlTextReaderRead")
        nodeType = try library.function("xmlTextReaderNodeType")
        isEmptyElement = try library.function("xmlTextReaderIsEmptyElement")
        localName = try library.function("xmlTextReaderConstLocalName")
        qualifiedName = try library.function("xmlTextReaderConstName")
        namespaceURI = try library.function("xmlTextReaderConstNamespaceUri")
        prefix = try library.function("xmlTextReaderConstPrefix")
        value = try library.function("xmlTextReaderConstValue")
        moveToNextAttribute = try library.function("xmlTextReaderMoveToNextAttribute")
        moveToElement = try library.function("xmlTextReaderMoveToElement")
        isNamespaceDeclaration = try library.function("xmlTextReaderIsNamespaceDecl")
        lineNumber = try library.function("xmlTextReaderGetParserLineNumber")
        columnNumber = try library.function("xmlTextReaderGetParserColumnNumber")
        // libxml2 sets up its globals on first use, which is not thread-safe: its manual
        // asks a threaded program to call xmlInitParser once first. A Swift global is
        // initialized once, so this runs once per process, before any reader.
        let initParser: @convention(c) () -> Void = try library.function("xmlInitParser")
        initParser()
    }
}
