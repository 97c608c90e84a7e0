import Foundation
import TickModel

/// A row of `users`.
public struct UserRecord: Sendable, Equatable {
    public var id: UserID
    /// The name as given (unique regardless of case).
    public var name: String
    /// The Argon2id encoded hash of the password (`$argon2id$v=19$m=…`).
    public var passwordHash: String
    public var createdAt: Date

    public init(id: UserID, name: String, passwordHash: String, createdAt: Date) {
        self.id = id
        self.name = name
        self.passwordHash = passwordHash
        self.createdAt = createdAt
    }
}

/// A row of `app_passwords`: the password of one device of a user.
public struct AppPasswordRecord: Sendable, Equatable {
    /// Opaque random text.
    public var id: String
    public var userID: UserID
    /// The device's name, unique per user (`iPhone`, `DAVx5 on the tablet`).
    public var device: String
    /// The password's first group, by which it is found (not secret on its own).
    public var lookup: String
    /// The Argon2id encoded hash of the whole password.
    public var passwordHash: String
    public var createdAt: Date
    /// When it last signed in, if ever.
    public var lastUsedAt: Date?

    public init(id: String, userID: UserID, device: String, lookup: String, passwordHash: String,
                createdAt: Date, lastUsedAt: Date? = nil) {
        self.id = id
        self.userID = userID
        self.device = device
        self.lookup = lookup
        self.passwordHash = passwordHash
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
    }
}

/// What `PostgresConnection.signInRecords` read for a sign-in.
public struct SignInRecords: Sendable, Equatable {
    /// The user of the name, nil when there is none or it was not read (`accountRead`).
    public var user: UserRecord?
    /// The user's app password of the password's lookup group, nil when there is none or it was not read.
    public var appPassword: AppPasswordRecord?
    /// The failed sign-ins of the name (not cleared) and of the address within the window, oldest first.
    public var nameFailures: [Date]
    public var addressFailures: [Date]
    /// Whether the user and the app password were looked up: false past the gate of free failures.
    public var accountRead: Bool
}

/// What deleting a user took with them.
public struct RemovedUser: Sendable, Equatable {
    public var user: UserRecord
    /// App passwords deleted with the user.
    public var appPasswords: Int
    /// Sessions ended with the user.
    public var sessions: Int
    /// What the user owned, deleted with them (`UserData`).
    public var data: UserData
}

/// What a user owns: their lists (with every reminder in them, those their members added
/// included) and who else those lists are shared with.
public struct UserData: Sendable, Equatable {
    /// Lists the user owns.
    public var lists: Int
    /// Reminders in those lists.
    public var reminders: Int
    /// The other users the lists are shared with, by name (sorted, each once).
    public var members: [String]

    public init(lists: Int, reminders: Int, members: [String]) {
        self.lists = lists
        self.reminders = reminders
        self.members = members
    }

    /// Whether removing the user would lose something: a reminder, or a list someone
    /// else sees (an empty list of their own alone is nothing to keep).
    public var isWorthKeeping: Bool { reminders > 0 || !members.isEmpty }
}
