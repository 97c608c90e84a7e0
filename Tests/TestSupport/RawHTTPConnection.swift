import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A TCP connection to a local HTTP server that sends exactly the bytes a test writes
/// (a slow header, a body larger than it says, a forged Host) and reads what comes back.
public final class RawHTTPConnection {
    private let socketDescriptor: Int32

    /// Connects to `127.0.0.1:port`.
    /// - Throws: when the connection is refused.
    public init(port: UInt16) throws {
        socketDescriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socketDescriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            close(socketDescriptor)
            throw CocoaError(.fileReadUnknown)
        }
    }

    deinit { close(socketDescriptor) }

    /// Writes `text`; false when the server closed the connection.
    @discardableResult
    public func write(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { send(socketDescriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == bytes.count
    }

    /// Reads until the server closes the connection, `until` is found in what was read,
    /// or `timeout` seconds pass.
    /// - Returns: the text read and whether the server closed the connection.
    public func read(until marker: String? = nil, timeout: TimeInterval) -> (text: String, closed: Bool) {
        var received: [UInt8] = []
        let deadline = Date().addingTimeInterval(timeout)
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while Date() < deadline {
            var poller = pollfd(fd: socketDescriptor, events: Int16(POLLIN), revents: 0)
            let wait = Int32(max(1, deadline.timeIntervalSinceNow * 1_000))
            guard poll(&poller, 1, wait) > 0 else { continue }
            let count = recv(socketDescriptor, &buffer, buffer.count, 0)
            if count <= 0 { return (String(decoding: received, as: UTF8.self), true) }
            received += buffer[0..<count]
            if let marker, String(decoding: received, as: UTF8.self).contains(marker) { break }
        }
        return (String(decoding: received, as: UTF8.self), false)
    }

    /// The status code of the response's first line in `text`, or nil.
    public static func status(of text: String) -> Int? {
        let parts = text.split(separator: " ", maxSplits: 2)
        return parts.count >= 2 ? Int(parts[1]) : nil
    }
}
