import Foundation
import TickAccounts
import TickInterchange
import TickModel
import TickPostgres
import TickTerminal

/// `tick users …`: the accounts of a multi-user Tick on PostgreSQL (see README, "Many
/// users (PostgreSQL)").
struct UsersCommand: Command {
    static let configuration = CommandConfiguration(
        name: "users",
        abstract: "Add, list and remove the users of a Tick on PostgreSQL, and their app passwords.",
        discussion: """
            The database is --database URL, else $TICK_DATABASE_URL (postgresql://USER@HOST/DB).
            Passwords are stored only as Argon2id hashes.
            Examples:
              printf '%s\\n' "$PASSWORD" | tick users add ann --database postgresql://tick@localhost/tick
              tick users app-password ann iPhone      # prints the phone's password once
              tick users app-password ann iPhone --revoke
              printf '%s\\n' "$NEW" | tick users password ann
              tick users list
              tick users remove ann
            """,
        subcommands: [UsersListCommand.self, UsersAddCommand.self, UsersPasswordCommand.self, UsersAppPasswordCommand.self,
                      UsersRemoveCommand.self],
        defaultSubcommand: UsersListCommand.self)

    init(parsed: ParsedArguments) throws(CommandError) {}
    func run(in context: CommandContext) throws {}

    static let database = ArgumentDefinition.option(
        "database", value: "url", help: "The PostgreSQL database (default: $TICK_DATABASE_URL).")

    /// The accounts of the database named by `--database` or `TICK_DATABASE_URL`, with the
    /// schema brought up to date.
    /// - Parameter connections: how many connections the pool may open (one for a command;
    ///   one per worker thread and one more for `tick serve`).
    static func accounts(_ parsed: String?, context: CommandContext, connections: Int = 1) throws(CommandError) -> Accounts {
        guard let url = databaseURL(parsed, context: context) else {
            throw .usage("tick users needs a PostgreSQL database: give --database postgresql://USER@HOST/DB, or set TICK_DATABASE_URL")
        }
        let source = parsed != nil ? "--database" : "TICK_DATABASE_URL"
        guard PostgresURL.hasScheme(url) else {
            throw .usage("\(source): '\(TerminalText.sanitized(PostgresURL.redacted(url)))' is not a PostgreSQL URL such as postgresql://USER@HOST/DB")
        }
        do {
            let accounts = Accounts(pool: try PostgresPool(url: url, capacity: connections))
            try accounts.migrate()
            return accounts
        } catch let error as PostgresError {
            throw .runtime(TerminalText.sanitized(error.description))
        } catch let error as AccountError {
            throw failure(error)
        } catch {
            throw .runtime(String(describing: error))
        }
    }

    /// The database URL: `--database` (`parsed`), else `TICK_DATABASE_URL`; nil when neither is given.
    static func databaseURL(_ parsed: String?, context: CommandContext) -> String? {
        guard let url = parsed ?? context.environment["TICK_DATABASE_URL"], !url.isEmpty else { return nil }
        return url
    }

    /// What the user reads for an account failure.
    static func failure(_ error: AccountError) -> CommandError {
        switch error {
        case .userNotFound(let name):
            return .runtime("there is no user named '\(TerminalText.sanitized(name))'; see 'tick users list'")
        case .deviceTaken(let user, let device):
            return .runtime("'\(TerminalText.sanitized(user))' already has an app password for '\(TerminalText.sanitized(device))'; "
                            + "replace it with 'tick users app-password \(ShellWords.inMessage(TerminalText.sanitized(user))) \(ShellWords.inMessage(TerminalText.sanitized(device))) --replace'")
        case .database(let error):
            return .runtime(TerminalText.sanitized(error.description))
        default:
            return .runtime(TerminalText.sanitized(error.description))
        }
    }

    /// Runs `body`, wording an `AccountError` for the command line.
    static func wording<T>(_ body: () throws(AccountError) -> T) throws(CommandError) -> T {
        do {
            return try body()
        } catch {
            throw failure(error)
        }
    }
}

/// `tick users [list] [--json]`
struct UsersListCommand: Command {
    static let configuration = CommandConfiguration(name: "list", abstract: "Show every user, when it was added and its app passwords' devices.",
                                                    aliases: ["ls"])
    static let arguments: [ArgumentDefinition] = [UsersCommand.database, CommonOptions.json]
    let database: String?
    let json: Bool
    init(parsed: ParsedArguments) throws(CommandError) {
        database = parsed.value("database")
        json = parsed.has("json")
    }

    func run(in context: CommandContext) throws {
        let accounts = try UsersCommand.accounts(database, context: context)
        let users = try UsersCommand.wording { () throws(AccountError) in try accounts.users() }
        if json {
            context.print(JSONValue.array(users.map { user, devices in
                .object([
                    ("id", .string(user.id.rawValue)),
                    ("name", .string(user.name)),
                    ("createdAt", .string(TickJSON.instant(user.createdAt))),
                    ("appPasswords", .array(devices.map { device in
                        .object([("device", .string(device.device)), ("createdAt", .string(TickJSON.instant(device.createdAt))),
                                 ("lastUsedAt", JSONValue.optional(device.lastUsedAt.map(TickJSON.instant)))])
                    })),
                ])
            }).serialized())
            return
        }
        guard !users.isEmpty else {
            context.print("No users yet; add one with: tick users add NAME (the password on standard input)")
            return
        }
        let formatter = DueFormatter(context: context.dateContext)
        let rows = [["USER", "ADDED", "APP PASSWORDS"]] + users.map { user, devices in
            [TerminalText.sanitized(user.name), formatter.string(for: user.createdAt),
             devices.isEmpty ? "-" : devices.map { TerminalText.sanitized($0.device) }.joined(separator: ", ")]
        }
        let table = TextTable(columns: [TextTable.Column(), TextTable.Column(), TextTable.Column(isFlexible: true)])
        for line in table.render(rows: rows, totalWidth: context.environment.width ?? Int.max / 4) { context.print(line) }
    }
}

/// `tick users add NAME` with the password on standard input.
struct UsersAddCommand: Command {
    static let configuration = CommandConfiguration(
        name: "add", abstract: "Add a user; the password is read from standard input.",
        discussion: """
            The password is the first line of standard input (its line end is not part of it);
            at a terminal it is asked for twice, without echo. It may not be empty or only
            white space. Names: letters A to Z, digits and . _ - @ +, at most 64, unique
            regardless of case.
            """)
    static let arguments: [ArgumentDefinition] = [
        .positional("name", help: "The user's name, to sign in with."),
        UsersCommand.database,
    ]
    let name: String
    let database: String?
    init(parsed: ParsedArguments) throws(CommandError) {
        name = parsed.value("name") ?? ""
        database = parsed.value("database")
        do {
            _ = try AccountNames.userName(name)
        } catch {
            throw .usage(TerminalText.sanitized(error.description))
        }
    }

    func run(in context: CommandContext) throws {
        let password = try UsersAddCommand.newPassword(for: name, context: context)
        let accounts = try UsersCommand.accounts(database, context: context)
        let user = try UsersCommand.wording { () throws(AccountError) in
            try accounts.addUser(named: name, password: password, now: context.now)
        }
        context.print("Added user \(TerminalText.sanitized(user.name))")
    }

    /// A new password for `name`: asked twice without echo at a terminal, else the first line
    /// of standard input; checked (`AccountNames.checkPassword`).
    /// - Throws: `CommandError.runtime` for two different answers, or a password refused.
    static func newPassword(for name: String, context: CommandContext) throws -> String {
        let password: String
        if context.environment.isInputTerminal {
            password = try PasswordPrompt.read(prompt: "Password for \(name): ", errors: context.errors)
            let again = try PasswordPrompt.read(prompt: "The same again: ", errors: context.errors)
            guard again == password else { throw CommandError.runtime("the two passwords differ; nothing was changed") }
        } else {
            password = try UsersAddCommand.password(from: context.readFile("-"))
        }
        do {
            try AccountNames.checkPassword(password)
        } catch {
            throw CommandError.runtime(error.description + " (read from standard input); nothing was changed")
        }
        return password
    }

    /// The password in standard input's bytes: its first line, without the line end.
    /// - Throws: `CommandError.runtime` when the bytes are not UTF-8 or more lines follow.
    static func password(from data: Data) throws(CommandError) -> String {
        let line = SecretLine(data)
        if line.hasMoreLines {
            throw .runtime("standard input holds more than one line; give the password alone, on one line; nothing was changed")
        }
        guard let text = line.text else {
            throw .runtime("the password on standard input is not UTF-8 text; nothing was changed")
        }
        return text
    }
}

/// `tick users password NAME`
struct UsersPasswordCommand: Command {
    static let configuration = CommandConfiguration(
        name: "password", abstract: "Change a user's password (read from standard input); their sessions end.",
        discussion: """
            The password is read as for 'tick users add'. Browsers signed in with the old one
            must sign in again; scripts and clients using it are refused from their next
            request. App passwords keep working: revoke one with 'tick users app-password NAME
            DEVICE --revoke'.
            """)
    static let arguments: [ArgumentDefinition] = [
        .positional("name", help: "The user."),
        UsersCommand.database,
    ]
    let name: String
    let database: String?
    init(parsed: ParsedArguments) throws(CommandError) {
        name = parsed.value("name") ?? ""
        database = parsed.value("database")
    }

    func run(in context: CommandContext) throws {
        let password = try UsersAddCommand.newPassword(for: name, context: context)
        let accounts = try UsersCommand.accounts(database, context: context)
        let (user, sessions) = try UsersCommand.wording { () throws(AccountError) in try accounts.changePassword(of: name, to: password) }
        context.print("Changed the password of \(TerminalText.sanitized(user.name)) (\(sessions) session\(sessions == 1 ? "" : "s") ended)")
    }
}

/// `tick users app-password NAME DEVICE [--replace | --revoke]`
struct UsersAppPasswordCommand: Command {
    static let configuration = CommandConfiguration(
        name: "app-password", abstract: "Make a password for one device of a user, and print it once.",
        discussion: """
            Phones and other CalDAV clients sign in with the user's name and this password.
            It is shown only now and stored only as an Argon2id hash; a device has one at a time.
            """)
    static let arguments: [ArgumentDefinition] = [
        .positional("name", help: "The user."),
        .positional("device", variadic: true, help: "The device's name (iPhone, DAVx5 on the tablet)."),
        .flag("replace", help: "Replace the device's app password if it has one (the old one stops working)."),
        .flag("revoke", help: "Revoke the device's app password: it stops working at once; nothing new is made."),
        UsersCommand.database,
    ]
    let name: String
    let device: String
    let replace: Bool
    let revoke: Bool
    let database: String?
    init(parsed: ParsedArguments) throws(CommandError) {
        name = parsed.value("name") ?? ""
        device = try ValueReader.words(parsed, "device", missing: "name the device, e.g. tick users app-password ann iPhone")
        replace = parsed.has("replace")
        revoke = parsed.has("revoke")
        if replace && revoke { throw .usage("give --replace or --revoke, not both") }
        database = parsed.value("database")
        do {
            _ = try AccountNames.deviceName(device)
        } catch {
            throw .usage(TerminalText.sanitized(error.description))
        }
    }

    func run(in context: CommandContext) throws {
        let accounts = try UsersCommand.accounts(database, context: context)
        if revoke {
            let device = try AccountNames.deviceName(self.device)
            guard try UsersCommand.wording({ () throws(AccountError) in try accounts.removeAppPassword(user: name, device: device) }) else {
                throw CommandError.runtime("'\(TerminalText.sanitized(name))' has no app password for '\(TerminalText.sanitized(device))'; "
                                           + "see 'tick users list'")
            }
            context.print("Revoked the app password of '\(TerminalText.sanitized(device))' for \(TerminalText.sanitized(name))")
            return
        }
        let made = try UsersCommand.wording { () throws(AccountError) in
            try accounts.addAppPassword(user: name, device: device, replacing: replace, now: context.now)
        }
        context.print(made.password)
        context.errors.write("tick: note: the app password of '\(TerminalText.sanitized(made.record.device))' for \(TerminalText.sanitized(name)); it is shown only this once\n")
    }
}

/// `tick users remove NAME [--force]`
struct UsersRemoveCommand: Command {
    static let configuration = CommandConfiguration(
        name: "remove", abstract: "Remove a user; their sessions and app passwords stop working at once.",
        discussion: """
            The user's lists go with them, with every reminder in them, those shared with other
            users too (the members lose them). A user who owns reminders or a shared list is
            removed only with --force.
            """,
        aliases: ["rm"])
    static let arguments: [ArgumentDefinition] = [
        .positional("name", help: "The user."),
        .flag("force", help: "Remove them even though they own reminders or shared lists, deleting those."),
        UsersCommand.database,
    ]
    let name: String
    let force: Bool
    let database: String?
    init(parsed: ParsedArguments) throws(CommandError) {
        name = parsed.value("name") ?? ""
        force = parsed.has("force")
        database = parsed.value("database")
    }

    func run(in context: CommandContext) throws {
        let accounts = try UsersCommand.accounts(database, context: context)
        let removed: RemovedUser
        do {
            removed = try accounts.removeUser(named: name, deletingTheirData: force)
        } catch .userOwnsData(let user, let data) {
            let shown = TerminalText.sanitized(user)
            throw CommandError.runtime("'\(shown)' owns \(TerminalText.sanitized(AccountError.owned(data))); nothing was removed. "
                                       + "'tick users remove \(ShellWords.inMessage(shown)) --force' removes the user and deletes them")
        } catch {
            throw UsersCommand.failure(error)
        }
        let passwords = removed.appPasswords, sessions = removed.sessions
        var text = "Removed user \(TerminalText.sanitized(removed.user.name)) (\(passwords) app password\(passwords == 1 ? "" : "s")"
            + " and \(sessions) session\(sessions == 1 ? "" : "s") revoked)"
        if removed.data.lists > 0 {
            text += "; deleted \(TerminalText.sanitized(AccountError.owned(removed.data)))"
        }
        context.print(text)
    }
}
