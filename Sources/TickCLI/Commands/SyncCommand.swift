import Foundation
import TickActions
import TickInterchange
import TickStore
import TickSync
import TickModel
import TickTerminal

/// `tick sync …`: two-way sync with CalDAV servers (see README, "Sync with CalDAV").
struct SyncCommand: Command {
    static let configuration = CommandConfiguration(
        name: "sync",
        abstract: "Sync lists with CalDAV servers (Nextcloud, Radicale, Fastmail, …) both ways.",
        discussion: """
            Accounts live in $XDG_CONFIG_HOME/tick/sync.json; passwords never do: they come from
            --password-command (run at each sync) or $TICK_SYNC_PASSWORD.
            Examples:
              tick sync add home https://cloud.example.org/remote.php/dav --user ann --password-command 'pass show dav'
              tick sync              # every account
              tick sync home --dry-run
              tick sync conflicts    # the values conflicts lost, newest first
            """,
        subcommands: [SyncRunCommand.self, SyncAddCommand.self, SyncStatusCommand.self, SyncConflictsCommand.self, SyncRemoveCommand.self],
        defaultSubcommand: SyncRunCommand.self,
        passesUnknownWordsToDefault: true)

    init(parsed: ParsedArguments) throws(CommandError) {}
    func run(in context: CommandContext) throws {}

    static func settingsPath(_ context: CommandContext) -> String { settingsPath(context.environment) }

    /// An account URL as shown: without a password written into it.
    static func shown(_ url: String) -> String {
        guard var components = URLComponents(string: url), components.password != nil else { return url }
        components.password = nil
        return components.string ?? url
    }

    static func settingsPath(_ environment: TerminalEnvironment) -> String {
        SyncSettings.path(environment: environment.variables.merging(["HOME": environment.homeDirectory]) { old, _ in old })
    }

    static func settings(_ context: CommandContext) throws(CommandError) -> SyncSettings {
        do {
            return try SyncSettings.load(from: settingsPath(context.environment))
        } catch {
            throw .runtime(error.description)
        }
    }

    /// The account named `name`, or a clear error listing the ones there are.
    static func account(named name: String, in settings: SyncSettings) throws(CommandError) -> SyncAccount {
        if let account = settings.accounts.first(where: { $0.name == name }) { return account }
        let names = settings.accounts.map(\.name)
        throw .runtime("no sync account named '\(TerminalText.sanitized(name))'"
                       + (names.isEmpty ? "; add one with tick sync add NAME URL" : " (accounts: \(names.map(TerminalText.sanitized).joined(separator: ", ")))"))
    }
}

/// `tick sync [NAME] [--dry-run] [--json] [--allow-deletes]`
struct SyncRunCommand: Command {
    static let configuration = CommandConfiguration(name: "run", abstract: "Sync every account, or the one named (default).")
    static let arguments: [ArgumentDefinition] = [
        .positional("name", optional: true, help: "The account (default: every account)."),
        .flag("dry-run", help: "Say what the sync would do; change nothing on either side."),
        .flag("allow-deletes", help: "Let the sync delete more than 20 reminders, or more than half of a list."),
        CommonOptions.json,
    ]
    let name: String?
    let options: SyncOptions
    let json: Bool

    init(parsed: ParsedArguments) throws(CommandError) {
        name = parsed.value("name")
        options = SyncOptions(isDryRun: parsed.has("dry-run"), allowsDeletes: parsed.has("allow-deletes"))
        json = parsed.has("json")
    }

    func run(in context: CommandContext) throws {
        let settings = try SyncCommand.settings(context)
        let accounts = try name.map { [try SyncCommand.account(named: $0, in: settings)] } ?? settings.accounts
        guard !accounts.isEmpty else {
            throw CommandError.runtime("no sync account yet; add one with tick sync add NAME URL [--user USER] [--password-command CMD]")
        }
        let actions = try context.actions()
        var reports: [SyncReport] = []
        var failures: [String] = []
        var unshown: [SyncReport] = []
        // With --json, each account's object in order: its report, or `{"account", "error"}`
        // (a tester: the accounts that failed were on standard error only).
        var objects: [JSONValue] = []
        let progress = SyncProgress.start(context, json: json)
        defer { progress?.finish() }
        for configured in accounts {
            var engine: SyncEngine?
            /// The account's error, and the conflicts its sync found before it stopped (the
            /// conflict journal): shown with the error, not at its next sync only.
            func failed(_ message: String) {
                failures.append(message)
                let left = SyncRunCommand.unshownConflicts(of: configured.name, by: engine, in: actions.store)
                unshown += left.map { [$0] } ?? []
                objects.append(.object([("account", .string(configured.name)), ("error", .string(message))]
                                       + SyncRunCommand.conflictMembers(left)))
            }
            do {
                // One account's failure (its password, its settings, the server, or the
                // database) does not stop the others (a tester: an account without a password
                // left every other account unsynced).
                let (account, credentials) = try SyncRunCommand.prepared(configured, environment: context.environment)
                let client = try SyncRunCommand.client(for: account, credentials: credentials, environment: context.environment)
                let started = SyncEngine(account: account, client: client, store: actions.store, context: actions.context)
                engine = started
                started.serviceLocator = try SyncRunCommand.serviceLocator(context.environment)
                if let progress {
                    let prefix = accounts.count > 1 ? "\(account.name): " : ""
                    started.progress = { progress.update(prefix + $0) }
                }
                let report = try started.run(options)
                reports.append(report)
                objects.append(SyncRunCommand.json(report))
            } catch let error as CommandError {
                // The environment's settings (TICK_SYNC_TIMEOUT, TICK_SYNC_CA_FILE,
                // TICK_SYNC_NAMESERVER) are every account's: a usage error stops them all.
                if case .usage = error { throw error }
                failed(error.description)
            } catch {
                failed(CommandError.wrapping(error).description)
            }
        }
        progress?.finish()
        if json {
            context.print(JSONValue.array(objects).serialized())
        } else {
            for report in reports { SyncRunCommand.print(report, to: context) }
            for report in unshown {
                for conflict in report.conflicts {
                    context.errors.write("tick: \(SyncRunCommand.conflictLine(conflict, dateContext: context.dateContext))\n")
                }
            }
        }
        // Shown: the next report leaves them out (`tick sync conflicts` keeps listing them).
        for report in reports + unshown { try SyncEngine.markShown(report, in: actions.store) }
        if !failures.isEmpty {
            throw CommandError.runtime(failures.joined(separator: "\ntick: "))
        }
    }

    /// The account as synced, and its credentials. A user and password written into the URL
    /// (a hand-edited settings file; `sync add` refuses them) are taken out of it, used as
    /// the credentials when the account names no user, and never stored or shown.
    static func prepared(_ account: SyncAccount, environment: TerminalEnvironment) throws(CommandError) -> (SyncAccount, DAVCredentials?) {
        guard var components = URLComponents(string: account.url), components.user != nil || components.password != nil else {
            return (account, try credentials(for: account, environment: environment))
        }
        let user = components.user, password = components.password
        components.user = nil
        components.password = nil
        var cleaned = account
        cleaned.url = components.string ?? account.url
        if cleaned.user == nil, let user, let password {
            return (cleaned, DAVCredentials(user: user.percentDecoded() ?? user, password: password.percentDecoded() ?? password))
        }
        if cleaned.user == nil, let user { cleaned.user = user.percentDecoded() ?? user }
        return (cleaned, try credentials(for: cleaned, environment: environment))
    }

    /// HTTP Basic credentials: the user from the settings, the password from the
    /// account's command or `TICK_SYNC_PASSWORD`; nil for an account without a user.
    static func credentials(for account: SyncAccount, environment: TerminalEnvironment) throws(CommandError) -> DAVCredentials? {
        guard let user = account.user else { return nil }
        if let command = account.passwordCommand {
            return DAVCredentials(user: user, password: try passwordFromCommand(command, account: account, environment: environment))
        }
        if let password = environment["TICK_SYNC_PASSWORD"] {
            return DAVCredentials(user: user, password: password)
        }
        throw .runtime("account \"\(TerminalText.sanitized(account.name))\" has a user but no password: set TICK_SYNC_PASSWORD, or give the account a --password-command")
    }

    /// The HTTP client of `account`: `TICK_SYNC_TIMEOUT`, and `TICK_SYNC_CA_FILE` (a PEM
    /// file of certificates https trusts instead of the system's).
    /// - Throws: `CommandError.usage` for a bad timeout or a CA file that is not there.
    static func client(for account: SyncAccount, credentials: DAVCredentials?,
                       environment: TerminalEnvironment) throws(CommandError) -> DAVClient {
        let authorities = environment["TICK_SYNC_CA_FILE"]
        if let authorities, !FileManager.default.isReadableFile(atPath: authorities) {
            throw .usage("TICK_SYNC_CA_FILE='\(TerminalText.sanitized(authorities))' is not a file Tick can read (a PEM file of certificates)")
        }
        return DAVClient(label: "account \"\(account.name)\"", credentials: credentials, timeout: try timeout(environment),
                         certificateAuthorities: authorities)
    }

    /// The DNS lookups of accounts that name only a domain: `TICK_SYNC_NAMESERVER` (an IPv4
    /// address and port) instead of the system's name servers when set.
    /// - Throws: `CommandError.usage` for a value that is not `ADDRESS[:PORT]`.
    static func serviceLocator(_ environment: TerminalEnvironment) throws(CommandError) -> ServiceLocator {
        guard let text = environment["TICK_SYNC_NAMESERVER"], !text.isEmpty else { return ServiceLocator(resolver: DNSResolver()) }
        guard let server = DNSResolver.NameServer(parsing: text) else {
            throw .usage("TICK_SYNC_NAMESERVER='\(TerminalText.sanitized(text))' is not an IPv4 address with an optional port, such as 127.0.0.1:5353")
        }
        return ServiceLocator(resolver: DNSResolver(nameServer: server))
    }

    /// `TICK_SYNC_TIMEOUT`: seconds to wait for any one answer (default 30, 1 to 3600).
    static func timeout(_ environment: TerminalEnvironment) throws(CommandError) -> TimeInterval {
        guard let text = environment["TICK_SYNC_TIMEOUT"] else { return 30 }
        guard let seconds = Double(text), seconds >= 1, seconds <= 3_600 else {
            throw .usage("TICK_SYNC_TIMEOUT='\(TerminalText.sanitized(text))' is not a number of seconds from 1 to 3600")
        }
        return seconds
    }

    /// Runs `command` with `/bin/sh -c` and takes the first line of its standard output.
    static func passwordFromCommand(_ command: String, account: SyncAccount, environment: TerminalEnvironment) throws(CommandError) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.environment = environment.variables
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw .runtime("account \"\(TerminalText.sanitized(account.name))\": cannot run the password command: \(error.localizedDescription)")
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw .runtime("account \"\(TerminalText.sanitized(account.name))\": the password command failed (exit status \(process.terminationStatus))")
        }
        let password = String(decoding: SecretLine(data).bytes, as: UTF8.self)
        guard !password.isEmpty else {
            throw .runtime("account \"\(TerminalText.sanitized(account.name))\": the password command printed no password")
        }
        return password
    }

    static func print(_ report: SyncReport, to context: CommandContext) {
        let prefix = report.isDryRun ? "Would sync" : "Synced"
        let changed = report.lists.filter(\.changed)
        context.print("\(prefix) account \"\(TerminalText.sanitized(report.account))\": "
                      + (changed.isEmpty ? "nothing to do" : "\(changed.count) list\(changed.count == 1 ? "" : "s") changed")
                      + " (\(report.requests) request\(report.requests == 1 ? "" : "s"))")
        for list in changed {
            var parts: [String] = []
            if list.createdList { parts.append("list made here") }
            if list.createdCollection { parts.append("list made on the server") }
            // Which side took which name, and the name it had: "renamed on the server from X, as
            // here" read as if the server had renamed it (a tester, beside the conflict line).
            let former = list.formerName.map { " (it was \"\(TerminalText.sanitized($0))\")" } ?? ""
            if list.renamedHere { parts.append("named here as on the server\(former)") }
            if list.renamedOnServer { parts.append("the server's calendar named as here\(former)") }
            if list.recoloredHere { parts.append("color taken from the server") }
            if list.recoloredOnServer { parts.append("color sent to the server") }
            var here = [(list.localAdded, "added"), (list.localUpdated, "changed"), (list.localDeleted, "deleted")]
                .filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
            if list.localMovedIn > 0 {
                here.append("\(list.localMovedIn) moved in from "
                            + list.movedInFrom.map { "\"\(TerminalText.sanitized($0))\"" }.joined(separator: ", "))
            }
            let there = [(list.remoteAdded, "added"), (list.remoteUpdated, "changed"), (list.remoteDeleted, "deleted")]
                .filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
            if !here.isEmpty { parts.append("here: " + here.joined(separator: ", ")) }
            if !there.isEmpty { parts.append("on the server: " + there.joined(separator: ", ")) }
            context.print("  \(TerminalText.sanitized(list.listName)): " + parts.joined(separator: "; "))
        }
        for name in report.leftOut {
            context.print("  \(TerminalText.sanitized(name)): \(SyncRunCommand.leftOutNote)")
        }
        for conflict in report.conflicts {
            context.errors.write("tick: \(conflictLine(conflict, dateContext: context.dateContext))\n")
        }
        for warning in report.warnings { context.warn(warning) }
    }

    /// Why a paired list was not synced (`SyncReport.leftOut`), for the report and `tick sync status`.
    static let leftOutNote = "not synced: the account's \"lists\" no longer name it (name it there again to go on)"

    /// The conflicts of `account` that no report showed (its sync failed after finding them),
    /// nil when there are none or they cannot be read (the error said enough).
    /// `engine`: the one that failed, if it started (what it found is not "found earlier").
    static func unshownConflicts(of account: String, by engine: SyncEngine? = nil, in store: Store) -> SyncReport? {
        let found = try? engine.map { try $0.unshownConflicts() } ?? SyncEngine.unshownConflicts(account: account, in: store)
        guard let report = found, !report.conflicts.isEmpty else { return nil }
        return report
    }

    /// `conflicts` of a failed account's JSON object, when there are any.
    static func conflictMembers(_ report: SyncReport?) -> [(String, JSONValue)] {
        report.map { [("conflicts", conflictsJSON($0.conflicts))] } ?? []
    }

    /// One conflict as the sync reports it: the list, the reminder, the property and the
    /// value that lost (`conflict: Tasks, "Water": SUMMARY changed on both sides; …`), for
    /// the CLI and the agent's log alike; one an earlier sync found, that stopped before
    /// saying so, ends with when (`dateContext`'s zone).
    static func conflictLine(_ conflict: SyncReport.Conflict, dateContext: DateContext? = nil) -> String {
        // For a deletion, the loser is the side that deleted (its deletion lost to the edit).
        let what = conflict.property == "deleted"
            ? (conflict.loser == "Tick"
                ? "deleted here, changed on the server: the change was kept, and the reminder is back here"
                : "deleted on the server, changed here: the change was kept, and the reminder is back on the server")
            : "\(conflict.property) changed on both sides; \(conflict.loser)'s value lost: \(conflict.lostValue.isEmpty ? "(none)" : conflict.lostValue)"
        // A list's own property (its name, its color) has no reminder to name.
        let reminder = conflict.uid == nil && conflict.reminderTitle.isEmpty ? "" : ", \"\(TerminalText.sanitized(conflict.reminderTitle))\""
        let earlier = conflict.foundEarlier.map { date in
            " (found by a sync at " + (dateContext.map { DueFormatter(context: $0).string(for: date) } ?? TickJSON.instant(date))
                + " that stopped before saying so)"
        } ?? ""
        return "conflict: \(TerminalText.sanitized(conflict.listName))\(reminder): \(TerminalText.sanitized(what))\(earlier)"
    }

    /// A report's conflicts in `--json`: `list`, `title`, `uid`, `property`, `lostValue`,
    /// `loser` (`local` or `server`), `foundEarlier` (the instant an earlier sync that stopped
    /// found it, else null).
    static func conflictsJSON(_ conflicts: [SyncReport.Conflict]) -> JSONValue {
        .array(conflicts.map { conflict in
            .object([("list", .string(conflict.listName)), ("title", .string(conflict.reminderTitle)),
                     ("uid", .string(conflict.uid?.rawValue ?? "")), ("property", .string(conflict.property)),
                     ("lostValue", .string(conflict.lostValue)), ("loser", .string(conflict.loser == "Tick" ? "local" : "server")),
                     ("foundEarlier", conflict.foundEarlier.map { .string(TickJSON.instant($0)) } ?? .null)])
        })
    }

    static func json(_ report: SyncReport) -> JSONValue {
        .object([
            ("account", .string(report.account)),
            ("dryRun", .bool(report.isDryRun)),
            ("requests", .int(Int64(report.requests))),
            ("lists", .array(report.lists.map { list in
                .object([
                    ("list", .string(list.listName)), ("url", .string(list.collectionURL)),
                    ("createdList", .bool(list.createdList)), ("createdCollection", .bool(list.createdCollection)),
                    ("localAdded", .int(Int64(list.localAdded))), ("localUpdated", .int(Int64(list.localUpdated))),
                    ("localDeleted", .int(Int64(list.localDeleted))),
                    ("localMovedIn", .int(Int64(list.localMovedIn))), ("movedInFrom", .array(list.movedInFrom.map(JSONValue.string))),
                    ("remoteAdded", .int(Int64(list.remoteAdded))),
                    ("remoteUpdated", .int(Int64(list.remoteUpdated))), ("remoteDeleted", .int(Int64(list.remoteDeleted))),
                    ("renamedHere", .bool(list.renamedHere)), ("recoloredHere", .bool(list.recoloredHere)),
                    ("renamedOnServer", .bool(list.renamedOnServer)), ("recoloredOnServer", .bool(list.recoloredOnServer)),
                    ("formerName", list.formerName.map(JSONValue.string) ?? .null),
                ])
            })),
            ("conflicts", conflictsJSON(report.conflicts)),
            ("warnings", .array(report.warnings.map(JSONValue.string))),
            ("leftOut", .array(report.leftOut.map(JSONValue.string))),
        ])
    }
}

/// The progress line of a sync (`tick: syncing Groceries: 400 of 2,000`) on standard error:
/// drawn only when standard output and standard error are both terminals and the report is
/// not `--json`, once the sync has taken more than a second; redrawn in place
/// (`TerminalText.overwritingLine`) by a thread of its own, at most five times a second,
/// so that a sync waiting for one slow answer shows where it is too; erased by `finish()`
/// before the report is printed.
final class SyncProgress: @unchecked Sendable {
    // Safe to share with the drawing thread: every stored value that changes, and every
    // write to `errors`, is under `lock`; the sync's own thread writes nothing to `errors`
    // between `start` and `finish`.
    private let lock = NSLock()
    private let errors: any OutputSink
    private let clock: @Sendable () -> Date
    private let started: Date
    private var text = ""
    private var drawn: String?
    private var isFinished = false

    private init(errors: any OutputSink, clock: @escaping @Sendable () -> Date) {
        self.errors = errors
        self.clock = clock
        started = clock()
    }

    /// A running progress line for `context`, or nil when it is not to be drawn.
    static func start(_ context: CommandContext, json: Bool) -> SyncProgress? {
        let environment = context.environment
        guard !json, environment.isOutputTerminal, environment.isErrorTerminal else { return nil }
        let progress = SyncProgress(errors: context.errors, clock: environment.liveClock)
        let thread = Thread {
            while progress.draw() { Thread.sleep(forTimeInterval: 0.2) }
        }
        thread.name = "tick sync progress"
        thread.start()
        return progress
    }

    /// What the sync is doing now (`Groceries (1 of 3)`), drawn at the next redraw.
    func update(_ line: String) {
        lock.lock(); defer { lock.unlock() }
        text = line
    }

    /// Draws the line when the sync has taken more than a second and it changed.
    /// - Returns: false once finished (the drawing thread then ends).
    private func draw() -> Bool {
        lock.lock(); defer { lock.unlock() }
        guard !isFinished else { return false }
        guard !text.isEmpty, text != drawn, clock().timeIntervalSince(started) > 1 else { return true }
        drawn = text
        errors.write(TerminalText.overwritingLine("tick: syncing " + TerminalText.sanitized(text)))
        errors.flush()
        return true
    }

    /// Stops the drawing and erases the line when it was drawn.
    func finish() {
        lock.lock(); defer { lock.unlock() }
        guard !isFinished else { return }
        isFinished = true
        guard drawn != nil else { return }
        errors.write(TerminalText.overwritingLine(""))
        errors.flush()
    }
}

/// `tick sync add NAME URL [--user USER] [--password-command CMD] [--list LIST]…`
struct SyncAddCommand: Command {
    static let configuration = CommandConfiguration(name: "add", abstract: "Add a CalDAV account.")
    static let arguments: [ArgumentDefinition] = [
        .positional("name", help: "What to call the account (tick sync NAME)."),
        .positional("url", help: "The server (its collections are found) or one calendar collection."),
        .option("user", value: "user", help: "The user name (HTTP Basic)."),
        .option("password-command", value: "command", help: "A command that prints the password (run at each sync)."),
        .option("list", short: "l", value: "list", repeating: true, help: "A Tick list to sync (repeat; default: every list)."),
    ]
    let account: SyncAccount

    init(parsed: ParsedArguments) throws(CommandError) {
        let name = (parsed.value("name") ?? "").trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, name.unicodeScalars.allSatisfy({ !CharacterSet.controlCharacters.contains($0) }) else {
            throw .usage("give the account a name without control characters, e.g. tick sync add home https://dav.example.org")
        }
        let text = parsed.value("url") ?? ""
        // A bare domain is looked up in DNS at each sync (RFC 6764 SRV records).
        let isDomain = ServiceLocator.Domain(accountURL: text) != nil && !text.contains("://")
        guard isDomain || {
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased() else { return false }
            return (scheme == "http" || scheme == "https") && url.host != nil
        }() else {
            throw .usage("'\(TerminalText.sanitized(text))' is not an http:// or https:// URL or a domain (example.org)")
        }
        guard isDomain || (URL(string: text)?.user == nil && URL(string: text)?.password == nil) else {
            throw .usage("put the user in --user and the password in --password-command or TICK_SYNC_PASSWORD, not in the URL")
        }
        let lists = parsed.all("list")
        guard lists.allSatisfy({ !$0.trimmingCharacters(in: .whitespaces).isEmpty }) else {
            throw .usage("--list needs the name of a list (tick sync add home URL --list Groceries)")
        }
        account = SyncAccount(name: name, url: text, user: parsed.value("user"), passwordCommand: parsed.value("password-command"),
                              lists: lists)
    }

    func run(in context: CommandContext) throws {
        var settings = try SyncCommand.settings(context)
        guard !settings.accounts.contains(where: { $0.name == account.name }) else {
            throw CommandError.runtime("there is already a sync account named '\(TerminalText.sanitized(account.name))' (tick sync remove \(TerminalText.sanitized(account.name)) first)")
        }
        settings.accounts.append(account)
        do {
            try settings.save(to: SyncCommand.settingsPath(context))
        } catch {
            throw CommandError.runtime(error.description)
        }
        // Which file holds it (a tester's relative XDG_CONFIG_HOME, ignored as the XDG spec
        // says, put two setups' accounts in one file without a word): said in the message, not as
        // a warning (a tester: nothing was wrong).
        context.print("Added sync account \"\(TerminalText.sanitized(account.name))\" for \(TerminalText.sanitized(account.url)) "
                      + "(kept in \(TerminalText.sanitized(SyncCommand.settingsPath(context)))); run tick sync \(TerminalText.sanitized(account.name))")
    }
}

/// `tick sync status [NAME] [--json]`
struct SyncStatusCommand: Command {
    static let configuration = CommandConfiguration(name: "status", abstract: "Show accounts and the lists they sync.")
    static let arguments: [ArgumentDefinition] = [
        .positional("name", optional: true, help: "The account (default: every account)."),
        CommonOptions.json,
    ]
    let name: String?
    let json: Bool
    init(parsed: ParsedArguments) throws(CommandError) {
        name = parsed.value("name")
        json = parsed.has("json")
    }

    func run(in context: CommandContext) throws {
        let settings = try SyncCommand.settings(context)
        let accounts = try name.map { [try SyncCommand.account(named: $0, in: settings)] } ?? settings.accounts
        let store = try context.store()
        let rows: [(SyncAccount, [(list: String, url: String, items: Int, token: Bool, kept: Bool)])] = try store.read { db in
            let lists = try db.lists()
            return try accounts.map { account in
                (account, try db.syncedCollections(account: account.name).map { pairing in
                    let name = lists.first { $0.id == pairing.listID }?.name ?? "?"
                    return (name, pairing.url, try db.syncedItemCount(account: account.name, collectionURL: pairing.url),
                            pairing.syncToken != nil, account.keeps(pairing, listName: name, calendarName: nil) != nil)
                })
            }
        }
        if json {
            context.print(JSONValue.array(rows.map { account, pairs in
                .object([("name", .string(account.name)), ("url", .string(SyncCommand.shown(account.url))), ("user", .optional(account.user)),
                         ("lists", .array(account.lists.map(JSONValue.string))),
                         ("synced", .array(pairs.map { .object([("list", .string($0.list)), ("url", .string($0.url)),
                                                                ("reminders", .int(Int64($0.items))), ("hasSyncToken", .bool($0.token)),
                                                                ("leftOut", .bool(!$0.kept))]) }))])
            }).serialized())
            return
        }
        if rows.isEmpty { context.print("No sync accounts. Add one with tick sync add NAME URL.") }
        for (account, pairs) in rows {
            context.print("\(TerminalText.sanitized(account.name)): \(TerminalText.sanitized(SyncCommand.shown(account.url)))"
                          + (account.user.map { " as \(TerminalText.sanitized($0))" } ?? ""))
            if pairs.isEmpty { context.print("  not synced yet") }
            for pair in pairs {
                context.print("  \(TerminalText.sanitized(pair.list)) ↔ \(TerminalText.sanitized(pair.url)) (\(pair.items) reminder\(pair.items == 1 ? "" : "s"))"
                              + (pair.kept ? "" : "; \(SyncRunCommand.leftOutNote)"))
            }
        }
    }
}

/// `tick sync conflicts [NAME] [--limit N] [--json]`: the conflict journal, newest first.
struct SyncConflictsCommand: Command {
    static let configuration = CommandConfiguration(
        name: "conflicts", abstract: "Show the conflicts syncs found, newest first, with the values that lost.",
        discussion: """
            Every conflict a sync finds is kept with the value that lost, also when the sync was
            stopped before it could say so (the next sync shows it); the newest 1,000 shown ones
            are kept.
            """)
    static let arguments: [ArgumentDefinition] = [
        .positional("name", optional: true, help: "The account (default: every account)."),
        .option("limit", value: "count", help: "Show at most this many (default 50)."),
        CommonOptions.json,
    ]
    let name: String?
    let limit: Int
    let json: Bool
    init(parsed: ParsedArguments) throws(CommandError) {
        name = parsed.value("name")
        limit = try parsed.value("limit").map { text throws(CommandError) in try ValueReader.positiveInt(text, option: "limit") } ?? 50
        json = parsed.has("json")
    }

    func run(in context: CommandContext) throws {
        // An account removed since keeps its conflicts: a name is checked against the journal too.
        if let name, !(try context.store().read { try !$0.syncConflicts(account: name, limit: 1).isEmpty }) {
            _ = try SyncCommand.account(named: name, in: try SyncCommand.settings(context))
        }
        let rows = try context.store().read { try $0.syncConflicts(account: name, limit: limit) }
        if json {
            context.print(JSONValue.array(rows.map { row in
                .object([("account", .string(row.account)), ("foundAt", .string(TickJSON.instant(row.foundAt))),
                         ("list", .string(row.listName)), ("title", .string(row.title)), ("uid", .string(row.uid?.rawValue ?? "")),
                         ("property", .string(row.property)), ("lostValue", .string(row.lostValue)),
                         ("loser", .string(row.localLost ? "local" : "server")), ("shown", .bool(row.isReported))])
            }).serialized())
            return
        }
        guard !rows.isEmpty else {
            context.print(name.map { "No conflicts in account \"\(TerminalText.sanitized($0))\"." } ?? "No conflicts: no sync has found one.")
            return
        }
        let formatter = DueFormatter(context: context.dateContext)
        for row in rows {
            let conflict = SyncEngine.conflict(row, foundThisRun: true)
            context.print(formatter.string(for: row.foundAt) + (name == nil ? " \(TerminalText.sanitized(row.account))" : "")
                          + ": " + SyncRunCommand.conflictLine(conflict).dropFirst("conflict: ".count))
        }
    }
}

/// `tick sync remove NAME`
struct SyncRemoveCommand: Command {
    static let configuration = CommandConfiguration(name: "remove", abstract: "Remove an account (lists and reminders stay).", aliases: ["rm"])
    static let arguments: [ArgumentDefinition] = [.positional("name", help: "The account.")]
    let name: String
    init(parsed: ParsedArguments) throws(CommandError) { name = parsed.value("name") ?? "" }

    func run(in context: CommandContext) throws {
        var settings = try SyncCommand.settings(context)
        _ = try SyncCommand.account(named: name, in: settings)
        settings.accounts.removeAll { $0.name == name }
        try context.store().write { try $0.forgetSyncAccount(name) }
        do {
            try settings.save(to: SyncCommand.settingsPath(context))
        } catch {
            throw CommandError.runtime(error.description)
        }
        context.print("Removed sync account \"\(TerminalText.sanitized(name))\"; its lists and reminders stay in Tick and on the server")
    }
}

/// A thread-safe line writer for the agent's log (`tick agent: …` on standard error),
/// shared by the agent and its scheduled sync.
final class AgentLog: @unchecked Sendable {
    private let sink: any OutputSink
    private let lock = NSLock()
    init(_ sink: any OutputSink) { self.sink = sink }

    func callAsFunction(_ line: String) {
        lock.lock(); defer { lock.unlock() }
        sink.write("tick agent: \(line)\n")
        sink.flush()
    }
}

/// `tick agent --sync-every`: syncs every account at start and then every `interval`
/// seconds, on a thread of its own with its own connection to the database, logging one
/// line per account (what changed, or why it failed). A failed sync is tried again at the
/// next interval; it never stops the agent.
struct ScheduledSync: @unchecked Sendable {
    let interval: TimeInterval
    let databasePath: String
    let environment: TerminalEnvironment
    let dateContext: DateContext
    let clock: () -> Date
    let log: AgentLog

    func start() {
        let thread = Thread { [self] in
            while true {
                runOnce()
                Thread.sleep(forTimeInterval: interval)
            }
        }
        thread.name = "tick sync"
        thread.start()
    }

    func runOnce() {
        let settings: SyncSettings
        do {
            settings = try SyncSettings.load(from: SyncCommand.settingsPath(environment))
        } catch {
            return log("sync: \(error.description)")
        }
        if settings.accounts.isEmpty { return log("sync: no accounts (tick sync add NAME URL)") }
        for account in settings.accounts {
            var engine: SyncEngine?
            do {
                let (account, credentials) = try SyncRunCommand.prepared(account, environment: environment)
                let now = clock()
                let store = try Store(path: databasePath, now: now)
                try Actions.runPendingUpgrades(store, now: now, zone: dateContext.timeZone)
                let context = ActionContext(dateContext: DateContext(now: now, timeZone: dateContext.timeZone, locale: dateContext.locale),
                                            alarmDefaults: AlarmDefaultsReader(environment: environment).values)
                let client = try SyncRunCommand.client(for: account, credentials: credentials, environment: environment)
                let started = SyncEngine(account: account, client: client, store: store, context: context)
                engine = started
                started.serviceLocator = try SyncRunCommand.serviceLocator(environment)
                let report = try started.run()
                let changed = report.lists.filter(\.changed).map(\.listName)
                log("synced account \"\(account.name)\": " + (changed.isEmpty ? "nothing to do" : "changed \(changed.joined(separator: ", "))")
                    + (report.conflicts.isEmpty ? "" : ", \(report.conflicts.count) conflict\(report.conflicts.count == 1 ? "" : "s")"))
                // Each with the value that lost: the next sync has nothing left to say of it,
                // so this line is where it stays recoverable.
                for conflict in report.conflicts { log("sync: \(SyncRunCommand.conflictLine(conflict, dateContext: dateContext))") }
                try? SyncEngine.markShown(report, in: store)
                for warning in report.warnings { log("sync: \(warning)") }
            } catch {
                log("sync: \(CommandError.wrapping(error).description)")
                // What the failed sync found before it stopped, with the value that lost.
                if let store = try? Store(path: databasePath, now: clock()),
                   let left = SyncRunCommand.unshownConflicts(of: account.name, by: engine, in: store) {
                    for conflict in left.conflicts { log("sync: \(SyncRunCommand.conflictLine(conflict, dateContext: dateContext))") }
                    try? SyncEngine.markShown(left, in: store)
                }
            }
        }
    }
}
