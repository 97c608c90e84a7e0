import Foundation
import TickInterchange
import TickStore

/// One CalDAV account as `tick sync add` saved it.
public struct SyncAccount: Codable, Sendable, Equatable {
    /// The name the account is called by (`tick sync NAME`).
    public var name: String
    /// A server (discovery finds its collections) or one calendar collection.
    public var url: String
    /// The user name for HTTP Basic; nil for a server without authentication.
    public var user: String?
    /// A shell command whose standard output (first line) is the password, run at each
    /// sync; nil: the password comes from `TICK_SYNC_PASSWORD`.
    public var passwordCommand: String?
    /// The Tick lists to sync; empty: every to-do collection on the server and every Tick
    /// list.
    public var lists: [String]

    public init(name: String, url: String, user: String? = nil, passwordCommand: String? = nil, lists: [String] = []) {
        self.name = name
        self.url = url
        self.user = user
        self.passwordCommand = passwordCommand
        self.lists = lists
    }

    enum CodingKeys: String, CodingKey {
        case name, url, user, passwordCommand = "password-command", lists
    }

    public init(from decoder: any Decoder) throws {
        // A key it does not know is refused, not skipped: "list" for "lists" would sync
        // every list, and "password_command" would look for TICK_SYNC_PASSWORD.
        try SettingsKey.refuseUnknown(in: decoder, known: ["name", "url", "user", "password-command", "lists"])
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        url = try container.decode(String.self, forKey: .url)
        user = try container.decodeIfPresent(String.self, forKey: .user)
        passwordCommand = try container.decodeIfPresent(String.self, forKey: .passwordCommand)
        lists = try container.decodeIfPresent([String].self, forKey: .lists) ?? []
    }
}

/// The sync settings file, `$XDG_CONFIG_HOME/tick/sync.json` (default
/// `~/.config/tick/sync.json`): a JSON object `{"accounts": [ … ]}`, each account with
/// `name`, `url`, and optionally `user`, `password-command` and `lists`. No password is
/// ever written to it. Written atomically with mode 0600.
public struct SyncSettings: Codable, Sendable, Equatable {
    public var accounts: [SyncAccount]

    public init(accounts: [SyncAccount] = []) { self.accounts = accounts }

    enum CodingKeys: String, CodingKey { case accounts }

    public init(from decoder: any Decoder) throws {
        try SettingsKey.refuseUnknown(in: decoder, known: ["accounts"])
        accounts = try decoder.container(keyedBy: CodingKeys.self).decode([SyncAccount].self, forKey: .accounts)
        var names = Set<String>()
        for (index, account) in accounts.enumerated() where !names.insert(account.name).inserted {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: [CodingKeys.accounts, SettingsKey(intValue: index)],
                debugDescription: "a second account named \"\(account.name)\" (each name once)"))
        }
    }

    /// The file's path for an environment.
    public static func path(environment: [String: String]) -> String {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return config + "/tick/sync.json"
        }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return home + "/.config/tick/sync.json"
    }

    /// Reads the settings; a missing file is no accounts.
    /// - Throws: `SyncError.configuration` naming the file and what is wrong with it.
    public static func load(from path: String) throws(SyncError) -> SyncSettings {
        guard FileManager.default.fileExists(atPath: path) else { return SyncSettings() }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .configuration("cannot read the sync settings \(path)")
        }
        // Strictly JSON first (RFC 8259): Foundation's decoder on Linux takes trailing commas,
        // and every other JSON Tick reads from a file refuses them.
        do throws(JSONBytesParser.Failure) {
            _ = try JSONBytesParser.document([UInt8](data))
        } catch {
            throw .configuration("the sync settings \(path) are not valid JSON (\(error.message), at byte \(error.offset + 1))")
        }
        do {
            return try JSONDecoder().decode(SyncSettings.self, from: data)
        } catch {
            throw .configuration("the sync settings \(path) are not valid: \(SyncSettings.describe(error))")
        }
    }

    /// Writes the settings atomically (a temporary file renamed over the old one), mode 0600.
    /// - Throws: `SyncError.configuration` when the folder or file cannot be written.
    public func save(to path: String) throws(SyncError) {
        let folder = (path as NSString).deletingLastPathComponent
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            let data = try encoder.encode(self) + Data("\n".utf8)
            let temporary = path + ".tmp-\(ProcessInfo.processInfo.processIdentifier)"
            guard FileManager.default.createFile(atPath: temporary, contents: data, attributes: [.posixPermissions: 0o600]) else {
                throw CocoaError(.fileWriteUnknown)
            }
            if rename(temporary, path) != 0 {
                unlink(temporary)
                throw CocoaError(.fileWriteUnknown)
            }
        } catch {
            throw .configuration("cannot write the sync settings \(path): \(error.localizedDescription)")
        }
    }

    static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            return "\(path(context.codingPath)) has no \"\(key.stringValue)\""
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "\(path(context.codingPath)): \(context.debugDescription)"
        case DecodingError.dataCorrupted(let context):
            return context.codingPath.isEmpty ? context.debugDescription : "\(path(context.codingPath)): \(context.debugDescription)"
        default:
            return error.localizedDescription
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.isEmpty ? "the file" : keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
    }
}

/// Any key of a settings object, for telling the keys it does not know.
struct SettingsKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }

    /// Throws `DecodingError.dataCorrupted` at the first key of the object being decoded
    /// that is not in `known`.
    static func refuseUnknown(in decoder: any Decoder, known: Set<String>) throws {
        let container = try decoder.container(keyedBy: SettingsKey.self)
        if let unknown = container.allKeys.map(\.stringValue).sorted().first(where: { !known.contains($0) }) {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: container.codingPath,
                debugDescription: "unknown key \"\(unknown)\" (known: \(known.sorted().joined(separator: ", ")))"))
        }
    }
}

extension SyncAccount {
    /// A stored pairing as a sync keeps it, or nil when the account's `lists` no longer
    /// names it (its name was taken out of the settings file): then the list is not synced,
    /// and the pairing waits for the name to come back.
    ///
    /// An account that names no lists keeps every pairing. Else the pairing is kept when an
    /// entry of `lists` names it by the name it was chosen by (`chosenAs`), by the list's
    /// name in Tick, by its calendar's name on the server, or by the name both had at the
    /// last sync; so a list renamed on either side after it was chosen keeps syncing, and
    /// the entry that names it is recorded in `chosenAs` (for a pairing made before that
    /// was stored, on the first sync that finds it).
    /// - Parameters:
    ///   - listName: the list's name in Tick now.
    ///   - calendarName: the calendar's `displayname` (else its last path segment); nil when
    ///     the calendar was not found.
    /// - Returns: the pairing with `chosenAs` set to the entry that names it.
    public func keeps(_ pairing: SyncedCollection, listName: String, calendarName: String?) -> SyncedCollection? {
        guard !lists.isEmpty else { return pairing }
        let names = [pairing.chosenAs, listName, calendarName, pairing.name].compactMap { $0 }
        guard let chosen = names.lazy.compactMap(entry(naming:)).first else { return nil }
        var kept = pairing
        kept.chosenAs = chosen
        return kept
    }

    /// The entry of `lists` that names `name` (list names match as the store matches them);
    /// nil when the account names no lists or not that one.
    public func entry(naming name: String) -> String? {
        lists.first { SyncEngine.sameName($0, name) }
    }
}
