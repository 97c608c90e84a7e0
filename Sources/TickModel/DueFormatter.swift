import Foundation

/// Turns due dates and instants into the short text shown in lists: `Today`,
/// `Tomorrow`, `Yesterday`, otherwise the locale's medium date style, followed by the
/// locale's short time style for values with a time.
///
/// | value (today is 2026-11-30 in the context zone) | en_US | ko_KR | de_DE |
/// | --- | --- | --- | --- |
/// | all-day 2026-11-30 | `Today` | `Today` | `Today` |
/// | all-day 2026-12-01 | `Tomorrow` | `Tomorrow` | `Tomorrow` |
/// | all-day 2026-11-29 | `Yesterday` | `Yesterday` | `Yesterday` |
/// | all-day 2026-12-03 | `Dec 3, 2026` | `2026. 12. 3.` | `03.12.2026` |
/// | 2026-12-01 09:00 | `Tomorrow 9:00 AM` | `Tomorrow 오전 9:00` | `Tomorrow 09:00` |
/// | 2026-12-03 17:30 | `Dec 3, 2026 5:30 PM` | `2026. 12. 3. 오후 5:30` | `03.12.2026 17:30` |
///
/// Decisions:
/// - The relative words are English in every locale: Foundation on Linux does not
///   localize them (`doesRelativeDateFormatting` has no effect there).
/// - Days are relative to the day of `context.now` in `context.timeZone`.
/// - Timed values are shown on the wall clock of the context zone, whatever zone they
///   carry: a reminder due 2026-12-03 09:00 in Asia/Seoul shows as `Today 7:00 PM` to
///   a user in America/New_York on 2026-12-02 (the same instant on their clock).
///   Floating values show their own wall clock.
/// - All-day values show no time.
/// - The narrow and ordinary no-break spaces Foundation puts in some styles (en_US
///   `5:30 PM` has U+202F before `PM`) become plain spaces, so that columns measure
///   and scripts match the same on every terminal.
///
/// Performance: the two `DateFormatter`s are made once per `DueFormatter`, and each
/// distinct day, time of day and day-and-minute is formatted once and remembered, so a
/// row of a long listing costs three array look-ups. UTC offsets are remembered as spans
/// of constant offset, so converting an instant to the wall clock rarely asks the time
/// zone. Make one formatter per listing and drop it after: its memory grows with the
/// distinct days and minutes it has shown (about 6 KB for each day shown with a time).
/// Measured: 100,000 dues over 120 days (a fresh formatter, a few dozen distinct
/// times) in about 4–5 ms in a release build; with a random minute on every row,
/// about 13 ms.
///
/// Not `Sendable`: the memo is shared, unsynchronized, by copies of the value. Use a
/// formatter on one task at a time (each task can make its own).
public struct DueFormatter {
    /// The clock, zone and locale this formatter reads.
    public let context: DateContext
    private let box: DueFormatterMemo.Box

    /// Creates a formatter for `context`: "today" is the day of `context.now` in
    /// `context.timeZone`, and dates and times follow `context.locale`.
    ///
    /// - Complexity: makes two `DateFormatter`s (tens of microseconds); make one per
    ///   listing, not one per row.
    public init(context: DateContext) {
        self.context = context
        self.box = DueFormatterMemo.Box(DueFormatterMemo(context: context))
    }

    /// The text for a due date, such as `Tomorrow 9:00 AM` or `Dec 3, 2026`.
    ///
    /// - Complexity: amortized O(1): a few array look-ups once the day and the minute
    ///   have been seen, a `DateFormatter` call the first time each is seen.
    public func string(for due: Due) -> String {
        box.memo.string(for: due)
    }

    /// Shorter texts for `due`, for a column too narrow for ``string(for:)``'s, from the
    /// longer to the shorter: a timed value gives the locale's short date style with the
    /// time, then the short date alone (`1/5/24 9:30 AM`, `1/5/24`; `Tomorrow 9:00 AM`,
    /// `Tomorrow`); an all-day value gives its short date (`4/16/19`), or nothing when it
    /// is `Today`, `Tomorrow` or `Yesterday`, which are short already.
    ///
    /// - Complexity: amortized O(1), as ``string(for:)``.
    public func shorterStrings(for due: Due) -> [String] {
        box.memo.shorterStrings(for: due)
    }

    /// The text for an instant, such as a completion time, on the wall clock of the
    /// context zone: `Today 5:30 PM`, `Nov 12, 2026 8:05 AM`. Seconds are dropped.
    ///
    /// - Complexity: amortized O(1).
    public func string(for instant: Date) -> String {
        box.memo.string(for: instant)
    }

    /// The due date as ISO 8601 text for JSON: the same as `due.iso8601` (all-day
    /// `2026-12-03`, timed `2026-12-03T17:30:00+09:00` in its own zone, floating
    /// `2026-12-03T17:30:00`).
    public func isoString(for due: Due) -> String {
        due.iso8601
    }

    /// How many times a `DateFormatter` was asked for text; for tests of the memo.
    var formatterCallCount: Int { box.memo.formatterCallCount }
}

@available(*, unavailable, message: "a DueFormatter's memo is unsynchronized; make one per task")
extension DueFormatter: Sendable {}
