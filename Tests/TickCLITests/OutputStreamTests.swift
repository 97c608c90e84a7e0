import Foundation
import Testing
import TestSupport
import TickCLI

@Suite("Output to a file descriptor")
struct OutputStreamTests {
    /// What `body` writes through a `FileDescriptorOutput` on a fresh file, read back.
    static func written(_ body: (FileDescriptorOutput) -> Void) throws -> [UInt8] {
        let folder = TemporaryFolder()
        let path = folder.file("out.txt")
        let descriptor = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0o600)
        try #require(descriptor >= 0)
        let output = FileDescriptorOutput(descriptor: descriptor)
        body(output)
        output.flush()
        close(descriptor)
        #expect(output.failure == nil)
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test("bytes, small or past the buffer's size, come out in order with the text around them",
          arguments: [0, 1, 65_535, 65_536, 300_000])
    func bytesInOrder(count: Int) throws {
        let listing = (0..<count).map { UInt8(ascii: "a") + UInt8($0 % 26) }
        let filler = String(repeating: "x", count: 40_000)
        let result = try Self.written { output in
            output.write("heading\n" + filler)
            output.write(bytes: listing)
            output.write("tail\n")
        }
        #expect(result == Array(("heading\n" + filler).utf8) + listing + Array("tail\n".utf8))
    }
}
