/// The iCalendar lines a reminder or list keeps for round trips (`iCalendarExtras`:
/// unfolded content lines joined with `\n`), split into properties and whole
/// components (`BEGIN:…` to the matching `END:…`).
///
/// Lines that cannot be written back as valid iCalendar are left out: a line without
/// `:`, and a component whose `BEGIN` and `END` do not match.
struct ICalendarExtras {
    /// A kept property line, or a component's lines from `BEGIN` to `END`.
    enum Item: Equatable {
        case property(ICalendarContentLine)
        case component(name: String, lines: [String])

        /// The `TZID` of a VTIMEZONE, else nil.
        var vtimezoneID: String? {
            guard case .component("VTIMEZONE", let lines) = self else { return nil }
            return ICalendarTimeZones.tzid(ofVTimezone: lines)
        }

        /// The lines of the item.
        var lines: [String] {
            switch self {
            case .property(let line): return [line.text]
            case .component(_, let lines): return lines
            }
        }
    }

    /// The items, in order.
    var items: [Item] = []

    /// Splits kept text.
    /// - Complexity: O(n) in the length of `text`.
    init(_ text: String) {
        guard !text.isEmpty else { return }
        var block: [String] = []
        var names: [String] = []
        // Split on UTF-8 bytes: Character-wise splitting costs too much on every export.
        for piece in text.utf8.split(separator: 0x0A, omittingEmptySubsequences: true) {
            let bytes = piece.last == 0x0D ? piece.dropLast() : piece
            let line = ICalendarContentLine(text: String(Substring(bytes)))
            if let name = line.beginName {
                names.append(name)
                block.append(line.text)
            } else if let name = line.endName {
                guard names.last == name else {
                    // Unbalanced: drop the open component rather than write a broken one.
                    names.removeAll()
                    block.removeAll()
                    continue
                }
                names.removeLast()
                block.append(line.text)
                if names.isEmpty {
                    items.append(.component(name: name, lines: block))
                    block.removeAll()
                }
            } else if !line.hasColon {
                continue
            } else if names.isEmpty {
                items.append(.property(line))
            } else {
                block.append(line.text)
            }
        }
    }

    /// Items from lines already split.
    init(items: [Item]) { self.items = items }

    /// The kept text: every line of every item, joined with `\n`.
    var text: String { items.flatMap(\.lines).joined(separator: "\n") }

    /// The calendar-level items of two VCALENDARs that make one list: `other`'s items
    /// appended, except those already here (same lines), a VTIMEZONE whose `TZID` is
    /// already here, and a second copy of a property allowed once per VCALENDAR.
    /// - Complexity: O(n + m) in the numbers of items.
    func merging(_ other: ICalendarExtras) -> ICalendarExtras {
        var merged = self
        var present = Set(items.map(\.lines))
        var zones = Set(items.compactMap(\.vtimezoneID))
        var once = Set(items.compactMap { item -> String? in
            guard case .property(let line) = item, ICalendarWriter.calendarPropertiesAllowedOnce.contains(line.name) else { return nil }
            return line.name
        })
        for item in other.items where present.insert(item.lines).inserted {
            if let tzid = item.vtimezoneID, !zones.insert(tzid).inserted { continue }
            if case .property(let line) = item, ICalendarWriter.calendarPropertiesAllowedOnce.contains(line.name),
               !once.insert(line.name).inserted { continue }
            merged.items.append(item)
        }
        return merged
    }
}
