import Foundation
import Testing
import TickModel

@Suite("POSIX locale names")
struct LocaleTests {
    @Test("LC_ALL, then LC_TIME, then LANG, skipping unset and empty values", arguments: [
        ("ko_KR.UTF-8", "de_DE.UTF-8", "en_US.UTF-8", "ko_KR.UTF-8"),
        (nil, "de_DE.UTF-8", "en_US.UTF-8", "de_DE.UTF-8"),
        ("", "de_DE.UTF-8", "en_US.UTF-8", "de_DE.UTF-8"),
        ("", "", "en_US.UTF-8", "en_US.UTF-8"),
        (nil, nil, "en_US.UTF-8", "en_US.UTF-8"),
        ("C", "de_DE.UTF-8", "en_US.UTF-8", "C"),
    ] as [(String?, String?, String?, String?)])
    func precedence(lcAll: String?, lcTime: String?, lang: String?, expected: String?) {
        #expect(Locale.preferredPOSIXName(lcAll: lcAll, lcTime: lcTime, lang: lang) == expected)
    }

    @Test("what ICU may read as its default locale: a language of 1 to 8 letters and short subtags", arguments: [
        ("", true), ("C", true), ("C.UTF-8", true), ("POSIX", true), ("ko_KR.UTF-8", true), ("sr_RS@latin", true),
        ("en_US_POSIX", true), ("zh-Hant-TW", true), ("abcdefgh", true), ("abcdefghijklm", false), ("xxxxxxxxxxxx", false),
        ("en_abcdefghijk", false), ("../../etc", false), ("ko_KR!", false), ("_KR", false), ("ko__KR", false),
        ("de_DE@euro", true), ("en_US@calendar=buddhist", true), ("en_US@x=" + String(repeating: "b", count: 178), false),
        ("C.UTF-8@" + String(repeating: "b", count: 200), false), ("ko_KR.UTF-8 ", false),
    ])
    func readableByICU(value: String, readable: Bool) {
        #expect(Locale.isReadableByICU(value) == readable)
    }

    @Test("nothing set gives nil", arguments: [(nil, nil, nil), ("", "", ""), (nil, "", nil)] as [(String?, String?, String?)])
    func nothingSet(lcAll: String?, lcTime: String?, lang: String?) {
        #expect(Locale.preferredPOSIXName(lcAll: lcAll, lcTime: lcTime, lang: lang) == nil)
    }

    @Test("POSIX name to Foundation identifier", arguments: [
        ("ko_KR.UTF-8", "ko_KR"), ("de_DE@euro", "de_DE"), ("de_DE.ISO-8859-15@euro", "de_DE"),
        ("en_US", "en_US"), ("en_US.utf8", "en_US"), ("fr", "fr"), ("sr_RS@latin", "sr_Latn_RS"),
        ("es_419.UTF-8", "es_419"), ("C", "en_US_POSIX"), ("POSIX", "en_US_POSIX"), ("C.UTF-8", "en_US_POSIX"),
        ("", "en_US_POSIX"), ("  ", "en_US_POSIX"), ("/usr/share/locale/xx", "en_US_POSIX"),
        ("xx_YY.UTF-8", "en_US_POSIX"), ("zz", "en_US_POSIX"),
        ("english", "en_US_POSIX"), ("en_USA", "en_US_POSIX"), ("en_US_POSIX", "en_US_POSIX"),
    ])
    func identifier(name: String, expected: String) {
        #expect(Locale(posixName: name).identifier == expected)
    }

    @Test("no locale at all is en_US_POSIX")
    func nilName() {
        #expect(Locale(posixName: nil).identifier == "en_US_POSIX")
    }
}
