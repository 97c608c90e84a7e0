import Foundation
import TickModel

/// Something an action did beyond what was asked, for the front end to tell the user in
/// its own words. The change was made; a note is not a refusal.
public enum ActionNote: Hashable, Sendable {
    /// An alarm asked for rings at this instant, which is already past: it will not ring.
    case alarmInPast(Date)
    /// A repeating reminder's date was moved to this one, the first day of its rule.
    case dueMovedOntoRule(Due)
    /// A repeating reminder's time was moved, on the same day, to the time its rule names
    /// (`BYHOUR`, `BYMINUTE`): it is now this.
    case dueTimeMovedOntoRule(Due)
    /// The rule's UNTIL was rewritten to have the due date's type (RFC 5545 §3.3.10).
    case untilChanged(old: String, new: String)
    /// This many subtasks (at any depth) moved along to the list their parent moved to.
    case subtasksMoved(count: Int, listName: String)
    /// The reminder moved to this list, its new parent's: a subtask lives in its
    /// parent's list.
    case movedToParentList(listName: String)
    /// This many alarms relative to the due date went with the cleared due date.
    case dueAlarmsRemoved(Int)
    /// The date changed under a repeat rule Tick cannot expand (`FREQ=HOURLY`, as an
    /// import keeps it): the rule is kept as written, and completing the reminder
    /// completes it for good.
    case ruleKeptAsWritten(rule: String, reason: String)
}
