// Measures the work of each keystroke of the interactive UI (`tick ui`) on a list of
// 100,000 reminders: the state machine, the store reads and writes it causes, and the
// layout of the next screen, exactly as the run loop does them, without a terminal.
//
//   swift run -c release tick-tui-bench            # 100,000 reminders
//   swift run -c release tick-tui-bench 1000000    # another size
//   swift run -c release tick-tui-bench 100000 --keep PATH   # leave the database at PATH
//   swift run -c release tick-tui-bench 100000 --subtasks    # every 10th a parent of the next three
//   swift run -c release tick-tui-bench 1000000 --reuse PATH # a copy of a database kept that way, not filled again
//
// `bench/tui-terminal.sh` then measures the whole `tick ui` process (ncurses drawing
// and terminal output included) in tmux on a database kept this way.
//
// Prints, for each kind of key, the median, 95th percentile and worst time over many
// presses. Not part of the test suite; numbers depend on the machine.
import Foundation
import TickModel
import TickStore
import TickTUI

let arguments = Array(CommandLine.arguments.dropFirst())
let count = arguments.first.flatMap(Int.init) ?? 100_000
let nests = arguments.contains("--subtasks")
let kept = arguments.firstIndex(of: "--keep").flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
let folder = NSTemporaryDirectory() + "tick-tui-bench-" + UUID().uuidString
try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: folder) }
// A database kept by an earlier run (its keys moved by that run's writes), opened as it is.
let reused = arguments.firstIndex(of: "--reuse").flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
let databasePath = reused ?? kept ?? folder + "/bench.sqlite3"
if kept != nil, FileManager.default.fileExists(atPath: databasePath) {
    print("\(databasePath) exists; give a new path to --keep")
    exit(64)
}
if let reused, !FileManager.default.fileExists(atPath: reused) {
    print("\(reused) does not exist; make it with --keep")
    exit(64)
}
let now = Date(timeIntervalSince1970: 1_795_953_600) // 2026-11-29T12:00:00Z
let zone = TimeZone(identifier: "UTC") ?? .gmt
let store = try Store(path: databasePath, now: now)

// MARK: Data: one list of `count` reminders; every 10th completed, every 7th flagged,
// every 50th due (so Scheduled and Today are not empty), and a small second list. With
// `--subtasks`, the 5th of every ten is the parent of the 6th, 7th and 8th.
let fillStart = ContinuousClock.now
let today = LocalDateTime(now, in: zone).day
if reused == nil { try store.write { db in
    let list = try db.defaultList()
    let small = try db.insert(ReminderList(name: "Errands", createdAt: now))
    var parent: ReminderUID?
    for index in 1...count {
        let due: Due? = index % 50 == 0 ? .allDay(today.adding(days: index % 400 - 200)) : nil
        let stored = try db.insert(Reminder(listID: list.id, title: "Reminder \(index) 우유 사기", due: due,
                                            isFlagged: index % 7 == 0, completedAt: index % 10 == 0 ? now : nil,
                                            parentUID: nests && (6...8).contains(index % 10) ? parent : nil, createdAt: now))
        if index % 10 == 5 { parent = stored.uid }
    }
    for index in 1...20 { try db.insert(Reminder(listID: small.id, title: "Errand \(index)", createdAt: now)) }
}
print("filled \(count) reminders in \(ContinuousClock.now - fillStart)") }

let configuration = TUIConfiguration(dateContext: DateContext(now: now, timeZone: zone, locale: Locale(identifier: "en_US")),
                                     clock: { now }, usesColor: true)
let session = TUISession(store: store, configuration: configuration, width: 80, height: 24)

/// Times `body` (the key and the next screen's layout), in microseconds.
@MainActor func measure(_ body: () -> Void) -> Double {
    let start = ContinuousClock.now
    body()
    _ = session.screenLines
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12
}

var results: [(String, [Double])] = []
@MainActor func record(_ name: String, _ samples: [Double]) { results.append((name, samples)) }

record("start (all counts, first window)", [measure { session.start() }])

// Opening the big list from the sidebar, and the small one.
var opening: [Double] = []
for _ in 0..<20 {
    session.send(.tab) // to the sidebar (on Reminders)
    session.send(.down) // Errands
    opening.append(measure { session.send(.up) }) // back to Reminders: its first window
    session.send(.tab)
}
record("open the big list (sidebar ↑)", opening)

var down: [Double] = []
for _ in 0..<2_000 { down.append(measure { session.send(.down) }) }
record("↓ (2,000 presses, paging by key)", down)
var up: [Double] = []
for _ in 0..<500 { up.append(measure { session.send(.up) }) }
var layout: [Double] = []
for _ in 0..<500 { layout.append(measure {}) }
record("layout of one screen alone", layout)
record("↑ (500 presses)", up)
var pageDown: [Double] = []
for _ in 0..<200 { pageDown.append(measure { session.send(.pageDown) }) }
record("Page Down (200 presses)", pageDown)
record("End (last window)", (0..<20).map { _ in
    session.send(.home)
    return measure { session.send(.end) }
})
record("Home", (0..<20).map { _ in
    session.send(.end)
    return measure { session.send(.home) }
})

// Writes, in the middle of the list.
for _ in 0..<30_000 { session.send(.down) }
var toggles: [Double] = []
for _ in 0..<100 { toggles.append(measure { session.send(.character(" ")) }) }
record("Space: toggle (write + window)", toggles)
var moves: [Double] = []
for index in 0..<100 { moves.append(measure { session.send(index % 2 == 0 ? .character("K") : .character("J")) }) }
record("K/J: move (write + window)", moves)
var collapses: [Double] = []
for _ in 0..<100 { collapses.append(measure { session.send(.character("o")) }) }
record("o: collapse or open (window)", collapses)
var collapsesAll: [Double] = []
for _ in 0..<20 { collapsesAll.append(measure { session.send(.character("O")) }) }
record("O: collapse or open all (window)", collapsesAll)
var nestings: [Double] = []
for index in 0..<100 { nestings.append(measure { session.send(index % 2 == 0 ? .character(">") : .character("<")) }) }
record("> / <: indent, outdent (write + window)", nestings)
var deletes: [Double] = []
var undos: [Double] = []
for _ in 0..<50 {
    deletes.append(measure { session.send(.character("d")) })
    undos.append(measure { session.send(.character("u")) })
}
record("d: delete", deletes)
record("u: undo the delete", undos)
var flags: [Double] = []
for _ in 0..<100 { flags.append(measure { session.send(.character("f")) }) }
record("f: flag (edit)", flags)
var adds: [Double] = []
for index in 0..<50 {
    session.send(.character("a"))
    for character in "New reminder \(index)" { session.send(.character(character)) }
    adds.append(measure { session.send(.enter) })
}
record("Enter in the add dialog (add at the end)", adds)
var typing: [Double] = []
session.send(.character("a"))
for character in String(repeating: "우유 사기 ", count: 20) { typing.append(measure { session.send(.character(character)) }) }
session.send(.escape)
record("typing in the add dialog", typing)
var polls: [Double] = []
for _ in 0..<100 { polls.append(measure { session.tick() }) }
record("poll: PRAGMA data_version, unchanged", polls)

// MARK: Report
func percentile(_ sorted: [Double], _ p: Double) -> Double {
    sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
}
func format(_ microseconds: Double) -> String {
    microseconds >= 1000 ? String(format: "%.2f ms", microseconds / 1000) : String(format: "%.0f µs", microseconds)
}
print("\nper keystroke at \(count) reminders in one list (80×24; work = state machine + SQLite + layout)")
print("key".padding(toLength: 52, withPad: " ", startingAt: 0) + "median      p95       worst")
for (name, samples) in results {
    let sorted = samples.sorted()
    let columns = [percentile(sorted, 0.5), percentile(sorted, 0.95), sorted.last ?? 0].map {
        format($0).padding(toLength: 10, withPad: " ", startingAt: 0)
    }
    print(name.padding(toLength: 52, withPad: " ", startingAt: 0) + columns.joined(separator: "  "))
}
