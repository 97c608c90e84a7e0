import TickModel

/// How one VTODO ranks against another version of the same component (the same `UID`
/// and `RECURRENCE-ID`) in one file, so that the winner does not depend on file order.
///
/// RFC 5546 §2.1.5: the higher `SEQUENCE` is the newer revision; with equal sequences
/// the later `DTSTAMP` is (Tick takes `LAST-MODIFIED` first, since it says when the
/// task itself changed, and `DTSTAMP` when there is none). Before both comes whether
/// the version has a `SUMMARY`: a stub without one (an iTIP reply, a bare status
/// change) never replaces a version that has one. On a full tie the earlier one stays.
struct ICalendarVersion: Sendable {
    /// Whether the VTODO has a `SUMMARY`.
    var hasSummary: Bool
    /// `SEQUENCE`, 0 when absent (RFC 5545 §3.8.7.4).
    var sequence: Int
    /// `LAST-MODIFIED`, else `DTSTAMP`, as seconds since 1970 read as UTC.
    var stamp: Int?
    /// The line of `BEGIN:VTODO`.
    var line: Int
    /// The title the reminder got, for warnings.
    var title: String

    /// The version of a VTODO read into `fields`, which starts at `line`.
    init(_ fields: VTodoFields, line: Int) {
        let title = VTodoMapping.title(fields)
        hasSummary = title != nil
        sequence = fields.sequence ?? 0
        stamp = (fields.lastModified ?? fields.dtstamp).map { $0.local.secondsSinceEpochAsUTC }
        self.line = line
        self.title = title ?? VTodoMapping.fallbackTitle(fields)
    }

    /// A version that knows nothing but its line (a VTODO libical could not read).
    init(line: Int) {
        hasSummary = false
        sequence = 0
        stamp = nil
        self.line = line
        title = "Untitled"
    }

    /// Whether this version replaces `other`, and why (for the warning); nil when it
    /// does not.
    func reasonToReplace(_ other: ICalendarVersion) -> String? {
        if hasSummary != other.hasSummary {
            return hasSummary ? "it has a SUMMARY and the other has none" : nil
        }
        if sequence != other.sequence {
            return sequence > other.sequence ? "its SEQUENCE is higher (\(sequence) > \(other.sequence))" : nil
        }
        if let stamp, let otherStamp = other.stamp, stamp != otherStamp {
            return stamp > otherStamp ? "it was modified later (LAST-MODIFIED, else DTSTAMP)" : nil
        }
        if stamp != nil, other.stamp == nil { return "only it says when it was modified (LAST-MODIFIED or DTSTAMP)" }
        return nil
    }

    /// The warning for the version that lost to `winner`, at the loser's line.
    /// - Parameter what: what the two versions are ("VTODO", "changed occurrence").
    func lossMessage(to winner: ICalendarVersion, reason: String, what: String = "VTODO") -> String {
        "this \(what) ('\(title)') is another version of the one at line \(winner.line) ('\(winner.title)') "
            + "with the same UID; that one was imported because \(reason), and this one was not"
    }
}
