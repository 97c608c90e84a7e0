import TickModel

/// Where a moved reminder goes, next to a neighbour in the same list.
enum MoveTarget: Hashable, Sendable {
    /// Just before this reminder.
    case before(Reminder.Number)
    /// Just after this reminder.
    case after(Reminder.Number)
    /// Past the reminder next to it at its level in the list's outline (a parent moves
    /// with its subtasks, a subtask among its parent's), above it (`up`) or below, found
    /// when applied; `includesCompleted` says whether completed reminders are shown.
    case pastNeighbour(up: Bool, includesCompleted: Bool)
}

/// The parent a reminder gets in ``Change/reparent(_:_:)``.
enum NewParent: Hashable, Sendable {
    /// The reminder above it at its level in the list's outline, as its last subtask
    /// (`includesCompleted`: whether completed reminders are shown).
    case neighbourAbove(includesCompleted: Bool)
    /// Its parent's parent (top-level when its parent is), right after its old parent.
    case parentsParent
}

/// A change to the store that the state machine asks for. The data layer applies it in
/// one transaction and answers with a ``ChangeOutcome`` that carries its inverse.
enum Change: Hashable, Sendable {
    /// A new reminder at the end of its list.
    case add(ReminderDraft)
    /// Complete an open reminder (a repeating one: this occurrence, moving it to the next,
    /// as `tick done` does), or reopen a completed one.
    case toggle(Reminder.Number)
    /// Set the fields the user changed, on the reminder as stored when it is applied
    /// (fields changed meanwhile by another `tick` are kept), by the same action as
    /// `tick edit` (`Actions.edit`): a new due date brings its alarms and repeat rule, a
    /// new list takes the subtasks along.
    case edit(Reminder.Number, ReminderFields)
    /// Delete a reminder.
    case delete(Reminder.Number)
    /// Move a reminder next to a neighbour in its list.
    case move(Reminder.Number, MoveTarget)
    /// A new list at the end of the user's lists.
    case addList(name: String, color: ListColor)
    /// Put a deleted reminder back, with its number, place and every field, and make the
    /// reminders that were its subtasks its subtasks again (undo of delete).
    case restore(Reminder, children: [Reminder.Number])
    /// Put back the fields a change wrote (undo of edits): each field of `previous` whose
    /// stored value is still the one in `written`; a field changed since by someone else
    /// is kept and reported.
    case revert(Reminder.Number, written: ReminderFields, previous: ReminderFields)
    /// Complete (true) or reopen (false) a reminder, unless it already is so (undo of a
    /// toggle, by the same rules as `tick done` / `tick undone`).
    case setCompleted(Reminder.Number, Bool)
    /// Delete a list that was just created, with its reminders (undo of `addList`).
    case deleteList(ReminderList.ID)
    /// Step a repeating reminder back to the occurrence completed last (undo of
    /// completing an occurrence, which moved it to the next one).
    case stepBack(Reminder.Number)
    /// Rename or recolor a list (`Actions.renameList`, `Actions.recolorList`). With
    /// `expecting` (undo), only the fields still holding those values are written; one
    /// changed elsewhere since is kept and reported.
    case editList(ReminderList.ID, ListFields, expecting: ListFields? = nil)
    /// Move a list to a 1-based place among the lists (`Actions.moveList`).
    case moveList(ReminderList.ID, to: Int)
    /// Delete a list and every reminder in it (`Actions.deleteList`, forced).
    case removeList(ReminderList.ID)
    /// Put a deleted list back with its reminders (undo of `removeList`).
    case restoreList(RemovedList)
    /// Make a reminder a subtask of another, or take it out one level, by the same action
    /// as `tick edit --parent` / `--no-parent` (`Actions.edit`, which refuses a cycle and
    /// takes it to the parent's list), then move it to its place among its new siblings
    /// (`Actions.move`), in one transaction: indent and outdent. The new parent is found
    /// when applied, in the list's outline as stored then.
    case reparent(Reminder.Number, NewParent)
    /// Snooze a reminder's alarm (`Actions.snooze`, as `tick snooze` does).
    case snooze(Reminder.Number, SnoozeTime)
}
