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
}
