import Foundation
import TickTerminal

/// A line on standard error that says how far a long piece of work (an import, an
/// export to a file) has come: the count, the rate and, when the total is known, the
/// time left. Drawn only when standard error is a terminal and only once the work has
/// taken more than a second; redrawn in place (`TerminalText.overwritingLine`: carriage
/// return, erase the line) at most five times a second, and erased by `finish()`, so that the lines that
/// follow it start clean. Off a terminal it writes nothing.
final class ProgressLine {
    private let errors: any OutputSink
    private let clock: @Sendable () -> Date
    /// `importing`, `exporting`: the present participle that starts the line.
    private let verb: String
    /// How many items the work holds, when known (for the time left); may be corrected
    /// as the work goes on.
    var total: Int?
    /// Whether `total` is worked out from the part done (`of about N`).
    var isTotalEstimated = false
    private let started: Date
    /// Items done so far.
    private(set) var count = 0
    private var lastDrawn: Date?
    /// Items between two looks at the clock.
    private static let stride = 256

    /// A progress line for `context`, or nil when standard error is not a terminal.
    /// - Parameters:
    ///   - verb: what the line starts with after `tick: ` (`exporting`).
    ///   - total: how many items the work holds, when known (for the time left).
    init?(context: CommandContext, verb: String, total: Int?) {
        guard context.environment.isErrorTerminal else { return nil }
        errors = context.errors
        clock = context.environment.liveClock
        self.verb = verb
        self.total = total
        started = clock()
    }

    /// Counts `items` more done (one by default), and redraws the line when it is time to.
    func advance(by items: Int = 1) {
        let before = count
        count += items
        guard count / ProgressLine.stride != before / ProgressLine.stride else { return }
        let now = clock()
        let elapsed = now.timeIntervalSince(started)
        guard elapsed > 1, lastDrawn.map({ now.timeIntervalSince($0) >= 0.2 }) ?? true else { return }
        lastDrawn = now
        errors.write(TerminalText.overwritingLine("tick: " + ProgressLine.text(verb: verb, count: count, total: total, elapsed: elapsed,
                                                                                      isTotalEstimated: isTotalEstimated)))
        errors.flush()
    }

    /// Erases the line when it was drawn.
    func finish() {
        guard lastDrawn != nil else { return }
        errors.write(TerminalText.overwritingLine(""))
        errors.flush()
        lastDrawn = nil
    }

    /// `exporting 45,000 of 100,000 reminders (30,000/s, 2 s left)`; with an estimated
    /// total, `importing 45,000 of about 100,000 reminders (…)`; without a total,
    /// `importing 45,000 reminders (30,000/s)`.
    static func text(verb: String, count: Int, total: Int?, elapsed: TimeInterval, isTotalEstimated: Bool = false) -> String {
        let rate = elapsed > 0 ? Double(count) / elapsed : 0
        var text = verb + " " + grouped(count)
        if let total { text += (isTotalEstimated ? " of about " : " of ") + grouped(total) }
        text += " reminders (" + grouped(Int(rate.rounded())) + "/s"
        if let total, rate > 0, total >= count {
            text += ", " + grouped(Int((Double(total - count) / rate).rounded(.up))) + " s left"
        }
        return text + ")"
    }

    /// `1,234,567`: digits in groups of three, as the other counts Tick prints.
    static func grouped(_ number: Int) -> String {
        let digits = Array(String(number.magnitude))
        var text = number < 0 ? "-" : ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text += "," }
            text.append(digit)
        }
        return text
    }
}
