import Foundation

/// The words for today, tomorrow and yesterday that due dates use in place of a date
/// (DESIGN.md "Dates and time"), in the language of the display locale.
///
/// Foundation on Linux does not implement `DateFormatter.doesRelativeDateFormatting`,
/// so the words come from this table (the CLDR "relative day" names, capitalized as a
/// date on its own is in each language). A language without an entry uses English, as
/// does `en_US_POSIX` (no `LANG`, `C`, `POSIX`).
///
/// | language | today | tomorrow | yesterday |
/// | --- | --- | --- | --- |
/// | English (default) | Today | Tomorrow | Yesterday |
/// | Korean | 오늘 | 내일 | 어제 |
/// | German | Heute | Morgen | Gestern |
public struct RelativeDayWords: Sendable, Equatable {
    public var today: String
    public var tomorrow: String
    public var yesterday: String

    /// English: the words DESIGN.md gives.
    public static let english = RelativeDayWords(today: "Today", tomorrow: "Tomorrow", yesterday: "Yesterday")

    /// Words by ISO 639 language code.
    static let byLanguage: [String: RelativeDayWords] = [
        "ko": RelativeDayWords(today: "오늘", tomorrow: "내일", yesterday: "어제"),
        "ja": RelativeDayWords(today: "今日", tomorrow: "明日", yesterday: "昨日"),
        "zh": RelativeDayWords(today: "今天", tomorrow: "明天", yesterday: "昨天"),
        "de": RelativeDayWords(today: "Heute", tomorrow: "Morgen", yesterday: "Gestern"),
        "fr": RelativeDayWords(today: "Aujourd’hui", tomorrow: "Demain", yesterday: "Hier"),
        "es": RelativeDayWords(today: "Hoy", tomorrow: "Mañana", yesterday: "Ayer"),
        "it": RelativeDayWords(today: "Oggi", tomorrow: "Domani", yesterday: "Ieri"),
        "pt": RelativeDayWords(today: "Hoje", tomorrow: "Amanhã", yesterday: "Ontem"),
        "nl": RelativeDayWords(today: "Vandaag", tomorrow: "Morgen", yesterday: "Gisteren"),
        "sv": RelativeDayWords(today: "I dag", tomorrow: "I morgon", yesterday: "I går"),
        "pl": RelativeDayWords(today: "Dzisiaj", tomorrow: "Jutro", yesterday: "Wczoraj"),
        "ru": RelativeDayWords(today: "Сегодня", tomorrow: "Завтра", yesterday: "Вчера"),
    ]

    public init(today: String, tomorrow: String, yesterday: String) {
        self.today = today
        self.tomorrow = tomorrow
        self.yesterday = yesterday
    }

    /// The words for `locale`'s language, English when the table has none.
    public init(locale: Locale) {
        let code = locale.language.languageCode?.identifier ?? "en"
        self = RelativeDayWords.byLanguage[code] ?? .english
    }
}
