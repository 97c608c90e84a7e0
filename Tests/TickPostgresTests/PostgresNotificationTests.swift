import Foundation
import Testing
import TestSupport
import TickPostgres

@Suite("LISTEN / NOTIFY between connections", .enabled(if: PostgresServer.isInstalled, PostgresServer.skipReason))
struct PostgresNotificationTests {
    @Test("a notification reaches a listening connection with its payload and sender")
    func delivered() throws {
        let database = try PostgresServer.database()
        let listener = try database.connect(), sender = try database.connect()
        try listener.listen("tick changes")
        try sender.notify("tick changes", payload: "list 7 changed")
        try sender.notify("other", payload: "not for the listener")
        let received = try listener.notifications(waitingUpTo: 5)
        #expect(received == [PostgresNotification(channel: "tick changes", payload: "list 7 changed", processID: sender.backendProcessID)])
    }

    @Test("a notification sent inside a transaction arrives only when it commits, and never after a rollback")
    func transactional() throws {
        struct Undo: Error {}
        let database = try PostgresServer.database()
        let listener = try database.connect(), sender = try database.connect()
        try listener.listen("changes")
        try? sender.transaction { sender in
            try sender.notify("changes", payload: "rolled back")
            throw Undo()
        }
        try sender.transaction { sender in
            try sender.notify("changes", payload: "committed")
            #expect(try listener.notifications(waitingUpTo: 0.2).isEmpty)
        }
        #expect(try listener.notifications(waitingUpTo: 5).map(\.payload) == ["committed"])
    }

    @Test("waiting with nothing sent sleeps for the time asked, then returns nothing")
    func timesOut() throws {
        let database = try PostgresServer.database()
        let listener = try database.connect()
        try listener.listen("quiet")
        let start = ContinuousClock.now
        #expect(try listener.notifications(waitingUpTo: 0.3).isEmpty)
        let elapsed = ContinuousClock.now - start
        #expect(elapsed >= .milliseconds(290))
        #expect(elapsed < .seconds(3))
    }

    @Test("a notification sent while the listener waits on another thread wakes it")
    func wakesWaiter() throws {
        let database = try PostgresServer.database()
        let listener = try database.connect()
        try listener.listen("wake")
        let url = database.url
        let thread = Thread {
            usleep(200_000)
            if let sender = try? PostgresConnection(url: url) { try? sender.notify("wake", payload: "now") }
        }
        thread.start()
        let start = ContinuousClock.now
        let received = try listener.notifications(waitingUpTo: 10)
        #expect(received.map(\.payload) == ["now"])
        #expect(ContinuousClock.now - start < .seconds(5))
    }
}
