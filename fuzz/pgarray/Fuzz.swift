// libFuzzer target for `PostgresArray` (TickPostgres): the reader of one-dimensional array
// literals as PostgreSQL writes them (`{a,"b c",NULL}`), which `tick serve --database` reads
// the throttle's failure times with, and the writer of the literals Tick sends as one
// parameter. Built by fuzz/run.sh with `swiftc -sanitize=fuzzer,address` from
// PostgresArray.swift alone. Besides "no crash", it checks properties: a literal that is
// read and holds no NULL reads back the same from the literal the writer makes of its
// elements; and any list of texts (the input cut at every byte 0x1F) that the writer makes a
// literal of reads back as that list.

/// Fails with the input shown when `condition` does not hold.
func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let text = String(decoding: bytes, as: UTF8.self)
    if let elements = PostgresArray.elements(text), !elements.contains(where: { $0 == nil }) {
        let texts = elements.map { $0 ?? "" }
        let written = PostgresArray.text(texts)
        require(PostgresArray.elements(written) == elements, "\(text.debugDescription): written as \(written.debugDescription), read back otherwise")
    }
    let texts = bytes.split(separator: 0x1F, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    let written = PostgresArray.text(texts)
    require(PostgresArray.elements(written) == texts.map { Optional($0) }, "\(texts): written as \(written.debugDescription), read back otherwise")
    return 0
}
