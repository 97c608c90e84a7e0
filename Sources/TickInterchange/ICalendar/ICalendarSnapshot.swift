import CICal
import Foundation

/// What libical reads in an iCalendar text, VTODO by VTODO, as plain values: the
/// property names and values (as libical writes them back), and those of their
/// subcomponents. Used to check that an export keeps every property of an import
/// (tests, diagnostics); it never changes anything.
struct ICalendarSnapshot: Sendable {
    /// One property: its name (upper case; `X-` names as written) and value text.
    struct Property: Hashable, Sendable, CustomStringConvertible {
        var name: String
        var value: String
        var description: String { name + ":" + value }
    }

    /// One VTODO.
    struct VTodo: Sendable {
        var uid: String
        /// The `RECURRENCE-ID` value of an override, else "".
        var recurrenceID: String
        var properties: [Property]
        /// Subcomponents (VALARMs …): their name and properties.
        var components: [(name: String, properties: [Property])]
    }

    /// Every VTODO, in file order.
    var vtodos: [VTodo] = []
    /// How many VCALENDARs the text holds.
    var calendars = 0

    /// Reads `text` with libical, one top-level component at a time.
    /// - Throws: `InterchangeError` when the text cannot be read at all.
    init(_ text: String) throws(InterchangeError) {
        let source = try ICalendarLineSource(Data(text.utf8), source: nil)
        let parser = try ICalendarComponentParser()
        while let line = try source.next() {
            guard let component = parser.add(line.text).component else { continue }
            defer { icalcomponent_free(component) }
            collect(LibicalComponent(pointer: component))
        }
    }

    private mutating func collect(_ component: LibicalComponent) {
        switch component.kind {
        case ICAL_VCALENDAR_COMPONENT:
            calendars += 1
            for child in component.components() { collect(child) }
        case ICAL_XROOT_COMPONENT:
            for child in component.components() { collect(child) }
        case ICAL_VTODO_COMPONENT:
            let properties = ICalendarSnapshot.properties(of: component)
            vtodos.append(VTodo(
                uid: properties.first { $0.name == "UID" }?.value ?? "",
                recurrenceID: properties.first { $0.name == "RECURRENCE-ID" }?.value ?? "",
                properties: properties,
                components: component.components().map { child in
                    (ICalendarSnapshot.name(of: child), ICalendarSnapshot.properties(of: child))
                }))
        default:
            break
        }
    }

    private static func name(of component: LibicalComponent) -> String {
        guard let name = icalcomponent_kind_to_string(component.kind) else { return "X" }
        return String(cString: name)
    }

    private static func properties(of component: LibicalComponent) -> [Property] {
        component.properties().compactMap { property in
            guard property.kind != ICAL_XLICERROR_PROPERTY else { return nil }
            let name: String
            if property.kind == ICAL_X_PROPERTY {
                name = property.xName ?? "X-"
            } else if let kindName = icalproperty_kind_to_string(property.kind) {
                name = String(cString: kindName)
            } else {
                name = "?"
            }
            return Property(name: name, value: property.valueText ?? "")
        }
    }
}
