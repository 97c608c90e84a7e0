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

    /// Appends `tag` to `tags` unless it is there already (ASCII case ignored).
    public static func append(_ tag: String, to tags: inout [String]) {
        if !contains(tags, tag) { tags.append(tag) }
    }
}
