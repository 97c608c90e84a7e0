// libFuzzer target for the request bodies of `tick serve`'s CalDAV server (DAVRequestBody,
// DAVQueryFilter): PROPFIND, REPORT (multiget, calendar-query, sync-collection), PROPPATCH,
// MKCALENDAR and extended MKCOL (with the check of its resourcetype). Built by fuzz/run.sh
// with `swiftc -sanitize=fuzzer,address` from those source files with TickSync's XML reader
// and TickServer's response types, against the TickModel library. Besides "no crash", it
// checks properties: a refusal's `DAV:error` body, and the `DAV:mkcol-response` naming the
// properties an MKCOL set, are well-formed XML (what a client echoed into them is escaped),
// and a calendar-query filter that was read evaluates on reminders without trapping.
import Foundation
import TickModel

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let body = Array(UnsafeBufferPointer(start: data, count: size))
    check { () throws(DAVFailure) in _ = try DAVRequestBody.propfind(body) }
    check { () throws(DAVFailure) in _ = try DAVRequestBody.propertyUpdate(body) }
    check { () throws(DAVFailure) in _ = try DAVRequestBody.mkcalendar(body) }
    check { () throws(DAVFailure) in
        guard let update = try DAVRequestBody.mkcol(body) else { return }
        let names = update.set.map(\.name)
        for (name, value) in update.set where name == .d("resourcetype") {
            do throws(DAVFailure) {
                try DAVRequestBody.checkCalendar(resourceType: value)
            } catch {
                wellFormed(error.mkcolResponse(set: names))
            }
        }
        // Any property the client named may be the one refused (a name, a color).
        if let last = names.last { wellFormed(DAVFailure(403, nil, "refused", property: last).mkcolResponse(set: names)) }
    }
    check { () throws(DAVFailure) -> Void in
        guard case .query(_, let filter) = try DAVRequestBody.report(body) else { return }
        let zone = TimeZone(identifier: "UTC") ?? .current
        for reminder in sampleReminders { _ = filter.matches(reminder, zone: zone) }
    }
    return 0
}

let sampleReminders: [Reminder] = {
    let list = ReminderList.ID(rawValue: "L")
    let created = Date(timeIntervalSince1970: 1_790_000_000)
    return [
        Reminder(listID: list, title: "Plain", createdAt: created),
        Reminder(listID: list, title: "Done", notes: "n", completedAt: created.addingTimeInterval(3600), tags: ["a"],
                 createdAt: created),
        Reminder(listID: list, title: "Due", due: .allDay(CalendarDay(daysSinceEpoch: 20_500)),
                 start: .floating(LocalDateTime(secondsSinceEpochAsUTC: 1_770_000_000)),
                 createdAt: created),
    ]
}()

/// Runs `parse`; a refusal must write a well-formed `DAV:error`.
func check(_ parse: () throws(DAVFailure) -> Void) {
    do {
        try parse()
    } catch {
        wellFormed(error.response)
    }
}

/// Stops when the body of `response` is not well-formed XML.
func wellFormed(_ response: HTTPResponse) {
    let text = response.bodyText
    guard (try? XMLTree.parse(Data(text.utf8), what: "fuzz")) != nil else {
        fatalError("a refusal's body is not well-formed XML: \(text)")
    }
}
