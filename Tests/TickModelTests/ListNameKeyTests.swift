import Testing
import TickModel

@Suite("List names compared")
struct ListNameKeyTests {
    @Test("case, width and normalization aside, after trimming", arguments: [
        ("Chores", "ＣＨＯＲＥＳ"), ("Chores", " chores\u{3000}"), ("Wörk", "WO\u{0308}RK"), ("장보기", "장보기 "),
        ("Home office", "Home\noffice"), ("2026", "２０２６"), ("ΟΔΟΣ", "οδος"),
    ])
    func same(name: String, other: String) {
        #expect(ReminderList.nameKey(name) == ReminderList.nameKey(other))
    }

    @Test("different names stay different", arguments: [
        ("Chores", "Chore"), ("장보기", "장 보기"), ("Work", "Wörk"),
    ])
    func different(name: String, other: String) {
        #expect(ReminderList.nameKey(name) != ReminderList.nameKey(other))
    }

    @Test("the exact name wins over one that is the same but for width (lists made before width was folded)")
    func exactFirst() {
        let plain = ReminderList(name: "Chores", createdAt: .init(timeIntervalSince1970: 0))
        let wide = ReminderList(name: "ＣＨＯＲＥＳ", createdAt: .init(timeIntervalSince1970: 0))
        #expect(ReminderList.named("ＣＨＯＲＥＳ", in: [plain, wide])?.id == wide.id)
        #expect(ReminderList.named("Chores", in: [wide, plain])?.id == plain.id)
        #expect(ReminderList.named("chores", in: [wide, plain])?.id == plain.id)
        #expect(ReminderList.named("ｃｈｏｒｅｓ", in: [plain, wide])?.id == wide.id)
        #expect(ReminderList.named("Ｃhores", in: [wide, plain])?.id == wide.id)
        #expect(ReminderList.named("errands", in: [wide, plain]) == nil)
    }
}
