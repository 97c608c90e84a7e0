// libFuzzer target for the request bodies of `tick serve`'s JSON API: `JSONBody` (the
// document through `JSONBytesParser`, then fields with errors that name them) and what
// reads the fields of each route from it: a reminder's (`ReminderFields`, as added and as
// changed), a list's name and color, a move's placement, a share's access, the change an
// undo names, a completion's occurrence. Built by fuzz/run.sh with `swiftc
// -sanitize=fuzzer,address` from those source files (with fuzz/apibody/Shims.swift for the
// store and TickPostgres's share access) against the TickModel and TickInterchange
// libraries. The input is the body, sent as application/json and read by every route in a
// time zone picked by its length. Besides "no crash", it checks properties: a body that is
// accepted, written back as JSON with the fields as read (dates as the API writes them),
// is accepted again to the same fields (a timed date with its zone in brackets, a floating
// one with its kind); a refused body gives a Problem of 400, 404, 415 or
// 422 whose `application/problem+json` reads back, and whose detail names the byte of
// the JSON error, or a field the body holds (or may hold), or says it is not an object;
// the same body sent with another content type is 415; and every answer is the same twice.
import Foundation
import TickInterchange
import TickModel

/// Wednesday 2026-12-02 01:00 UTC in zones with daylight-saving gaps, offsets in half
/// and quarter hours, and a day skipped; an input's length picks one.
let contexts = ["UTC", "Asia/Seoul", "Europe/Berlin", "America/St_Johns", "Australia/Lord_Howe", "Asia/Kathmandu", "Pacific/Apia"]
    .compactMap { TimeZone(identifier: $0) }
    .map { ActionContext(dateContext: DateContext(now: Date(timeIntervalSince1970: 1_796_173_200), timeZone: $0,
                                                  locale: Locale(identifier: "en_US_POSIX"))) }

/// A reader's answer: what it read, or the problem it gave.
enum Answer<Value: Equatable>: Equatable {
    case read(Value)
    case refused(status: Int, detail: String)
}

/// The request `tick serve` builds for `body` sent as `type`.
func request(_ body: [UInt8], type: String = "application/json") -> HTTPRequest {
    HTTPRequest(method: "POST", path: "/api/v1/reminders", headers: ["content-type": type], body: body)
}

/// Reads `body` with `read`, twice: both answers must be the same. A refusal must be a
/// Problem whose response is problem+json saying the same, and whose detail places the error.
func answer<Value: Equatable>(_ route: String, _ body: [UInt8], allowed: Set<String>,
                              _ read: (HTTPRequest) throws -> Value) -> Answer<Value> {
    func once() -> Answer<Value> {
        do {
            return .read(try read(request(body)))
        } catch let problem as Problem {
            checkProblem(route, problem, body, allowed: allowed)
            return .refused(status: problem.status, detail: problem.detail)
        } catch {
            fatalError("\(route): \(error) is not a Problem")
        }
    }
    let first = once(), second = once()
    if first != second { fatalError("\(route): \(first) and then \(second) for the same body") }
    return first
}

/// The keys of `body` when it is a JSON object.
func keys(_ body: [UInt8]) -> Set<String> {
    guard let object = (try? JSONBytesParser.document(body)) as? [String: Any] else { return [] }
    return Set(object.keys)
}

func checkProblem(_ route: String, _ problem: Problem, _ body: [UInt8], allowed: Set<String>) {
    let detail = problem.detail
    let response = problem.response
    guard case .bytes(let bytes) = response.body,
          let object = (try? JSONBytesParser.document(bytes)) as? [String: Any],
          object["detail"] as? String == detail, (object["status"] as? NSNumber)?.intValue == problem.status else {
        fatalError("\(route): the response of \(problem) does not read back")
    }
    let fields = keys(body).union(allowed)
    switch problem.status {
    case 400:
        if let range = detail.range(of: ", at byte ") {
            guard let byte = Int(detail[range.upperBound...]), byte >= 1, byte <= body.count + 1 else {
                fatalError("\(route): \(detail.debugDescription) places the error outside the \(body.count) bytes")
            }
        } else if detail != "the body is not a JSON object", !fields.contains(where: { detail.contains("\"\($0)\"") }) {
            fatalError("\(route): \(detail.debugDescription) names no field of the body")
        }
    case 404:
        guard !keys(body).isDisjoint(with: ["parent", "before", "after"]) else {
            fatalError("\(route): 404 \(detail.debugDescription) for a body that names nothing")
        }
    case 422:
        guard fields.contains(where: { !$0.isEmpty && detail.contains($0) }) else {
            fatalError("\(route): 422 \(detail.debugDescription) names no field of the body")
        }
    default:
        fatalError("\(route): status \(problem.status) for a body")
    }
}

/// Serializes `members`, leaving out absent ones.
func json(_ members: [(String, JSONValue?)]) -> [UInt8] {
    Array(JSONValue.object(members.compactMap { key, value in value.map { (key, $0) } }).serialized(pretty: false).utf8)
}

func edited<Value>(_ edit: FieldEdit<Value>, _ write: (Value) -> JSONValue) -> JSONValue? {
    switch edit {
    case .keep: return nil
    case .clear: return .null
    case .set(let value): return write(value)
    }
}

/// A date as the API writes it, with what reads it back to the same value: a timed date's
/// zone in brackets (RFC 9557), as the web app sends it.
func due(_ due: Due) -> JSONValue {
    guard case .timed(_, let zone) = due else { return .string(due.iso8601) }
    return .string(due.iso8601 + "[" + zone.rawValue + "]")
}
/// `dueKind`/`startKind` beside a floating date, which reads back as timed without it.
func kind(_ due: Due?) -> JSONValue? {
    guard case .floating? = due else { return nil }
    return .string("floating")
}
func kind(_ edit: FieldEdit<Due>) -> JSONValue? {
    guard case .set(let due) = edit else { return nil }
    return kind(due)
}
func list(_ reference: ListReference) -> JSONValue {
    switch reference {
    case .id(let id): return .string(id.rawValue)
    case .named(let name): fatalError("a body named the list \(name.debugDescription) rather than giving its id")
    }
}
func parent(_ number: Reminder.Number) -> JSONValue {
    guard let uid = SampleStore.uid(of: number) else { fatalError("a parent that is not in the store: \(number)") }
    return .string(uid)
}
func priority(_ priority: Priority) -> JSONValue { .int(Int64(priority.iCalendarValue)) }

/// The alarms as the API writes them: offsets as RFC 5545 durations, instants in UTC.
func alarms(_ schedule: ScheduleEdit) -> JSONValue? {
    let offsets = schedule.alarmOffsets.map { JSONValue.string(TickJSON.durationText($0.seconds, exact: $0.isExact)) }
    let instants = schedule.alarmInstants.map { JSONValue.string(TickJSON.instant($0)) }
    guard schedule.removesAlarms || !offsets.isEmpty || !instants.isEmpty else { return nil }
    return .array(offsets + instants)
}

func scheduleMembers(_ schedule: ScheduleEdit) -> [(String, JSONValue?)] {
    [("repeat", edited(schedule.recurrence) { .string($0.rruleValue) }),
     ("repeatFrom", schedule.recurrenceBasis.map { .string($0.rawValue) }),
     ("alarms", alarms(schedule))]
}

/// A reminder to add, written back as a body.
func written(_ new: NewReminder) -> [UInt8] {
    json([("title", .string(new.title)), ("list", new.list.map(list)), ("notes", .string(new.notes)),
          ("due", new.due.map(due)), ("dueKind", kind(new.due)), ("start", new.start.map(due)), ("startKind", kind(new.start)),
          ("priority", priority(new.priority)),
          ("flagged", .bool(new.isFlagged)), ("tags", .array(new.tags.map(JSONValue.string))), ("url", new.url.map(JSONValue.string)),
          ("parent", new.parent.map(parent))] + scheduleMembers(new.schedule))
}

/// A change, written back as a body.
func written(_ edit: ReminderEdit) -> [UInt8] {
    if !edit.tags.removed.isEmpty || (!edit.tags.removesAll && !edit.tags.added.isEmpty) {
        fatalError("a body changed tags other than by replacing them: \(edit.tags)")
    }
    return json([("title", edit.title.map(JSONValue.string)), ("list", edit.list.map(list)),
                 ("notes", edited(edit.notes, JSONValue.string)), ("due", edited(edit.due, due)), ("dueKind", kind(edit.due)),
                 ("start", edited(edit.start, due)), ("startKind", kind(edit.start)),
                 ("priority", edit.priority.map(priority)), ("flagged", edit.isFlagged.map(JSONValue.bool)),
                 ("tags", edit.tags.removesAll ? .array(edit.tags.added.map(JSONValue.string)) : nil),
                 ("url", edited(edit.url, JSONValue.string)), ("parent", edited(edit.parent, parent))] + scheduleMembers(edit.schedule))
}

/// A list's fields as read (`BodyField` is not Equatable).
struct ListFields: Equatable {
    var name: String??
    var color: ListColor?

    init(_ fields: (name: BodyField<String>, color: ListColor?)) {
        switch fields.name {
        case .absent: name = nil
        case .null: name = .some(nil)
        case .value(let text): name = text
        }
        color = fields.color
    }

    var body: [UInt8] {
        json([("name", name.map { $0.map(JSONValue.string) ?? .null }), ("color", color.map { .string($0.hex) })])
    }
}

extension WebService.Placement: Equatable {
    static func == (a: Self, b: Self) -> Bool { String(describing: a) == String(describing: b) }

    var body: [UInt8] {
        switch self {
        case .before(let id): return json([("before", .string(id))])
        case .after(let id): return json([("after", .string(id))])
        case .position(let index): return json([("position", .int(Int64(index)))])
        }
    }
}

/// Reads `body` as `route` does; when accepted, writes it back with `write` and reads that:
/// it must be accepted to the same value.
func roundTrip<Value: Equatable>(_ route: String, _ body: [UInt8], allowed: Set<String>,
                                 _ read: (HTTPRequest) throws -> Value, _ write: (Value) -> [UInt8]) {
    guard case .read(let value) = answer(route, body, allowed: allowed, read) else { return }
    let again = write(value)
    let second = answer(route + " (written back)", again, allowed: allowed, read)
    guard case .read(value) = second else {
        fatalError("\(route): \(String(decoding: body, as: UTF8.self).debugDescription) read as \(value), written back as "
                   + "\(String(decoding: again, as: UTF8.self).debugDescription), which reads as \(second)")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let body = Array(UnsafeBufferPointer(start: data, count: size))
    let context = contexts[size % contexts.count], store = SampleStore()
    let reminder = ReminderFields.allowed
    roundTrip("POST /api/v1/reminders", body, allowed: reminder, {
        try ReminderFields(body: try JSONBody($0, allowed: reminder), context: context).newReminder(in: store)
    }, written(_:) as (NewReminder) -> [UInt8])
    roundTrip("PATCH /api/v1/reminders/{uid}", body, allowed: reminder, {
        try ReminderFields(body: try JSONBody($0, allowed: reminder), context: context).edit(in: store)
    }, written(_:) as (ReminderEdit) -> [UInt8])
    roundTrip("POST /api/v1/reminders/{uid}/complete", body, allowed: ["occurrence"], {
        try ReminderFields(body: try JSONBody($0, allowed: ["occurrence"]), context: context).date("occurrence").value
    }, { json([("occurrence", $0.map(due))]) })
    roundTrip("POST /api/v1/lists", body, allowed: ["name", "color"], { ListFields(try WebService.listFields($0)) }, \.body)
    roundTrip("POST /api/v1/lists/{id}/move", body, allowed: ["before", "after", "position"], WebService.placement, \.body)
    roundTrip("PUT /api/v1/lists/{id}/shares/{user}", body, allowed: ["access"], WebService.shareAccess) { json([("access", .string($0.rawValue))]) }
    roundTrip("POST /api/v1/undo", body, allowed: ["change"], WebService.changeToUndo) { json([("change", $0.map(JSONValue.int))]) }

    // Another content type: 415, unless the body is only white space (read as `{}`).
    let blank = body.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
    do {
        _ = try JSONBody(request(body, type: "text/plain"), allowed: reminder)
        if !blank { fatalError("a body sent as text/plain was read") }
    } catch {
        if blank || error.status != 415 { fatalError("text/plain: \(error)") }
    }
    return 0
}
