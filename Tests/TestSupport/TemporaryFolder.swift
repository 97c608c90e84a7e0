import Foundation

/// A fresh folder under the system's temporary folder, removed when the value is released.
/// Each test gets its own, so tests never share a database.
public final class TemporaryFolder: @unchecked Sendable {
    // @unchecked: `path` is immutable after init; nothing else is stored.
    public let path: String

    public init() {
        let base = NSTemporaryDirectory() + "tick-tests-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        path = base
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// A path inside the folder.
    public func file(_ name: String) -> String { path + "/" + name }
}

/// Fixed instants and zones for tests, so nothing depends on the wall clock.
public enum Fixture {
    /// 2026-11-29T12:00:00Z, a Sunday.
    public static let now = Date(timeIntervalSince1970: 1_795_953_600)

    /// The package's root folder, found from this source file's path.
    public static let packageRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// The shared corpus folder (`../shared/corpus` next to the package).
    public static let corpus: String = {
        URL(fileURLWithPath: packageRoot).deletingLastPathComponent().appendingPathComponent("shared/corpus").path
    }()

    /// The files of a corpus subfolder (`ics`, `todotxt`, `taskwarrior`), sorted.
    public static func corpusFiles(_ folder: String) -> [String] {
        let path = corpus + "/" + folder
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.sorted().map { path + "/" + $0 }
    }
}
