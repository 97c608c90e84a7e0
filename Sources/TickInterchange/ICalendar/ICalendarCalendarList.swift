import CICal
import Foundation
import TickModel

/// The list a VCALENDAR describes: its name (`X-WR-CALNAME`, else the file name), its
/// color (`X-APPLE-CALENDAR-COLOR`, else RFC 7986 `COLOR`, as `#RRGGBB`, `#RRGGBBAA`
/// or a palette name) and the calendar properties and VTIMEZONEs kept for the export.
///
/// `VERSION` and `PRODID` are not kept (the writer writes its own), nor the lines the
/// name and color came from, nor `METHOD` (it makes a file an iTIP message, RFC 5546,
/// which an export is not), nor a second copy of a property allowed once; every other
/// calendar property is kept verbatim (`X-WR-CALDESC`, `X-WR-TIMEZONE`, `CALSCALE`, …).
/// VTIMEZONEs are kept when the calendar's to-dos use their `TZID`, one per `TZID`.
struct ICalendarCalendarList {
    /// The list, or nil when the calendar has no name and the file none either.
    let list: ReminderList?
    /// Whether the calendar names the list (`X-WR-CALNAME`), rather than the file name.
    let isNamedByCalendar: Bool

    init(propertyLines: [ICalendarContentLine], keptZones: [[String]], component: LibicalComponent?,
         fileListName: String?, now: Date) {
        var name: String?
        var appleColor: ListColor?
        var color: ListColor?
        var xProperties: [(String, String)] = []
        if let component {
            for property in component.properties(ICAL_X_PROPERTY) {
                if let xName = property.xName, let text = property.text() { xProperties.append((xName, text)) }
            }
            if let colorProperty = component.first(ICAL_COLOR_PROPERTY) { color = colorProperty.text().flatMap(ListColor.init(parsing:)) }
        }
        let calendarName = xProperties.first { $0.0 == "X-WR-CALNAME" }.flatMap { Names.listName(given: $0.1) }
        name = calendarName ?? fileListName.flatMap { try? Names.validated($0, as: .listName) }
        isNamedByCalendar = calendarName != nil
        appleColor = xProperties.first { $0.0 == "X-APPLE-CALENDAR-COLOR" }.flatMap { ListColor(parsing: $0.1) }

        var extras: [String] = []
        var dropped = Set<String>()
        for line in propertyLines {
            let lineName = line.name
            switch lineName {
            case "VERSION", "PRODID", "METHOD":
                continue
            case "X-WR-CALNAME" where calendarName != nil,
                 "X-APPLE-CALENDAR-COLOR" where appleColor != nil,
                 "COLOR" where color != nil:
                if dropped.insert(lineName).inserted { continue }
            case _ where ICalendarWriter.calendarPropertiesAllowedOnce.contains(lineName):
                if !dropped.insert(lineName).inserted { continue }
            default:
                break
            }
            extras.append(line.text)
        }
        for zone in keptZones { extras.append(contentsOf: zone) }
        guard let name else {
            list = nil
            return
        }
        list = ReminderList(name: name, color: appleColor ?? color ?? .defaultColor, createdAt: now,
                            iCalendarExtras: extras.joined(separator: "\n"))
    }

    /// Whether `other` makes the same list: name, color and kept lines (not its new id).
    func describesTheSame(as other: ICalendarCalendarList) -> Bool {
        isNamedByCalendar == other.isNamedByCalendar && list?.name == other.list?.name && list?.color == other.list?.color
            && list?.iCalendarExtras == other.list?.iCalendarExtras
    }
}
