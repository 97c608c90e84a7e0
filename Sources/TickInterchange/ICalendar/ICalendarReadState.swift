import CICal
import Foundation
import TickModel

/// The walk through one file for `ICalendarReader`: follows `BEGIN`/`END`, feeds each
/// top-level component to libical on its own, and collects lists, reminders, skipped
/// components and warnings.
struct ICalendarReadState {
    /// A component being read below the VCALENDAR (or at the top, for a bare VTODO).
    private struct Child {
        let name: String
        let beginLine: Int
        /// The number of open components once its `BEGIN` was read.
        let depth: Int
        /// Whether its lines are kept (VTODO, VTIMEZONE); skipped components only count.
        let keepsLines: Bool
    }

    let reader: ICalendarReader
    let source: String?
    private let childParser: ICalendarComponentParser
    private let calendarParser: ICalendarComponentParser
    private var open: [(name: String, line: Int)] = []
    private var calendar: ICalendarCalendar?
    /// Where bare top-level VTODOs go.
    private var bareCalendar: ICalendarCalendar?
    private var child: Child?
    /// The lines of `child` kept so far. Held apart from `child`, so that reading the
    /// child's name never holds a second reference to them: an append would then copy
    /// every line so far, and a VTODO of n lines would cost O(n²).
    private var childLines: [ICalendarContentLine] = []
    private var sawComponent = false
    private var results: ICalendarResults

    /// How many VTODOs the file holds, about (`BEGIN:VTODO` lines as most files spell
    /// them): room reserved for a calendar's to-dos.
    let expectedTodos: Int

    /// With `streams`, reminders are handed out as they are read (`takeReady`) until the
    /// file needs to be read whole (`streamRefusal`).
    init(reader: ICalendarReader, source: String?, expectedTodos: Int = 0, streams: Bool = false) throws(InterchangeError) {
        self.reader = reader
        self.source = source
        self.expectedTodos = expectedTodos
        childParser = try ICalendarComponentParser()
        calendarParser = try ICalendarComponentParser()
        results = ICalendarResults(source: source, streams: streams)
    }

    /// Why the file must be read whole, when streaming; nil while it need not.
    var streamRefusal: String? { results.streamRefusal }
    /// How many reminders are ready to be taken, when streaming.
    var readyCount: Int { results.readyCount }
    /// Takes up to `count` reminders ready, with the lists they bring first.
    mutating func takeReady(_ count: Int) -> (lists: [ReminderList], reminders: [ImportedReminder]) {
        results.takeReady(count)
    }

    private func fail(_ line: Int, _ message: String) -> InterchangeError {
        InterchangeError(kind: .malformed, source: source, line: line, message: message)
    }

    /// Takes the next content line.
    mutating func consume(_ line: ICalendarContentLine) throws(InterchangeError) {
        if let canonical = line.canonicalDelimiter {
            // Read, kept and given to libical as the export will write it
            // (`ICalendarContentLine.canonicalDelimiter`).
            var delimiter = line
            if canonical != line.text {
                if case .repaired(_, let problem, _) = ICalendarLineSyntax.check(line.text) {
                    results.warn(line.lineNumber, problem)
                }
                delimiter = ICalendarContentLine(text: canonical, lineNumber: line.lineNumber)
            }
            if let name = delimiter.beginName {
                try begin(name, delimiter)
            } else if let name = delimiter.endName {
                try end(name, delimiter)
            }
        } else {
            try property(line)
        }
    }

    private mutating func begin(_ name: String, _ line: ICalendarContentLine) throws(InterchangeError) {
        sawComponent = true
        open.append((name, line.lineNumber))
        if child != nil {
            add(line, toChild: true)
            return
        }
        if open.count == 1, name == "VCALENDAR" {
            calendar = ICalendarCalendar(beginLine: line.lineNumber, expectedTodos: expectedTodos,
                                         streamingReader: results.streams ? reader : nil)
            _ = calendarParser.add(line.text)
            return
        }
        if open.count == 1, bareCalendar == nil { bareCalendar = ICalendarCalendar(beginLine: line.lineNumber, expectedTodos: expectedTodos) }
        child = Child(name: name, beginLine: line.lineNumber, depth: open.count,
                      keepsLines: name == "VTODO" || name == "VTIMEZONE")
        childLines = []
        childLines.reserveCapacity(32)
        add(line, toChild: true)
    }

    private mutating func end(_ name: String, _ line: ICalendarContentLine) throws(InterchangeError) {
        guard let top = open.last else {
            throw fail(line.lineNumber, "END:\(name) closes nothing (no BEGIN:\(name) before it)")
        }
        guard top.name == name else {
            throw fail(line.lineNumber, "END:\(name) does not close BEGIN:\(top.name) of line \(top.line); "
                       + "the file is damaged or was cut and pasted wrongly")
        }
        open.removeLast()
        if let current = child, current.name == "VTODO" {
            childLines.append(line)
            guard open.count < current.depth else { return }
            let lines = childLines
            childLines = []
            child = nil
            if current.depth == 1 {
                // Bare to-dos go to their list after every VCALENDAR's.
                if results.streams { results.refuseStreaming("a VTODO outside any VCALENDAR") }
                try bareCalendar?.queue(vtodo: lines, reader: reader, results: &results)
            } else {
                try calendar?.queue(vtodo: lines, reader: reader, results: &results)
            }
            return
        }
        if let keepsLines = child?.keepsLines {
            let outcome = childParser.add(line.text)
            if keepsLines { childLines.append(line) }
            guard let current = child, open.count < current.depth else { return }
            child = nil
            guard let component = outcome.component else {
                throw fail(current.beginLine, "libical could not read the \(current.name) that starts here")
            }
            defer { icalcomponent_free(component) }
            let lines = childLines
            childLines = []
            try finishChild(current, lines: lines, LibicalComponent(pointer: component))
            return
        }
        let outcome = calendarParser.add(line.text)
        defer { if let component = outcome.component { icalcomponent_free(component) } }
        guard var current = calendar else { return }
        calendar = nil
        results.add(try current.finish(outcome.component.map(LibicalComponent.init), reader: reader, results: &results))
    }

    private mutating func property(_ given: ICalendarContentLine) throws(InterchangeError) {
        guard !open.isEmpty else {
            throw fail(given.lineNumber, "this line is outside any component; an iCalendar file starts with BEGIN:VCALENDAR")
        }
        guard given.hasColon else {
            // Like any line libical cannot read: left out, said, and the rest imported.
            results.warn(given.lineNumber, "this is not an iCalendar content line (no ':' between the name and the value); "
                         + "it was ignored", isLoss: true)
            return
        }
        guard given.name != "BEGIN", given.name != "END" else {
            // `END;X=Y:VTODO` is no delimiter (§3.4 gives BEGIN and END no parameters), but
            // libical takes any line named END as one and closes the current component:
            // kept, it would end the to-do early when the export is read again.
            results.warn(given.lineNumber, "a \(given.name) line takes no parameters (RFC 5545 §3.4); "
                         + "this one does not open or close a component and was ignored", isLoss: true)
            return
        }
        // A line other parsers would refuse is repaired or left out here, with its line,
        // before libical (which reads more) sees it: what is kept is written back.
        var line = given
        switch ICalendarLineSyntax.check(given.text) {
        case .valid: break
        case .repaired(let text, let problem, let dropsParameters):
            results.warn(given.lineNumber, problem, isLoss: dropsParameters)
            line = ICalendarContentLine(text: text, lineNumber: given.lineNumber)
        case .invalid(let problem):
            results.warn(given.lineNumber, problem, isLoss: true)
            return
        }
        if child != nil {
            add(line, toChild: false)
        } else {
            let outcome = calendarParser.add(line.text)
            var kept: ICalendarContentLine? = line
            if outcome.failed {
                let disposition = ICalendarComponentParser.disposition(ofFailed: line)
                if let warning = disposition.warning { results.warn(line.lineNumber, warning, isLoss: disposition.kept == nil) }
                kept = disposition.kept
            }
            if let kept { calendar?.propertyLines.append(kept) }
        }
    }

    /// Feeds a line of the current child to libical and keeps it when libical read it.
    /// VTODO lines are only collected: `VTodoReader` reads them later, many at once.
    private mutating func add(_ line: ICalendarContentLine, toChild isDelimiter: Bool) {
        guard let current = child else { return }
        if current.name == "VTODO" {
            childLines.append(line)
            return
        }
        let outcome = childParser.add(line.text)
        guard current.keepsLines else { return }
        if isDelimiter || !outcome.failed {
            childLines.append(line)
            return
        }
        let disposition = ICalendarComponentParser.disposition(ofFailed: line)
        if let warning = disposition.warning { results.warn(line.lineNumber, warning, isLoss: disposition.kept == nil) }
        if let line = disposition.kept { childLines.append(line) }
    }

    private mutating func finishChild(_ child: Child, lines: [ICalendarContentLine],
                                      _ component: LibicalComponent) throws(InterchangeError) {
        // Calendars are mutated in place through the optionals: copying one would copy
        // every reminder read so far.
        let inBare = child.depth == 1
        switch child.name {
        case "VTIMEZONE":
            if inBare {
                bareCalendar?.add(vtimezone: lines, component: component)
            } else {
                calendar?.add(vtimezone: lines, component: component)
            }
        default:
            results.skip(child.name)
        }
    }

    /// Ends the walk and returns the batch.
    /// - Throws: `InterchangeError` when the file ends inside a component or holds none.
    mutating func finish() throws(InterchangeError) -> ImportBatch {
        if let top = open.last {
            throw fail(top.line, "the file ends inside this \(top.name) (no END:\(top.name)); it may have been cut off")
        }
        guard sawComponent else {
            throw InterchangeError(kind: .malformed, source: source, line: 1,
                                   message: "no iCalendar data (no BEGIN:VCALENDAR or BEGIN:VTODO)")
        }
        if var bare = bareCalendar {
            bareCalendar = nil
            results.add(try bare.finish(nil, reader: reader, results: &results))
        }
        return results.batch()
    }
}
