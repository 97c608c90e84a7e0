import Foundation

/// The one rule for tags a user types, shared by every way in (the CLI's `--tag`, the
/// server's `tags`, tag edits): trimmed, one leading `#` or `@` dropped, never blank, each
/// tag once with ASCII case ignored (`Home` and `home` are one tag).
public enum TagNames {
    /// `text` trimmed, without one leading `#` or `@` and the white space after it;
    /// `nil` when nothing visible is left.
    public static func cleaned(_ text: String) -> String? {
        var tag = text.trimmingWhiteSpace()
        if tag.hasPrefix("#") || tag.hasPrefix("@") { tag = String(tag.dropFirst()).trimmingWhiteSpace() }
        return tag.isBlank ? nil : tag
    }

    /// Whether `tags` holds `tag`, ASCII case ignored.
    public static func contains(_ tags: [String], _ tag: String) -> Bool {
        let key = tag.lowercased()
        return tags.contains { $0.lowercased() == key }
    }

    /// `tag` as listings show it: `#garden`, and in double quotes when it holds white
    /// space, a `#` or a quote, so that where one tag ends is never in doubt
    /// (`#"garden work"`, `#"say \"hi\""`).
    public static func shown(_ tag: String) -> String {
        let plain = !tag.contains { $0.isWhitespace || $0 == "#" || $0 == "\"" || $0 == "\\" }
        if plain { return "#" + tag }
        return "#\"" + tag.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// Appends `tag` to `tags` unless it is there already (ASCII case ignored).
    public static func append(_ tag: String, to tags: inout [String]) {
        if !contains(tags, tag) { tags.append(tag) }
    }
}
