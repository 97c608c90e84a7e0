#if canImport(Glibc)
import Glibc
#endif

/// A TCP socket bound to 127.0.0.1 on a port the kernel picks, for tests of clients facing a
/// server that never answers (`listening`: connections are taken into the backlog and left
/// there) or no server at all (closed: a port nothing listens on).
public final class LoopbackSocket {
    /// The socket's descriptor (-1 once closed).
    public private(set) var descriptor: Int32
    /// The port it is bound to.
    public let port: UInt16

    /// Binds a socket (and listens, with `listening`); nil when the kernel refuses.
    public init?(listening: Bool) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(descriptor, address, length) == 0 && getsockname(descriptor, address, &length) == 0
            }
        }
        guard bound, !listening || listen(descriptor, 8) == 0 else {
            Glibc.close(descriptor)
            return nil
        }
        self.descriptor = descriptor
        port = UInt16(bigEndian: address.sin_port)
    }

    /// Closes the socket: its port then has nothing behind it.
    public func close() {
        if descriptor >= 0 { Glibc.close(descriptor) }
        descriptor = -1
    }

    deinit { close() }
}
