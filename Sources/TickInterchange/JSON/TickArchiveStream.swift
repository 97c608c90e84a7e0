import Foundation
import TickModel

/// A Tick archive (`tick export --format json`) read a piece at a time, so that restoring
/// one of any size holds only a piece of it in memory.
///
/// The archive's head (`format`, `version`, `lists` and anything else before
/// `"reminders"`) is read by `start()`; then `next(upTo:)` gives the reminders a few
/// thousand at a time. Only the boundaries of the top-level values and of each reminder
/// object are found here, by a scanner that follows strings and nesting; each value is
/// then decoded and checked on its own, with the messages `TickJSON.decodeArchive(_:source:)`
/// gives, naming the reminder (`reminders[41]: …`).
///
/// An archive laid out otherwise (its reminders before its format or its lists, a
/// document that does not start with `{`) is read whole and decoded by
/// `TickJSON.decodeArchive(_:source:)`, with its messages.
///
/// A reader is used once, from one thread.
public struct TickArchiveStream {
    /// The reader of the input's next bytes: nil at the end of the input.
    private let input: () throws -> [UInt8]?
    private var buffer: [UInt8] = []
    /// Where the unread bytes of `buffer` start.
    private var position = 0
    private var isInputDone = false
    /// Bytes dropped from the front of `buffer` so far (for the offsets in messages).
    private var dropped = 0
    /// The bytes read before the reminders, kept until the layout is known.
    private var head: [UInt8] = []
    private var reader: ArchiveReader
    private let source: String?
    /// The next reminder's index.
    private var index = 0
    /// The version, once read (checked at the end when it follows the reminders).
    private var version: Int64?
    private var state = State.start
    /// The archive's reminders when it had to be read whole.
    private var whole: [ImportedReminder] = []
    /// Whether the archive's head says its audio VALARMs are alarms
    /// (`TickJSON.readsAudioAlarmsKey`), known once `start()` returned; a key given after the
    /// reminders comes too late for them, and counts as absent.
    public private(set) var readsAudioAlarms = false
    /// The top-level keys read so far (a key given twice is refused).
    private var keys: Set<String> = []

    private enum State {
        case start, reminders, whole, done
    }

    /// A reader of the archive that `input` gives a piece at a time.
    /// - Parameters:
    ///   - input: gives the next bytes of the archive, nil at its end; what it throws
    ///     is thrown by `start()` and `next(upTo:)`.
    ///   - source: the file's name, for messages.
    public init(source: String?, input: @escaping () throws -> [UInt8]?) {
        self.input = input
        self.source = source
        reader = ArchiveReader(source: source)
    }

    /// How many bytes of the input have been read through (not those only read ahead).
    public var bytesRead: Int { dropped + position }

    /// Reads the archive up to its first reminder.
    /// - Returns: the lists, in order.
    /// - Throws: `InterchangeError` for an archive that is not valid JSON, not a Tick
    ///   export, newer than this Tick, or has a bad list; what `input` throws.
    public mutating func start() throws -> [ReminderList] {
        precondition(state == .start, "start() is called once")
        try skipByteOrderMark()
        skipWhiteSpace()
        guard try peek() == UInt8(ascii: "{") else { return try readWhole() }
        position += 1
        var root: [String: Any] = [:]
        var isFirst = true
        while true {
            skipWhiteSpace()
            if try peek() == UInt8(ascii: "}") { return try readWhole() }
            if !isFirst {
                guard try peek() == UInt8(ascii: ",") else { return try readWhole() }
                position += 1
                skipWhiteSpace()
            }
            isFirst = false
            guard let key = try value() as? String else { return try readWhole() }
            guard keys.insert(key).inserted else { throw TickArchiveStream.repeated(key, source: source) }
            skipWhiteSpace()
            guard try peek() == UInt8(ascii: ":") else { return try readWhole() }
            position += 1
            skipWhiteSpace()
            if key == "reminders" {
                guard root["format"] != nil, let lists = root["lists"] else { return try readWhole() }
                try checkFormat(root)
                readsAudioAlarms = JSONScalar.boolean(root[TickJSON.readsAudioAlarmsKey]) == true
                let read = try reader.lists(lists)
                reader.listNames = ArchiveReader.names(of: read)
                if try peek() == UInt8(ascii: "[") {
                    position += 1
                    head = []
                    state = .reminders
                    return read
                }
                reader.place = "reminders"
                throw reader.fail("must be an array of objects")
            }
            guard let item = try value() else { return try readWhole() }
            root[key] = item
        }
    }

    /// The next reminders, at most `limit` of them, in the archive's order.
    /// - Returns: nil after the last reminder, once the rest of the archive has been
    ///   read and found well-formed.
    /// - Throws: `InterchangeError` naming the reminder (`reminders[41]: …`) that is not a
    ///   JSON object, not valid JSON, or has a bad value, or for a bad end of the
    ///   archive; what `input` throws.
    /// - Complexity: O(n) in the bytes of the reminders read.
    public mutating func next(upTo limit: Int) throws -> [ImportedReminder]? {
        precondition(limit > 0, "at least one reminder a piece")
        switch state {
        case .start:
            preconditionFailure("start() comes first")
        case .done:
            return nil
        case .whole:
            if whole.isEmpty {
                state = .done
                return nil
            }
            let piece = Array(whole.prefix(limit))
            whole.removeFirst(piece.count)
            return piece
        case .reminders:
            break
        }
        var piece: [ImportedReminder] = []
        while piece.count < limit {
            skipWhiteSpace()
            if try peek() == UInt8(ascii: "]") {
                position += 1
                try finish()
                return piece.isEmpty ? nil : piece
            }
            if index > 0 {
                guard try peek() == UInt8(ascii: ",") else { throw malformed("expected , or ] after reminders[\(index - 1)]") }
                position += 1
                skipWhiteSpace()
            }
            reader.place = "reminders[\(index)]"
            guard try peek() == UInt8(ascii: "{") else {
                if try peek() == nil { throw reader.fail("not valid JSON (the file ends inside the reminders)") }
                throw reader.fail(ArchiveReader.notAnObject)
            }
            // Read member by member, not into a dictionary (a third of an import's reading).
            guard let range = try valueRange() else { throw reader.fail(ArchiveReader.notAnObject) }
            let object: ArchiveFields?
            do throws(JSONBytesParser.Failure) {
                object = try ArchiveFields(buffer[range])
            } catch {
                throw reader.fail("not valid JSON (\(error.message), at byte \(dropped + range.lowerBound + error.offset + 1))")
            }
            guard let object else { throw reader.fail(ArchiveReader.notAnObject) }
            piece.append(try reader.reminder(object, index: index))
            index += 1
        }
        return piece
    }

    /// Reads what follows the reminders: the archive's other keys and its end.
    private mutating func finish() throws {
        reader.place = ""
        var root: [String: Any] = [:]
        while true {
            skipWhiteSpace()
            guard let byte = try peek() else { throw malformed("the file ends before the archive's closing }") }
            if byte == UInt8(ascii: "}") {
                position += 1
                break
            }
            guard byte == UInt8(ascii: ",") else { throw malformed("expected , or } after the reminders") }
            position += 1
            skipWhiteSpace()
            guard let key = try value() as? String else { throw malformed("expected a key after the reminders") }
            guard keys.insert(key).inserted else { throw TickArchiveStream.repeated(key, source: source) }
            skipWhiteSpace()
            guard try peek() == UInt8(ascii: ":") else { throw malformed("expected : after \"\(key)\"") }
            position += 1
            skipWhiteSpace()
            guard let item = try value() else { throw malformed("a value of \"\(key)\" that is not valid JSON") }
            root[key] = item
        }
        skipWhiteSpace()
        guard try peek() == nil else { throw malformed("more after the archive's closing }") }
        if root["version"] != nil { try checkVersion(root) }
        state = .done
    }

    // MARK: - The archive read whole

    /// Reads the rest of the input and decodes the whole archive.
    private mutating func readWhole() throws -> [ReminderList] {
        var bytes = head
        bytes.append(contentsOf: buffer)
        buffer = []
        head = []
        while let piece = try input() { bytes.append(contentsOf: piece) }
        let archive = try TickJSON.decodeArchive(Data(bytes), source: source)
        whole = archive.reminders
        readsAudioAlarms = archive.readsAudioAlarms
        state = .whole
        return archive.lists
    }

    // MARK: - Checks of the head

    private func checkFormat(_ root: [String: Any]) throws(InterchangeError) {
        guard root["format"] as? String == TickJSON.formatName else {
            throw InterchangeError(kind: .malformed, source: source, message: "not a Tick export (\"format\" is not \"tick\")")
        }
        if root["version"] != nil { try checkVersion(root) }
    }

    private func checkVersion(_ root: [String: Any]) throws(InterchangeError) {
        let version = JSONScalar.number(root["version"])?.int64Value ?? 0
        guard version <= TickJSON.archiveVersion else {
            throw InterchangeError(kind: .malformed, source: source,
                                   message: "the export is version \(version); this Tick reads up to \(TickJSON.archiveVersion). Upgrade Tick")
        }
    }

    /// The error for an archive that gives a top-level key twice. JSON leaves the meaning
    /// of a repeated name open (RFC 8259 §4), and a reader that took the first
    /// `"reminders"` would restore other reminders than one that took the last, so
    /// neither reader takes either.
    static func repeated(_ key: String, source: String?) -> InterchangeError {
        InterchangeError(kind: .malformed, source: source, message: "the archive gives \"\(key)\" twice; each of its keys comes once")
    }

    /// The first top-level key that `bytes`, a JSON object, gives a second time; nil when
    /// none does, or when `bytes` is not a JSON object (its reader says why).
    /// - Complexity: O(n) in the length of `bytes`.
    static func repeatedTopLevelKey(in bytes: [UInt8]) -> String? {
        var index = JSONBytesParser.byteOrderMarkLength(bytes)
        func skipWhiteSpace() {
            while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
        }
        skipWhiteSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return nil }
        index += 1
        var keys: Set<String> = []
        while true {
            skipWhiteSpace()
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: "}") { return nil }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                skipWhiteSpace()
            }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\""),
                  let keyEnd = valueEnd(in: bytes, from: index, isInputDone: true),
                  let key = (try? JSONBytesParser.value(of: bytes[index..<keyEnd])) as? String else { return nil }
            if !keys.insert(key).inserted { return key }
            index = keyEnd
            skipWhiteSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
            index += 1
            skipWhiteSpace()
            guard let valueEnd = valueEnd(in: bytes, from: index, isInputDone: true), valueEnd > index else { return nil }
            index = valueEnd
        }
    }

    private func malformed(_ what: String) -> InterchangeError {
        InterchangeError(kind: .malformed, source: source, message: "not valid JSON (\(what), at byte \(dropped + position + 1))")
    }

    // MARK: - Scanning

    /// The next unread byte, reading more input when needed; nil at the end.
    /// Moves past a UTF-8 byte order mark at the start of the input (RFC 8259 §8.1).
    private mutating func skipByteOrderMark() throws {
        guard try peek() == 0xEF else { return }
        while buffer.count - position < 3, try fill() {}
        if JSONBytesParser.byteOrderMarkLength(buffer[position...]) == 3 { position += 3 }
    }

    private mutating func peek() throws -> UInt8? {
        if position == buffer.count, !(try fill()) { return nil }
        return buffer[position]
    }

    /// Reads the next piece of input into `buffer`, dropping what was read.
    /// - Returns: false at the end of the input.
    private mutating func fill() throws -> Bool {
        guard !isInputDone else { return false }
        if position > 0 {
            if state == .start { head.append(contentsOf: buffer[..<position]) }
            buffer.removeSubrange(..<position)
            dropped += position
            position = 0
        }
        while true {
            guard let piece = try input() else {
                isInputDone = true
                return false
            }
            if !piece.isEmpty {
                buffer.append(contentsOf: piece)
                return true
            }
        }
    }

    private mutating func skipWhiteSpace() {
        while true {
            while position < buffer.count {
                switch buffer[position] {
                case 0x20, 0x0A, 0x0D, 0x09: position += 1
                default: return
                }
            }
            guard (try? fill()) == true else { return }
        }
    }

    /// Decodes the JSON value that starts at `position` and moves past it.
    /// - Returns: the value (`JSONBytesParser`'s shapes); nil when it is not valid JSON,
    ///   outside the reminders.
    /// - Throws: `InterchangeError` for a reminder that is not valid JSON; what `input` throws.
    private mutating func value() throws -> Any? {
        guard let range = try valueRange() else { return nil }
        do {
            return try JSONBytesParser.value(of: buffer[range])
        } catch {
            if reader.place.hasPrefix("reminders[") {
                throw reader.fail("not valid JSON (\(error.message), at byte \(dropped + range.lowerBound + error.offset + 1))")
            }
            return nil
        }
    }

    /// Finds the JSON value that starts at `position` (reading more input as needed) and
    /// moves past it.
    /// - Returns: where it is in `buffer`; nil when the input ends before it does,
    ///   outside the reminders.
    /// - Throws: `InterchangeError` for a reminder the input ends inside; what `input` throws.
    private mutating func valueRange() throws -> Range<Int>? {
        var end = TickArchiveStream.valueEnd(in: buffer, from: position, isInputDone: isInputDone)
        while end == nil {
            // The value goes on past the bytes read: read more (`fill` keeps it).
            guard try fill() else {
                end = TickArchiveStream.valueEnd(in: buffer, from: position, isInputDone: true)
                break
            }
            end = TickArchiveStream.valueEnd(in: buffer, from: position, isInputDone: isInputDone)
        }
        guard let end, end > position else {
            if reader.place.hasPrefix("reminders[") { throw reader.fail("not valid JSON (the file ends inside it)") }
            return nil
        }
        let start = position
        position = end
        return start..<end
    }

    /// Where the JSON value starting at `start` ends (one past its last byte), found by
    /// following strings and nesting only; nil when `bytes` ends first and more may come.
    static func valueEnd(in bytes: [UInt8], from start: Int, isInputDone: Bool) -> Int? {
        bytes.withUnsafeBufferPointer { bytes -> Int? in
            var depth = 0
            var isInString = false
            var isEscaped = false
            var index = start
            while index < bytes.count {
                let byte = bytes[index]
                if isInString {
                    if isEscaped {
                        isEscaped = false
                    } else if byte == UInt8(ascii: "\\") {
                        isEscaped = true
                    } else if byte == UInt8(ascii: "\"") {
                        isInString = false
                        if depth == 0 { return index + 1 }
                    }
                } else {
                    switch byte {
                    case UInt8(ascii: "\""):
                        isInString = true
                    case UInt8(ascii: "{"), UInt8(ascii: "["):
                        depth += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"):
                        if depth == 0 { return index }
                        depth -= 1
                        if depth == 0 { return index + 1 }
                    case UInt8(ascii: ","), 0x20, 0x0A, 0x0D, 0x09:
                        if depth == 0 { return index }
                    default:
                        break
                    }
                }
                index += 1
            }
            // A number or word at the very end of the input ends there.
            return isInputDone && depth == 0 && !isInString ? bytes.count : nil
        }
    }
}
