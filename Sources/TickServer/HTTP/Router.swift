/// A query parameter a route does not read: the services answer it 400 with `detail`
/// (`Problem.from`). Its own type, so that the router needs nothing of the API's (the
/// `httprequest` fuzz target builds the router alone).
public struct UnknownQueryParameter: Error, Sendable {
    /// What the answer says: the parameter and those the route takes.
    public let detail: String
}

/// Finds the handler of a request by method and path pattern (`/api/v1/lists/{id}`).
///
/// A pattern is segments split on `/`; a segment in braces matches any one non-empty
/// segment and is passed to the handler percent-decoded, in order. Handlers take a
/// `Context` (the service that answers) rather than capturing it.
public struct Router<Context>: Sendable {
    /// What handles one route: the context, the request and the decoded path parameters.
    public typealias Handler = @Sendable (Context, HTTPRequest, [String]) throws -> HTTPResponse

    /// One route.
    public struct Route: Sendable {
        /// `GET`, `POST` …
        public var method: String
        /// `/api/v1/lists/{id}`.
        public var pattern: String
        /// One line on what it does (for the OpenAPI document).
        public var summary: String
        /// The query parameters it reads; a request with any other is refused (400).
        public var query: [String]
        let segments: [Substring]
        let handler: Handler
    }

    /// What a path and method found.
    public enum Match: Sendable {
        /// The route's handler and its parameters.
        case found(Handler, [String])
        /// The path is known but not with this method; `allowed` are the methods it takes.
        case methodNotAllowed(allowed: [String])
        /// No route has this path (or a parameter was not percent-decodable).
        case notFound
    }

    /// The routes, in the order added.
    public private(set) var routes: [Route] = []

    /// An empty router.
    public init() {}

    /// Adds a route.
    /// - Parameter query: the query parameters the route reads. A request that gives another
    ///   is answered 400 naming it and these, before `handler` runs: a misspelt `?limt=5` or
    ///   `?complete=true` must not be taken as asking for the default (a tester).
    public mutating func add(_ method: String, _ pattern: String, summary: String = "", query: [String] = [],
                             _ handler: @escaping Handler) {
        let checked: Handler = { context, request, parameters in
            if let unknown = request.query.keys.sorted().first(where: { !query.contains($0) }) {
                throw Router.unknownParameter(unknown, of: "\(method) \(pattern)", takes: query)
            }
            return try handler(context, request, parameters)
        }
        routes.append(Route(method: method, pattern: pattern, summary: summary, query: query, segments: Router.segments(pattern),
                            handler: checked))
    }

    /// The error for query parameter `name`, which the route `route` does not read.
    static func unknownParameter(_ name: String, of route: String, takes query: [String]) -> UnknownQueryParameter {
        let shown = name.shown(atMost: 40)
        let known = query.map { "?" + $0 }
        if name.allSatisfy(\.isWhitespace) {
            // `?=x` or `?%20=1`: a bare "?" would say nothing.
            let takes = known.isEmpty ? "it takes no query parameters" : "it takes " + known.joined(separator: ", ")
            return UnknownQueryParameter(detail: "a query parameter without a name (\"\(shown)\") is not read by \(route); \(takes)")
        }
        let takes = switch known.count {
        case 0: "it takes no query parameters"
        case 1: "it takes \(known[0]) only"
        default: "it takes " + known.dropLast().joined(separator: ", ") + " and " + known[known.count - 1]
        }
        return UnknownQueryParameter(detail: "?\(shown) is not a parameter of \(route); \(takes)")
    }

    /// The route for `method` and the percent-encoded `path`.
    /// - Complexity: O(routes × segments).
    public func match(method: String, path: String) -> Match {
        let parts = Router.segments(path)
        var allowed: [String] = []
        for route in routes where route.segments.count == parts.count {
            var parameters: [String] = []
            var matches = true
            for (pattern, part) in zip(route.segments, parts) {
                if pattern.hasPrefix("{") {
                    guard !part.isEmpty, let value = HTTPRequest.decoded(String(part), plusIsSpace: false) else {
                        matches = false
                        break
                    }
                    parameters.append(value)
                } else if pattern != part {
                    matches = false
                    break
                }
            }
            guard matches else { continue }
            if route.method == method || (method == "HEAD" && route.method == "GET") {
                return .found(route.handler, parameters)
            }
            allowed.append(route.method)
        }
        // A GET route answers HEAD too (RFC 9110 §9.3.2), so `Allow` names it.
        if allowed.contains("GET") { allowed.insert("HEAD", at: allowed.firstIndex(of: "GET").map { $0 + 1 } ?? 0) }
        return allowed.isEmpty ? .notFound : .methodNotAllowed(allowed: allowed)
    }

    private static func segments(_ path: String) -> [Substring] {
        Array(path.split(separator: "/", omittingEmptySubsequences: false).dropFirst())
    }
}
