import Foundation

/// The systemd user unit that runs `tick agent` (or `tick serve`) in the session
/// (https://www.freedesktop.org/software/systemd/man/systemd.service.html).
///
/// `tick agent --install-systemd` writes it to
/// `$XDG_CONFIG_HOME/systemd/user/tick-agent.service` (else
/// `~/.config/systemd/user/…`), `tick serve --install-systemd` to `…/tick-serve.service`,
/// and each prints how to enable it; neither runs `systemctl`.
public struct SystemdUnit: Sendable, Equatable {
    /// The `tick` executable, absolute.
    public var executable: String
    /// The database, when not the default one (passed as `--db`).
    public var databasePath: String?
    /// Extra options of the command (`--exec …`, `--stdout`; `--listen …`).
    public var agentArguments: [String]
    /// The `tick` command the unit runs: `agent` or `serve`.
    public var command: String

    /// Creates a unit description.
    public init(executable: String, databasePath: String?, agentArguments: [String] = [], command: String = "agent") {
        self.executable = executable
        self.databasePath = databasePath
        self.agentArguments = agentArguments
        self.command = command
    }

    /// The agent's unit file's name.
    public static let fileName = "tick-agent.service"

    /// This unit's file name: `tick-agent.service`, `tick-serve.service`.
    public var fileName: String { "tick-\(command).service" }

    /// Where the agent's unit goes: `<config>/systemd/user/tick-agent.service`, where
    /// `<config>` is `xdgConfigHome` when it is absolute, else `home/.config`.
    public static func path(xdgConfigHome: String?, home: String) -> String {
        path(xdgConfigHome: xdgConfigHome, home: home, fileName: fileName)
    }

    /// Where a unit named `fileName` goes, as `path(xdgConfigHome:home:)`.
    public static func path(xdgConfigHome: String?, home: String, fileName: String) -> String {
        let config = xdgConfigHome.flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
        return config + "/systemd/user/" + fileName
    }

    /// The unit file's text.
    public var text: String {
        var words = [executable]
        if let databasePath { words += ["--db", databasePath] }
        words += [self.command] + agentArguments
        let description = self.command == "agent" ? "Tick reminders: alarms and desktop notifications"
                                                  : "Tick reminders: the web app and its JSON API (tick \(self.command))"
        return """
            [Unit]
            Description=\(description)
            After=\(self.command == "agent" ? "graphical-session.target" : "network.target")

            [Service]
            Type=simple
            ExecStart=\(words.map(SystemdUnit.quoted).joined(separator: " "))
            Restart=on-failure
            RestartSec=10

            [Install]
            WantedBy=default.target

            """
    }

    /// A word written so that systemd reads it back exactly (systemd.service, "Command
    /// lines"; systemd.unit, "Specifiers"): `%` and `$` doubled; a word with a space,
    /// a quote, a backslash or a control character in double quotes, with `\\`, `\"` and
    /// C escapes (`\x0a`) inside, so that no character of a path (a line break above all)
    /// can end the line and start a directive of its own; a lone `;` as `\;`.
    static func quoted(_ word: String) -> String {
        if word == ";" { return "\\;" }
        var body = ""
        var needsQuotes = word.isEmpty
        for scalar in word.unicodeScalars {
            switch scalar {
            case "%": body += "%%"
            case "$": body += "$$"
            case "\\": body += "\\\\"; needsQuotes = true
            case "\"": body += "\\\""; needsQuotes = true
            case " ", "'": body.unicodeScalars.append(scalar); needsQuotes = true
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}" || scalar == "\u{2029}":
                body += scalar.value < 0x80 ? "\\x" + String(scalar.value, radix: 16).leftPadded(to: 2)
                                             : "\\u" + String(scalar.value, radix: 16).leftPadded(to: 4)
                needsQuotes = true
            default: body.unicodeScalars.append(scalar)
            }
        }
        return needsQuotes ? "\"" + body + "\"" : body
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
