import TickModel

/// Which reminder a todo.txt line stands for, so that importing a file again (Tick's own
/// export, or the same file after it was edited in a text editor) updates reminders
/// instead of adding them twice.
///
/// - A line may carry its UID as a `uid:` key:value word (todo.txt allows any
///   `key:value`; "Additional File Format Definitions" in the todo.txt README), which
///   `TodoTxtWriter` puts at the end of every line. The last `uid:` word of the trailing
///   run of projects, contexts and key:values is the UID and is taken out of the line;
///   one inside the sentence (`ask uid:7 about it`) is text. In the value, `%`, `:`,
///   `/`, NUL and white space are written as `%XX` (UTF-8 bytes, upper-case hex), since
///   a todo.txt value holds no white space or second colon and must not start with `//`.
/// - A line without one gets a UID derived from its text (`StableUID`): the description
///   without the words Tick reads as fields (`TodoTxtFields.remainder`, white space runs
///   as one space), or the whole description when nothing else is left. So completing
///   a line, changing its priority, due date, project or contexts, or adding or removing
///   its creation date keeps its identity; editing
///   the words of the title does not. Identical texts are told apart by how many came
///   before in the file.
enum TodoTxtIdentity {
    /// The key of the UID word: `uid:…`.
    static let key = "uid"

    /// `description` without its UID word, and the UID it gave (nil when there is none).
    ///
    /// - Complexity: O(n) in the length of `description`.
    static func split(_ description: String) -> (uid: String?, description: String) {
        // The last readable `uid:` word after the last plain word, in one pass.
        var found: (token: TodoTxtToken, uid: String)?
        for token in TodoTxtToken.tokens(in: description[...]) {
            switch token.kind {
            case .word:
                found = nil
            case .keyValue(let key, let value) where key == TodoTxtIdentity.key:
                if let uid = decoded(value) { found = (token, uid) }
            default:
                break
            }
        }
        if let found {
            let token = found.token
            // Take the word out with the white space before it (it is written last, after
            // a space), or after it when it starts the description.
            let scalars = description.unicodeScalars
            var start = token.text.startIndex
            var end = token.text.endIndex
            while start > scalars.startIndex, TodoTxtToken.isWhiteSpace(scalars[scalars.index(before: start)]) {
                start = scalars.index(before: start)
            }
            if start == scalars.startIndex {
                while end < scalars.endIndex, TodoTxtToken.isWhiteSpace(scalars[end]) { end = scalars.index(after: end) }
            }
            return (found.uid, String(description[..<start]) + String(description[end...]))
        }
        return (nil, description)
    }

    /// The `uid:…` word for `uid`, with the characters a value cannot hold escaped.
    ///
    /// - Complexity: O(n) in the length of `uid`.
    static func word(for uid: ReminderUID) -> String {
        var value = ""
        for scalar in uid.rawValue.unicodeScalars {
            if scalar == "%" || scalar == ":" || scalar == "/" || scalar == "\0" || TodoTxtToken.isWhiteSpace(scalar) {
                for byte in String(scalar).utf8 { value += "%" + hexDigits(byte) }
            } else {
                value.unicodeScalars.append(scalar)
            }
        }
        return key + ":" + value
    }

    /// The UID a line without a `uid:` word gets.
    ///
    /// - Parameters:
    ///   - fields: the line's fields, read from its description without a UID word.
    ///   - description: that description.
    ///   - occurrence: how many earlier lines of the file had the same identifying text.
    static func derivedUID(fields: TodoTxtFields, description: String, occurrence: Int) -> ReminderUID {
        ReminderUID.stable(from: "todo.txt text\u{0}" + identifyingText(fields: fields, description: description)
                       + "\u{0}" + String(occurrence))
    }

    /// The text that identifies a line without a UID word.
    ///
    /// - Complexity: O(n) in the length of `description`.
    static func identifyingText(fields: TodoTxtFields, description: String) -> String {
        let text = wordsJoined(fields.remainder)
        return text.isEmpty ? wordsJoined(description) : text
    }

    /// The words of `text` (split at White_Space, as the tokenizer splits) joined by one
    /// space, built in one pass.
    private static func wordsJoined(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if TodoTxtToken.isWhiteSpace(scalar) {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.append(" ") }
                pendingSpace = false
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// The UID Tick 0.1 derived for a line (from the whole line: completion, priority,
    /// creation date and description), looked up too so that files imported before the
    /// `uid:` word existed are still recognised.
    static func formerUID(of item: TodoTxtItem, occurrence: Int) -> ReminderUID {
        ReminderUID.stable(from: formerKey(of: item) + "\u{0}" + String(occurrence))
    }

    /// The text the former UID was derived from (and counted by).
    static func formerKey(of item: TodoTxtItem) -> String {
        var key = "todo.txt\u{0}"
        if item.isCompleted { key += "x " + (item.completionDate?.description ?? "") + " " }
        if let priority = item.priority { key += "(\(priority)) " }
        if let created = item.creationDate { key += created.description + " " }
        return key + item.description
    }

    /// `value` with `%XX` escapes decoded; nil when it is not valid UTF-8 once decoded.
    private static func decoded(_ value: Substring) -> String? {
        guard value.contains("%") else { return String(value) }
        var bytes: [UInt8] = []
        var utf8 = value.utf8[...]
        while let byte = utf8.first {
            if byte == UInt8(ascii: "%"), utf8.count >= 3,
               let decoded = UInt8(String(decoding: utf8.dropFirst().prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(decoded)
                utf8 = utf8.dropFirst(3)
            } else {
                bytes.append(byte)
                utf8 = utf8.dropFirst()
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexDigits(_ byte: UInt8) -> String {
        let text = String(byte, radix: 16, uppercase: true)
        return text.count == 1 ? "0" + text : text
    }
}
