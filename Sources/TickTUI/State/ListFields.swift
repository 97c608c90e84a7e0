import TickModel

/// Some fields of one list, each nil when it is not part of the set: what the list
/// dialog writes, and what its undo expects and puts back.
struct ListFields: Hashable, Sendable {
    var name: String?
    var color: ListColor?

    /// Whether the set holds no field.
    var isEmpty: Bool { name == nil && color == nil }

    /// The values of `list` for the fields this set holds.
    func values(in list: ReminderList) -> ListFields {
        ListFields(name: name.map { _ in list.name }, color: color.map { _ in list.color })
    }

    /// The names of the fields this set holds, as the status line says them.
    var names: [String] {
        (name == nil ? [] : ["name"]) + (color == nil ? [] : ["color"])
    }
}
