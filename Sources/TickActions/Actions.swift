import Foundation
import TickModel
import TickStore

/// The one rule book: every change a user can make to lists and reminders, and every
/// query a front end shows, each one transaction on the store.
///
/// The command line, the terminal UI, the alarm agent, sync and the server call these and
/// nothing else to change data, so a rule exists once. Each action takes a typed request
/// and returns a typed result; it throws `ActionError` (not found, refused by a rule),
/// `ModelError` (a value the model refuses) or `StoreError` (the database), and then
/// nothing it did is kept. Actions are grouped by what they act on, in
/// `Actions+<Aspect>.swift` files.
///
/// Actions that must run inside a caller's larger transaction (the TUI's undo, an
/// import) are also offered as `static` functions on a transaction: those the JSON API
/// uses on any store (`some StoreTransaction`: SQLite's `Database` or PostgreSQL's
/// `PostgresDatabase`, whose errors they pass on), the others on SQLite's `Database`.
public struct Actions: Sendable {
    /// The database the actions change.
    public let store: Store
    /// The clock, zone, locale and defaults the actions read.
    public var context: ActionContext

    /// Actions on `store` with `context`.
    public init(store: Store, context: ActionContext) {
        self.store = store
        self.context = context
    }
}
