import Foundation
import Testing
@testable import TickCLI
import TickStore

@Suite("Escapes of shell words and roff text")
struct EscapesTests {
    @Test("a word quoted for the shell reads back as itself in /bin/sh, a quote followed by a combining mark too",
          arguments: ["plain", "two words", "it's", "it'\u{301}s", "'", "$HOME `x` \"q\"", "한글 제목", ""])
    func shellWords(word: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "printf %s " + ShellWords.quoted(word)]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(String(decoding: data, as: UTF8.self) == word, "\(ShellWords.quoted(word))")
    }

    @Test("roff: every backslash and, in option text, every minus is escaped, also before a combining mark")
    func roff() {
        #expect(ManPage.escaped("a\\\u{301}b") == "a\\e\u{301}b")
        #expect(ManPage.escaped("--due -\u{301}", dashes: true) == "\\-\\-due \\-\u{301}")
        #expect(ManPage.escaped("--due") == "--due")
    }
}

/// What a user reads for a damaged database.
@Suite("Store error messages")
struct StoreErrorMessageTests {
    /// A tester: the advice, `sqlite3 FILE 'PRAGMA integrity_check'`, fails on every Tick
    /// database ("unknown function: tick_search_text()"): its indexes use Tick's functions.
    @Test("a damaged database's message says how to save what can be read, with Tick's own commands")
    func damaged() {
        let text = StoreErrorMessage.text(for: StoreError(kind: .damaged, message: "database disk image is malformed"))
        #expect(text.hasPrefix("the database is damaged (database disk image is malformed); nothing was changed"))
        #expect(text.contains("tick export --salvage") && text.contains("tick import") && !text.contains("sqlite3"), "\(text)")
        #expect(text.contains("'tick check' says where") && text.contains("'tick check --repair' rebuilds it"), "\(text)")
    }
}
