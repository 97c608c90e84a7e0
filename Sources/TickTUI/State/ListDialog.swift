import TickModel

/// The list dialog: a name and a color from the palette of DESIGN.md, for a new list
/// (`n`) or for one of the user's lists (`e` or `r` on it in the sidebar).
struct ListDialog: Hashable, Sendable {
    /// The two parts, in Tab order.
    enum Field: Hashable, Sendable { case name, color }

    var name = TextField()
    /// The index in `ListColor.palette`; blue (the default color) to start with.
    var colorIndex = ListColor.palette.firstIndex(where: { $0.color == .defaultColor }) ?? 0
    /// A color outside the palette (`#RRGGBB` set by `tick lists color`), kept until
    /// another is picked; nil when the color is `colorIndex`'s.
    var customColor: ListColor?
    var field = Field.name
    /// The list whose name and color are edited; nil for a new list.
    var editedList: ReminderList?
    /// Why the last attempt to save was refused; the dialog stays open.
    var error: String?

    /// A dialog for a new list.
    init() {}

    /// A dialog showing `list`'s name and color, to change them.
    init(editing list: ReminderList) {
        editedList = list
        name = TextField(list.name)
        if let index = ListColor.palette.firstIndex(where: { $0.color == list.color }) {
            colorIndex = index
        } else {
            customColor = list.color
        }
    }

    /// The color chosen.
    var color: ListColor { customColor ?? ListColor.palette[colorIndex].color }
}
