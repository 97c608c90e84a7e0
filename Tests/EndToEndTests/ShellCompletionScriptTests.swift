import Foundation
import Testing
import TestSupport

/// The completion scripts run in the real shells against the built `tick`: bash through
/// its programmable completion variables, fish through `complete -C`, zsh with its
/// completion functions stood in for (zsh offers no way to complete outside a terminal).
@Suite("Shell completion scripts in bash, zsh and fish")
struct ShellCompletionScriptTests {
    /// A folder with `tick` on its own, a database with two lists and three reminders, and
    /// the script of `shell`.
    struct Setup {
        let folder = TemporaryFolder()
        let runner: BinaryRunner
        let script: String
        var environment: [String: String]

        init(shell: String) throws {
            runner = BinaryRunner(database: folder.file("tick.sqlite3"))
            let executable = try #require(BinaryRunner.executable, "build the tick executable first")
            let bin = folder.file("bin")
            try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: bin + "/tick", withDestinationPath: executable)
            try runner.run("lists", "add", "Work Stuff")
            try runner.run("add", "Buy milk")
            try runner.run("add", "우유 사기")
            try runner.run("add", "Call mom", "--list", "Work Stuff")
            script = folder.file("tick-completion")
            try runner.run("completion", shell).output.write(toFile: script, atomically: true, encoding: .utf8)
            environment = runner.environment
            environment["PATH"] = bin + ":/usr/bin:/bin"
            environment["HOME"] = folder.path
            environment["XDG_CONFIG_HOME"] = folder.file("config")
            environment["XDG_DATA_HOME"] = folder.file("data")
        }

        func run(_ shell: String, _ arguments: [String]) throws -> String {
            let result = try ChildProcess.run(shell, arguments, environment: environment)
            #expect(result.status == 0, "\(shell): \(result.errors)")
            return result.output
        }
    }

    static func installed(_ shell: String) -> Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/" + shell) }

    @Test("bash: COMPREPLY for commands, list names with spaces, numbers, --due=…, files",
          .enabled(if: installed("bash"), "bash is not installed"))
    func bash() throws {
        let setup = try Setup(shell: "bash")
        func complete(_ words: [String]) throws -> [String] {
            let quoted = words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
            let body = "cd '\(setup.folder.path)'; source '\(setup.script)'; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _tick; printf '%s\\n' \"${COMPREPLY[@]}\""
            return try setup.run("/usr/bin/bash", ["-c", body]).split(separator: "\n").map(String.init)
        }
        #expect(try complete(["tick", "lis"]) == ["list", "lists"])
        #expect(try complete(["tick", "lists", "color", "W"]) == ["Work\\ Stuff"])
        #expect(try complete(["tick", "done", ""]) == ["1", "2", "3"])
        #expect(try complete(["tick", "add", "x", "--due", "=", "tom"]) == ["tomorrow"])
        #expect(try complete(["tick", "add", "x", "--priority", "m"]) == ["medium"])
        let files = try complete(["tick", "import", ""])
        #expect(files.contains("tick.sqlite3") && files.contains("bin"))
    }

    @Test("fish: complete -C gives values with descriptions", .enabled(if: installed("fish"), "fish is not installed"))
    func fish() throws {
        let setup = try Setup(shell: "fish")
        let output = try setup.run("/usr/bin/fish", ["--no-config", "-c",
                                                     "source '\(setup.script)'; complete -C 'tick lists color '; complete -C 'tick done '"])
        #expect(output == "Reminders\t2 open\nWork Stuff\t1 open\n1\tBuy milk\n2\t우유 사기\n3\tCall mom\n")
    }

    @Test("zsh: the script reads, and hands _describe the values with their descriptions",
          .enabled(if: installed("zsh"), "zsh is not installed"))
    func zsh() throws {
        let setup = try Setup(shell: "zsh")
        _ = try setup.run("/usr/bin/zsh", ["-n", setup.script])
        // Stand-ins for the completion system's functions: print what they are given.
        let body = """
            compdef() { :; }
            _describe() { print -rl -- "${(@P)4}"; }
            _files() { print -r -- FILES; }
            source '\(setup.script)'
            words=(tick lists color ''); CURRENT=4; _tick
            words=(tick import ''); CURRENT=3; _tick
            """
        let output = try setup.run("/usr/bin/zsh", ["-f", "-c", body])
        #expect(output == "Reminders:2 open\nWork Stuff:1 open\nFILES\n")
    }
}

/// `tick help --man`: the manual page from the command definitions and the README.
@Suite("The manual page")
struct ManualPageTests {
    @Test("groff reads it without a warning, and it holds every command and the README's sections",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/groff"), "groff is not installed"))
    func manualPage() throws {
        let folder = TemporaryFolder()
        let runner = BinaryRunner(database: folder.file("tick.sqlite3"))
        let page = try runner.run("help", "--man", "--readme", Fixture.packageRoot + "/README.md")
        #expect(page.status == 0, "\(page.errors)")
        let source = folder.file("tick.1")
        try page.output.write(toFile: source, atomically: true, encoding: .utf8)
        let checked = try ChildProcess.run("/usr/bin/groff", ["-k", "-man", "-Tutf8", "-ww", "-z", source], environment: ["PATH": "/usr/bin:/bin"])
        #expect(checked.status == 0)
        #expect(checked.errors == "", "groff warned: \(checked.errors)")
        let rendered = try ChildProcess.run("/usr/bin/groff", ["-k", "-man", "-Tutf8", "-P", "-c", source],
                                            environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]).output
        // Bold and underlining are drawn with backspaces; read the letters.
        let text = rendered.replacingOccurrences(of: ".\u{8}", with: "", options: .regularExpression)
        for heading in ["NAME", "SYNOPSIS", "COMMANDS", "DATES", "JSON OUTPUT", "ENVIRONMENT"] {
            #expect(page.output.contains(".SH \(heading)"), "no section \(heading)")
        }
        for command in ["tick add", "tick lists color", "tick sync add", "tick completion bash", "tick serve"] {
            #expect(page.output.contains(".SS \"\(command)\""), "no entry for \(command)")
        }
        #expect(page.output.contains("\\fB\\-d\\fR, \\fB\\-\\-due\\fR \\fIdate\\fR"))
        #expect(text.contains("다음 주 금요일"))
        #expect(text.contains("DATES") && text.contains("tick lists color"))
        #expect(text.contains("TICK_SERVE_TOKEN"))
        // No line of Markdown table syntax is left.
        #expect(!page.output.split(separator: "\n").contains { $0.hasPrefix("|") })
        let bad = try runner.run("help", "--man", "--readme", folder.file("missing.md"))
        #expect(bad.status == 1 && bad.errors.contains("--readme: cannot read"))
    }
}
