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
    static func text(tags: [String]) -> String {
        guard !tags.isEmpty else { return "[]" }
        return "[" + tags.map(quoted).joined(separator: ",") + "]"
    }

    static func tags(_ text: String) -> [String] {
        guard text != "[]", !text.isEmpty else { return [] }
        if let simple = simpleStrings(text) { return simple }
        guard let array = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Any] else { return [] }
        return array.compactMap { $0 as? String }
    }

    /// Reads `["a","b"]` when no string holds a quote, a backslash or a control
    /// character (what `text(tags:)` writes for ordinary tags) without a JSON parser,
    /// which costs microseconds per row in a listing; nil for anything else.
    static func simpleStrings(_ text: String) -> [String]? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 2, bytes.first == UInt8(ascii: "["), bytes.last == UInt8(ascii: "]") else { return nil }
        var result: [String] = []
        var index = 1
        while index < bytes.count - 1 {
            guard bytes[index] == UInt8(ascii: "\"") else { return nil }
            var end = index + 1
            while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
                if bytes[end] == UInt8(ascii: "\\") || bytes[end] < 0x20 { return nil }
                end += 1
            }
            guard end < bytes.count - 1 else { return nil }
            result.append(String(decoding: bytes[(index + 1)..<end], as: UTF8.self))
            index = end + 1
            if bytes[index] == UInt8(ascii: ",") { index += 1 } else if index != bytes.count - 1 { return nil }
        }
        return result
    }

    static func text(alarms: [Alarm]) -> String {
        guard !alarms.isEmpty else { return "[]" }
        let objects = alarms.map { alarm -> String in
            var fields = ["\"uid\":" + quoted(alarm.uid)]
            switch alarm.trigger {
            case .relative(let seconds, let toStart):
                fields.append("\"offset\":\(seconds)")
                fields.append("\"related\":" + (toStart ? "\"start\"" : "\"end\""))
            case .absolute(let date):
                fields.append("\"at\":" + quoted(Timestamp.string(date)))
            }
            if let fired = alarm.firedAt { fields.append("\"fired\":" + quoted(Timestamp.string(fired))) }
            if alarm.isSnooze { fields.append("\"snooze\":true") }
            if alarm.isExactOffset { fields.append("\"exact\":true") }
            if alarm.isSilenced { fields.append("\"silenced\":true") }
            return "{" + fields.joined(separator: ",") + "}"
        }
        return "[" + objects.joined(separator: ",") + "]"
    }

    static func alarms(_ text: String) -> [Alarm] {
        guard text != "[]", !text.isEmpty,
              let array = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]] else { return [] }
        return array.compactMap { object in
            let uid = object["uid"] as? String ?? UUID().uuidString
            let fired = (object["fired"] as? String).flatMap(Timestamp.date)
            let isSnooze = (object["snooze"] as? Bool) ?? false
            let isSilenced = (object["silenced"] as? Bool) ?? false
            if let at = (object["at"] as? String).flatMap(Timestamp.date) {
                return Alarm(uid: uid, trigger: .absolute(at), firedAt: fired, isSnooze: isSnooze, isSilenced: isSilenced)
            }
            guard let offset = (object["offset"] as? NSNumber)?.intValue else { return nil }
            return Alarm(uid: uid, trigger: .relative(seconds: offset, toStart: object["related"] as? String == "start"),
                         firedAt: fired, isExactOffset: (object["exact"] as? Bool) ?? false, isSilenced: isSilenced)
        }
    }

    /// A JSON string literal (RFC 8259 §7).
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
