// libFuzzer target for the search query language (`SearchQuery(parsing:)`). Built by
// fuzz/run.sh with `swiftc -sanitize=fuzzer,address` against TickModel. Besides "no
// crash", it checks a property: a query that parses, written back (`description`),
// parses to the same query; and an input that fails fails with a position inside it.
import Foundation
@testable import TickModel

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size <= 512 else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let query: SearchQuery
    do {
        query = try SearchQuery(parsing: text)
    } catch {
        if case .invalidSearch(_, let position?) = error, !(1...max(text.count, 1)).contains(position) {
            fatalError("error position \(position) outside the \(text.count) characters of \(text.debugDescription)")
        }
        return 0
    }
    let written = query.description
    let again: SearchQuery
    do {
        again = try SearchQuery(parsing: written)
    } catch {
        fatalError("\(text.debugDescription) written as \(written.debugDescription) does not parse: \(error)")
    }
    if again != query {
        fatalError("\(text.debugDescription) written as \(written.debugDescription) parses to \(again.description.debugDescription)")
    }
    return 0
}
