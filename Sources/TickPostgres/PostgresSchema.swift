/// The schema of Tick's PostgreSQL database, as numbered migrations
/// (`PostgresMigrator`). The tables are plain and meant to be read with `psql`.
///
/// Step 1, accounts:
/// - `users`: `id` (opaque random text), `name` (unique regardless of case),
///   `password_hash` (an Argon2id encoded string), `created_at`.
/// - `app_passwords`: one per device of a user (`device` unique per user), found by
///   `lookup` (the password's first group, not secret on its own), `password_hash`
///   (Argon2id of the whole password), `created_at`, `last_used_at`.
/// - `sessions`: `token_hash` (SHA-256 of the session token; the token itself is never
///   stored), `user_id`, `created_at`, `expires_at`.
/// - `login_failures`: one row per failed sign-in, by the name as typed (lowercased) and
///   the client's address, for throttling.
///
/// Deleting a user deletes their app passwords and sessions (`ON DELETE CASCADE`).
public enum PostgresSchema {
    /// Every step, in order.
    public static let migrations: [PostgresMigration] = [
        PostgresMigration(1, "accounts", [
            """
            CREATE TABLE users (
                id text PRIMARY KEY,
                name text NOT NULL,
                password_hash text NOT NULL,
                created_at timestamptz NOT NULL
            )
            """,
            "CREATE UNIQUE INDEX users_name ON users (lower(name))",
            """
            CREATE TABLE app_passwords (
                id text PRIMARY KEY,
                user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                device text NOT NULL,
                lookup text NOT NULL,
                password_hash text NOT NULL,
                created_at timestamptz NOT NULL,
                last_used_at timestamptz,
                UNIQUE (user_id, device),
                UNIQUE (user_id, lookup)
            )
            """,
            """
            CREATE TABLE sessions (
                token_hash bytea PRIMARY KEY,
                user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                created_at timestamptz NOT NULL,
                expires_at timestamptz NOT NULL
            )
            """,
            "CREATE INDEX sessions_user ON sessions (user_id)",
            """
            CREATE TABLE login_failures (
                id bigserial PRIMARY KEY,
                user_name text NOT NULL,
                client_address text NOT NULL,
                failed_at timestamptz NOT NULL
            )
            """,
            "CREATE INDEX login_failures_user ON login_failures (user_name, failed_at)",
            "CREATE INDEX login_failures_address ON login_failures (client_address, failed_at)",
        ]),
    ]
}
