// libFuzzer target for the page cursors of `tick serve`'s JSON API (`PageCursor`): the
// `?cursor=` a client sends back, which the server reads before any query. Built by
// fuzz/run.sh with `swiftc -sanitize=fuzzer,address` from PageCursor.swift and what it
// answers with (Problem, HTTPResponse, EventStream) against the TickModel and
// TickInterchange libraries. The input is the cursor's text, taken as it comes and also
// as the plain text a cursor holds (written as base64url first), so that both the
// encoding and the fields are reached. Besides "no crash" (a cursor with `nan` as its
// instant once stopped the server), it checks properties: a cursor that is read is
// written back (`text`) as base64url without padding and reads back to the same cursor
// and the same text; its instants are of the years 1 to 9999; a refused one is a 400
// problem; every page scope either takes the cursor's anchor or refuses it with a 400.
import Foundation
import TickModel

/// Reads `text` as a cursor; a refusal must be a 400 problem.
func read(_ text: String) -> PageCursor? {
    do {
        return try PageCursor(text: text)
    } catch {
        if error.status != 400 { fatalError("'\(text)': refused with \(error.status), not 400") }
        return nil
    }
}

/// base64url without padding, as the server writes cursors.
func base64url(_ bytes: [UInt8]) -> String {
    String(Data(bytes).base64EncodedString().compactMap { character -> Character? in
        switch character {
        case "+": return "-"
        case "/": return "_"
        case "=": return nil
        default: return character
        }
    })
}

/// What a cursor that was read must satisfy.
func check(_ cursor: PageCursor, from text: String) {
    let written = cursor.text
    guard written.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
        fatalError("'\(text)': written back as '\(written)', not base64url without padding")
    }
    guard let again = read(written) else { fatalError("'\(text)': its own text '\(written)' is refused") }
    guard again == cursor, again.text == written else { fatalError("'\(text)': read back as \(again), not \(cursor)") }
    switch cursor {
    case .key(_, _, _, let completedAt?):
        if !PageCursor.instants.contains(completedAt) { fatalError("'\(text)': completion \(completedAt) taken") }
    case .due(_, let key):
        if !PageCursor.instants.contains(key.instant.timeIntervalSince1970) { fatalError("'\(text)': instant \(key.instant) taken") }
    default: break
    }
    let list = ReminderList.ID(rawValue: "L")
    for scope in [PageScope.list(list, includesCompleted: true), .open, .flagged, .completed, .every, .everyFlagged] {
        do {
            _ = try PageCursor.keyAnchor(cursor, in: scope)
        } catch {
            if error.status != 400 { fatalError("'\(text)': keyAnchor refused with \(error.status)") }
        }
    }
    for smartList in SmartList.allCases {
        do {
            _ = try PageCursor.dueAnchor(cursor, of: smartList)
        } catch {
            if error.status != 400 { fatalError("'\(text)': dueAnchor refused with \(error.status)") }
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // As sent (any text, cut where it is not UTF-8, as a query argument would be refused),
    // and as a cursor's plain text.
    let sent = String(decoding: bytes, as: UTF8.self)
    if let cursor = read(sent) { check(cursor, from: sent) }
    let made = base64url(bytes)
    if let cursor = read(made) { check(cursor, from: made) }
    return 0
}
