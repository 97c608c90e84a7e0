import Foundation
import Testing
import TickModel
@testable import TickInterchange

/// The todo.txt format rules (todotxt/todo.txt README), one line at a time.
@Suite("todo.txt line structure")
struct TodoTxtItemTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var line: String
        var isCompleted = false
        var completion: String?
        var priority: Character?
        var creation: String?
        var description: String
        var projects: [String] = []
        var contexts: [String] = []
        var tags: [String] = []

        var testDescription: String { line }
    }

    static let cases: [Case] = [
        // Rule 1: priority first, uppercase, in parentheses, followed by a space.
        Case(line: "(A) Call Mom", priority: "A", description: "Call Mom"),
        Case(line: "(Z) last", priority: "Z", description: "last"),
        Case(line: "Really gotta call Mom (A) @phone @someday",
             description: "Really gotta call Mom (A) @phone @someday", contexts: ["phone", "someday"]),
        Case(line: "(b) Get back to the boss", description: "(b) Get back to the boss"),
        Case(line: "(B)->Submit TPS report", description: "(B)->Submit TPS report"),
        Case(line: "(A)Call", description: "(A)Call"),
        Case(line: "(A)\tCall", description: "(A)\tCall"),
        Case(line: "(AB) Call", description: "(AB) Call"),
        Case(line: "(Ä) Call", description: "(Ä) Call"),
        Case(line: "(m)others will notice this", description: "(m)others will notice this"),
        Case(line: "notice the (C)opyright", description: "notice the (C)opyright"),
        // Rule 2: creation date right after the priority, or first.
        Case(line: "2011-03-02 Document +TodoTxt task format", creation: "2011-03-02",
             description: "Document +TodoTxt task format", projects: ["TodoTxt"]),
        Case(line: "(A) 2011-03-02 Call Mom", priority: "A", creation: "2011-03-02", description: "Call Mom"),
        Case(line: "(A) Call Mom 2011-03-02", priority: "A", description: "Call Mom 2011-03-02"),
        Case(line: "(A) 2011-03-02 2011-03-01 Call", priority: "A", creation: "2011-03-02",
             description: "2011-03-01 Call"),
        Case(line: "2016-04-25 2 No length (zero)", creation: "2016-04-25", description: "2 No length (zero)"),
        Case(line: "2011-03-02", description: "2011-03-02"),
        Case(line: "2011-3-2 Call", description: "2011-3-2 Call"),
        // Complete tasks: lowercase x and a space at the very start, then the dates.
        Case(line: "x 2011-03-03 Call Mom", isCompleted: true, completion: "2011-03-03", description: "Call Mom"),
        Case(line: "x 2011-03-02 2011-03-01 Review Tim's pull request +TodoTxtTouch @github", isCompleted: true,
             completion: "2011-03-02", creation: "2011-03-01", description: "Review Tim's pull request +TodoTxtTouch @github",
             projects: ["TodoTxtTouch"], contexts: ["github"]),
        Case(line: "xylophone lesson", description: "xylophone lesson"),
        Case(line: "X 2012-01-01 Make resolutions", description: "X 2012-01-01 Make resolutions"),
        Case(line: "(A) x Find ticket prices", priority: "A", description: "x Find ticket prices"),
        Case(line: "x Call Mom", isCompleted: true, description: "Call Mom"),
        Case(line: "x (A) 2011-03-02 Call", isCompleted: true, description: "(A) 2011-03-02 Call"),
        Case(line: "x 2011-03-02 (B) Call pri:B", isCompleted: true, completion: "2011-03-02",
             description: "(B) Call pri:B", tags: ["pri:B"]),
        // Leading spaces: no structure, description verbatim; projects still count.
        Case(line: "  (A) 2011-03-02 +roses", description: "  (A) 2011-03-02 +roses", projects: ["roses"]),
        Case(line: " x 2011-03-02 Call", description: " x 2011-03-02 Call"),
        Case(line: "trailing space +flowers +roses ", description: "trailing space +flowers +roses ",
             projects: ["flowers", "roses"]),
        // Rule 3: projects and contexts are whole words starting with + or @.
        Case(line: "Email SoAndSo at soandso@example.com", description: "Email SoAndSo at soandso@example.com"),
        Case(line: "Learn how to add 2+2", description: "Learn how to add 2+2"),
        Case(line: "Foo @Context2 Not@Context +Project1 Not+Project",
             description: "Foo @Context2 Not@Context +Project1 Not+Project", projects: ["Project1"], contexts: ["Context2"]),
        Case(line: "Drink beer @ home", description: "Drink beer @ home"),
        Case(line: "(C) 13 + 29 = 42", priority: "C", description: "13 + 29 = 42"),
        Case(line: "@con05@con06 -- weird context", description: "@con05@con06 -- weird context",
             contexts: ["con05@con06"]),
        Case(line: "+prj05+prj06 -- weird project", description: "+prj05+prj06 -- weird project",
             projects: ["prj05+prj06"]),
        Case(line: "(A) @1 -- one char", priority: "A", description: "@1 -- one char", contexts: ["1"]),
        Case(line: "(B) +math (@school or @home) integrate @x and @y", priority: "B",
             description: "+math (@school or @home) integrate @x and @y",
             projects: ["math"], contexts: ["x", "y"]),
        Case(line: "(C) say thanks @SomeMaintainer w:@OtherContributors", priority: "C",
             description: "say thanks @SomeMaintainer w:@OtherContributors",
             contexts: ["SomeMaintainer"], tags: ["w:@OtherContributors"]),
        Case(line: "dup @home and @home +p +p", description: "dup @home and @home +p +p",
             projects: ["p", "p"], contexts: ["home", "home"]),
        Case(line: "ideographic\u{3000}@home", description: "ideographic\u{3000}@home", contexts: ["home"]),
        Case(line: "nbsp\u{00A0}+home and\u{2028}@line", description: "nbsp\u{00A0}+home and\u{2028}@line",
             projects: ["home"], contexts: ["line"]),
        Case(line: "mark +\u{301}x", description: "mark +\u{301}x"),
        // A name starts with a letter, digit, _ or non-ASCII symbol and ends with one of
        // those (or a combining mark): punctuation look-alikes are words.
        Case(line: "look +! @* @(foo) @home) @phone, +.x @-y +$ @~ +", description: "look +! @* @(foo) @home) @phone, +.x @-y +$ @~ +"),
        Case(line: "names +Home_Office @e-mail @2026 +🏠 @café +a_ @x.y +\u{1F44D}\u{1F3FD} @e\u{301}",
             description: "names +Home_Office @e-mail @2026 +🏠 @café +a_ @x.y +\u{1F44D}\u{1F3FD} @e\u{301}",
             projects: ["Home_Office", "🏠", "a_", "\u{1F44D}\u{1F3FD}"], contexts: ["e-mail", "2026", "café", "x.y", "e\u{301}"]),
        // key:value: one colon, both sides non-empty; links are not tags.
        Case(line: "a key:value k:v:w :x y: lazy:bar", description: "a key:value k:v:w :x y: lazy:bar",
             tags: ["key:value", "lazy:bar"]),
        Case(line: "see http://example.com and https://example.com:8080/x mailto:a@b.c",
             description: "see http://example.com and https://example.com:8080/x mailto:a@b.c", tags: ["mailto:a@b.c"]),
        Case(line: "+a:b @c:d", description: "+a:b @c:d", projects: ["a:b"], contexts: ["c:d"]),
        Case(line: "(C) And some spécial tag:◄", priority: "C", description: "And some spécial tag:◄", tags: ["tag:◄"]),
        Case(line: "(Z) 2015-11-06 Red @fox +jumped due:2015-11-08 t:2015-11-07", priority: "Z", creation: "2015-11-06",
             description: "Red @fox +jumped due:2015-11-08 t:2015-11-07", projects: ["jumped"], contexts: ["fox"],
             tags: ["due:2015-11-08", "t:2015-11-07"]),
        Case(line: "due:soon Due:2026-13-45 due:2026-1-5", description: "due:soon Due:2026-13-45 due:2026-1-5",
             tags: ["due:soon", "Due:2026-13-45", "due:2026-1-5"]),
    ]

    @Test(arguments: cases)
    func readsTheLineByTheFormatRules(_ expected: Case) throws {
        let item = try TodoTxtFixture.item(expected.line)
        #expect(item.lineNumber == 1)
        #expect(item.isCompleted == expected.isCompleted)
        #expect(item.completionDate?.description == expected.completion)
        #expect(item.priority == expected.priority)
        #expect(item.creationDate?.description == expected.creation)
        #expect(item.description == expected.description)
        #expect(item.projects == expected.projects)
        #expect(item.contexts == expected.contexts)
        #expect(item.tags.map { "\($0.key):\($0.value)" } == expected.tags)
    }

    @Test func keyValueKeepsKeyAndValueApart() throws {
        let item = try TodoTxtFixture.item("Call rec:1w due:2026-12-31")
        #expect(item.tags == [TodoTxtItem.KeyValue(key: "rec", value: "1w"),
                              TodoTxtItem.KeyValue(key: "due", value: "2026-12-31")])
    }

    @Test func projectsContextsAndTagsFollowAnEditedDescription() {
        var item = TodoTxtItem(lineNumber: 3, description: "plain")
        #expect(item.projects.isEmpty)
        item.description = "now +work @desk id:7"
        #expect(item.projects == ["work"])
        #expect(item.contexts == ["desk"])
        #expect(item.tags == [TodoTxtItem.KeyValue(key: "id", value: "7")])
    }
}
