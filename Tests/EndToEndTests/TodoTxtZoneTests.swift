import Foundation
import Testing
import TestSupport

/// A todo.txt file through the `tick` binary, imported and exported by processes that run
/// in different time zones (`TZ`), as on two machines sharing one file.
@Suite("todo.txt across time zones, as separate processes")
struct TodoTxtZoneTests {
    @Test("imported under TZ=Asia/Seoul, exported under TZ=Europe/Berlin: the file's days, letters and missing dates",
          arguments: [("Asia/Seoul", "Europe/Berlin"), ("Pacific/Kiritimati", "Pacific/Pago_Pago")])
    func importInOneZoneExportInAnother(_ importZone: String, _ exportZone: String) throws {
        let folder = TemporaryFolder()
        let path = folder.file("todo.txt")
        try Data(TodoTxtSample.file.utf8).write(to: URL(fileURLWithPath: path))
        var tick = BinaryRunner(database: folder.file("tick.sqlite3"))
        tick.environment["TZ"] = importZone
        #expect(try tick.run("import", path).status == 0)
        tick.environment["TZ"] = exportZone
        let export = try tick.run("export", "--format", "todotxt")
        #expect(export.status == 0)
        #expect(TodoTxtSample.linesWithoutUIDs(export.output).sorted() == TodoTxtSample.sortedLines)
    }
}
