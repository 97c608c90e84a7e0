import Foundation

/// One HTTP response as a handler returns it: a status, header fields in order, and a
/// body of bytes or a stream of events.
public struct HTTPResponse: Sendable {
    /// What follows the header.
    public enum Body: Sendable {
        /// These bytes, with their length.
        case bytes([UInt8])
        /// A stream without a length (Server-Sent Events) that stays open until it is closed.
        case stream(EventStream)
    }

    /// The status code (RFC 9110 §15).
    public var status: Int
    /// Header fields in the order written; a name may repeat (`Set-Cookie`).
    public var headers: [(name: String, value: String)]
    /// The body.
    public var body: Body

    /// A response.
    public init(status: Int, headers: [(name: String, value: String)] = [], body: Body = .bytes([])) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A response with a text body of `contentType`.
    public init(status: Int, contentType: String, text: String) {
        self.init(status: status, headers: [("Content-Type", contentType)], body: .bytes(Array(text.utf8)))
    }

    /// The value of the first header field `name` (any case).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// The body's bytes as text (empty for a stream).
    public var bodyText: String {
        if case .bytes(let bytes) = body { return String(decoding: bytes, as: UTF8.self) }
        return ""
    }

    /// Sets the header field `name`, replacing the ones there are.
    public mutating func setHeader(_ name: String, _ value: String) {
        headers.removeAll { $0.name.lowercased() == name.lowercased() }
        headers.append((name, value))
    }
}
