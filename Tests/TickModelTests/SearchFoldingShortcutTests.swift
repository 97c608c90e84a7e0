import Foundation
import Testing
@testable import TickModel

/// `SearchFolding.folded`'s shortcut for text of scalars the fold leaves as they are.
@Suite("Search: the fold's shortcut")
struct SearchFoldingShortcutTests {
    /// Every scalar the shortcut takes, alone and between others, folds as the full fold does.
    @Test("every scalar the shortcut takes folds as through Unicode, alone and beside others")
    func everyScalar() {
        var differing: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), SearchFolding.isFoldedAsItIs(scalar) else { continue }
            let alone = String(scalar)
            // Beside an uppercase ASCII letter, a Hangul syllable and a voiced kana, on both sides.
            let beside = "A\(alone)가\(alone)が\(alone)Z"
            for text in [alone, beside] where SearchFolding.folded(text) != SearchFolding.foldedThroughUnicode(text) {
                differing.append(String(format: "U+%04X", value))
            }
        }
        #expect(differing.isEmpty, "\(differing.prefix(20))")
    }

    @Test("titles in Korean, Japanese, Chinese and with emoji fold as through Unicode",
          arguments: ["치과 예약 Call", "歯医者の予約をする", "買牛奶 BUY", "🎂 Birthday 🎉 파티", "👩‍💻 Code review ✨", "❤️ Mom",
                      "がぎぐげご ガギグゲゴ", "Café 카페", "ＴＩＣＫ 틱", "ㄱㄴㄷ 한글", "\u{1100}\u{1161}\u{11A8}"])
    func titles(text: String) {
        #expect(SearchFolding.folded(text) == SearchFolding.foldedThroughUnicode(text))
    }
}
