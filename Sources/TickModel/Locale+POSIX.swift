import Foundation

extension Locale {
    /// The locale named by a POSIX locale name, as found in `LC_ALL`, `LC_TIME` or `LANG`.
    ///
    /// A POSIX name has the shape `language[_TERRITORY][.codeset][@modifier]`. The
    /// codeset is dropped (Foundation formats to Swift strings, always Unicode). The
    /// modifiers `@latin` and `@cyrillic` become the scripts `Latn` and `Cyrl`
    /// (`sr_RS@latin` → `sr_Latn_RS`); every other modifier (`@euro`, `@valencia`) is
    /// dropped.
    ///
    /// `nil`, the empty string, `C`, `POSIX` (with or without a codeset, as in
    /// `C.UTF-8`), any text that is not shaped like a POSIX name, and a language that is
    /// not an ISO 639 code (`xx_YY`) give `en_US_POSIX`:
    /// English month abbreviations and a 12-hour clock, so dates read "Dec 1, 2026" and
    /// times "5:30 PM", the same on every machine. (Foundation's own `C` locale would
    /// give 24-hour times, and its empty locale dates like "2026 M12 1".)
    ///
    /// | name | identifier | medium date |
    /// | --- | --- | --- |
    /// | `ko_KR.UTF-8` | `ko_KR` | `2026. 12. 1.` |
    /// | `de_DE@euro` | `de_DE` | `01.12.2026` |
    /// | `en_US` | `en_US` | `Dec 1, 2026` |
    /// | `C`, `POSIX`, `""`, `nil` | `en_US_POSIX` | `Dec 1, 2026` |
    ///
    /// - Parameter posixName: a POSIX locale name, or nil when none is set.
    public init(posixName: String?) {
        self.init(identifier: Locale.identifier(posixName: posixName))
    }

    /// The POSIX locale name that governs date and time formats: `LC_ALL`, then
    /// `LC_TIME`, then `LANG`, skipping unset and empty values, as POSIX specifies for
    /// the `LC_TIME` category. Returns nil when all three are unset or empty.
    ///
    /// Foundation on Linux does not read these variables itself; the executable reads
    /// them and passes the values here, so this function stays pure.
    ///
    /// Example: `preferredPOSIXName(lcAll: "", lcTime: "de_DE.UTF-8", lang: "ko_KR.UTF-8")`
    /// is `"de_DE.UTF-8"`.
    public static func preferredPOSIXName(lcAll: String?, lcTime: String?, lang: String?) -> String? {
        for value in [lcAll, lcTime, lang] {
            if let value, !value.isEmpty { return value }
        }
        return nil
    }

    /// Whether ICU may read `value` as the default locale (from `LC_ALL`, `LC_MESSAGES` or
    /// `LANG`, which it reads itself when a formatter is made without a locale): empty, or a
    /// name whose part before `.` and `@` is a language of 1 to 8 ASCII letters followed by
    /// `_` or `-` and subtags of 1 to 8 letters or digits. ICU 76, linked into Foundation,
    /// crashes on a language of 12 letters or more (a tester: `LANG=abcdefghijklm tick list`
    /// ended with SIGSEGV in `icu::Locale::init`); the executable replaces other values in its
    /// own environment before ICU starts (Tick's own reading of them is `identifier(posixName:)`).
    /// The whole value is at most 64 bytes of ASCII letters, digits and `._-@=;` (a tester:
    /// `en_US@x=` and 178 letters crashed ICU the same way).
    public static func isReadableByICU(_ value: String) -> Bool {
        func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
        guard value.utf8.count <= 64, value.utf8.allSatisfy({ byte in
            isLetter(byte) || (0x30...0x39).contains(byte) || Array("._-@=;".utf8).contains(byte)
        }) else { return false }
        let base = value.utf8.prefix { $0 != UInt8(ascii: ".") && $0 != UInt8(ascii: "@") }
        let parts = base.split(omittingEmptySubsequences: false) { $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") }
        guard let language = parts.first, !base.isEmpty else { return value.isEmpty }
        guard (1...8).contains(language.count), language.allSatisfy(isLetter) else { return false }
        return parts.dropFirst().allSatisfy { part in
            (1...8).contains(part.count) && part.allSatisfy { isLetter($0) || (0x30...0x39).contains($0) }
        }
    }

    /// The Foundation identifier for a POSIX locale name; see ``init(posixName:)``.
    static func identifier(posixName: String?) -> String {
        let posix = "en_US_POSIX"
        guard let name = posixName?.trimmingWhiteSpace(), !name.isEmpty else { return posix }
        var base = Substring(name)
        var modifier: Substring = ""
        if let at = base.firstIndex(of: "@") {
            modifier = base[base.index(after: at)...]
            base = base[..<at]
        }
        if let dot = base.firstIndex(of: ".") {
            base = base[..<dot]
        }
        if base == "C" || base == "POSIX" { return posix }

        let parts = base.split(separator: "_", omittingEmptySubsequences: false)
        guard parts.count <= 2, let language = parts.first,
              (2...3).contains(language.count), language.allSatisfy(\.isASCIILetter),
              Locale.LanguageCode(String(language).lowercased()).isISOLanguage else { return posix }
        var identifier = language.lowercased()
        switch modifier.lowercased() {
        case "latin": identifier += "_Latn"
        case "cyrillic": identifier += "_Cyrl"
        default: break
        }
        if parts.count == 2 {
            let territory = parts[1]
            let isLetters = territory.count == 2 && territory.allSatisfy(\.isASCIILetter)
            let isDigits = territory.count == 3 && territory.allSatisfy(\.isASCIIDigit)
            guard isLetters || isDigits else { return posix }
            identifier += "_" + territory.uppercased()
        }
        return identifier
    }
}

extension Character {
    /// Whether this is one of `A`–`Z`, `a`–`z`.
    var isASCIILetter: Bool { isASCII && isLetter }
    /// Whether this is one of `0`–`9`.
    var isASCIIDigit: Bool { isASCII && isNumber }
}
