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
                ("parameters", .object([("TimeZone", timeZoneParameter)])),
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
                    ("ReminderFields", reminderFieldsSchema),
                ])),
            ])),
            ("security", .array([.object([("bearer", .array([]))]), .object([("session", .array([]))])])),
            ("paths", .object(paths.map { ($0.0, .object($0.1)) })),
        ])
    }

    /// The header field `Time-Zone`, which every route takes (`requestTimeZone`).
    private static var timeZoneParameter: JSONValue {
        .object([
            ("name", .string(timeZoneField)), ("in", .string("header")), ("required", .bool(false)),
            ("schema", .object([("type", .string("string")), ("examples", .array([.string("America/New_York")]))])),
            ("description", .string("The user's time zone, an IANA name (any case): the request's date phrases (`tomorrow 9am`), dates and times "
                + "without an offset, and the days of the smart lists today and overdue and their counts are read in it, and a "
                + "date and time read from a phrase is kept in it, so that a repeating reminder follows its daylight saving. Without it, "
                + "the server's zone. A name Tick does not know is a 400 problem `urn:tick:problem:unknown-time-zone` naming it, "
                + "on every route, before anything is read or changed.")),
        ])
    }

    /// The body of `POST /api/v1/reminders` and `PATCH /api/v1/reminders/{uid}`
    /// (`ReminderFields`): every member optional; on PATCH `null` clears.
    private static var reminderFieldsSchema: JSONValue {
        // On PATCH `null` clears these (a kind's null is as if it were absent).
        let nullable: Set = ["notes", "due", "dueKind", "start", "startKind", "url", "repeat", "alarms", "parent"]
        func member(_ name: String, _ type: String, _ description: String, _ extra: [(String, JSONValue)] = []) -> (String, JSONValue) {
            let types: JSONValue = nullable.contains(name) ? .array([.string(type), .string("null")]) : .string(type)
            return (name, .object([("type", types)] + extra + [("description", .string(description))]))
        }
        let kinds: [(String, JSONValue)] = [("enum", .array(["allDay", "timed", "floating", nil].map { $0.map(JSONValue.string) ?? .null }))]
        let strings: [(String, JSONValue)] = [("items", .object([("type", .string("string"))]))]
        let date = "The words `--due` takes (`tomorrow 9am`, `fri`, `2026-12-24`) or ISO 8601, read in the request's time zone (`Time-Zone`, "
            + "else the server's) and the server's clock: "
            + "a day alone is all-day; a date and time with an offset is that instant (`2026-12-05T09:00:00-05:00`); with an IANA time zone "
            + "name in brackets as RFC 9557 writes it, that zone's wall clock, kept in that zone across daylight saving "
            + "(`2026-12-05T09:00[America/New_York]`, or `2026-12-05T09:00:00-05:00[America/New_York]`: the offset must then be the zone's, "
            + "else 422 naming both; an unknown zone name is 422 too). `null` clears it."
        func kind(_ field: String) -> String {
            "Which kind of date `\(field)` is, as the reminder JSON says it: `floating` makes a date and time given without an offset or "
                + "zone a floating one, a wall clock in no time zone (`{\"\(field)\": \"2026-12-05T09:00\", \"\(field)Kind\": \"floating\"}`; "
                + "a phrase such as `tomorrow 9am` gives its wall clock); `allDay` and `timed` check that `\(field)` reads as that kind (else 422). "
                + "Only with `\(field)` (else 400)."
        }
        return .object([
            ("type", .string("object")),
            ("description", .string("The fields of a reminder to add or change (README, tick serve: the fields of a reminder's body).")),
            ("additionalProperties", .bool(false)),
            ("properties", .object([
                member("title", "string", "Not blank."),
                member("list", "string", "A list id."),
                member("notes", "string", "The notes."),
                member("due", "string", "When it is due. " + date),
                member("dueKind", "string", kind("due"), kinds),
                member("start", "string", "When work can start. " + date),
                member("startKind", "string", kind("start"), kinds),
                member("priority", "string", "none, low, medium, high, or the iCalendar number 0-9."),
                member("flagged", "boolean", "Flagged."),
                member("tags", "array", "Replaces the tags.", strings),
                member("url", "string", "A link."),
                member("repeat", "string", "What `--repeat` takes: `weekly`, `every 3 days`, `RRULE:FREQ=…`."),
                member("repeatFrom", "string", "`due` or `completion`."),
                member("alarms", "array", "Offsets as `--alarm` takes them (`-10m`) or dates as `--remind` takes them; replaces the alarms.", strings),
                member("parent", "string", "A reminder uid: makes it a subtask."),
            ])),
        ])
    }

    private static func operationObject<API>(_ route: Router<API>.Route) -> JSONValue {
        let names = route.pattern.split(separator: "/").filter { $0.hasPrefix("{") }.map { String($0.dropFirst().dropLast()) }
        var members: [(String, JSONValue)] = [
            ("summary", .string(route.summary)),
            ("operationId", .string(route.method.lowercased() + route.pattern.split(separator: "/").dropFirst(2)
                .map { $0.hasPrefix("{") ? "By" + $0.dropFirst().dropLast().capitalized : $0.capitalized }.joined())),
        ]
        let timeZone = JSONValue.object([("$ref", .string("#/components/parameters/TimeZone"))])
        let query = route.query.map { name -> JSONValue in
            .object([("name", .string(name)), ("in", .string("query")), ("required", .bool(name == "q")),
                     ("schema", .object([("type", .string(["limit"].contains(name) ? "integer" : ["completed", "force", "all"].contains(name) ? "boolean" : "string"))]))])
        }
        members.append(("parameters", .array(names.map { name in
            .object([("name", .string(name)), ("in", .string("path")), ("required", .bool(true)),
                     ("schema", .object([("type", .string("string"))]))])
        } + query + [timeZone])))
        if ["POST", "PATCH"].contains(route.method) {
            let takesReminderFields = route.pattern == "/api/v1/reminders" || (route.method == "PATCH" && route.pattern == "/api/v1/reminders/{uid}")
            let schema: JSONValue = takesReminderFields ? .object([("$ref", .string("#/components/schemas/ReminderFields"))])
                                                        : .object([("type", .string("object"))])
            members.append(("requestBody", .object([("required", .bool(false)), ("content", .object([
                ("application/json", .object([("schema", schema)])),
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
