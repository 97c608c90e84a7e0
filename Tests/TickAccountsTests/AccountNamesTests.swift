import Testing
import TickAccounts

@Suite("Names and passwords a user gives")
struct AccountNamesTests {
    @Test("user names: ASCII letters, digits and . _ - @ +", arguments: ["ann", "Ann.Lee", "ann+tick@example.org", "a_b-c", String(repeating: "a", count: 64)])
    func goodNames(name: String) throws {
        #expect(try AccountNames.userName(name) == name)
    }

    @Test("other user names are refused with the reason", arguments: [
        ("", "the user name is empty"),
        ("ann lee", "'U+20' is not allowed"),
        ("ann:lee", "':' is not allowed"),
        ("ann/lee", "'/' is not allowed"),
        ("änn", "'ä' is not allowed"),
        ("ann\u{7}", "'U+7' is not allowed"),
        (String(repeating: "a", count: 65), "longer than 64 characters"),
    ])
    func badNames(name: String, reason: String) {
        let error = #expect(throws: AccountError.self) { try AccountNames.userName(name) }
        #expect(error?.description.contains(reason) == true, "\(String(describing: error))")
    }

    @Test("passwords: empty, white space only and invisible only are refused; spaces inside are kept", arguments: [
        ("", "the password is empty"), ("   ", "the password is only white space"), ("\u{3000}\u{200B}\t", "the password is only white space"),
        (String(repeating: "x", count: 1_025), "longer than 1024 bytes"),
    ])
    func badPasswords(password: String, reason: String) {
        let error = #expect(throws: AccountError.self) { try AccountNames.checkPassword(password) }
        #expect(error?.description == reason || error?.description.contains(reason) == true)
    }

    @Test("a password with spaces around it is taken as it is")
    func spacedPassword() throws {
        try AccountNames.checkPassword(" two words ")
    }

    @Test("device names are trimmed; blank and control characters are refused")
    func devices() throws {
        #expect(try AccountNames.deviceName("  iPhone 15 ") == "iPhone 15")
        #expect(throws: AccountError.invalidDeviceName("the device name is blank")) { try AccountNames.deviceName(" \u{200B} ") }
        #expect(throws: AccountError.invalidDeviceName("the device name holds a control character")) { try AccountNames.deviceName("a\u{1B}[2Jb") }
    }
}
