import TickModel

/// The syntax of one unfolded content line (RFC 5545 §3.1), checked before libical reads
/// it, so that a line kept verbatim is one every parser reads:
///
///     contentline = name *(";" param) ":" value
///     name        = 1*(ALPHA / DIGIT / "-")
///     param       = param-name "=" param-value *("," param-value)
///     param-value = paramtext / quoted-string   ; no CTL, and no DQUOTE ";" ":" "," unquoted
///     value       = *(WSP / %x21-7E / NON-US-ASCII)  ; no control character but HTAB
///
/// libical reads more than that (it drops a parameter without `=` and keeps the line,
/// and keeps control characters in values); Python's `icalendar` and todoman refuse
/// the whole file for one such line. What can be repaired is: a malformed parameter is
/// left out, control characters are removed from the value. A line whose name is not a
/// name cannot be: it is left out.
enum ICalendarLineSyntax {
    /// What the check made of a line.
    enum Outcome: Equatable {
        /// The line is valid as it is.
        case valid
        /// The line, repaired; `problem` says what was wrong, for a warning; `dropsParameters`
        /// when parameters were left out (which may change what the value means: a `TZID`
        /// written without `TZID=`), a loss (`ImportBatch.losses`).
        case repaired(String, problem: String, dropsParameters: Bool)
        /// The line cannot be repaired; `problem` says why.
        case invalid(problem: String)
    }

    /// Checks `text` (an unfolded line without its line break).
    /// - Complexity: O(n) in the length of the line.
    static func check(_ text: String) -> Outcome {
        if isPlain(text) { return .valid }
        let bytes = Array(text.utf8)
        var nameEnd = 0
        while nameEnd < bytes.count, bytes[nameEnd] != UInt8(ascii: ";"), bytes[nameEnd] != UInt8(ascii: ":") { nameEnd += 1 }
        let name = String(decoding: bytes[0..<nameEnd], as: UTF8.self)
        guard nameEnd > 0, bytes[0..<nameEnd].allSatisfy(isNameByte) else {
            return .invalid(problem: "'\(name)' is not a property name (letters, digits and '-', RFC 5545 §3.1); the line was ignored")
        }
        // Parameters: each from a `;` to the next `;` or `:` outside double quotes.
        var parameters: [ArraySlice<UInt8>] = []
        var index = nameEnd
        var valueStart: Int?
        while index < bytes.count, valueStart == nil {
            if bytes[index] == UInt8(ascii: ":") {
                valueStart = index + 1
                break
            }
            // bytes[index] is `;`: a parameter follows.
            var end = index + 1
            var quoted = false
            while end < bytes.count {
                let byte = bytes[end]
                if byte == UInt8(ascii: "\"") { quoted.toggle() }
                if !quoted, byte == UInt8(ascii: ";") || byte == UInt8(ascii: ":") { break }
                end += 1
            }
            if end == bytes.count {
                // An unclosed quote ran to the end: the value starts at the first colon after
                // the parameter's start, and the parameter is what comes before it.
                guard let colon = bytes[(index + 1)...].firstIndex(of: UInt8(ascii: ":")) else {
                    return .invalid(problem: "this \(name) line has no ':' before its value; the line was ignored")
                }
                parameters.append(bytes[(index + 1)..<colon])
                valueStart = colon + 1
                break
            }
            parameters.append(bytes[(index + 1)..<end])
            index = end
        }
        guard let valueStart else {
            return .invalid(problem: "this \(name) line has no ':' before its value; the line was ignored")
        }
        let badParameters = parameters.filter { !isParameter($0) }
        let value = bytes[valueStart...]
        let hasControls = value.contains(where: isControl)
        guard !badParameters.isEmpty || hasControls else { return .valid }

        var repaired = Array(bytes[0..<nameEnd])
        for parameter in parameters where isParameter(parameter) {
            repaired.append(UInt8(ascii: ";"))
            repaired.append(contentsOf: parameter)
        }
        repaired.append(UInt8(ascii: ":"))
        repaired.append(contentsOf: value.filter { !isControl($0) })
        var problems: [String] = []
        if !badParameters.isEmpty {
            let listed = badParameters.map { "'" + String(decoding: $0, as: UTF8.self) + "'" }.joined(separator: ", ")
            problems.append("the parameter\(badParameters.count == 1 ? "" : "s") \(listed) of this \(name) line "
                            + "\(badParameters.count == 1 ? "is" : "are") not NAME=value (RFC 5545 §3.1) and "
                            + "\(badParameters.count == 1 ? "was" : "were") left out")
        }
        if hasControls {
            problems.append("control characters in this \(name) value (RFC 5545 §3.1 allows none but tab) were removed")
        }
        return .repaired(String(decoding: repaired, as: UTF8.self), problem: problems.joined(separator: "; "),
                         dropsParameters: !badParameters.isEmpty)
    }

    /// The parameters of a valid line, in order: each `NAME=value` as written, and its
    /// name upper-cased.
    /// - Complexity: O(n) in the length of the line.
    static func parameters(_ text: String) -> [(name: String, text: String)] {
        var result: [(name: String, text: String)] = []
        // By scalars: a value may start with a combining mark, one character with the `=`,
        // `;` or `:` before it.
        var current = String.UnicodeScalarView()
        var quoted = false
        var inParameters = false
        for character in text.unicodeScalars {
            if character == "\"" { quoted.toggle() }
            if !quoted, character == ";" || character == ":" {
                if inParameters, let (name, _) = String(current).cut(atFirst: "=") {
                    result.append((name.uppercased(), String(current)))
                }
                if character == ":" { break }
                inParameters = true
                current = String.UnicodeScalarView()
                continue
            }
            if inParameters { current.append(character) }
        }
        return result
    }

    /// The common case, found without copying: a name, parameters `;NAME=value` whose
    /// values have no double quote (so no `;` `:` or control character either), a value
    /// without control characters. Such a line is `.valid`; any other is checked in full.
    private static func isPlain(_ text: String) -> Bool {
        // Read as contiguous bytes: the writer checks every line it writes.
        if let plain = text.utf8.withContiguousStorageIfAvailable(isPlain) { return plain }
        return Array(text.utf8).withUnsafeBufferPointer { isPlain($0) }
    }

    /// `isPlain` of a line's UTF-8 bytes: true only for lines `check` finds `.valid`.
    static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        enum Part { case name, parameterName, parameterValue, value }
        var part = Part.name
        var length = 0
        for byte in bytes {
            switch part {
            case .name, .parameterValue:
                if byte == UInt8(ascii: ":") || byte == UInt8(ascii: ";") {
                    if part == .name, length == 0 { return false }
                    part = byte == UInt8(ascii: ":") ? .value : .parameterName
                    length = 0
                } else if part == .name {
                    guard isNameByte(byte) else { return false }
                    length += 1
                } else if isControl(byte) || byte == UInt8(ascii: "\"") {
                    return false
                }
            case .parameterName:
                if byte == UInt8(ascii: "=") {
                    guard length > 0 else { return false }
                    part = .parameterValue
                } else {
                    guard isNameByte(byte) else { return false }
                    length += 1
                }
            case .value:
                if isControl(byte) { return false }
            }
        }
        return part == .value
    }

    /// ALPHA, DIGIT or `-`.
    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
    }

    /// A control character RFC 5545 does not allow (CTL but HTAB).
    private static func isControl(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != 0x09) || byte == 0x7F
    }

    /// Whether `parameter` (without its `;`) is `name=value[,value…]`, each value
    /// paramtext or a quoted string.
    private static func isParameter(_ parameter: ArraySlice<UInt8>) -> Bool {
        guard let equals = parameter.firstIndex(of: UInt8(ascii: "=")), equals > parameter.startIndex,
              parameter[parameter.startIndex..<equals].allSatisfy(isNameByte) else { return false }
        var index = equals + 1
        while true {
            if index < parameter.endIndex, parameter[index] == UInt8(ascii: "\"") {
                guard let close = parameter[(index + 1)...].firstIndex(of: UInt8(ascii: "\"")),
                      !parameter[(index + 1)..<close].contains(where: isControl) else { return false }
                index = close + 1
            } else {
                while index < parameter.endIndex, parameter[index] != UInt8(ascii: ",") {
                    let byte = parameter[index]
                    if isControl(byte) || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: ";") || byte == UInt8(ascii: ":") {
                        return false
                    }
                    index += 1
                }
            }
            if index == parameter.endIndex { return true }
            guard parameter[index] == UInt8(ascii: ",") else { return false }
            index += 1
        }
    }
}
