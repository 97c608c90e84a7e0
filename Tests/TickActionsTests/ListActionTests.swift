import Foundation
import Testing
import TestSupport
import TickActions
import TickModel
import TickStore

@Suite("Actions: lists")
struct ListActionTests {
    @Test("add trims the name, keeps the color and goes after the other lists")
    func add() throws {
        let harness = try ActionsHarness()
        let green = try #require(ListColor(parsing: "green"))
        let list = try harness.actions.addList(named: "  Groceries \u{3000}", color: green)
        #expect(list.name == "Groceries" && list.color == green && list.createdAt == Fixture.now)
        #expect(try harness.lists().map(\.name) == ["Reminders", "Groceries"])
    }

    @Test("a taken name is refused with the spelling of the list that has it, whatever the case or normalization")
    func nameTaken() throws {
        let harness = try ActionsHarness()
        _ = try harness.actions.addList(named: "Wörk")
        let decomposed = "WO\u{0308}RK"
        #expect(throws: ActionError.listNameTaken(existing: "Wörk")) { try harness.actions.addList(named: decomposed) }
        _ = try harness.actions.addList(named: "Home")
        #expect(throws: ActionError.listNameTaken(existing: "Wörk")) { try harness.actions.renameList(.named("home"), to: "wörk") }
        #expect(try harness.lists().map(\.name) == ["Reminders", "Wörk", "Home"])
    }

    @Test("a name the same but for width is taken (a fullwidth ＣＨＯＲＥＳ is Chores), and finds that list")
    func widthFolded() throws {
        let harness = try ActionsHarness()
        _ = try harness.actions.addList(named: "Chores")
        #expect(throws: ActionError.listNameTaken(existing: "Chores")) { try harness.actions.addList(named: "ＣＨＯＲＥＳ") }
        #expect(throws: ActionError.listNameTaken(existing: "Chores")) {
            try harness.actions.renameList(.named("Reminders"), to: "ｃｈｏｒｅｓ")
        }
        #expect(try harness.store.read { try $0.list(named: "ＣＨＯＲＥＳ") }?.name == "Chores")
        let added = try harness.actions.add(NewReminder(title: "dust", list: .named("ｃｈｏｒｅｓ")))
        #expect(try harness.store.read { try $0.list(id: added.reminder.listID) }?.name == "Chores")
        #expect(try harness.lists().map(\.name) == ["Reminders", "Chores"])
    }

    @Test("renaming a list to its own name changes nothing; a blank name finds no list and says it is blank")
    func sameNameAndBlankLookup() throws {
        let harness = try ActionsHarness()
        let list = try harness.actions.addList(named: "Chores")
        let renamed = try harness.actions.renameList(.named("chores"), to: " Chores ")
        #expect(renamed.list == list && renamed.oldName == "Chores")
        #expect(try harness.store.read { try $0.list(id: list.id) } == list)
        #expect(throws: ModelError.blankName(.listName)) { try harness.store.read { try $0.existingList(named: "\u{2800}") } }
        #expect(throws: ActionError.self) { try harness.store.read { try $0.existingList(named: "Errands") } }
    }

    @Test("a blank name is refused by the model's rule")
    func blank() throws {
        let harness = try ActionsHarness()
        #expect(throws: ModelError.self) { try harness.actions.addList(named: " \u{200B} ") }
        #expect(throws: ModelError.self) { try harness.actions.renameList(.named("Reminders"), to: "\u{00A0}") }
        #expect(try harness.lists().map(\.name) == ["Reminders"])
    }

    @Test("rename keeps the old name for the report; a list may change only the case of its own name")
    func rename() throws {
        let harness = try ActionsHarness()
        let renamed = try harness.actions.renameList(.named("reminders"), to: "REMINDERS")
        #expect(renamed.oldName == "Reminders" && renamed.list.name == "REMINDERS" && renamed.list.modifiedAt == Fixture.now)
        #expect(try harness.lists().map(\.name) == ["REMINDERS"])
        #expect(throws: ActionError.listNotFound(name: "Nope", existing: ["REMINDERS"])) {
            try harness.actions.renameList(.named("Nope"), to: "Other")
        }
    }

    @Test("recolor changes the color only")
    func recolor() throws {
        let harness = try ActionsHarness()
        let red = try #require(ListColor(parsing: "red"))
        let list = try harness.actions.recolorList(.named("Reminders"), to: red)
        #expect(try harness.lists() == [list])
        #expect(list.color == red && list.name == "Reminders")
    }

    @Test("move puts a list at a 1-based place, past the end last; a place below 1 is refused")
    func move() throws {
        let harness = try ActionsHarness()
        _ = try harness.actions.addList(named: "A")
        _ = try harness.actions.addList(named: "B")
        #expect(try harness.actions.moveList(.named("B"), to: 1).index == 1)
        #expect(try harness.lists().map(\.name) == ["B", "Reminders", "A"])
        #expect(try harness.actions.moveList(.named("B"), to: 10).index == 3)
        #expect(try harness.lists().map(\.name) == ["Reminders", "A", "B"])
        #expect(throws: ActionError.positionOutOfRange(0)) { try harness.actions.moveList(.named("A"), to: 0) }
    }

    @Test("delete: a list with reminders only when forced, with them; never the last list; a gone list by identifier")
    func delete() throws {
        let harness = try ActionsHarness()
        let errands = try harness.actions.addList(named: "Errands")
        try harness.add(["Stamps", "Bread"], to: "Errands")
        #expect(throws: ActionError.listNotEmpty(name: "Errands", reminderCount: 2)) {
            try harness.actions.deleteList(.named("errands"), force: false)
        }
        let deleted = try harness.actions.deleteList(.named("errands"), force: true)
        #expect(deleted.list.id == errands.id && deleted.reminderCount == 2)
        #expect(try harness.reminders().isEmpty)
        #expect(throws: ActionError.lastList(name: "Reminders")) { try harness.actions.deleteList(.named("Reminders"), force: true) }
        #expect(throws: ActionError.listGone(errands.id)) { try harness.actions.deleteList(.id(errands.id), force: false) }
        #expect(try harness.lists().map(\.name) == ["Reminders"])
    }
}
