/// The first line of bytes a password is read from (standard input, a password
/// command's output), without its line end (LF or CR LF).
///
/// Split as bytes, never as a `String` at `"\n"`: Swift reads CR LF as one `Character`,
/// so `"secret\r\n".split(separator: "\n")` does not split, and the CR and LF would
/// become part of the password.
struct SecretLine {
    /// The line's bytes, without the line end.
    let bytes: [UInt8]
    /// Whether anything follows the first line end (a second line).
    let hasMoreLines: Bool

    init(_ data: some Collection<UInt8>) {
        let all = Array(data)
        let end = all.firstIndex(of: UInt8(ascii: "\n")) ?? all.count
        var line = all[..<end]
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        bytes = Array(line)
        hasMoreLines = end + 1 < all.count
    }

    /// The line as UTF-8 text, nil when it is not UTF-8.
    var text: String? { String(validating: bytes, as: UTF8.self) }
}
