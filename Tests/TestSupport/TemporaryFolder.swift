import Foundation
import Synchronization

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

    /// The corpus of real files written by other programs: `$TICK_CORPUS` (absolute, or
    /// relative to the package's root), else `../shared/corpus` next to the package. It
    /// stays outside the repository; a clone without it skips the tests that read it.
    public static let corpus: String = {
        let root = URL(fileURLWithPath: packageRoot)
        guard let given = corpusSetting else {
            return root.deletingLastPathComponent().appendingPathComponent("shared/corpus").standardizedFileURL.path
        }
        return given.hasPrefix("/") ? given : root.appendingPathComponent(given).standardizedFileURL.path
    }()

    /// `TICK_CORPUS` as set, nil when unset or empty (as the corpus folder reads it): set, the corpus is required (CI sets it).
    public static let corpusSetting = ProcessInfo.processInfo.environment["TICK_CORPUS"].flatMap { $0.isEmpty ? nil : $0 }

    /// Whether the corpus folder is there.
    public static let hasCorpus: Bool = {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: corpus, isDirectory: &isFolder) && isFolder.boolValue
    }()

    private static let skippedCorpusCount = Mutex(0)

    /// For `.enabled(if: Fixture.needsCorpus())` on every test that reads the corpus:
    /// whether it can run. Each call for a missing corpus is counted, so that one line can
    /// say how many tests were skipped (``skippedCorpusTests``).
    public static func needsCorpus() -> Bool {
        if !hasCorpus { skippedCorpusCount.withLock { $0 += 1 } }
        return hasCorpus
    }

    /// How many tests ``needsCorpus()`` turned away (known once the tests are planned).
    public static var skippedCorpusTests: Int { skippedCorpusCount.withLock { $0 } }

    /// The files of a corpus subfolder (`ics`, `todotxt`, `taskwarrior`), sorted.
    public static func corpusFiles(_ folder: String) -> [String] {
        let path = corpus + "/" + folder
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.sorted().map { path + "/" + $0 }
    }
}
