import Foundation
import TickModel

/// The manual page tick(1) in roff with the man macros (man(7)), written from the same
/// command definitions as the help, plus the Dates, JSON output and Environment sections
/// of the README when its text is given (`tick help --man --readme README.md`).
enum ManPage {
    /// The README sections the page carries, by their heading, with the section title
    /// they get in the page.
    static let readmeSections = [("### Dates", "DATES"), ("### JSON output", "JSON OUTPUT"), ("### Environment", "ENVIRONMENT")]

    /// The whole page.
    /// - Parameter readme: the README's Markdown text, or nil to leave its sections out
    ///   (the page then points to it).
    static func page(readme: String?) -> String {
        var lines = [
            ".TH TICK 1 \"\" \"tick \(TickRunner.version)\" \"User Commands\"",
            ".SH NAME",
            "tick \\- keep reminders: lists, due dates, priorities and flags, in a local SQLite database",
            ".SH SYNOPSIS",
            ".B tick",
            "[\\fB\\-\\-db\\fR \\fIpath\\fR] \\fIcommand\\fR [\\fIarguments\\fR] [\\fIoptions\\fR]",
            ".SH DESCRIPTION",
            text("Tick keeps reminders in lists with a name and a color, with due dates, notes, priorities, flags and a "
                 + "manual order, in an embedded SQLite database. Every command below takes --db PATH and --help; "
                 + "'tick help COMMAND' shows the same text as this page."),
            ".SH COMMANDS",
        ]
        func describe(_ command: any Command.Type, path: [String]) {
            let configuration = command.configuration
            let commandPath = (path + [configuration.name]).joined(separator: " ")
            lines.append(".SS \"\(escaped("tick " + commandPath))\"")
            let definitions = HelpGenerator.allDefinitions(of: command)
            if configuration.subcommands.isEmpty {
                lines.append(".B " + escaped(HelpGenerator.usageLine(commandPath: commandPath, definitions: definitions)))
                lines.append(".PP")
            }
            lines.append(text(configuration.abstract))
            if !configuration.aliases.isEmpty {
                lines.append(".PP")
                lines.append(text("Also: " + configuration.aliases.map { "tick " + (path + [$0]).joined(separator: " ") }.joined(separator: ", ") + "."))
            }
            if !configuration.discussion.isEmpty {
                lines += [".PP", ".nf"] + configuration.discussion.split(separator: "\n", omittingEmptySubsequences: false)
                    .map { verbatim(String($0)) } + [".fi"]
            }
            if configuration.subcommands.isEmpty {
                for definition in definitions where definition.key != "db" && definition.key != "help" {
                    lines += [".TP", label(definition), text(definition.help)]
                }
            } else {
                for subcommand in configuration.subcommands {
                    describe(subcommand, path: path + [configuration.name])
                }
            }
        }
        for command in TickRunner.commands { describe(command, path: []) }
        if let readme {
            for (heading, title) in readmeSections {
                guard let body = section(heading, of: readme) else { continue }
                lines += [".SH \(title)"] + fromMarkdown(body)
            }
        } else {
            lines += [".SH DATES", text("The date words --due, --start and --remind take are in the README, under 'Dates'.")]
        }
        lines += [".SH SEE ALSO", text("The README of Tick: its commands, dates, import and export formats, sync and the web app.")]
        return lines.joined(separator: "\n") + "\n"
    }

    /// `-d, --due date` in bold and italics.
    private static func label(_ definition: ArgumentDefinition) -> String {
        switch definition.kind {
        case .positional: return "\\fI" + escaped(definition.valueName) + "\\fR"
        case .option, .flag:
            var text = definition.shortName.map { "\\fB\\-\($0)\\fR, " } ?? ""
            text += "\\fB\\-\\-" + escaped(definition.key) + "\\fR"
            if case .option = definition.kind { text += " \\fI" + escaped(definition.valueName) + "\\fR" }
            return text
        }
    }

    /// The lines of the Markdown section under `heading` (a line of its own), up to the
    /// next heading of the same or a higher level.
    static func section(_ heading: String, of markdown: String) -> String? {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0 == heading }) else { return nil }
        let level = heading.prefix(while: { $0 == "#" }).count
        var end = start + 1
        while end < lines.count {
            let line = lines[end]
            let hashes = line.prefix(while: { $0 == "#" }).count
            if hashes > 0, hashes <= level, line.dropFirst(hashes).first == " " { break }
            end += 1
        }
        return lines[(start + 1)..<end].joined(separator: "\n")
    }

    /// Markdown as the README writes it — paragraphs, fenced code, tables, bullet lists,
    /// `####` headings, inline code, bold and links — in man macros. Table rows become
    /// tagged paragraphs: the first cell, then the others after a dash.
    static func fromMarkdown(_ markdown: String) -> [String] {
        var lines: [String] = []
        var inFence = false
        var paragraphOpen = false
        var lastRowStart: Int?
        func breakParagraph() {
            if paragraphOpen || lines.last.map({ !$0.hasPrefix(".") }) == true { lines.append(".PP") }
            paragraphOpen = false
        }
        for raw in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if raw.hasPrefix("```") {
                if inFence {
                    lines += [".fi", ".RE"]
                } else {
                    breakParagraph()
                    lines += [".RS 4", ".nf"]
                }
                inFence.toggle()
                continue
            }
            if inFence {
                lines.append(verbatim(raw))
                continue
            }
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty {
                if paragraphOpen { lines.append(".PP") }
                paragraphOpen = false
                continue
            }
            if line.hasPrefix("#") {
                lines.append(".SS \"" + escaped(String(line.drop(while: { $0 == "#" }).drop(while: { $0 == " " }))) + "\"")
                paragraphOpen = false
                continue
            }
            if line.hasPrefix("|") {
                let cells = tableCells(line)
                if cells.allSatisfy({ $0.allSatisfy { "-: ".contains($0) } }) {
                    // The separator row: the row before it named the columns, which the
                    // tagged paragraphs do not need.
                    if let header = lastRowStart { lines.removeSubrange(header...) }
                    continue
                }
                lastRowStart = lines.count
                lines += [".TP", inline(cells.first ?? ""),
                          cells.dropFirst().filter { !$0.isEmpty }.map(inline).joined(separator: " \\(em ")]
                // Ends at the next blank line like a paragraph, so the text after the
                // table is not read as part of its last row.
                paragraphOpen = true
                continue
            }
            if line.hasPrefix("- ") {
                lines += [".IP \\(bu 2", inline(String(line.dropFirst(2)))]
                paragraphOpen = true
                continue
            }
            if !paragraphOpen, lines.last == ".fi" || lines.last == ".RE" || lines.last?.hasPrefix(".SH") == true {
                lines.append(".PP")
            }
            lines.append(inline(line))
            paragraphOpen = true
        }
        if inFence { lines += [".fi", ".RE"] }
        return lines
    }

    /// The cells of a table row, split at `|` outside code spans.
    private static func tableCells(_ line: String) -> [String] {
        var cells: [String] = []
        var cell = ""
        var inCode = false
        for character in line.dropFirst() {
            if character == "`" { inCode.toggle() }
            if character == "|", !inCode {
                cells.append(cell.trimmingCharacters(in: .whitespaces))
                cell = ""
            } else {
                cell.append(character)
            }
        }
        if !cell.trimmingCharacters(in: .whitespaces).isEmpty { cells.append(cell.trimmingCharacters(in: .whitespaces)) }
        return cells
    }

    /// A line of running text: code spans and bold in bold, links as their text.
    static func inline(_ markdown: String) -> String {
        var output = ""
        var rest = Substring(markdown)
        while let character = rest.first {
            if character == "`", let close = rest.dropFirst().firstIndex(of: "`") {
                output += "\\fB" + escaped(String(rest[rest.index(after: rest.startIndex)..<close]), dashes: true) + "\\fR"
                rest = rest[rest.index(after: close)...]
            } else if rest.hasPrefix("**"), let close = rest.dropFirst(2).range(of: "**") {
                output += "\\fB" + escaped(String(rest[rest.index(rest.startIndex, offsetBy: 2)..<close.lowerBound])) + "\\fR"
                rest = rest[close.upperBound...]
            } else if character == "[", let middle = rest.range(of: "]("), let close = rest[middle.upperBound...].firstIndex(of: ")") {
                output += escaped(String(rest[rest.index(after: rest.startIndex)..<middle.lowerBound]))
                rest = rest[rest.index(after: close)...]
            } else {
                output += escaped(String(character))
                rest = rest.dropFirst()
            }
        }
        return lineStart(output)
    }

    /// Running text with roff's special characters escaped.
    static func text(_ plain: String) -> String { lineStart(escaped(plain)) }

    /// A line of a no-fill block, as typed.
    private static func verbatim(_ line: String) -> String { lineStart(escaped(line, dashes: true)) }

    /// `\` as `\e`; with `dashes`, `-` as `\-` (a minus that copies as one, for options).
    static func escaped(_ text: String, dashes: Bool = false) -> String {
        text.replacingScalars(dashes ? ["\\": "\\e", "-": "\\-"] : ["\\": "\\e"])
    }

    /// A line that would start with `.` or `'` (a request to roff) made plain text.
    private static func lineStart(_ line: String) -> String {
        line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : line
    }
}
