import Foundation
import TickModel

/// The JSON text of the `tags` and `alarms` columns.
///
/// Tags: a JSON array of strings, `["admin","home"]`. Alarms: a JSON array of objects,
/// `{"uid": "…", "offset": -600, "related": "end"}` for a relative trigger (seconds;
/// `related` is `end` for the due date or `start`), `{"uid": "…", "at": "<timestamp>"}`
/// for an absolute one, each with `"fired": "<timestamp>"` once delivered and
/// `"snooze": true` for an alarm made by snoozing.
enum JSONColumns {
    /// - Complexity: O(n) in the total length of the tags; built in one buffer, so a
    ///   reminder with millions of tags (one todo.txt line can give them) costs the text
    ///   and not a string per tag besides.
    static func text(tags: [String]) -> String {
        guard !tags.isEmpty else { return "[]" }
        var out: [UInt8] = [UInt8(ascii: "[")]
        for tag in tags {
            if out.count > 1 { out.append(UInt8(ascii: ",")) }
            JSONText.quote(tag, into: &out)
        }
        out.append(UInt8(ascii: "]"))
        return String(decoding: out, as: UTF8.self)
    }

    /// The tags of a `tags` column, or nil when it is not a JSON array of strings.
    static func tags(_ text: String) -> [String]? {
        if text == "[]" { return [] }
        if let simple = simpleStrings(text) { return simple }
        guard let array = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Any] else { return nil }
        let strings = array.compactMap { $0 as? String }
        return strings.count == array.count ? strings : nil
    }

    /// Reads `["a","b"]` when no string holds a quote, a backslash or a control
    /// character (what `text(tags:)` writes for ordinary tags) without a JSON parser,
    /// which costs microseconds per row in a listing; nil for anything else.
    static func simpleStrings(_ text: String) -> [String]? {
        var text = text
        return text.withUTF8 { bytes in
            simpleStringRanges(bytes)?.map { String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self) }
        }
    }

    /// Where the strings of `bytes` are, under the rules of `simpleStrings`: the bytes
    /// between the quotes of each, in order; nil for anything else.
    static func simpleStringRanges(_ bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>]? {
        guard bytes.count >= 2, bytes.first == UInt8(ascii: "["), bytes.last == UInt8(ascii: "]") else { return nil }
        var result: [Range<Int>] = []
        var index = 1
        while index < bytes.count - 1 {
            guard bytes[index] == UInt8(ascii: "\"") else { return nil }
            var end = index + 1
            while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
                if bytes[end] == UInt8(ascii: "\\") || bytes[end] < 0x20 { return nil }
                end += 1
            }
            guard end < bytes.count - 1 else { return nil }
            result.append((index + 1)..<end)
            index = end + 1
            if bytes[index] == UInt8(ascii: ",") { index += 1 } else if index != bytes.count - 1 { return nil }
        }
        return result
    }

    static func text(alarms: [Alarm]) -> String {
        guard !alarms.isEmpty else { return "[]" }
        let objects = alarms.map { alarm -> String in
            var fields = ["\"uid\":" + JSONText.quoted(alarm.uid)]
            switch alarm.trigger {
            case .relative(let seconds, let toStart):
                fields.append("\"offset\":\(seconds)")
                fields.append("\"related\":" + (toStart ? "\"start\"" : "\"end\""))
            case .absolute(let date):
                fields.append("\"at\":" + JSONText.quoted(Timestamp.string(date)))
            }
            if let fired = alarm.firedAt { fields.append("\"fired\":" + JSONText.quoted(Timestamp.string(fired))) }
            if alarm.isSnooze { fields.append("\"snooze\":true") }
            if alarm.isExactOffset { fields.append("\"exact\":true") }
            if alarm.isSilenced { fields.append("\"silenced\":true") }
            return "{" + fields.joined(separator: ",") + "}"
        }
        return "[" + objects.joined(separator: ",") + "]"
    }

    /// Why an `alarms` column cannot be read.
    struct Unreadable: Error {
        /// What is wrong, without the value itself.
        var reason: String
    }

    /// The alarms of an `alarms` column of the reminder whose UID is `reminderUID`.
    ///
    /// An alarm object without `"uid"` (written by hand or by another program) gets a
    /// UID derived from the reminder's UID, its place in the array and its trigger
    /// (`StableUID`): the same on every read, so that its delivery record
    /// (`alarm_delivery`) matches from one read to the next, and written back as it is
    /// at the next save.
    /// - Throws: `Unreadable` for text that is not a JSON array of objects, or an object
    ///   with neither a valid `"at"` timestamp nor an integer `"offset"`, a `"fired"`
    ///   that is not a timestamp, a `"related"` other than `start`/`end`, or a flag that
    ///   is not `true`/`false`.
    static func alarms(_ text: String, reminderUID: ReminderUID) throws(Unreadable) -> [Alarm] {
        if text == "[]" { return [] }
        guard let parsed = try? JSONSerialization.jsonObject(with: Data(text.utf8)), let array = parsed as? [Any] else {
            throw Unreadable(reason: "not a JSON array")
        }
        var alarms: [Alarm] = []
        alarms.reserveCapacity(array.count)
        for (index, element) in array.enumerated() {
            guard let object = element as? [String: Any] else { throw Unreadable(reason: "alarm \(index + 1) is not a JSON object") }
            func flag(_ key: String) throws(Unreadable) -> Bool {
                guard let value = object[key] else { return false }
                guard let bool = value as? Bool else {
                    throw Unreadable(reason: "alarm \(index + 1): \"\(key)\" is not true or false")
                }
                return bool
            }
            func instant(_ key: String) throws(Unreadable) -> Date? {
                guard let value = object[key] else { return nil }
                guard let text = value as? String, let date = Timestamp.date(text) else {
                    throw Unreadable(reason: "alarm \(index + 1): \"\(key)\" is not a timestamp")
                }
                return date
            }
            let trigger: Alarm.Trigger
            if let at = try instant("at") {
                trigger = .absolute(at)
            } else {
                guard let number = object["offset"] as? NSNumber,
                      let seconds = Int(exactly: number.doubleValue) else {
                    throw Unreadable(reason: "alarm \(index + 1) has neither \"at\" nor an integer \"offset\"")
                }
                let related = object["related"]
                guard related == nil || related as? String == "start" || related as? String == "end" else {
                    throw Unreadable(reason: "alarm \(index + 1): \"related\" is neither \"start\" nor \"end\"")
                }
                trigger = .relative(seconds: seconds, toStart: related as? String == "start")
            }
            let uid: String
            switch object["uid"] {
            case nil:
                let triggerText: String
                switch trigger {
                case .relative(let seconds, let toStart): triggerText = "offset \(seconds) " + (toStart ? "start" : "end")
                case .absolute(let date): triggerText = "at " + Timestamp.string(date)
                }
                uid = StableUID.make(from: "alarm\u{0}\(reminderUID)\u{0}\(index)\u{0}\(triggerText)")
            case let text as String:
                uid = text
            default:
                throw Unreadable(reason: "alarm \(index + 1): \"uid\" is not a string")
            }
            alarms.append(Alarm(uid: uid, trigger: trigger, firedAt: try instant("fired"), isSnooze: try flag("snooze"),
                                isExactOffset: try flag("exact"), isSilenced: try flag("silenced")))
        }
        return alarms
    }
}
