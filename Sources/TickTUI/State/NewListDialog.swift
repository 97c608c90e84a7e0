import TickModel

/// The new-list dialog: a name and a color from the palette of DESIGN.md.
struct NewListDialog: Hashable, Sendable {
    /// The two parts, in Tab order.
    enum Field: Hashable, Sendable { case name, color }

    var name = TextField()
    /// The index in `ListColor.palette`; blue (the default color) to start with.
    var colorIndex = ListColor.palette.firstIndex(where: { $0.color == .defaultColor }) ?? 0
    var field = Field.name
    /// Why the last attempt to save was refused; the dialog stays open.
    var error: String?
}
