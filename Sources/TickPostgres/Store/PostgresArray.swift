/// Array literals in PostgreSQL's text format
/// (https://www.postgresql.org/docs/current/arrays.html#ARRAYS-IO), for a list of values
/// sent as one parameter (`unnest($2::text[])`, `= ANY($2::bigint[])`).
enum PostgresArray {
    /// `{"a","b \"c\""}`: every element double-quoted, `"` and `\` escaped with `\`.
    static func text(_ elements: [String]) -> String {
        var literal = "{"
        for (index, element) in elements.enumerated() {
            if index > 0 { literal += "," }
            literal += "\""
            for character in element.unicodeScalars {
                if character == "\"" || character == "\\" { literal += "\\" }
                literal.unicodeScalars.append(character)
            }
            literal += "\""
        }
        return literal + "}"
    }

    /// The elements of a one-dimensional array literal as PostgreSQL writes it (`{}`,
    /// `{a,"b c",NULL}`: an element is double-quoted when it holds a space, a comma, a brace,
    /// a quote or a backslash, which are then escaped with `\`; an unquoted `NULL` is SQL
    /// NULL); nil for text of any other shape (a nested array, bounds `[1:2]={…}`).
    static func elements(_ literal: String) -> [String?]? {
        var bytes = Array(literal.utf8)[...]
        guard bytes.first == UInt8(ascii: "{"), bytes.last == UInt8(ascii: "}") else { return nil }
        bytes = bytes.dropFirst().dropLast()
        if bytes.isEmpty { return [] }
        var elements: [String?] = []
        var index = bytes.startIndex
        while true {
            var element: [UInt8] = []
            var quoted = false
            if index < bytes.endIndex, bytes[index] == UInt8(ascii: "\"") {
                quoted = true
                index += 1
                while true {
                    guard index < bytes.endIndex else { return nil }
                    var byte = bytes[index]
                    index += 1
                    if byte == UInt8(ascii: "\"") { break }
                    if byte == UInt8(ascii: "\\") {
                        guard index < bytes.endIndex else { return nil }
                        byte = bytes[index]
                        index += 1
                    }
                    element.append(byte)
                }
            } else {
                while index < bytes.endIndex, bytes[index] != UInt8(ascii: ",") {
                    let byte = bytes[index]
                    if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "\"") { return nil }
                    element.append(byte)
                    index += 1
                }
                guard !element.isEmpty else { return nil }
            }
            let text = String(decoding: element, as: UTF8.self)
            elements.append(!quoted && text.uppercased() == "NULL" ? nil : text)
            if index == bytes.endIndex { return elements }
            guard bytes[index] == UInt8(ascii: ",") else { return nil }
            index += 1
        }
    }
}
