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
        var lines: [ICalendarContentLine] = []
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
    private var sawComponent = false
    private var results: ICalendarResults

    init(reader: ICalendarReader, source: String?) throws(InterchangeError) {
        self.reader = reader
        self.source = source
        childParser = try ICalendarComponentParser()
        calendarParser = try ICalendarComponentParser()
        results = ICalendarResults(source: source)
    }

    private func fail(_ line: Int, _ message: String) -> InterchangeError {
        InterchangeError(kind: .malformed, source: source, line: line, message: message)
    }

    /// Takes the next content line.
    mutating func consume(_ line: ICalendarContentLine) throws(InterchangeError) {
        if let name = line.beginName {
            try begin(name, line)
        } else if let name = line.endName {
            try end(name, line)
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
            calendar = ICalendarCalendar(beginLine: line.lineNumber)
            _ = calendarParser.add(line.text)
            return
        }
        if open.count == 1, bareCalendar == nil { bareCalendar = ICalendarCalendar(beginLine: line.lineNumber) }
        child = Child(name: name, beginLine: line.lineNumber, depth: open.count,
                      keepsLines: name == "VTODO" || name == "VTIMEZONE")
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
        if var current = child {
            let outcome = childParser.add(line.text)
            if current.keepsLines { current.lines.append(line) }
            child = current
            guard open.count < current.depth else { return }
            child = nil
            guard let component = outcome.component else {
                throw fail(current.beginLine, "libical could not read the \(current.name) that starts here")
            }
            defer { icalcomponent_free(component) }
            try finishChild(current, LibicalComponent(pointer: component))
            return
        }
        let outcome = calendarParser.add(line.text)
        defer { if let component = outcome.component { icalcomponent_free(component) } }
        guard var current = calendar else { return }
        calendar = nil
        results.add(current.finish(outcome.component.map(LibicalComponent.init), reader: reader, results: &results))
    }

    private mutating func property(_ line: ICalendarContentLine) throws(InterchangeError) {
        guard !open.isEmpty else {
            throw fail(line.lineNumber, "this line is outside any component; an iCalendar file starts with BEGIN:VCALENDAR")
        }
        guard line.hasColon else {
            throw fail(line.lineNumber, "this is not an iCalendar content line (no ':' between the name and the value)")
        }
        if child != nil {
            add(line, toChild: false)
        } else {
            let outcome = calendarParser.add(line.text)
            if !outcome.failed || keepsFailed(line, warns: true) { calendar?.propertyLines.append(line) }
        }
    }

    /// Feeds a line of the current child to libical and keeps it when libical read it.
    private mutating func add(_ line: ICalendarContentLine, toChild isDelimiter: Bool) {
        guard var current = child else { return }
        let outcome = childParser.add(line.text)
        if current.keepsLines, isDelimiter || !outcome.failed || keepsFailed(line, warns: true) {
            current.lines.append(line)
        }
        child = current
    }

    /// Whether a line libical reported an error on is kept anyway: a property whose
    /// name libical does not know (an IANA property newer than libical) is kept
    /// verbatim; any other is dropped, with a warning unless its value is empty.
    private mutating func keepsFailed(_ line: ICalendarContentLine, warns: Bool) -> Bool {
        let name = line.name
        if !name.hasPrefix("X-"), icalproperty_string_to_kind(name) == ICAL_NO_PROPERTY { return true }
        if warns, !line.text.hasSuffix(":") {
            results.warn(line.lineNumber, "libical could not read this \(name) line (RFC 5545); it was ignored")
        }
        return false
    }

    private mutating func finishChild(_ child: Child, _ component: LibicalComponent) throws(InterchangeError) {
        let inBare = child.depth == 1
        guard var target = inBare ? bareCalendar : calendar else { return }
        switch child.name {
        case "VTODO":
            target.add(vtodo: child.lines, component: component, reader: reader, results: &results)
        case "VTIMEZONE":
            target.add(vtimezone: child.lines, component: component)
        default:
            results.skip(child.name)
        }
        if inBare { bareCalendar = target } else { calendar = target }
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
            results.add(bare.finish(nil, reader: reader, results: &results))
        }
        return results.batch()
    }
}
