import Foundation
import TickModel

/// Something that happened: a key, a resize, the clock, or the answer to an effect.
enum AppEvent: Hashable, Sendable {
    /// A key press.
    case key(Key)
    /// The terminal's new size in cells.
    case resize(ScreenSize)
    /// The poll timer fired; `now` is the clock's reading.
    case tick(Date)
    /// Lists, counts and rows were read (answer to `reloadAll`).
    case loaded(Snapshot)
    /// A window of rows was read (answer to `loadWindow`).
    case loadedWindow(WindowPage)
    /// A change was applied (answer to `apply`).
    case applied(ChangeOutcome)
    /// A list holds this many reminders (answer to `countReminders`).
    case listSize(ReminderList.ID, Int)
    /// Another process changed the database (answer to `checkForChanges`).
    case changedElsewhere
    /// An effect failed; the message says why and what to do. `isLasting`: asking again can
    /// never succeed (`TUIError.isLasting`).
    case failed(String, isLasting: Bool = false)
}
