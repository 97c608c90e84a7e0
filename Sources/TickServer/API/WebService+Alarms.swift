import Foundation
import TickActions
import TickInterchange
import TickModel
import TickStore

/// Alarms shown by the page, in step with `tick agent`, and the stream of changes.
extension WebService {
    func dueAlarms() throws -> HTTPResponse {
        let context = actionContext()
        let (due, lists) = try reader.read { db in (try Actions.dueAlarms(in: db, context: context), try db.listsByID()) }
        let alarms = due.map { alarm in
            JSONValue.object([("reminder", TickJSON.object(for: alarm.reminder, listName: lists[alarm.reminder.listID]?.name)),
                              ("alarmUID", .string(alarm.alarmUID)), ("at", .string(TickJSON.instant(alarm.fireDate)))])
        }
        return WebService.json(.object([("alarms", .array(alarms))]))
    }

    func alarmDelivered(_ uid: String, _ alarmUID: String) throws -> HTTPResponse {
        let context = actionContext()
        try writer.write { db in
            let reminder = try WebService.existingReminder(uid: uid, in: db)
            guard reminder.alarms.contains(where: { $0.uid == alarmUID }) else {
                throw Problem.notFound("the reminder has no alarm with the uid '\(alarmUID)'")
            }
            _ = try Actions.recordAlarmDelivered(reminder.number, alarmUID: alarmUID, channel: "browser", context: context, in: db)
        }
        return HTTPResponse(status: 204)
    }

    func events() -> HTTPResponse {
        WebService.eventStream { changes.subscribe($0) }
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
