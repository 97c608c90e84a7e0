import Foundation

/// The systemd user unit that runs `tick agent` in the session
/// (https://www.freedesktop.org/software/systemd/man/systemd.service.html).
///
/// `tick agent --install-systemd` writes it to
/// `$XDG_CONFIG_HOME/systemd/user/tick-agent.service` (else
/// `~/.config/systemd/user/…`) and prints how to enable it; it never runs `systemctl`.
public struct SystemdUnit: Sendable, Equatable {
    /// The `tick` executable, absolute.
    public var executable: String
    /// The database, when not the default one (passed as `--db`).
    public var databasePath: String?
    /// Extra `agent` options (`--exec …`, `--stdout`).
    public var agentArguments: [String]

    /// Creates a unit description.
    public init(executable: String, databasePath: String?, agentArguments: [String] = []) {
        self.executable = executable
        self.databasePath = databasePath
        self.agentArguments = agentArguments
    }

    /// The unit file's name.
    public static let fileName = "tick-agent.service"

    /// Where the unit goes: `<config>/systemd/user/tick-agent.service`, where `<config>`
    /// is `xdgConfigHome` when it is absolute, else `home/.config`.
    public static func path(xdgConfigHome: String?, home: String) -> String {
        let config = xdgConfigHome.flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
        return config + "/systemd/user/" + fileName
    }

    /// The unit file's text.
    public var text: String {
        var command = [executable]
        if let databasePath { command += ["--db", databasePath] }
        command += ["agent"] + agentArguments
        return """
            [Unit]
            Description=Tick reminders: alarms and desktop notifications
            After=graphical-session.target

            [Service]
            Type=simple
            ExecStart=\(command.map(SystemdUnit.quoted).joined(separator: " "))
            Restart=on-failure
            RestartSec=10

            [Install]
            WantedBy=default.target

            """
    }

    /// A word quoted for systemd's command line when it needs it (spaces, quotes,
    /// backslashes, `%` and `$` specifiers).
    static func quoted(_ word: String) -> String {
        let escapedPercent = word.replacingOccurrences(of: "%", with: "%%").replacingOccurrences(of: "$", with: "$$")
        guard escapedPercent.contains(where: { $0 == " " || $0 == "\"" || $0 == "\\" || $0 == "'" || $0 == "\t" }) else {
            return escapedPercent
        }
        return "\"" + escapedPercent.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
