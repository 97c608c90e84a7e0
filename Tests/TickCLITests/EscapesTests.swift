import Foundation
import Testing
@testable import TickCLI

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
