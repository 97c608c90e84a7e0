import Foundation
import TickModel
import TickSync

/// The settings file, `$XDG_CONFIG_HOME/tick/config` (else `~/.config/tick/config`):
/// lasting defaults for what environment variables say for one run. Every setting stands
/// for one variable, and a variable that is set wins over the file.
///
/// ```text
/// # Lines are `setting = value`; a line starting with # is a comment.
/// default-list = Groceries
/// default-alarm = -10m
/// locale = ko_KR.UTF-8
/// color = never
/// ```
///
/// A line that is not `setting = value`, an unknown setting or a bad value is an error
/// naming the file and the line; nothing runs then.
enum TickConfig {
    /// A setting: its name in the file, the variable it stands for, and what it means.
    struct Setting: Sendable {
        var name: String
        var variable: String
        var meaning: String
        /// The value checked and turned into the variable's value; nil when it is wrong,
        /// with `expected` saying what is right.
        var read: @Sendable (String) -> String? = { $0 }
        var expected: String = ""
    }

    /// Every setting, in the order the README's table gives them.
    static let settings: [Setting] = [
        Setting(name: "database", variable: "TICK_DB", meaning: "the database file (`~/` is your home folder)"),
        Setting(name: "default-list", variable: "TICK_DEFAULT_LIST", meaning: "the list `tick add` puts reminders in without `--list`"),
        // A tester: these three were read only when used, as their variables are (a warning
        // naming the variable, the built-in value used), not checked with the file's line.
        Setting(name: "default-alarm", variable: "TICK_DEFAULT_ALARM", meaning: "the alarm of a timed due date: an offset (`0`, `-10m`) or `none`",
                read: { value in value.lowercased() == "none" || (try? Alarm.alarmOffset(parsing: value)) != nil ? value : nil },
                expected: "an offset before the due time such as 0, -10m or -1h30m, or none"),
        Setting(name: "all-day-alarm", variable: "TICK_ALL_DAY_ALARM", meaning: "when an all-day due date rings (`09:00`, `8am`, `none`)",
                read: { value in value.lowercased() == "none" || (try? DateGrammar.secondsAfterMidnight(parsing: value)) != nil ? value : nil },
                expected: "a time of day such as 09:00 or 8am (\(DateGrammar.timeOfDayRange)), or none"),
        Setting(name: "time-zone", variable: "TZ", meaning: "your time zone (`Asia/Seoul`)",
                read: { value in TerminalEnvironment.zone(fromTZ: value) != nil ? value : nil },
                expected: "a time zone name such as Europe/Berlin, or a POSIX offset such as UTC-9"),
        Setting(name: "locale", variable: "LC_TIME", meaning: "the locale dates are shown in (`ko_KR.UTF-8`)",
                read: { value in
                    // A name Tick does not read would fall back to US English without a word (a tester).
                    let base = value.split(atEvery: ".", maxSplits: 1, omittingEmpty: false).first ?? ""
                    return ["C", "POSIX"].contains(base) || Locale(posixName: value).identifier != "en_US_POSIX" ? value : nil
                }, expected: "a locale name such as ko_KR.UTF-8, en_GB or C"),
        Setting(name: "week-start", variable: "TICK_WEEK_START", meaning: "the first day of the week for `next week`, `end of week`, `이번 주` and `다음 주` (`monday`, `sunday`, …)",
                read: { value in DateContext.weekStart(named: value) != nil ? value : nil }, expected: "a weekday name such as monday or sunday"),
        Setting(name: "color", variable: "NO_COLOR", meaning: "`auto` (colors on a terminal) or `never`",
                read: { value in value == "never" ? "1" : value == "auto" ? "" : nil }, expected: "auto or never"),
        Setting(name: "pager", variable: "TICK_PAGER", meaning: "the pager for long output on a terminal (`less -FRX`); `cat` or empty: none"),
        Setting(name: "sync-ca-file", variable: "TICK_SYNC_CA_FILE", meaning: "a PEM file of certificates `tick sync` trusts for https instead of the system's"),
        Setting(name: "sync-nameserver", variable: "TICK_SYNC_NAMESERVER",
                meaning: "the DNS server (`127.0.0.1:5353`) `tick sync` asks for the SRV and TXT records of an account that names only a domain",
                read: { value in DNSResolver.NameServer(parsing: value) == nil ? nil : value }, expected: "an IPv4 address with an optional port (127.0.0.1:5353)"),
        Setting(name: "sync-timeout", variable: "TICK_SYNC_TIMEOUT", meaning: "seconds `tick sync` waits for one answer",
                read: { value in Int(value).flatMap { $0 > 0 ? value : nil } }, expected: "a whole number of seconds above 0"),
    ]

    /// Where the file is: `$XDG_CONFIG_HOME/tick/config` when that is absolute, else
    /// `~/.config/tick/config`.
    static func path(in environment: TerminalEnvironment) -> String {
        let base = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? environment.homeDirectory + "/.config"
        return base + "/tick/config"
    }

    /// The variables the file's text sets, by variable name.
    /// - Throws: `CommandError.runtime` naming `path` and the line for a line that is not
    ///   `setting = value`, an unknown setting, a setting given twice, or a bad value.
    static func variables(fromText text: String, path: String, home: String) throws(CommandError) -> [String: String] {
        var variables: [String: String] = [:]
        var seen: [String: Int] = [:]
        // Split at line ends as Characters see them: CR LF is one Character, so a split at
        // "\n" alone would leave a file written with CR LF as one line.
        for (index, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
            let number = index + 1
            let line = rawLine.trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: "\r")))
            if line.isEmpty || line.hasPrefix("#") { continue }
            func failure(_ reason: String) -> CommandError { .runtime("\(path), line \(number): \(reason)") }
            guard let (before, after) = line.cut(atFirst: "=") else {
                throw failure("'\(line)' is not 'setting = value'")
            }
            let name = before.trimmingCharacters(in: .whitespaces)
            var value = after.trimmingCharacters(in: .whitespaces)
            guard let setting = settings.first(where: { $0.name == name }) else {
                var message = "'\(name)' is not a setting; the settings are " + settings.map(\.name).joined(separator: ", ")
                if let suggestion = Suggestion.closest(to: name, among: settings.map(\.name)) { message += " (did you mean '\(suggestion)'?)" }
                throw failure(message)
            }
            if let first = seen[name] { throw failure("'\(name)' is set already on line \(first)") }
            seen[name] = number
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            if setting.name == "database", value.hasPrefix("~/") { value = home + value.dropFirst() }
            guard let read = setting.read(value) else {
                throw failure("'\(value)' is not a value of \(name): use \(setting.expected)")
            }
            variables[setting.variable] = read
        }
        return variables
    }

    /// `environment` with the file's settings under the variables that are not set; the
    /// same environment when there is no file.
    /// - Throws: `CommandError.runtime` as ``variables(fromText:path:home:)``, or when the
    ///   file exists but cannot be read.
    static func applied(to environment: TerminalEnvironment) throws(CommandError) -> TerminalEnvironment {
        let path = path(in: environment)
        guard FileManager.default.fileExists(atPath: path) else { return environment }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .runtime("\(path): cannot read the settings file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw .runtime("\(path): the settings file is not UTF-8 text")
        }
        var environment = environment
        for (variable, value) in try variables(fromText: text, path: path, home: environment.homeDirectory)
        where environment.variables[variable] == nil {
            environment.variables[variable] = value
        }
        return environment
    }
}
