/// The arithmetic of a list's manual order, the same in every store: reminders carry a
/// `position`, ascending, spaced by ``gap`` so that most moves rewrite one row.
public enum ManualOrder {
    /// The gap left between neighbours' positions.
    public static let gap: Int64 = 1024

    /// A position strictly between `lower` and `upper` (nil: no neighbour on that side),
    /// or `current` when there is no neighbour at all; nil when there is no room (the
    /// neighbours are adjacent, or the arithmetic would overflow): the list must be
    /// respaced to multiples of the gap first.
    ///
    /// Example: between 1024 and 2048 is 1536; after 2048 alone is 3072; between 7 and 8 is nil.
    public static func position(between lower: Int64?, and upper: Int64?, current: Int64) -> Int64? {
        switch (lower, upper) {
        case (nil, nil): return current
        case (let l?, nil):
            let (value, overflow) = l.addingReportingOverflow(gap)
            return overflow ? nil : value
        case (nil, let u?):
            let (value, overflow) = u.subtractingReportingOverflow(gap)
            return overflow ? nil : value
        case (let l?, let u?):
            let (difference, overflow) = u.subtractingReportingOverflow(l)
            return !overflow && difference >= 2 ? l + difference / 2 : nil
        }
    }

    /// The least spacing `respaced(count:floor:ceiling:)` leaves between two positions:
    /// room for five more moves into one gap before the next respacing.
    public static let minimumSpacing: Int64 = 32

    /// How many reminders on each side of a full gap a store respaces, window after window,
    /// until one has room (`respaced(count:floor:ceiling:)`); the last is the whole list, which
    /// always has room at its ends (a list whose values are all equal has none anywhere else:
    /// it is respaced whole once, then has room everywhere).
    public static let respacingWindows = [8, 64, 512, 4096, 32768, 1 << 31]

    /// `count` new positions, ascending, strictly between `floor` and `ceiling` (the
    /// positions of the reminders just outside a window; nil: the window reaches that end of
    /// the list, where positions may go on without bound), spaced evenly and by at least
    /// ``minimumSpacing``; spaced by ``gap`` toward an open end. Nil when there is no such
    /// room (a wider window is needed) or the arithmetic would overflow.
    ///
    /// This is how a move into a gap used up respaces only the reminders around it: it
    /// renumbered the whole list (592 ms for a list of 17,660 at 100,000, bench/RESULTS.md,
    /// and every reminder of it a CalDAV change for the phones).
    ///
    /// Example: `respaced(count: 3, floor: 0, ceiling: 400)` is `[100, 200, 300]`;
    /// `respaced(count: 3, floor: 0, ceiling: 40)` is nil.
    ///
    /// `spacing` and `step` stand for ``minimumSpacing`` and ``gap`` (Apple's sort keys take
    /// 1 and 1). `top`, when given, is the largest value toward an open upper end: the step
    /// shrinks to fit under it; when even `spacing` does not fit, the values are spaced by
    /// `spacing` if that passes `top` by at most `beyondTop`, else nil; with both ends open the
    /// values end at it. Apple's sort keys are seconds, and a to-do a phone adds without one
    /// sorts by its creation time: keys spread past now would put it among them (a tester).
    public static func respaced(count: Int, floor: Int64?, ceiling: Int64?, spacing least: Int64 = minimumSpacing,
                                step: Int64 = gap, top: Int64? = nil, beyondTop: Int64 = 0) -> [Int64]? {
        guard count > 0 else { return [] }
        let slots = Int64(count)
        switch (floor, ceiling, top) {
        case (let low?, nil, let top?):
            let spacing = max(least, 1)
            let (room, overflow) = top.subtractingReportingOverflow(low)
            let (span, spanOverflow) = spacing.multipliedReportingOverflow(by: slots)
            guard !overflow, !spanOverflow, !low.addingReportingOverflow(span).overflow else { return nil }
            if room >= span { return (1...slots).map { low + min(step, room / slots) * $0 } }
            let (past, pastOverflow) = span.subtractingReportingOverflow(room)
            guard !pastOverflow, past <= beyondTop else { return nil }
            return (1...slots).map { low + spacing * $0 }
        case (nil, nil, let top?):
            let (span, overflow) = step.multipliedReportingOverflow(by: slots)
            guard !overflow else { return nil }
            guard span > top else { break }
            guard !top.subtractingReportingOverflow(span).overflow else { return nil }
            return (1...slots).map { top - step * (slots - $0) }
        default: break
        }
        switch (floor, ceiling) {
        case (let low?, let high?):
            let (range, overflow) = high.subtractingReportingOverflow(low)
            guard !overflow, range > 0 else { return nil }
            let spacing = range / (slots + 1)
            guard spacing >= max(least, 1) else { return nil }
            return (1...slots).map { low + spacing * $0 }
        case (let low?, nil):
            let (top, overflow) = step.multipliedReportingOverflow(by: slots)
            guard !overflow, !low.addingReportingOverflow(top).overflow else { return nil }
            return (1...slots).map { low + step * $0 }
        case (nil, let high?):
            let (bottom, overflow) = step.multipliedReportingOverflow(by: slots)
            guard !overflow, !high.subtractingReportingOverflow(bottom).overflow else { return nil }
            return (1...slots).map { high - step * (slots + 1 - $0) }
        case (nil, nil):
            guard !step.multipliedReportingOverflow(by: slots).overflow else { return nil }
            return (1...slots).map { step * $0 }
        }
    }

    /// Makes room for a reminder at a place where its neighbours' values (positions, or
    /// Apple's sort keys) leave none, by respacing the values around it, a window at a time
    /// (``respacingWindows`` on each side), as every store does it. Once a window reaches an
    /// end of the list, only the rows between the place and that end are respaced (the nearer
    /// end, when it reaches both), spread toward the end from the value beside the place on
    /// the other side, which keeps its values: fewer rows than the window on both sides, and
    /// in a list whose values all tie (reminders of one creation second without a sort key of
    /// their own), where no window between two ties has room, the fewest any order can write:
    /// the rows to the nearer end (a tester: the whole list, 1,000,000 rows, was rewritten).
    /// - Parameters:
    ///   - spacing, step, top: as `respaced(count:floor:ceiling:spacing:step:top:beyondTop:)`;
    ///     `top` or the largest value already toward the upper end, whichever is larger. When
    ///     the rows after the place do not fit under it, those before it are respaced instead,
    ///     unless they are many more (over 64, and over 8 times as many): then the rows after it
    ///     are, spaced by `spacing`, up to `beyondTop` past `top` (a tester: a move near the end
    ///     of a list made a minute before rewrote the 99,975 sort keys before it).
    ///   - rows: up to `limit` reminders beside the place (the one going there left out), as
    ///     (number, value), nearest first: those before it when `before`, else those after.
    ///   - write: stores a reminder's new value (called only for those that change).
    /// - Returns: the value for the reminder that goes there; nil when no window had room
    ///   (the caller then respaces the whole list its own way).
    /// - Complexity: O(w) rows read and written, w the first window with room.
    public static func respace(spacing least: Int64 = minimumSpacing, step: Int64 = gap, top: Int64? = nil, beyondTop: Int64 = 0,
                               rows: (_ before: Bool, _ limit: Int) throws -> [(number: Int64, value: Int64)],
                               write: (_ number: Int64, _ value: Int64) throws -> Void) rethrows -> Int64? {
        typealias Row = (number: Int64, value: Int64)
        // Gives `window` (ascending, the place at `slot`) `values`, writing those that change.
        func written(_ window: [Row], _ values: [Int64], slot: Int,
                     _ write: (_ number: Int64, _ value: Int64) throws -> Void) rethrows -> Int64 {
            for (index, row) in window.enumerated() {
                let value = values[index < slot ? index : index + 1]
                if value != row.value { try write(row.number, value) }
            }
            return values[slot]
        }
        for width in respacingWindows {
            // A side's rows in the window, nearest first, and the value of the first one outside
            // it (nil: the window reaches that end of the list).
            func side(_ before: Bool) throws -> (rows: [Row], outside: Int64?) {
                var found = try rows(before, width + 1)
                let outside = found.count > width ? found.removeLast().value : nil
                return (found, outside)
            }
            let below = try side(true)
            let above = try side(false)
            // The upper end's bound: `top`, or the values already above it; and how far past it the
            // rows after the place may go, counted from `top` (a tester: counted from the values
            // already there, it added up move after move, to hours).
            let bound = top.map { top in above.rows.reduce(top) { max($0, $1.value) } }
            var beyondBound: Int64 = 0
            if let top, let bound {
                let limit = top > Int64.max - beyondTop ? Int64.max : top + beyondTop
                beyondBound = limit > bound ? limit - bound : 0
            }
            // A side that reaches its end, alone: the one with fewer rows first.
            var ends: [Bool] = []
            if below.outside == nil { ends.append(true) }
            if above.outside == nil { ends.insert(false, at: above.rows.count < below.rows.count ? 0 : ends.count) }
            for isBelow in ends {
                if isBelow {
                    let ceiling = above.rows.first?.value ?? above.outside
                    guard let values = respaced(count: below.rows.count + 1, floor: nil, ceiling: ceiling,
                                                spacing: least, step: step) else { continue }
                    return try written(below.rows.reversed(), values, slot: below.rows.count, write)
                }
                let floor = below.rows.first?.value ?? below.outside
                let manyMoreBefore = below.rows.count > max(64, 8 * (above.rows.count + 1))
                guard let values = respaced(count: above.rows.count + 1, floor: floor, ceiling: nil, spacing: least, step: step,
                                            top: bound, beyondTop: manyMoreBefore ? beyondBound : 0) else { continue }
                return try written(above.rows, values, slot: 0, write)
            }
            let window = below.rows.reversed() + above.rows
            guard let values = respaced(count: window.count + 1, floor: below.outside, ceiling: above.outside,
                                        spacing: least, step: step, top: bound) else {
                if below.outside == nil && above.outside == nil { return nil }
                continue
            }
            return try written(window, values, slot: below.rows.count, write)
        }
        return nil
    }
}
