import Foundation
import TickModel
import TickStore
import TickAgent
import TickInterchange
import TickTerminal

/// `tick agent`: delivers alarms as desktop notifications (or lines on stdout, or a
/// command hook), once (`--once`) or as a long-running process.
struct AgentCommand: Command {
    static let configuration = CommandConfiguration(
        name: "agent",
        abstract: "Deliver alarms as desktop notifications.",
        discussion: """
            Runs until stopped, sleeping until the next alarm or until another tick changes the
            database. --once delivers what is due now and exits (for cron). Alarms missed while no
            agent ran are delivered once at start, gathered in one notification. One agent per
            database delivers; a second one waits (--once: exits) until the first stops.
            Desktop notifications go to the session bus ($DBUS_SESSION_BUS_ADDRESS, else
            $XDG_RUNTIME_DIR/bus) with Done and Snooze buttons; with no bus, lines go to stdout.
            --exec runs a command for each reminder: JSON on stdin, TICK_* variables (README, "Alarms and notifications");
            it is the delivery then: no lines on stdout unless --stdout is given. A command still running after
            10 seconds is stopped with everything it started.
            --install-systemd writes a systemd user unit and says how to enable it.
            --sync-every 15m also runs tick sync for every account at start and then every 15 minutes.
            """)

    static let arguments: [ArgumentDefinition] = [
        .flag("once", help: "Deliver what is due now, then exit."),
        .flag("stdout", help: "Write notifications to standard output instead of the desktop."),
        .option("exec", value: "command", repeating: true, help: "Also run this shell command for each reminder."),
        .flag("install-systemd", help: "Write a systemd user unit for the agent and say how to enable it."),
        .option("sync-every", value: "interval", help: "Also sync every CalDAV account this often (30m, 1h; at least 1m)."),
    ]

    let once: Bool
    let toStdout: Bool
    let hooks: [String]
    let installsUnit: Bool
    /// How often `--sync-every` syncs, in seconds.
    let syncInterval: TimeInterval?

    init(parsed: ParsedArguments) throws(CommandError) {
        syncInterval = try parsed.value("sync-every").map(AgentCommand.syncInterval)
        if syncInterval != nil && parsed.has("once") { throw .usage("--sync-every is for the long-running agent; run tick sync instead of --once") }
        once = parsed.has("once")
        toStdout = parsed.has("stdout")
        hooks = parsed.all("exec")
        installsUnit = parsed.has("install-systemd")
        if hooks.contains(where: { $0.trimmingWhiteSpace().isEmpty }) { throw .usage("--exec needs a command") }
        if installsUnit && once { throw .usage("--install-systemd writes a unit for the long-running agent; drop --once") }
    }

    func run(in context: CommandContext) throws {
        if installsUnit { return try installUnit(in: context) }
        let store = try context.store()
        guard let lock = try takeLock(databasePath: store.path, context: context) else { return }
        let (clock, offset) = AgentCommand.clock(context)
        // One writer for the agent and its scheduled sync, which logs from its own thread.
        let agentLog = AgentLog(context.errors)
        let log: (String) -> Void = { agentLog($0) }
        let stdout = StdoutNotifier(zone: context.dateContext.timeZone, clock: clock) { line in
            context.output.write(line)
            context.output.flush()
        }
        var desktop: DesktopNotifier?
        if !toStdout {
            if let address = AgentCommand.sessionBusAddress(context.environment) {
                do {
                    desktop = try DesktopNotifier(address: address)
                } catch {
                    log(error.message + (hooks.isEmpty ? "; writing notifications to standard output instead"
                                                       : "; alarms go to the --exec command only"))
                }
            } else {
                log("no session bus (DBUS_SESSION_BUS_ADDRESS is not set and there is no $XDG_RUNTIME_DIR/bus); "
                    + (hooks.isEmpty ? "writing notifications to standard output instead" : "alarms go to the --exec command only"))
            }
        }
        let hookNotifiers: [any AlarmNotifier] = hooks.map { command in
            CommandHookNotifier(command: command, environment: context.environment.variables, context: context.dateContext,
                                clock: clock, payload: AgentCommand.payload, report: log)
        }
        let configuration = AlarmAgent.Configuration(context: context.dateContext,
                                                      offersActions: !once && desktop?.supportsActions == true)
        // With --exec the hook is the delivery: standard output only when asked (--stdout).
        let lines: StdoutNotifier? = toStdout || hooks.isEmpty ? stdout : nil
        let agent = AlarmAgent(store: store, configuration: configuration, primary: desktop ?? lines, fallback: lines,
                               hooks: hookNotifiers, log: log)
        if once {
            _ = try agent.deliverDue(at: clock())
            return
        }
        let events: SystemEventSource
        do {
            events = try SystemEventSource(databasePath: store.path, desktop: desktop, clockOffset: offset)
        } catch {
            throw CommandError.runtime(error.message)
        }
        if let syncInterval {
            ScheduledSync(interval: syncInterval, databasePath: store.path, environment: context.environment,
                          dateContext: context.dateContext, clock: clock, log: agentLog).start()
        }
        log("delivering alarms for \(store.path)" + (desktop != nil ? " to the desktop" : lines != nil ? " to standard output" : " to the --exec command"))
        try withExtendedLifetime(lock) {
            try AgentLoop(agent: agent, events: events, clock: clock, log: log).run()
        }
    }

    /// The agent lock, taken; nil with `--once` when another agent holds it.
    private func takeLock(databasePath: String, context: CommandContext) throws(CommandError) -> AgentLock? {
        do {
            let lock = try AgentLock(databasePath: databasePath)
            if try lock.tryLock() { return lock }
            let owner = lock.ownerProcessID.map { " (process \($0))" } ?? ""
            if once {
                context.warn("another tick agent\(owner) delivers the alarms of this database; nothing to do")
                return nil
            }
            context.warn("another tick agent\(owner) runs for this database; waiting to take over when it stops")
            context.errors.flush()
            try lock.lock()
            return lock
        } catch {
            throw .runtime(error.message)
        }
    }

    /// The agent's clock: the live clock, shifted so that it starts at `TICK_NOW` when
    /// that is set (a demo or test can start the agent "at" any moment and let it run),
    /// and how far it is ahead of the live clock.
    static func clock(_ context: CommandContext) -> (() -> Date, TimeInterval) {
        let live = context.environment.liveClock
        guard context.environment["TICK_NOW"] != nil else { return (live, 0) }
        let start = context.now
        let offset = start.timeIntervalSince(live())
        return ({ live().addingTimeInterval(offset) }, offset)
    }

    /// `DBUS_SESSION_BUS_ADDRESS`, else `unix:path=$XDG_RUNTIME_DIR/bus` when that
    /// socket exists (where systemd's user bus lives), else nil. Never autolaunches a bus.
    static func sessionBusAddress(_ environment: TerminalEnvironment) -> String? {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"] { return address }
        if let runtime = environment["XDG_RUNTIME_DIR"], FileManager.default.fileExists(atPath: runtime + "/bus") {
            return "unix:path=" + runtime + "/bus"
        }
        return nil
    }

    /// The JSON a hook receives: the reminder (`--json` shape) with `alarmAt` and `missed`.
    static func payload(_ item: AlarmNotification.Item) -> String {
        var object = TickJSON.object(for: item.reminder, listName: item.listName)
        if case .object(var members) = object {
            members.append(("alarmAt", .string(TickJSON.instant(item.fireDate))))
            object = .object(members)
        }
        return object.serialized()
    }

    private func installUnit(in context: CommandContext) throws {
        var arguments: [String] = []
        if toStdout { arguments.append("--stdout") }
        for hook in hooks { arguments += ["--exec", hook] }
        try AgentCommand.installUnit(command: "agent", arguments: arguments, in: context)
    }

    /// Writes the systemd user unit that runs `tick COMMAND ARGUMENTS…` on this database
    /// (`--install-systemd` of `agent` and `serve`) and says how to enable it.
    static func installUnit(command: String, arguments: [String], in context: CommandContext) throws {
        guard let executable = context.environment.executablePath else {
            throw CommandError.runtime("cannot tell where the tick executable is; run it by its full path")
        }
        let environment = context.environment
        let database = context.databaseOverride.map { environment.absolute($0) } ?? environment["TICK_DB"].map { environment.absolute($0) }
        let unit = SystemdUnit(executable: executable, databasePath: database, agentArguments: arguments, command: command)
        let path = SystemdUnit.path(xdgConfigHome: environment["XDG_CONFIG_HOME"], home: environment.homeDirectory,
                                    fileName: unit.fileName)
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try unit.text.write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            throw CommandError.runtime("cannot write \(path): \(error.localizedDescription)")
        }
        context.print("""
            Wrote \(path)
            Enable it (starts now and at every login) with:
              systemctl --user daemon-reload
              systemctl --user enable --now \(unit.fileName)
            Follow what it does with: journalctl --user -u \(unit.fileName) -f
            """)
    }

    /// `--sync-every`: `15m`, `1h`, `90s`, `2h30m`, or minutes alone (`30`); at least a minute.
    static func syncInterval(_ text: String) throws(CommandError) -> TimeInterval {
        let value = text.trimmingWhiteSpace().lowercased()
        var total: TimeInterval = 0
        var digits = ""
        var sawUnit = false
        for character in value {
            if character.isASCII, character.isNumber { digits.append(character); continue }
            guard let number = Double(digits), let unit = ["s": 1.0, "m": 60.0, "h": 3_600.0][String(character)] else {
                throw .usage("--sync-every: '\(TerminalText.sanitized(text))' is not an interval such as 15m, 1h or 2h30m")
            }
            total += number * unit
            digits = ""
            sawUnit = true
        }
        if !digits.isEmpty {
            guard !sawUnit, let minutes = Double(digits) else {
                throw .usage("--sync-every: '\(TerminalText.sanitized(text))' is not an interval such as 15m, 1h or 2h30m")
            }
            total += minutes * 60
        }
        guard total >= 60 else { throw .usage("--sync-every: sync at most once a minute (got '\(TerminalText.sanitized(text))')") }
        return total
    }
}
