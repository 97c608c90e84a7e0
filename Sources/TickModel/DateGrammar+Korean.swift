import Foundation

/// The Korean phrases of ``DateGrammar``: read when the text holds Hangul, with the same
/// rules as the English words (the one weekday rule for a weekday alone, ISO weeks, a bare
/// `자정` being the coming midnight, an hour from 1 to 12 needing 오전 or 오후 the way `9`
/// needs am or pm). A weekday after `이번 주` or `다음 주` is that day of the week named —
/// this ISO week or the next, as `next week` names the next one's Monday — because that is
/// what the words say: on a Saturday, `다음 주 금요일` is six days ahead, not thirteen.
///
/// Korean writes words together or apart (`내일 오후 3시`, `내일오후3시`), so the text is
/// cut into numbers, other runs (`15:00`, `3pm`, `2026-12-14`) and words of a small
/// vocabulary, longest first; the particles 에 ("at") and 까지 ("by") may follow a date or
/// a time and change nothing.
///
/// ```text
/// phrase = span | date [time] | time [date]
/// span   = N 시간 [N 분 | 반] (후 | 뒤) | N 분 (후 | 뒤)                 now + that, to the minute
/// date   = 오늘 | 내일 | 모레 | 글피 | 어제 | 그제 | 그저께
///        | [이번] weekday | 다음 weekday                          fri / this fri, next fri
///        | 이번 주 weekday | 다음 주 weekday                        that day of this / next ISO week
///        | 다음 주 | 다음 달 | 내년                                  next week | month | year
///        | N (일 | 주 | 주일 | 개월 | 달 | 년) (후 | 뒤)                 in N days | weeks | months | years
///        | [YYYY 년] M 월 D 일 | D 일                                 dec 14 [2027]; the coming 14th
///        | YYYY-MM-DD
/// time   = [오전 | 오후] H 시 [M 분 | 반] | 정오 | 자정 | [오전 | 오후] H:MM | 15:00 | 3pm
/// weekday = 월요일 | 화요일 | 수요일 | 목요일 | 금요일 | 토요일 | 일요일 (or 월욜 … 일욜)
/// ```
struct KoreanPhraseParser {
    /// A piece of the text: a number, a word of the vocabulary, or another run such as
    /// `15:00` or `3pm` (read with the English time rules).
    struct Token {
        enum Kind: Equatable {
            case number(Int)
            case word(String)
            case other(String)
        }
        var kind: Kind
        var text: Substring
    }

    /// The wall-clock time read, for a timed phrase (set by ``parse()``).
    private(set) var wallClock: LocalDateTime?

    private let tokens: [Token]
    private var index = 0
    private let context: DateContext
    private let days: DayReckoning

    /// Whether `text` holds Hangul, and so is read by this parser.
    static func applies(to text: String) -> Bool {
        text.unicodeScalars.contains(where: isHangul)
    }

    init(_ text: String, context: DateContext) throws(DateGrammarFailure) {
        self.tokens = try Self.tokenize(text)
        self.context = context
        self.days = DayReckoning(today: context.today, weekStart: context.weekStart)
    }

    /// Reads the whole phrase.
    mutating func parse() throws(DateGrammarFailure) -> Due {
        if let span = try span() {
            try expectEnd()
            return span
        }
        var day: CalendarDay?
        var time: PhraseParser.TimeOfDay?
        if let date = try datePhrase() {
            day = date
            skipParticle()
            time = try timePhrase()
        } else if let parsed = try timePhrase() {
            time = parsed
            skipParticle()
            day = try datePhrase()
        } else {
            throw DateGrammarFailure("'\(currentText)' is not a date, weekday or time")
        }
        skipParticle()
        try expectEnd()
        guard let time else { return .allDay(day ?? days.today) }
        let reading = try DueAssembly.timed(day: day ?? days.today, time: time, namesDay: day != nil, context: context)
        wallClock = reading.wallClock
        return reading.due
    }

    // MARK: Spans

    /// `N 시간 [N 분 | 반] 후`, `N 분 후`: an instant; nil (consuming nothing) otherwise.
    private mutating func span() throws(DateGrammarFailure) -> Due? {
        let start = index
        var seconds = 0
        var sawUnit = false
        while case .number(let count) = current?.kind {
            let unit: Int
            switch peek(1) {
            case .word("시간"): unit = 3_600
            case .word("분"): unit = 60
            default: unit = 0
            }
            guard unit > 0 else { break }
            index += 2
            sawUnit = true
            let (product, overflow) = count.multipliedReportingOverflow(by: unit)
            seconds = overflow || seconds > Int.max - product ? Int.max : seconds + product
            if unit == 3_600, accept(.word("반")) { seconds = seconds > Int.max - 1_800 ? Int.max : seconds + 1_800 }
        }
        guard sawUnit else { return nil }
        guard accept(.word("후")) || accept(.word("뒤")) else {
            let typed = joinedText(from: start)
            throw DateGrammarFailure("'\(typed)' needs 후 after it, as in '\(typed) 후'")
        }
        return try DueAssembly.after(seconds: seconds, context: context)
    }

    // MARK: Dates

    /// Reads a date, or returns nil (consuming nothing) when the current token cannot
    /// begin one.
    private mutating func datePhrase() throws(DateGrammarFailure) -> CalendarDay? {
        guard let token = current else { return nil }
        switch token.kind {
        case .word(let word):
            if let offset = Self.namedDays[word] {
                index += 1
                return try days.shifted(days: offset)
            }
            if let weekday = Self.weekday(word) {
                index += 1
                return try days.coming(weekday)
            }
            switch word {
            case "이번":
                let start = index
                index += 1
                let namesWeek = accept(.word("주"))
                guard case .word(let name)? = current?.kind, let weekday = Self.weekday(name) else {
                    throw DateGrammarFailure("'\(joinedText(from: start))' must be followed by a weekday, as in '이번 주 금요일'")
                }
                index += 1
                return try namesWeek ? days.inWeek(0, weekday: weekday) : days.coming(weekday)
            case "다음":
                index += 1
                let sawWeek = accept(.word("주"))
                if case .word(let name)? = current?.kind, let weekday = Self.weekday(name) {
                    index += 1
                    return try sawWeek ? days.inWeek(1, weekday: weekday) : days.next(weekday)
                }
                if sawWeek { return try days.nextWeek() }
                if accept(.word("달")) { return try days.firstOfNextMonth() }
                throw DateGrammarFailure("'다음' must be followed by a weekday, '주' or '달', as in '다음 주 금요일'")
            case "내년":
                index += 1
                return try days.firstOfNextYear()
            default:
                return nil
            }
        case .number(let number):
            return try numberedDate(number)
        case .other(let text):
            let utf8 = text.utf8
            guard utf8.count == 10, utf8.prefix(4).allSatisfy({ $0 >= 48 && $0 <= 57 }), Array(utf8)[4] == UInt8(ascii: "-") else {
                return nil
            }
            guard let day = try? ISODateTime.date(ArraySlice(utf8), text: text) else {
                throw DateGrammarFailure("'\(token.text)' is not an ISO 8601 date (YYYY-MM-DD)")
            }
            index += 1
            return day
        }
    }

    /// The dates that begin with a number: `3일 후`, `2주 뒤`, `2027년 12월 14일`,
    /// `12월 14일`, `14일`; nil when the number begins a time (`3시`) or a span.
    private mutating func numberedDate(_ number: Int) throws(DateGrammarFailure) -> CalendarDay? {
        let unit: DayReckoning.CountUnit?
        switch peek(1) {
        case .word("일"): unit = .days
        case .word("주"), .word("주일"): unit = .weeks
        case .word("개월"), .word("달"): unit = .months
        case .word("년"): unit = .years
        default: unit = nil
        }
        if let unit, peek(2) == .word("후") || peek(2) == .word("뒤") {
            index += 3
            return try days.after(number, unit)
        }
        if let unit, unit != .days, !(unit == .years && Self.isNumber(peek(2))) { // `2027년 12월 …` is a year
            let start = index
            index += 2
            let typed = joinedText(from: start)
            throw DateGrammarFailure("'\(typed)' needs 후 after it, as in '\(typed) 후'")
        }
        var year: Int?
        var yearText: Substring = ""
        var start = index
        if peek(1) == .word("년") {
            year = number
            yearText = current?.text ?? ""
            index += 2
            start = index
            guard case .number = current?.kind, peek(1) == .word("월") else {
                throw DateGrammarFailure("'\(joinedText(from: start - 2))' must be followed by a month and day, as in '2027년 12월 14일'")
            }
        }
        guard case .number(let first)? = current?.kind else { return nil }
        if peek(1) == .word("월") {
            guard (1...12).contains(first) else {
                throw DateGrammarFailure("'\(first)월' is not a month (1월 to 12월)")
            }
            index += 2
            guard case .number(let dayNumber)? = current?.kind, peek(1) == .word("일") else {
                throw DateGrammarFailure("'\(first)월' needs a day of the month, as in '\(first)월 14일'")
            }
            guard (1...31).contains(dayNumber) else {
                throw DateGrammarFailure("'\(dayNumber)일' is not a day of the month (1 to 31)")
            }
            index += 2
            return try days.monthDay(month: first, day: dayNumber, year: year, yearText: yearText)
        }
        guard peek(1) == .word("일") else { return nil }
        guard (1...31).contains(first) else {
            throw DateGrammarFailure("'\(first)일' is not a day of the month (1 to 31)")
        }
        index += 2
        return try comingDayOfMonth(first)
    }

    /// The coming `day`-th of a month: this month's when it is today or later, else the
    /// next month that has it (`31일` on April 5 is May 31).
    private func comingDayOfMonth(_ day: Int) throws(DateGrammarFailure) -> CalendarDay {
        var month = days.today
        month.day = 1
        for ahead in 0..<3 {
            guard let first = month.adding(months: ahead) else { break }
            if let candidate = CalendarDay(year: first.year, month: first.month, day: day), candidate >= days.today {
                return candidate
            }
        }
        throw DateGrammarFailure("the \(day)일 falls outside the dates Tick handles")
    }

    // MARK: Times

    /// Reads a time, or returns nil (consuming nothing) when the current token cannot
    /// begin one.
    private mutating func timePhrase() throws(DateGrammarFailure) -> PhraseParser.TimeOfDay? {
        guard let token = current else { return nil }
        switch token.kind {
        case .word("정오"):
            index += 1
            return PhraseParser.TimeOfDay(hour: 12, minute: 0)
        case .word("자정"):
            index += 1
            return PhraseParser.TimeOfDay(hour: 0, minute: 0, isBareMidnight: true)
        case .word("오전"), .word("오후"):
            let meridiem: PhraseParser.Meridiem = token.kind == .word("오전") ? .am : .pm
            let start = index
            index += 1
            guard let next = current else {
                throw DateGrammarFailure("'\(token.text)' must be followed by an hour, as in '\(token.text) 3시'")
            }
            if case .other(let clock) = next.kind, let parsed = PhraseParser.clock(clock), parsed.hasMinutes {
                index += 1
                return try PhraseParser.twelveHour(parsed, meridiem: meridiem, text: Substring("\(token.text) \(next.text)"))
            }
            guard case .number(let hour) = next.kind, peek(1) == .word("시") else {
                throw DateGrammarFailure("'\(token.text)' must be followed by an hour, as in '\(token.text) 3시'")
            }
            index += 2
            let minute = try minutesAfterHour()
            return try PhraseParser.twelveHour((PhraseParser.TimeOfDay(hour: hour, minute: minute), true), meridiem: meridiem,
                                               text: Substring(joinedText(from: start)))
        case .number(let hour):
            guard peek(1) == .word("시") else { return nil }
            let start = index
            index += 2
            let minute = try minutesAfterHour()
            guard hour == 0 || (13...23).contains(hour) else {
                let typed = joinedText(from: start)
                if (1...12).contains(hour) {
                    throw DateGrammarFailure("'\(typed)' needs 오전 or 오후: '오전 \(typed)' or '오후 \(typed)' (or a 24-hour hour such as \(hour + 12)시)")
                }
                throw DateGrammarFailure("'\(typed)' is not a time of day (\(DateGrammar.timeOfDayRange))")
            }
            return PhraseParser.TimeOfDay(hour: hour, minute: minute)
        case .other(let text):
            if let (clock, meridiem) = PhraseParser.splitMeridiem(text), let parsed = PhraseParser.clock(clock) {
                index += 1
                return try PhraseParser.twelveHour(parsed, meridiem: meridiem, text: token.text)
            }
            guard let parsed = PhraseParser.clock(text), parsed.hasMinutes else { return nil }
            guard parsed.time.hour <= 23 else {
                throw DateGrammarFailure("'\(token.text)' is not a time of day (\(DateGrammar.timeOfDayRange))")
            }
            index += 1
            return parsed.time
        case .word:
            return nil
        }
    }

    /// `N 분` or `반` after an hour, 0 when neither follows.
    private mutating func minutesAfterHour() throws(DateGrammarFailure) -> Int {
        if accept(.word("반")) { return 30 }
        guard case .number(let minute)? = current?.kind, peek(1) == .word("분") else { return 0 }
        guard minute <= 59 else {
            throw DateGrammarFailure("'\(minute)분' is not a minute (0분 to 59분)")
        }
        index += 2
        return minute
    }

    // MARK: Words

    /// Days named by a word, as days after today.
    static let namedDays: [String: Int] = ["오늘": 0, "내일": 1, "모레": 2, "글피": 3, "어제": -1, "그제": -2, "그저께": -2]

    /// Weekday names by ISO number (1 = Monday).
    static func weekday(_ word: String) -> Int? {
        switch word {
        case "월요일", "월욜": return 1
        case "화요일", "화욜": return 2
        case "수요일", "수욜": return 3
        case "목요일", "목욜": return 4
        case "금요일", "금욜": return 5
        case "토요일", "토욜": return 6
        case "일요일", "일욜": return 7
        default: return nil
        }
    }

    /// Every word the tokenizer knows, longest first so that `일요일` wins over `일`.
    static let vocabulary: [String] = {
        let words = Array(namedDays.keys) + ["월요일", "화요일", "수요일", "목요일", "금요일", "토요일", "일요일",
                                              "월욜", "화욜", "수욜", "목욜", "금욜", "토욜", "일욜",
                                              "이번", "다음", "내년", "주일", "주", "달", "개월", "년", "월", "일",
                                              "시간", "시", "분", "반", "후", "뒤", "오전", "오후", "정오", "자정", "에", "까지"]
        return words.sorted { $0.count > $1.count }
    }()

    /// Cuts `text` into tokens: white space and commas separate; inside a piece, runs of
    /// Hangul become vocabulary words (longest first, trying shorter ones when the rest
    /// does not cut), runs of anything else numbers or other tokens.
    static func tokenize(_ text: String) throws(DateGrammarFailure) -> [Token] {
        var tokens: [Token] = []
        for piece in text.split(whereSeparator: { $0.isWhitespace || $0 == "," }) {
            var rest = piece[...]
            while let first = rest.first {
                let hangul = first.unicodeScalars.allSatisfy(isHangul)
                let run = rest.prefix(while: { $0.unicodeScalars.allSatisfy(isHangul) == hangul })
                rest = rest.dropFirst(run.count)
                if hangul {
                    guard let words = segment(run) else {
                        throw DateGrammarFailure("'\(run)' is not a date, weekday or time")
                    }
                    tokens += words
                } else {
                    let folded = run.lowercased()
                    if run.allSatisfy(\.isASCIIDigit), run.count <= 9, let number = Int(run) {
                        tokens.append(Token(kind: .number(number), text: run))
                    } else {
                        tokens.append(Token(kind: .other(folded), text: run))
                    }
                }
            }
        }
        return tokens
    }

    /// `run` as vocabulary words, or nil when it cannot be cut into them. From the end
    /// backwards, each position keeps the longest word after which the rest cuts, so the
    /// work is linear in the length of the run whatever it holds.
    private static func segment(_ run: Substring) -> [Token]? {
        let characters = Array(run)
        var wordAt = [String?](repeating: nil, count: characters.count + 1)
        var cuts = [Bool](repeating: false, count: characters.count + 1)
        cuts[characters.count] = true
        for start in stride(from: characters.count - 1, through: 0, by: -1) {
            for word in vocabulary {
                let end = start + word.count
                guard end <= characters.count, cuts[end], String(characters[start..<end]) == word else { continue }
                wordAt[start] = word
                cuts[start] = true
                break
            }
        }
        guard cuts[0] else { return nil }
        var tokens: [Token] = []
        var position = 0
        var textIndex = run.startIndex
        while position < characters.count, let word = wordAt[position] {
            let end = run.index(textIndex, offsetBy: word.count)
            tokens.append(Token(kind: .word(word), text: run[textIndex..<end]))
            textIndex = end
            position += word.count
        }
        return tokens
    }

    private static func isNumber(_ kind: Token.Kind?) -> Bool {
        if case .number? = kind { return true }
        return false
    }

    /// Hangul syllables and jamo.
    static func isHangul(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0xAC00...0xD7A3, 0x1100...0x11FF, 0x3130...0x318F: return true
        default: return false
        }
    }

    // MARK: Cursor

    private var current: Token? { index < tokens.count ? tokens[index] : nil }
    private var currentText: Substring { current?.text ?? "" }

    private func peek(_ ahead: Int) -> Token.Kind? {
        index + ahead < tokens.count ? tokens[index + ahead].kind : nil
    }

    private mutating func accept(_ kind: Token.Kind) -> Bool {
        guard current?.kind == kind else { return false }
        index += 1
        return true
    }

    private mutating func skipParticle() {
        _ = accept(.word("에")) || accept(.word("까지"))
    }

    /// The text from the token at `start` to the cursor, as typed, for messages.
    private func joinedText(from start: Int) -> String {
        let start = max(0, start)
        guard start < index, index <= tokens.count else { return String(currentText) }
        // Every token is a slice of the same text, so the typed span runs from the first's
        // start to the last's end, white space included.
        return String(tokens[start].text.base[tokens[start].text.startIndex..<tokens[index - 1].text.endIndex])
    }

    private func expectEnd() throws(DateGrammarFailure) {
        guard index < tokens.count else { return }
        throw DateGrammarFailure("'\(currentText)' is not understood after '\(joinedText(from: 0))'")
    }
}
