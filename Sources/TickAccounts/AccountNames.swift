import TickModel

/// The rules for the names a user signs in with and names devices by.
public enum AccountNames {
    /// The longest user name, in characters.
    public static let maximumUserNameLength = 64
    /// The longest device name, in characters.
    public static let maximumDeviceNameLength = 100
    /// The longest password, in UTF-8 bytes.
    public static let maximumPasswordBytes = 1_024

    /// `text` as a user name: 1 to 64 of the ASCII letters and digits and `. _ - @ +`
    /// (so that an e-mail address works, and the name is safe in HTTP Basic credentials,
    /// where `:` ends it, and in URL paths). Unique regardless of case.
    /// - Throws: `AccountError.invalidUserName` saying what is wrong.
    public static func userName(_ text: String) throws(AccountError) -> String {
        guard !text.isEmpty else { throw .invalidUserName("the user name is empty") }
        guard text.count <= maximumUserNameLength else {
            throw .invalidUserName("the user name is longer than \(maximumUserNameLength) characters")
        }
        if let bad = text.unicodeScalars.first(where: { !isUserNameCharacter($0) }) {
            let shown = bad.properties.generalCategory == .control || bad == " " ? "U+" + String(bad.value, radix: 16, uppercase: true) : String(bad)
            throw .invalidUserName("the user name may hold only the letters A to Z, digits and . _ - @ +; '\(shown)' is not allowed")
        }
        return text
    }

    /// `text` trimmed as a device name: not blank (the model's rule, `isBlank`), at most 100 characters, no control
    /// characters.
    /// - Throws: `AccountError.invalidDeviceName` saying what is wrong.
    public static func deviceName(_ text: String) throws(AccountError) -> String {
        let trimmed = text.trimmingWhiteSpace()
        guard !trimmed.isBlank else { throw .invalidDeviceName("the device name is blank") }
        guard trimmed.count <= maximumDeviceNameLength else {
            throw .invalidDeviceName("the device name is longer than \(maximumDeviceNameLength) characters")
        }
        guard !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .invalidDeviceName("the device name holds a control character")
        }
        return trimmed
    }

    /// Checks a password a person chose: not empty, not only white space or invisible
    /// characters (the model's `isBlank`), at most 1,024
    /// bytes. It is taken as given otherwise (no trimming: spaces may be part of it).
    /// - Throws: `AccountError.invalidPassword` saying what is wrong.
    public static func checkPassword(_ password: String) throws(AccountError) {
        guard !password.isEmpty else { throw .invalidPassword("the password is empty") }
        guard !password.isBlank else {
            throw .invalidPassword("the password is only white space")
        }
        guard password.utf8.count <= maximumPasswordBytes else {
            throw .invalidPassword("the password is longer than \(maximumPasswordBytes) bytes")
        }
        // No client can send it (the server refuses a credential holding one: a tester made a
        // user who could never sign in).
        guard !password.utf8.contains(0) else { throw .invalidPassword("the password holds a NUL character") }
    }

    private static func isUserNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", ".", "_", "-", "@", "+": return true
        default: return false
        }
    }
}
