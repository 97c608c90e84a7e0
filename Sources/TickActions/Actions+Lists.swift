import Foundation
import TickModel
import TickStore

/// A list after a rename, with the name it had.
public struct RenamedList: Sendable, Equatable {
    /// The list as stored after the rename.
    public var list: ReminderList
    /// Its name before.
    public var oldName: String
}

/// A list after a move among the lists, and where it now stands.
public struct MovedList: Sendable, Equatable {
    /// The list as stored after the move.
    public var list: ReminderList
    /// Its 1-based place among the lists.
    public var index: Int
}

/// A deleted list and how many reminders went with it.
public struct DeletedList: Sendable, Equatable {
    /// The list as it was.
    public var list: ReminderList
    /// The number of reminders (open and completed) deleted with it.
    public var reminderCount: Int
}

extension Actions {
    /// Adds a list after the others.
    /// - Parameters:
    ///   - name: its name; trimmed, and refused when blank.
    ///   - color: its color.
    /// - Returns: the list as stored.
    /// - Throws: `ModelError.blankName`; `ActionError.listNameTaken` with the spelling
    ///   of the list that has the name; `StoreError` from SQLite.
    public func addList(named name: String, color: ListColor = .defaultColor) throws -> ReminderList {
        try store.write { db in try Actions.addList(named: name, color: color, in: db, context: context) }
    }

    /// `addList(named:color:)` inside the caller's write transaction `db`.
    /// - Parameter id: the list's identifier, when the caller chose it (a CalDAV client's
    ///   MKCALENDAR names the collection); nil makes a new one. The caller checks that it is
    ///   free (a taken one throws `StoreError` of kind `.constraint`).
    public static func addList(named name: String, color: ListColor, id: ReminderList.ID? = nil, in db: some ListStore,
                               context: ActionContext) throws -> ReminderList {
        let name = try Names.validated(name, as: .listName)
        try checkNameIsFree(name, for: nil, in: db)
        return try db.insert(ReminderList(id: id ?? .make(), name: name, color: color, createdAt: context.now), keepingPosition: false)
    }

    /// Renames a list.
    /// - Throws: `ActionError.listNotFound` / `.listGone`; `ModelError.blankName`;
    ///   `ActionError.listNameTaken` when another list has the name; `StoreError` from SQLite.
    public func renameList(_ reference: ListReference, to newName: String) throws -> RenamedList {
        try store.write { db in try Actions.renameList(reference, to: newName, in: db, context: context) }
    }

    /// `renameList(_:to:)` inside the caller's write transaction `db`.
    public static func renameList(_ reference: ListReference, to newName: String, in db: some ListStore,
                                  context: ActionContext) throws -> RenamedList {
        let newName = try Names.validated(newName, as: .listName)
        var list = try existingList(reference, in: db)
        let oldName = list.name
        // The same name again changes nothing (and records no change to undo).
        if newName == oldName { return RenamedList(list: list, oldName: oldName) }
        try checkNameIsFree(newName, for: list.id, in: db)
        list.name = newName
        list.modifiedAt = context.now
        try db.update(list)
        return RenamedList(list: list, oldName: oldName)
    }

    /// Gives a list another color.
    /// - Throws: `ActionError.listNotFound` / `.listGone`; `StoreError` from SQLite.
    public func recolorList(_ reference: ListReference, to color: ListColor) throws -> ReminderList {
        try store.write { db in try Actions.recolorList(reference, to: color, in: db, context: context) }
    }

    /// `recolorList(_:to:)` inside the caller's write transaction `db`.
    public static func recolorList(_ reference: ListReference, to color: ListColor, in db: some ListStore,
                                   context: ActionContext) throws -> ReminderList {
        var list = try existingList(reference, in: db)
        list.color = color
        list.modifiedAt = context.now
        try db.update(list)
        return list
    }

    /// Moves a list to a 1-based place among the lists (past the end is last). The first
    /// list is where reminders go when no list is named.
    /// - Throws: `ActionError.listNotFound` / `.listGone`; `.positionOutOfRange` below 1;
    ///   `StoreError` from SQLite.
    /// - Complexity: O(lists).
    public func moveList(_ reference: ListReference, to position: Int) throws -> MovedList {
        try store.write { db in try Actions.moveList(reference, to: position, in: db) }
    }

    /// `moveList(_:to:)` inside the caller's write transaction `db`.
    public static func moveList(_ reference: ListReference, to position: Int, in db: some ListStore) throws -> MovedList {
        guard position >= 1 else { throw ActionError.positionOutOfRange(position) }
        let list = try existingList(reference, in: db)
        try db.moveList(list.id, to: position - 1)
        let lists = try db.lists()
        let index = (lists.firstIndex { $0.id == list.id } ?? 0) + 1
        return MovedList(list: lists.first { $0.id == list.id } ?? list, index: index)
    }

    /// Deletes a list. One that holds reminders is deleted only when `force` says so,
    /// and its reminders with it; the last list is never deleted.
    /// - Throws: `ActionError.listNotFound` / `.listGone`; `.listNotEmpty` (with the
    ///   count) without `force`; `.lastList`; `StoreError` from SQLite.
    public func deleteList(_ reference: ListReference, force: Bool) throws -> DeletedList {
        try store.write { db in try Actions.deleteList(reference, force: force, in: db) }
    }

    /// `deleteList(_:force:)` inside the caller's write transaction `db`.
    public static func deleteList(_ reference: ListReference, force: Bool, in db: some ListStore) throws -> DeletedList {
        let list = try existingList(reference, in: db)
        let count = try db.reminderCount(inList: list.id)
        if count > 0 && !force { throw ActionError.listNotEmpty(name: list.name, reminderCount: count) }
        if try db.lists().count == 1 { throw ActionError.lastList(name: list.name) }
        try db.deleteList(list.id)
        return DeletedList(list: list, reminderCount: count)
    }

    /// The list `reference` names.
    /// - Throws: `ActionError.listNotFound` (by name, with the names there are) or
    ///   `.listGone` (by identifier).
    public static func existingList(_ reference: ListReference, in db: some ListStore) throws -> ReminderList {
        switch reference {
        case .named(let name):
            return try db.existingList(named: name)
        case .id(let id):
            guard let list = try db.list(id: id) else { throw ActionError.listGone(id) }
            return list
        }
    }

    /// Refuses a name another list than `id` has, by the store's rule of equal names.
    private static func checkNameIsFree(_ name: String, for id: ReminderList.ID?, in db: some ListStore) throws {
        if let other = try db.list(named: name), other.id != id {
            throw ActionError.listNameTaken(existing: other.name)
        }
    }
}
