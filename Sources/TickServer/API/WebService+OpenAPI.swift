import TickInterchange

/// `GET /api/v1/openapi.json`: an OpenAPI 3.1 document (https://spec.openapis.org/oas/v3.1.0)
/// made from the router's own table, so every route is in it.
extension WebService {
    func openAPI() -> HTTPResponse {
        WebService.json(WebService.openAPIDocument(routes: router.routes))
    }

    static func openAPIDocument<API>(routes: [Router<API>.Route]) -> JSONValue {
        var paths: [(String, [(String, JSONValue)])] = []
        for route in routes {
            let operation = operationObject(route)
            if let index = paths.firstIndex(where: { $0.0 == route.pattern }) {
                paths[index].1.append((route.method.lowercased(), operation))
            } else {
                paths.append((route.pattern, [(route.method.lowercased(), operation)]))
            }
        }
        return .object([
            ("openapi", .string("3.1.0")),
            ("info", .object([("title", .string("Tick")), ("version", .string("1")),
                              ("description", .string("The JSON API of tick serve. Reminders have the shape of `tick … --json`; errors are RFC 9457 problem details."))])),
            ("components", .object([
                ("securitySchemes", .object([
                    ("bearer", .object([("type", .string("http")), ("scheme", .string("bearer"))])),
                    ("session", .object([("type", .string("apiKey")), ("in", .string("cookie")), ("name", .string(sessionCookie))])),
                ])),
                ("schemas", .object([
                    ("Problem", .object([("type", .string("object")), ("required", .array(["type", "title", "status", "detail"].map(JSONValue.string))),
                                         ("properties", .object(["type", "title", "detail"].map { ($0, .object([("type", .string("string"))])) }
                                                                + [("status", .object([("type", .string("integer"))]))]))])),
                    ("Reminder", .object([("type", .string("object")), ("description", .string("As `tick show N --json` prints it (README, JSON output)."))])),
                    ("List", .object([("type", .string("object")), ("description", .string("As `tick lists --json` prints one."))])),
                ])),
            ])),
            ("security", .array([.object([("bearer", .array([]))]), .object([("session", .array([]))])])),
            ("paths", .object(paths.map { ($0.0, .object($0.1)) })),
        ])
    }

    private static func operationObject<API>(_ route: Router<API>.Route) -> JSONValue {
        let names = route.pattern.split(separator: "/").filter { $0.hasPrefix("{") }.map { String($0.dropFirst().dropLast()) }
        var members: [(String, JSONValue)] = [
            ("summary", .string(route.summary)),
            ("operationId", .string(route.method.lowercased() + route.pattern.split(separator: "/").dropFirst(2)
                .map { $0.hasPrefix("{") ? "By" + $0.dropFirst().dropLast().capitalized : $0.capitalized }.joined())),
        ]
        if !names.isEmpty {
            members.append(("parameters", .array(names.map { name in
                .object([("name", .string(name)), ("in", .string("path")), ("required", .bool(true)),
                         ("schema", .object([("type", .string("string"))]))])
            })))
        }
        if ["POST", "PATCH"].contains(route.method) {
            members.append(("requestBody", .object([("required", .bool(false)), ("content", .object([
                ("application/json", .object([("schema", .object([("type", .string("object"))]))])),
            ]))])))
        }
        let problem = JSONValue.object([("description", .string("A problem (RFC 9457)")), ("content", .object([
            ("application/problem+json", .object([("schema", .object([("$ref", .string("#/components/schemas/Problem"))]))])),
        ]))])
        let success = route.method == "POST" && !route.pattern.contains("{") && route.pattern != "/api/v1/undo" ? "201" : "200"
        let successType = route.pattern.hasSuffix("/events") ? "text/event-stream" : "application/json"
        members.append(("responses", .object([
            (success, .object([("description", .string("Done")), ("content", .object([(successType, .object([]))]))])),
            ("4XX", problem),
        ])))
        return .object(members)
    }
}
