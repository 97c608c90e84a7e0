import Foundation
import Testing
import TestSupport
import TickSync

/// The sync settings file is read as strictly as every other JSON file Tick reads (RFC
/// 8259): Foundation's decoder on Linux takes trailing commas, which made a hand-edited
/// `sync.json` the one file where `{"a": 1,}` passed.
@Suite("sync.json is strict JSON, and a refusal says at which byte")
struct SyncSettingsJSONTests {
    @Test("a trailing comma in an array or an object is refused with its byte; the same file without it reads", arguments: [
        (#"{"accounts": [{"name": "home", "url": "http://127.0.0.1:1/"},]}"#, "unexpected character, at byte 62"),
        (#"{"accounts": [{"name": "home", "url": "http://127.0.0.1:1/",}]}"#, "expected a key, at byte 61"),
    ])
    func trailingComma(text: String, message: String) throws {
        let folder = TemporaryFolder()
        let path = folder.file("sync.json")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let error = #expect(throws: SyncError.self) { try SyncSettings.load(from: path) }
        #expect(error?.description == "the sync settings \(path) are not valid JSON (\(message))")
        try text.replacingOccurrences(of: ",]", with: "]").replacingOccurrences(of: ",}", with: "}")
            .write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try SyncSettings.load(from: path).accounts.map(\.name) == ["home"])
    }
}
