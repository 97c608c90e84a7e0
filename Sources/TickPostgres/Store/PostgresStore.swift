import TickModel

/// Tick's lists and reminders on PostgreSQL for one user: what `Store` is for SQLite.
///
/// Every transaction borrows a connection from `pool` for its length and hands the body a
/// `PostgresDatabase` scoped to `user`; it sees that user's lists and reminders and no
/// other's. Writes are serializable and run again when they lose a race (SQLSTATE 40001),
/// so a body may run twice and must only touch the database.
///
/// Opened with a `ListGrant`, it is the owner's store as another user reaches it through a
/// shared list: every transaction first confirms the grant (`ShareError` when it no
/// longer holds), and a write is kept only when it changed no reminder outside that list.
public struct PostgresStore: Sendable {
    /// The connections.
    public let pool: PostgresPool
    /// The user every statement is scoped to.
    public let user: UserID
    /// The share through which another user opens `user`'s data, or nil for the user's own.
    public let grant: ListGrant?

    /// The store of `user`'s data over `pool` (migrated to `PostgresSchema.migrations`),
    /// for that user, or for the member of `grant`.
    public init(pool: PostgresPool, user: UserID, grant: ListGrant? = nil) {
        self.pool = pool
        self.user = user
        self.grant = grant
    }

    /// Runs `body` in a read-only transaction with one snapshot (repeatable read).
    /// - Returns: what `body` returned.
    /// - Throws: what `body` threw; `PostgresError` from the pool or the server.
    public func read<T>(_ body: (PostgresDatabase) throws -> T) throws -> T {
        try pool.withConnection { connection in
            try connection.transaction(.repeatableRead, readOnly: true) { connection in
                let db = PostgresDatabase(connection: connection, user: user, visibleList: grant?.list, actor: grant?.member)
                if let grant { try db.confirm(ListGrant(member: grant.member, list: grant.list, access: .read, reminder: grant.reminder)) }
                return try body(db)
            }
        }
    }

    /// Runs `body`, which sends at most one statement, outside a transaction block: a single
    /// statement sees one snapshot by itself, so the read costs one round trip instead of the
    /// three of `BEGIN` (sent with it), the statement and `COMMIT`. Through a share (`grant`),
    /// which is confirmed by a statement of its own, this is `read(_:)`.
    /// - Returns: what `body` returned.
    /// - Throws: what `body` threw; `PostgresError` from the pool or the server.
    /// - Precondition: `body` runs at most one statement.
    public func readInOneStatement<T>(_ body: (PostgresDatabase) throws -> T) throws -> T {
        guard grant == nil else { return try read(body) }
        return try pool.withConnection { connection in
            let before = connection.statementsRun
            let value = try body(PostgresDatabase(connection: connection, user: user, visibleList: nil, actor: nil))
            precondition(connection.statementsRun - before <= 1, "readInOneStatement ran more than one statement")
            return value
        }
    }

    /// Runs `body` in a serializable transaction, committed when it returns and rolled
    /// back when it throws; run again (up to five times in all) when it loses a race.
    /// - Returns: what `body` returned, once committed.
    /// - Throws: what `body` threw; `PostgresError` from the pool or the server.
    public func write<T>(_ body: (PostgresDatabase) throws -> T) throws -> T {
        try pool.withConnection { connection in
            try connection.transaction(.serializable) { connection in
                let db = PostgresDatabase(connection: connection, user: user, visibleList: grant?.list, actor: grant?.member)
                guard let grant else { return try body(db) }
                try db.confirm(grant)
                let result = try body(db)
                try db.confirmChangesStayed(in: grant)
                return result
            }
        }
    }
}
