import Foundation

/// The one rule for tags a user types, shared by every way in (the CLI's `--tag`, the
/// server's `tags`, tag edits): trimmed, the leading `#` and `@` dropped, never blank, each
/// tag once with ASCII case ignored (`Home` and `home` are one tag).
public enum TagNames {
    /// `text` trimmed, without its leading `#` and `@` marks and the white space after
    /// each; `nil` when nothing visible is left. Cleaning a cleaned tag leaves it as it is
    /// (`# # x` is `x`, not `# x`, which would become `x` when sent back).
    public static func cleaned(_ text: String) -> String? {
        var tag = text.trimmingWhiteSpace()
        while tag.hasPrefix("#") || tag.hasPrefix("@") { tag = String(tag.dropFirst()).trimmingWhiteSpace() }
        return tag.isBlank ? nil : tag
    }

    /// Whether `tags` holds `tag`, ASCII case ignored.
    public static func contains(_ tags: [String], _ tag: String) -> Bool {
        let key = tag.lowercased()
        return tags.contains { $0.lowercased() == key }
    }

    /// `tag` as listings show it: `#garden`, and in double quotes when it holds white
    /// space, a comma, a `#` or a quote, so that where one tag ends is never in doubt
    /// (`#"garden work"`, `#"say \"hi\""`, `#"a,b"`: `parsedList` splits at commas, and a
    /// tester's tag `a,b` became two tags when the UI's tags field was saved).
    public static func shown(_ tag: String) -> String {
        // Visible ASCII but `#`, `"`, `\` and `,`, the common tag: no scalar properties to look up.
        if tag.utf8.allSatisfy(isShownAsIs) { return "#" + tag }
        let plain = !tag.unicodeScalars.contains { $0.properties.isWhitespace || $0 == "#" || $0 == "\"" || $0 == "\\" || $0 == "," }
        if plain { return "#" + tag }
        return "#" + SearchQuery.quoted(tag)
    }

    /// Appends `shown(tag)` for the tag whose UTF-8 bytes are `tag` and returns true when
    /// it is the common tag, visible ASCII but `#`, `"`, `\` and `,` (`#` and the tag); returns
    /// false, with nothing appended, for any other (show it with `shown(_:)`).
    public static func appendShown(utf8 tag: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) -> Bool {
        guard tag.allSatisfy(isShownAsIs) else { return false }
        out.append(UInt8(ascii: "#"))
        out.append(contentsOf: tag)
        return true
    }

    /// Whether a byte of a tag is shown as it is: visible ASCII but `#`, `"`, `\` and `,`.
    private static func isShownAsIs(_ byte: UInt8) -> Bool {
        byte > 0x20 && byte < 0x7F && byte != 0x23 && byte != 0x22 && byte != 0x5C && byte != 0x2C
    }

    /// `tags` as one line a person edits: each `shown`, separated by spaces
    /// (`#garden #"garden work"`); `parsedList` reads it back to the same tags.
    public static func shownList(_ tags: [String]) -> String {
        tags.map(shown).joined(separator: " ")
    }

    /// The tags of a line a person typed: words separated by white space or commas, each
    /// with an optional leading `#` or `@`; a tag with spaces in double quotes
    /// (`#"garden work"`, a quote or backslash inside escaped with a backslash). Each tag
    /// once (ASCII case ignored), in the order typed.
    /// - Throws: `ModelError.invalidTags` for a quote that is not closed.
    public static func parsedList(_ text: String) throws(ModelError) -> [String] {
        var tags: [String] = []
        var characters = Substring(text)
        while let first = characters.first {
            if first.isWhitespace || first == "," {
                characters.removeFirst()
                continue
            }
            var word = ""
            if first == "#" || first == "@" { characters.removeFirst() }
            if characters.first == "\"" {
                // Quoted: the tag is what the quotes hold (a `#` in it is part of it).
                characters.removeFirst()
                var closed = false
                while let character = characters.popFirst() {
                    if character == "\\", let next = characters.popFirst() {
                        word.append(next)
                    } else if character == "\"" {
                        closed = true
                        break
                    } else {
                        word.append(character)
                    }
                }
                guard closed else { throw .invalidTags("a quote in '\(text)' is not closed") }
                let tag = word.trimmingWhiteSpace()
                if !tag.isBlank { append(tag, to: &tags) }
                continue
            } else {
                while let character = characters.first, !character.isWhitespace, character != "," {
                    word.append(character)
                    characters.removeFirst()
                }
            }
            if let tag = cleaned(word) { append(tag, to: &tags) }
        }
        return tags
    }

    /// Appends `tag` to `tags` unless it is there already (ASCII case ignored).
    public static func append(_ tag: String, to tags: inout [String]) {
        if !contains(tags, tag) { tags.append(tag) }
    }
}
