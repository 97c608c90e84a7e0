import Foundation
import TickModel

/// Writes reminders as todo.txt lines: the reverse of `TodoTxtImport`.
///
/// A line is written in the order the todo.txt README gives:
///
///     (A) 2026-01-05 Call Mom +Family @phone due:2026-01-09 t:2026-01-08 uid:6F1C…
///     x 2026-01-07 2026-01-05 Call Mom +Family @phone pri:A uid:6F1C…
///
/// - Completed: `x`, the completion day, the creation day; the priority, which todo.txt
///   has no place for on finished tasks, goes at the end as `pri:A` (todo.txt-cli's
///   convention). Open: `(A)`/`(B)`/`(C)` for high/medium/low, then the creation day.
///   What an imported line said is written back (`TodoTxtKeptLines`): its letter `D`…`Z`
///   while the priority is low, its creation and completion days whatever `timeZone`
///   is, and no creation day when it had none, unless the title would then stand where
///   a priority, a date or `x` is read (a title `x marks the spot` stays a title).
/// - The title, with line breaks and NUL replaced by spaces.
/// - `+List` for the list: before the first `+project` already in the title, so it is
///   the one read back as the list, else at the end. Nil `listName` writes no project.
/// - `@tag` for each tag, then `due:`, `t:` (all-day days; a timed or floating date is
///   written as its day in `timeZone`, its time of day is lost).
/// - In list names and tags, white space (and NUL) becomes `_`, since todo.txt words
///   cannot hold spaces: the list "Home Office" is written `+Home_Office` and reads back
///   as a list named `Home_Office`.
/// - Last, `uid:` and the reminder's UID (`TodoTxtIdentity`), so that importing the
///   line back updates the reminder it came from, even after the line was edited.
/// - When the title alone already reads back as exactly these fields and nothing else
///   (an imported line such as `+Errands @car` had no other text, so the whole line
///   became the title), the title is written alone and nothing is repeated.
///
/// Lines written for reminders imported from todo.txt read back to the same reminder
/// (the UID, the day-precision dates, list, tags, priority level and title), and writing them
/// again gives the same text: import, export, import is a fixed point. A title typed in
/// Tick that itself contains todo.txt syntax (`@word`, `due:2026-01-05`) is read as that
/// syntax on the way back; todo.txt has no escaping.
public enum TodoTxtWriter {
    /// The todo.txt line for `reminder`, without a line break.
    ///
    /// - Parameters:
    ///   - reminder: the reminder; its title is non-blank (as `Names.validated` ensures).
    ///   - listName: the name of its list, written as `+Name`; nil to write no project
    ///     (for example for the default list).
    ///   - timeZone: the zone whose calendar days the dates are written in.
    /// - Complexity: O(n) in the length of the title and tags.
    public static func line(for reminder: Reminder, listName: String?, timeZone: TimeZone) -> String {
        fields(of: reminder, listName: listName, timeZone: timeZone) + " " + TodoTxtIdentity.word(for: reminder.uid)
    }

    /// The line without its `uid:` word.
    private static func fields(of reminder: Reminder, listName: String?, timeZone: TimeZone) -> String {
        let isCompleted = reminder.completedAt != nil
        let kept = TodoTxtKeptLines(reminder.iCalendarExtras)
        let letter = kept.letter(for: reminder.priority)
        var head = ""
        if let completed = kept.completionDay(of: reminder, in: timeZone) {
            head = "x \(completed) "
        } else if let letter {
            head = "(\(letter)) "
        }
        let title = TodoTxtFields.singleLine(reminder.title)
        if let created = kept.creationDay(of: reminder, in: timeZone) {
            head += "\(created) "
        } else if startsLikeAField(title, atLineStart: head.isEmpty) {
            head += "\(LocalDateTime(reminder.createdAt, in: timeZone).day) "
        }

        let tags = writtenTags(reminder.tags)
        var wanted = TodoTxtFields(description: "", isCompleted: isCompleted)
        wanted.listName = listName.flatMap(readableWord)
        wanted.tags = tags
        wanted.due = reminder.due?.day(in: timeZone)
        wanted.start = reminder.start?.day(in: timeZone)
        wanted.completedPriority = isCompleted ? letter : nil

        var asRead = TodoTxtFields(description: title, isCompleted: isCompleted)
        // A title of nothing but projects, contexts and what draws nothing is read whole (the
        // reader's rule: `Names.validated` refuses the remainder, white space, control
        // characters or lone marks alike): written as it is, it reads back as it is.
        if (try? Names.validated(asRead.remainder, as: .reminderTitle)) == nil {
            asRead.remainder = ""
            if asRead == wanted { return head + title }
        }

        var body = title
        // Projects and contexts the title already carries in its text are not repeated.
        if let list = wanted.listName {
            // The reader takes the first project at an edge of the text as the list, out
            // of the title: put ours before any edge project of the title (even one of the
            // same name, which would otherwise leave the title), else at the end unless
            // the title's sentence names the list.
            let tokens = TodoTxtToken.tokens(in: body[...])
            let sentence = tokens.sentence
            let edgeProject = tokens.first { token in
                guard case .project = token.kind else { return false }
                return token.isAtAnEdge(of: sentence)
            }
            if let edgeProject {
                body.insert(contentsOf: "+\(list) ", at: edgeProject.text.startIndex)
            } else if asRead.listName != list {
                body += " +\(list)"
            }
        }
        let inTitle = Set(asRead.tags)
        for tag in wanted.tags where !inTitle.contains(tag) { body += " @\(tag)" }
        if let due = wanted.due { body += " due:\(due)" }
        if let start = wanted.start { body += " t:\(start)" }
        if let priority = wanted.completedPriority { body += " pri:\(priority)" }
        return head + body
    }

    /// Whether the line written for `reminder` (`line(for:listName:timeZone:)`) reads back
    /// with another title, list, tags or dates: todo.txt has no escape, so a word of the
    /// title that looks like a field (`+tip`, `@bob`, `due:2020-01-01`) is read as one.
    /// Lines without `+`, `@` or `:` in their title are not read again.
    /// - Complexity: O(n) in the line; a parse only for titles with those characters.
    public static func readsBackChanged(_ line: String, reminder: Reminder, listName: String?, timeZone: TimeZone) -> Bool {
        guard reminder.title.utf8.contains(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "@") || $0 == UInt8(ascii: ":") })
        else { return false }
        guard let read = try? TodoTxtImport.plan(TodoTxtParser.parse(line, source: nil), now: reminder.createdAt, timeZone: timeZone),
              read.count == 1, let back = read.first else { return true }
        return back.reminder.title != TodoTxtFields.singleLine(reminder.title).trimmingWhiteSpace()
            || back.listName != listName.flatMap(readableWord)
            || Set(back.reminder.tags) != Set(writtenTags(reminder.tags))
            || back.reminder.due?.day(in: timeZone) != reminder.due?.day(in: timeZone)
            || back.reminder.start?.day(in: timeZone) != reminder.start?.day(in: timeZone)
    }

    /// Whether `title`, written where a creation date would stand, would be read as a
    /// field rather than as the title: a first word that is a date; at the very start of
    /// the line also `x` or a priority `(A)`. (Every written line goes on after its first
    /// word, with at least the `uid:` word.)
    static func startsLikeAField(_ title: String, atLineStart: Bool) -> Bool {
        let word = Substring(title.unicodeScalars.prefix { !TodoTxtToken.isWhiteSpace($0) })
        if TodoTxtToken.isDateShaped(word) { return true }
        guard atLineStart else { return false }
        let bytes = Array(word.utf8)
        return word == "x" || bytes.count == 3 && bytes[0] == UInt8(ascii: "(") && bytes[2] == UInt8(ascii: ")")
            && (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(bytes[1])
    }

    /// The tags as the `@context` words a line carries: each as one word (`word(_:)`), once,
    /// those a reader reads as a context only (`readableWord(_:)`).
    static func writtenTags(_ tags: [String]) -> [String] {
        var seen: Set<String> = []
        return tags.compactMap(readableWord).filter { seen.insert($0).inserted }
    }

    /// `word(name)` when `+word` or `@word` reads back as a project or context, else nil: a
    /// name that ends in punctuation (`Errands!`, `phone?`) is read as a word of the title
    /// (`TodoTxtToken.isName`: the narrower reading that keeps `call @home)` a title), and,
    /// written among the fields at the end of a line, it would end their run there: every
    /// field before it would be read as title too (a tester: a round trip turned titles into
    /// `Task in Work Stuff +Work_Stuff @to_do @phone?`). Such a name is left out of the line
    /// (`tick export` says which), and an import of the line keeps it (`TodoTxtImport.merged`).
    public static func readableWord(_ name: String) -> String? {
        guard let word = word(name), TodoTxtToken.isName(Substring(word)) else { return nil }
        return word
    }

    /// A list name or tag as one todo.txt word: trimmed, inner white space and NUL as
    /// `_`; nil when nothing visible is left.
    static func word(_ name: String) -> String? {
        let trimmed = name.trimmingWhiteSpace()
        guard !trimmed.isEmpty else { return nil }
        // Scalar by scalar, as the reader splits words: at every White_Space scalar.
        return String(String.UnicodeScalarView(trimmed.unicodeScalars.map { scalar in
            TodoTxtToken.isWhiteSpace(scalar) || scalar == "\0" ? "_" : scalar
        }))
    }
}
