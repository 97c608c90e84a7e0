// libFuzzer target for the date grammar (`DateGrammar.parse`). Built by fuzz/run.sh with
// `swiftc -sanitize=fuzzer,address` against TickModel. Besides "no crash", it checks a
// property: a date that parses, written as ISO 8601 (`Due.iso8601`), parses again to the
// same day (all-day), the same wall-clock time (floating) or the same instant (timed);
// a timed one written with its zone in brackets (RFC 9557) parses to the same date and zone.
import Foundation
@testable import TickModel

let context = DateContext(now: Date(timeIntervalSince1970: 1_796_000_000),
                          timeZone: TimeZone(identifier: "America/New_York") ?? .gmt,
                          locale: Locale(identifier: "en_US_POSIX"))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size <= 256 else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let due = try? DateGrammar.parse(text, in: context) else { return 0 }
    let written = due.iso8601
    let again: Due
    do {
        again = try DateGrammar.parse(written, in: context)
    } catch {
        fatalError("\(due) written as \(written) does not parse: \(error)")
    }
    if case .timed(_, let zone) = due {
        let named = written + "[" + zone.rawValue + "]"
        do {
            let back = try DateGrammar.parse(named, in: context)
            if back != due { fatalError("\(due) written as \(named) parses to \(back)") } // the same instant and zone name
        } catch {
            fatalError("\(due) written as \(named) does not parse: \(error)")
        }
    }
    switch (due, again) {
    case (.allDay(let a), .allDay(let b)) where a == b: return 0
    case (.floating(let a), .floating(let b)) where a == b: return 0
    case (.timed(let a, _), .timed(let b, _)) where a == b: return 0
    default: fatalError("\(due) written as \(written) parses to \(again)")
    }
}
