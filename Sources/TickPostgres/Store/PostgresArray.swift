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
}
