/// The color of a reminder list, as `#RRGGBB` (upper-case hex).
///
/// Named colors follow Apple's system palette: red `#FF3B30`, orange `#FF9500`, yellow
/// `#FFCC00`, green `#34C759`, blue `#007AFF`, purple `#AF52DE`, brown `#A2845E`, gray
/// `#8E8E93`. Any other hex color is accepted as well.
public struct ListColor: Hashable, Sendable, CustomStringConvertible {
    /// `#RRGGBB`, upper case.
    public let hex: String

    /// The named palette, in the order a color picker shows it.
    public static let palette: [(name: String, color: ListColor)] = [
        ("red", ListColor(validHex: "#FF3B30")),
        ("orange", ListColor(validHex: "#FF9500")),
        ("yellow", ListColor(validHex: "#FFCC00")),
        ("green", ListColor(validHex: "#34C759")),
        ("blue", ListColor(validHex: "#007AFF")),
        ("purple", ListColor(validHex: "#AF52DE")),
        ("brown", ListColor(validHex: "#A2845E")),
        ("gray", ListColor(validHex: "#8E8E93")),
    ]

    /// The color of a new list when none is given (blue, as in Apple Reminders).
    public static let defaultColor = ListColor(validHex: "#007AFF")

    private init(validHex: String) { self.hex = validHex }

    /// Parses a palette name (`red`, also `grey`), `#RRGGBB`, `RRGGBB`, `#RGB`, or the
    /// `#RRGGBBAA` form Apple writes in `X-APPLE-CALENDAR-COLOR` (alpha dropped).
    /// Case does not matter. Returns nil for anything else.
    public init?(parsing text: String) {
        let lowered = text.trimmingWhiteSpace().lowercased()
        let name = lowered == "grey" ? "gray" : lowered
        if let named = ListColor.palette.first(where: { $0.name == name }) {
            self = named.color
            return
        }
        var digits = Substring(lowered)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.allSatisfy({ $0.isHexDigit && $0.isASCII }) else { return nil }
        switch digits.count {
        case 3: digits = Substring(digits.map { "\($0)\($0)" }.joined())
        case 6: break
        case 8: digits = digits.prefix(6)
        default: return nil
        }
        self.hex = "#" + digits.uppercased()
    }

    /// The palette name of this color, when it is one of the palette.
    public var name: String? {
        ListColor.palette.first(where: { $0.color == self })?.name
    }

    /// The red, green and blue components, 0...255.
    public var components: (red: Int, green: Int, blue: Int) {
        let value = Int(hex.dropFirst(), radix: 16) ?? 0
        return ((value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF)
    }

    /// The palette name when there is one, else the hex form.
    public var description: String { name ?? hex }
}
