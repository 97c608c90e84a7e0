import Foundation
import TickActions
import TickInterchange
import TickModel
import TickStore

/// Alarms shown by the page, in step with `tick agent`, on any store whose transactions
/// keep alarm deliveries (`AlarmStore`).
extension APIStore where Transaction: AlarmStore {
    /// `GET /api/v1/alarms/due`: `{ "alarms": [{ "reminder", "alarmUID", "at" }] }`, the
    /// alarms due now that no front end delivered, earliest first (`Actions.dueAlarms`).
    func dueAlarms(context: ActionContext) throws -> HTTPResponse {
        let (due, lists) = try read { db in (try Actions.dueAlarms(in: db, context: context), try db.listsByID()) }
        let alarms = due.map { alarm in
            JSONValue.object([("reminder", TickJSON.object(for: alarm.reminder, listName: lists[alarm.reminder.listID]?.name)),
                              ("alarmUID", .string(alarm.alarmUID)), ("at", .string(TickJSON.instant(alarm.fireDate)))])
        }
        return WebService.json(.object([("alarms", .array(alarms))]))
    }

    /// `POST /api/v1/alarms/{uid}/{alarmUID}/delivered`: the page showed the alarm
    /// (`Actions.recordAlarmDelivered`, channel `browser`); 204. Not a change of the change
    /// journal: undo takes back what the user did, not a notification shown.
    /// - Throws: `Problem` 404 for no such reminder or alarm.
    func alarmDelivered(_ uid: String, _ alarmUID: String, context: ActionContext) throws -> HTTPResponse {
        try writeUnjournaled { db in
            let reminder = try WebService.existingReminder(uid: uid, in: db)
            guard reminder.alarms.contains(where: { $0.uid == alarmUID }) else {
                throw Problem.notFound("the reminder has no alarm with the uid '\(alarmUID)'")
            }
            _ = try Actions.recordAlarmDelivered(reminder.number, alarmUID: alarmUID, channel: "browser", context: context, in: db)
        }
        return HTTPResponse(status: 204)
    }
}

/// The stream of changes.
extension WebService {
    func dueAlarms(_ request: HTTPRequest) throws -> HTTPResponse { try sqlite.dueAlarms(context: actionContext(for: request)) }

    func alarmDelivered(_ request: HTTPRequest, _ uid: String, _ alarmUID: String) throws -> HTTPResponse {
        try sqlite.alarmDelivered(uid, alarmUID, context: actionContext(for: request))
    }

    func events(_ request: HTTPRequest) -> HTTPResponse {
        WebService.eventStream { changes.subscribe($0) { [self] in authenticate(request) != .none } }
    }

    /// `GET /api/v1/events`: a stream that `subscribe` hands to the change feed, which
    /// starts by telling the client to reconnect after 2 s when the connection drops (a
    /// comment opens the stream at once).
    static func eventStream(_ subscribe: (EventStream) -> Void) -> HTTPResponse {
        let stream = EventStream()
        stream.send("retry: 2000\n: connected\n\n")
        subscribe(stream)
        return HTTPResponse(status: 200, headers: [("Content-Type", "text/event-stream"), ("Cache-Control", "no-store"),
                                                   ("X-Accel-Buffering", "no")], body: .stream(stream))
    }
}
