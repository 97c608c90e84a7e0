import CICal
import TickModel

/// A borrowed libical property (`icalproperty *`), valid while its component lives.
///
/// Memory rules (libical 3.0): the `const char *` getters (`icalproperty_get_summary`,
/// `icalparameter_get_tzid`, …) return memory owned by the property; the `_r` functions
/// (`icalproperty_get_value_as_string_r`, `icalrecurrencetype_as_string_r`) return a
/// buffer the caller frees with `icalmemory_free_buffer`. Nothing here uses libical's
/// ring buffer.
struct LibicalProperty {
    let pointer: OpaquePointer

    /// The kind of property (`ICAL_DUE_PROPERTY`, …).
    var kind: icalproperty_kind { icalproperty_isa(pointer) }

    /// The value as iCalendar text (escaped as in a file), or nil when there is none.
    var valueText: String? {
        guard let buffer = icalproperty_get_value_as_string_r(pointer) else { return nil }
        defer { icalmemory_free_buffer(buffer) }
        return String(validatingCString: buffer)
    }

    /// A text parameter (`TZID`) or nil.
    var tzid: String? {
        guard let parameter = icalproperty_get_first_parameter(pointer, ICAL_TZID_PARAMETER),
              let text = icalparameter_get_tzid(parameter) else { return nil }
        return String(validatingCString: text)
    }

    /// Whether `RELATED-TO` names the parent (`RELTYPE=PARENT`, or no `RELTYPE`: the
    /// default of RFC 5545 §3.2.15).
    var isParentRelation: Bool {
        guard let parameter = icalproperty_get_first_parameter(pointer, ICAL_RELTYPE_PARAMETER) else { return true }
        return icalparameter_get_reltype(parameter) == ICAL_RELTYPE_PARENT
    }

    /// Whether `RELATED-TO` names a child (`RELTYPE=CHILD`, RFC 5545 §3.2.15).
    var isChildRelation: Bool {
        guard let parameter = icalproperty_get_first_parameter(pointer, ICAL_RELTYPE_PARAMETER) else { return false }
        return icalparameter_get_reltype(parameter) == ICAL_RELTYPE_CHILD
    }

    /// Whether the property has the parameter `text` exactly (`X-TICK-SILENCED=TRUE`), its
    /// name compared case-insensitively, among its extension (`X-`) parameters.
    func hasExtensionParameter(_ text: String) -> Bool {
        var next = icalproperty_get_first_parameter(pointer, ICAL_X_PARAMETER)
        while let parameter = next {
            if let written = icalparameter_as_ical_string_r(parameter) {
                defer { icalmemory_free_buffer(written) }
                if String(cString: written).uppercased() == text.uppercased() { return true }
            }
            next = icalproperty_get_next_parameter(pointer, ICAL_X_PARAMETER)
        }
        return false
    }

    /// Whether a `TRIGGER` is measured from the end (`RELATED=END`, the due date of a
    /// VTODO) rather than the start (the default, RFC 5545 §3.2.14).
    var isRelatedToEnd: Bool {
        guard let parameter = icalproperty_get_first_parameter(pointer, ICAL_RELATED_PARAMETER) else { return false }
        return icalparameter_get_related(parameter) == ICAL_RELATED_END
    }

    /// A date or date-time value with its `TZID`, for `DUE`, `DTSTART`, `COMPLETED`,
    /// `CREATED`, `LAST-MODIFIED`, `DTSTAMP`; nil when the value is not a real date.
    func dateValue() -> ICalendarDateValue? {
        let time: icaltimetype
        switch kind {
        case ICAL_DUE_PROPERTY: time = icalproperty_get_due(pointer)
        case ICAL_DTSTART_PROPERTY: time = icalproperty_get_dtstart(pointer)
        case ICAL_COMPLETED_PROPERTY: time = icalproperty_get_completed(pointer)
        case ICAL_CREATED_PROPERTY: time = icalproperty_get_created(pointer)
        case ICAL_LASTMODIFIED_PROPERTY: time = icalproperty_get_lastmodified(pointer)
        case ICAL_DTSTAMP_PROPERTY: time = icalproperty_get_dtstamp(pointer)
        case ICAL_RECURRENCEID_PROPERTY: time = icalproperty_get_recurrenceid(pointer)
        default: return nil
        }
        return ICalendarDateValue(time, tzid: tzid)
    }

    /// The text of a TEXT-valued property, unescaped (`\,` is `,`, `\n` a line break).
    func text() -> String? {
        let value: UnsafePointer<CChar>?
        switch kind {
        case ICAL_SUMMARY_PROPERTY: value = icalproperty_get_summary(pointer)
        case ICAL_DESCRIPTION_PROPERTY: value = icalproperty_get_description(pointer)
        case ICAL_UID_PROPERTY: value = icalproperty_get_uid(pointer)
        case ICAL_URL_PROPERTY: value = icalproperty_get_url(pointer)
        case ICAL_RELATEDTO_PROPERTY: value = icalproperty_get_relatedto(pointer)
        case ICAL_CATEGORIES_PROPERTY: value = icalproperty_get_categories(pointer)
        case ICAL_X_PROPERTY:
            // With a VALUE parameter (Apple iCal 1.0 writes `X-WR-CALNAME;VALUE=TEXT:…`)
            // libical stores a value of that type, and `icalproperty_get_x` returns NULL.
            if let stored = icalproperty_get_value(pointer), icalvalue_isa(stored) == ICAL_TEXT_VALUE {
                value = icalvalue_get_text(stored)
            } else if let x = icalproperty_get_x(pointer) {
                value = x
            } else {
                return valueText
            }
        case ICAL_COLOR_PROPERTY: value = icalproperty_get_color(pointer)
        default:
            return valueText
        }
        return value.flatMap { String(validatingCString: $0) }.map(LibicalProperty.withoutControlCharacters)
    }

    /// `text` without the control characters (C0 but tab and line feed, and DEL) that
    /// libical's unescaping of TEXT makes of `\b`, `\f` and `\r` (RFC 5545 §3.3.11 escapes only
    /// `\\`, `\;`, `\,` and `\n`): a raw control character in a line is removed with a
    /// warning before libical reads it, and these came through after. Found by fuzz/icalendar:
    /// `X-WR-CALNAME:… [n\b] …` named a list with U+0008, which Tick's export left out, so
    /// the list came back under another name.
    static func withoutControlCharacters(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isRemovedControl) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.filter { !isRemovedControl($0) }))
    }

    private static func isRemovedControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t" && scalar != "\n") || scalar.value == 0x7F
    }

    /// The name of an `X-` property, upper-cased.
    var xName: String? {
        guard let name = icalproperty_get_x_name(pointer), let text = String(validatingCString: name) else { return nil }
        return text.uppercased()
    }
}

/// Walks the properties and subcomponents of a libical component in order.
struct LibicalComponent {
    let pointer: OpaquePointer

    /// The component's kind (`ICAL_VTODO_COMPONENT`, …).
    var kind: icalcomponent_kind { icalcomponent_isa(pointer) }

    /// Every property of `kind` (all with `ICAL_ANY_PROPERTY`), in file order.
    /// - Complexity: O(n) in the number of properties.
    func properties(_ kind: icalproperty_kind = ICAL_ANY_PROPERTY) -> [LibicalProperty] {
        var result: [LibicalProperty] = []
        var next = icalcomponent_get_first_property(pointer, kind)
        while let property = next {
            result.append(LibicalProperty(pointer: property))
            next = icalcomponent_get_next_property(pointer, kind)
        }
        return result
    }

    /// The first property of `kind`, or nil.
    func first(_ kind: icalproperty_kind) -> LibicalProperty? {
        icalcomponent_get_first_property(pointer, kind).map(LibicalProperty.init)
    }

    /// The direct subcomponents, in file order.
    func components() -> [LibicalComponent] {
        var result: [LibicalComponent] = []
        var next = icalcomponent_get_first_component(pointer, ICAL_ANY_COMPONENT)
        while let component = next {
            result.append(LibicalComponent(pointer: component))
            next = icalcomponent_get_next_component(pointer, ICAL_ANY_COMPONENT)
        }
        return result
    }
}
