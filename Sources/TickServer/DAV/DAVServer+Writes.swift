import Foundation
import TickActions
import TickInterchange
import TickModel
import TickPostgres
import TickStore
import TickSync

/// PUT and DELETE of reminders, MKCALENDAR, extended MKCOL, PROPPATCH and DELETE of lists:
/// each through `Actions`, in one transaction, with the preconditions checked inside it.
extension DAVServer {
    /// PUT of one reminder at `/dav/lists/ID/NAME` (RFC 4791 §5.3.2): 201 when new, 204 when
    /// it replaced one; a UID in another of the store's lists moves that reminder here. Refused:
    /// 409 without the list, 412 for `If-Match`/`If-None-Match`, 409 `no-uid-conflict` for
    /// a UID another resource of the list has or a changed UID, 403 `no-uid-conflict` for a
    /// UID the user sees in a list this store does not reach (`uidElsewhere(_:at:)`), 403 for
    /// a body that is no calendar object resource (`WebService.calendarObject`).
    func davPut(_ request: HTTPRequest, _ path: DAVPath) throws -> HTTPResponse {
        guard case .item(let id, let name) = path else {
            throw DAVFailure(405, nil, "PUT writes one reminder (\(DAVPath.homePath)LIST/NAME.ics)")
        }
        if let type = request.header("content-type"), let media = type.split(atEvery: ";", maxSplits: 1, omittingEmpty: false).first,
           !["text/calendar", "application/octet-stream", ""].contains(media.trimmingCharacters(in: .whitespaces).lowercased()) {
            // RFC 4791 §5.3.2.1: what is put is iCalendar (a tester: `application/json` was stored).
            // No type, or a generic binary one, is read as the body says.
            let shown = type.shown(atMost: 60)
            throw DAVFailure.caldav("supported-calendar-data", "a PUT here takes text/calendar (iCalendar), not '\(shown)'")
        }
        if let charset = request.otherCharset {
            throw DAVFailure.caldav("supported-calendar-data", "a PUT here takes iCalendar in UTF-8 (RFC 5545 §3.1.4), not charset=\(charset)")
        }
        let batch = try WebService.calendarObject(request.body, href: path.href, now: configuration.clock())
        let uid = batch.uid
        let context = actionContext()
        let (created, etag, _) = try store.write(context, describedBy: { "save " + WebService.quoted($0.2) + " (CalDAV)" }) { db -> (Bool, String?, String) in
            guard let list = try db.list(id: id) else {
                throw DAVFailure(409, nil, "there is no list with the id '\(id.rawValue)' to put a reminder in (RFC 4918 §9.7.1)")
            }
            let existing = try db.davResource(inList: id, named: name)
            try WebService.checkPreconditions(request, existing: existing, what: path.href)
            if let existing, existing.uid != uid {
                throw DAVFailure(409, .c("no-uid-conflict"),
                                 "\(path.href) holds the reminder with the UID '\(existing.uid.rawValue)'; a PUT cannot change a resource's UID",
                                 conditionContent: WebService.href(path))
            }
            let previous = try db.reminder(uid: uid)
            if let other = try db.davResource(uid: uid), other.list != id || other.resource.name != name {
                let otherPath = DAVPath.item(other.list, name: other.resource.name)
                guard other.list != id, existing == nil, let moving = try db.reminder(uid: uid) else {
                    throw DAVFailure(409, .c("no-uid-conflict"),
                                     "the UID '\(uid.rawValue)' is the reminder at \(otherPath.href) already",
                                     conditionContent: WebService.href(otherPath))
                }
                // The reminder of another of the user's lists, put into this one: a move between
                // calendars, as clients make it (a PUT here, then a DELETE of the old href, which
                // then finds nothing). RFC 4791 §5.3.2.1 asks a UID to be unique in one collection;
                // a reminder is in one list, so it goes.
                _ = try Actions.edit(moving.number, ReminderEdit(list: .id(id)), context: context, in: db)
            }
            do {
                try DAVServer.save(ImportRequest(batch: batch.batch, fallbackListName: list.name, mergeRule: .sync), in: db,
                                   context: context)
            } catch let ShareError.uidSeenElsewhere(uid, list, resource) {
                throw DAVServer.uidElsewhere(uid, at: .item(list, name: resource))
            }
            if name != uid.rawValue + ".ics" { try db.nameDAVResource(inList: id, uid: uid, as: name) }
            guard let stored = try db.davResource(inList: id, named: name), let reminder = try db.reminder(uid: uid) else {
                throw DAVFailure(500, nil, "the reminder was not stored at \(path.href)")
            }
            try DAVServer.place(reminder, previous: previous, in: db)
            // RFC 4791 §5.3.4: an ETag only when what a GET gives is what was sent; else the
            // client fetches Tick's text (a PUT Tick itself rendered gets its ETag).
            let same = CalendarObject.text(of: reminder, in: list) == String(decoding: request.body, as: UTF8.self)
            return (existing == nil, same ? WebService.etag(stored) : nil, reminder.title)
        }
        return HTTPResponse(status: created ? 201 : 204, headers: etag.map { [("ETag", $0)] } ?? [])
    }

    /// Puts a reminder a client PUT in its place in its list's manual order, as clients
    /// order it: by Apple's `X-APPLE-SORT-ORDER` (seconds since 2001, ascending), else by
    /// its creation time (`ICalendarSortOrder.key(of:)`), equal keys by UID
    /// (`ICalendarSortOrder.precedes`), when it is new to the list or its key changed (a
    /// drag on the phone; a value taken away). It goes just before the first other reminder
    /// of the list, in Tick's order, that sorts after it, else last; the others keep their
    /// places. Only positions change, which no ETag holds: the PUT's answer stays right.
    /// - Complexity: O(1) when it already stands between neighbours that sort around it
    ///   (a to-do new on the phone: after the others), else O(n) in the list's reminders.
    static func place(_ reminder: Reminder, previous: Reminder?, in db: Store.Transaction) throws {
        let key = ICalendarSortOrder.key(of: reminder)
        if let previous, previous.listID == reminder.listID, ICalendarSortOrder.key(of: previous) == key { return }
        let (before, after) = try db.neighbours(of: reminder.number)
        if before.map({ ICalendarSortOrder.precedes($0, reminder) }) ?? true,
           after.map({ ICalendarSortOrder.precedes(reminder, $0) }) ?? true {
            return
        }
        var target: Reminder.Number?
        var last: Reminder.Number?
        let ordered = ICalendarSortOrder.orderKey(of: reminder)
        try db.forEachSortKey(inList: reminder.listID) { other in
            guard other.number != reminder.number else { return }
            if target == nil, ordered < orderKey(of: other) { target = other.number }
            last = other.number
        }
        if let target {
            _ = try db.move(reminder.number, to: .before(target))
        } else if let last {
            _ = try db.move(reminder.number, to: .after(last))
        }
    }

    /// `ICalendarSortOrder.orderKey(of:)` of the reminder a store's `SortKeyRow` is.
    private static func orderKey(of row: SortKeyRow) -> (Int64, String) {
        (ICalendarSortOrder.key(extras: row.sortOrderExtras, createdAt: row.createdAt), row.uid.rawValue)
    }

    /// The refusal of a PUT whose UID is the reminder at `path`, in a list the user sees that
    /// the request's store does not reach (`ShareError.uidSeenElsewhere` on PostgreSQL: a list
    /// shared with the user, or the user's own list while putting into a shared one). The
    /// PUT would make a second reminder with that UID, or move one between the lists of two
    /// owners, which Tick does not do (README "Sharing a list"): a reminder stays with its
    /// list's owner, and a member does not move one out of a shared list.
    ///
    /// **403** `CALDAV:no-uid-conflict` holding the `DAV:href` of that reminder (RFC 4791
    /// §5.3.2.1). RFC 4791 §1.3 answers a failed precondition with 403 when the request
    /// "should not be repeated because it will always fail" and with 409 when the user might
    /// resolve the conflict and send it again: a UID taken by another resource of the same
    /// list is 409 (the client can PUT to that href instead), but no PUT into this list can
    /// take this reminder from its list, so this one is 403.
    static func uidElsewhere(_ uid: ReminderUID, at path: DAVPath) -> DAVFailure {
        DAVFailure(403, .c("no-uid-conflict"),
                   "the UID '\(uid.rawValue)' is the reminder at \(path.href), which stays in its list: a reminder does not move "
                   + "into or out of a list shared with you; to put a copy here, give it another UID",
                   conditionContent: WebService.href(path))
    }

    /// Saves a PUT's calendar object in `db` (`Actions.importBatch`). On SQLite the concrete
    /// form is called (the cast is decided when `DAVServer` is specialized), whose code is
    /// specialized for `Database` in `TickActions`; the generic form serves other stores.
    /// - Throws: `DAVFailure` 403 `valid-calendar-data` when the import would leave out a
    ///   start date after the due date (RFC 5545 §3.8.2.3 asks `DUE` to be later than
    ///   `DTSTART`), which a file's import does with a warning; a PUT has no channel for one
    ///   (a tester: the start date was dropped and the PUT said 201), or a parent link that
    ///   loops (`RELATED-TO;RELTYPE=PARENT` naming the to-do or one of its subtasks). Thrown
    ///   inside the caller's transaction, so nothing is saved.
    static func save(_ request: ImportRequest, in db: Store.Transaction, context: ActionContext) throws {
        let summary: ImportSummary
        if let sqlite = db as? Database {
            summary = try Actions.importBatch(request, in: sqlite, context: context)
        } else {
            summary = try Actions.importBatch(request, in: db, context: context)
        }
        if let dropped = summary.droppedStarts.first {
            throw DAVFailure.caldav("valid-calendar-data", "nothing was stored: in the to-do at line \(dropped.lineNumber), the start date "
                                    + "(DTSTART) is after the due date (DUE); RFC 5545 §3.8.2.3 asks DUE to be later than DTSTART")
        }
        if let loop = summary.brokenParentLoops.first {
            // `tick import` makes it top-level with a warning (a tester: the PUT said 201 and the
            // RELATED-TO line was gone).
            throw DAVFailure.caldav("valid-calendar-data", "nothing was stored: the parent the RELATED-TO line names ('\(loop.parentUID.rawValue)') "
                                    + "is the to-do itself or one of its subtasks; a to-do cannot be its own parent")
        }
    }

    func davDelete(_ request: HTTPRequest, _ path: DAVPath) throws -> HTTPResponse {
        switch path {
        case .item(let id, let name):
            _ = try store.write(actionContext(), describedBy: { "delete " + WebService.quoted($0) + " (CalDAV)" }) { db in
                guard try db.list(id: id) != nil else { throw WebService.noList(id) }
                let existing = try db.davResource(inList: id, named: name)
                try WebService.checkPreconditions(request, existing: existing, what: path.href)
                guard let existing, let reminder = try db.reminder(uid: existing.uid) else { throw WebService.noItem(path) }
                _ = try Actions.delete([reminder.number], in: db)
                return reminder.title
            }
        case .collection(let id):
            _ = try store.write(actionContext(), describedBy: { "delete the list " + WebService.quoted($0.list.name) + " (CalDAV)" }) { db in
                guard try db.list(id: id) != nil else { throw WebService.noList(id) }
                try WebService.checkCollectionPreconditions(request, what: path.href)
                return try Actions.deleteList(.id(id), force: true, in: db)
            }
        default:
            throw DAVFailure(403, nil, "only lists and reminders can be deleted")
        }
        return HTTPResponse(status: 204)
    }

    // MARK: - Lists

    /// MKCALENDAR (RFC 4791 §5.3.1) of `/dav/lists/ID/`: the list `makeList(at:setting:)`
    /// makes with what the `CALDAV:mkcalendar` body sets (none: named by the id). A refusal
    /// is a `DAV:error` body.
    func davMakeCalendar(_ request: HTTPRequest, _ path: DAVPath) throws -> HTTPResponse {
        try makeList(at: path, setting: try DAVRequestBody.mkcalendar(request.body).set)
    }

    /// Extended MKCOL (RFC 5689 §3) of `/dav/lists/ID/`, as vdirsyncer makes a
    /// calendar (§4.1: in place of MKCALENDAR): a `DAV:mkcol` body whose `resourcetype` is a
    /// `CALDAV:calendar` makes the list as MKCALENDAR does (`makeList(at:setting:)`): **201**
    /// with `Location` and no body (§3: the client may take every property as set).
    ///
    /// Refusals: a property whose value Tick refuses (another `resourcetype`: **403**
    /// `DAV:valid-resourcetype`, §3.3; a color, a component set, a name as for MKCALENDAR)
    /// answers with its status and a `DAV:mkcol-response`, that property's `propstat` holding
    /// the condition and the others' **424** (§3, §3.5). A MKCOL without a body, or whose body
    /// sets no `resourcetype`, asks for a plain WebDAV collection, which Tick makes nowhere:
    /// **403** `DAV:valid-resourcetype` in a `DAV:error`, not 405: RFC 4918 §9.3.1 gives 403
    /// when "the server does not allow the creation of collections at the given location",
    /// and keeps 405 for a URL that is mapped already (the type is checked first, so a list
    /// there already gets the 403 too). The rest as for MKCALENDAR: **405**
    /// `DAV:resource-must-be-null` for a list there already, **403** outside
    /// `/dav/lists/ID/`; another root element is **415** (`DAVRequestBody.mkcol`).
    func davMakeCollection(_ request: HTTPRequest, _ path: DAVPath) throws -> HTTPResponse {
        guard let update = try DAVRequestBody.mkcol(request.body), update.set.contains(where: { $0.name == .d("resourcetype") }) else {
            throw DAVFailure(403, .d("valid-resourcetype"), "Tick makes no plain collections: a MKCOL sets the resourcetype "
                             + "collection and CALDAV:calendar (RFC 5689), or the client uses MKCALENDAR")
        }
        do {
            return try makeList(at: path, setting: update.set)
        } catch let failure as DAVFailure where failure.property != nil {
            return failure.mkcolResponse(set: update.set.map(\.name))
        }
    }

    /// Makes the list of the collection `path` with the properties `set` (MKCALENDAR's and
    /// extended MKCOL's): `displayname` (else the id), Apple's `calendar-color` and
    /// `calendar-order`; a `supported-calendar-component-set` must hold VTODO and a
    /// `resourcetype` be a calendar; other properties (a description, a time zone) are not
    /// kept. All or nothing, in one transaction.
    /// - Returns: 201 with `Location`.
    /// - Throws: `DAVFailure`: 403 outside `/dav/lists/ID/`, 400 for an id Tick does not take,
    ///   405 `DAV:resource-must-be-null` for a list there already, 403 when the id is taken
    ///   with the user's tag too (PostgreSQL, `DAVCollectionNaming`: two MKCALENDARs at once);
    ///   with the `property` refused: 403 for a color or order Tick does not read, `CALDAV:supported-calendar-component` (RFC 4791 §5.3.1.1), `DAV:valid-resourcetype`
    ///   (RFC 5689 §3.3), and for the name the status of the action's refusal (409 taken, 422 blank).
    func makeList(at path: DAVPath, setting properties: [(name: XMLName, value: XMLTree)]) throws -> HTTPResponse {
        guard case .collection(let id) = path else {
            throw DAVFailure(403, nil, "a list is made at \(DAVPath.homePath)ID/")
        }
        guard !id.rawValue.isEmpty, id.rawValue.count <= 200, !id.rawValue.contains(where: \.isNewline) else {
            throw DAVFailure.badRequest("a list's id is 1 to 200 characters on one line")
        }
        // (The path's own segment: one naming the user's `PATH~TAG` list is answered 405 below.)
        if DAVPath.naming != nil, DAVPath.segment(of: id) == id.rawValue, DAVCollectionNaming.looksTagged(id.rawValue) {
            // Ids of that form are the ones Tick gives (`DAVCollectionNaming`): a user who knows
            // another's tag (it is in the ids of the lists they share) could otherwise take the
            // id that user's list at a path would get, and refuse them that path for good.
            throw DAVFailure(403, nil, "a path ending in ~ and 12 hex digits is Tick's own naming; make the list at another path")
        }
        var name = id.rawValue, color = ListColor.defaultColor, order: Int?
        for (property, value) in properties {
            switch property {
            case .d("displayname"): name = value.text
            case WebService.calendarColor:
                guard let parsed = ListColor(parsing: value.trimmedText) else {
                    throw DAVFailure(403, nil, "calendar-color is #RRGGBB or #RRGGBBAA, not '\(value.trimmedText)'", property: property)
                }
                color = parsed
            case WebService.calendarOrder:
                guard let place = Int(value.trimmedText) else {
                    throw DAVFailure(403, nil, "calendar-order is a whole number, not '\(value.trimmedText)'", property: property)
                }
                order = place
            case .c("supported-calendar-component-set"):
                let names = value.children(.c("comp")).compactMap { $0.attributes["name"]?.uppercased() }
                guard names.contains("VTODO") else {
                    throw DAVFailure(403, .c("supported-calendar-component"),
                                     "a list holds to-dos (VTODO), not \(names.joined(separator: ", "))", property: property)
                }
            case .d("resourcetype"): try DAVRequestBody.checkCalendar(resourceType: value)
            default: break // a description, a time zone: Tick keeps none for a list
            }
        }
        let context = actionContext()
        func make(_ newID: ReminderList.ID) throws {
            _ = try store.write(context, describedBy: { "create the list " + WebService.quoted($0.name) + " (CalDAV)" }) { db in
                guard try db.list(id: id) == nil, try db.list(id: newID) == nil else {
                    throw DAVFailure(405, .d("resource-must-be-null"), "there is a list at \(path.href) already")
                }
                let list = try Actions.addList(named: name, color: color, id: newID, in: db, context: context)
                if let order { try WebService.place(.id(newID), at: order, in: db) }
                return list
            }
        }
        do {
            do {
                try make(id)
            } catch let error as PostgresError where error.isUniqueViolation {
                // List ids are unique across users on PostgreSQL: another user has a list of
                // this id. The user's list takes the id with their tag (`DAVCollectionNaming`)
                // and keeps the path (vdirsyncer names collections after the other side's, so
                // two users of it made the same paths, and the second was refused).
                guard let tagged = DAVPath.naming?.newListID(atSegment: id.rawValue), tagged != id else { throw error }
                try make(tagged)
            }
        } catch let error as PostgresError where error.isUniqueViolation {
            // Taken with the tag too (the same client's MKCALENDAR twice at once): not named
            // (RFC 4791 §5.3.1: the server may refuse the request-URI).
            throw DAVFailure(403, nil, "a list cannot be made at \(path.href); make it at another path")
        } catch let error as ActionError {
            guard case .listNameTaken = error else { throw error }
            throw DAVServer.refusedName(error)
        } catch let error as ModelError {
            throw DAVServer.refusedName(error)
        }
        return HTTPResponse(status: 201, headers: [("Location", path.href)])
    }

    /// The failure of a MKCALENDAR or MKCOL whose `displayname` Tick refuses as a list's name
    /// (blank, too long: 422; another list's: 409), with the action's words.
    static func refusedName(_ error: any Error) -> DAVFailure {
        let problem = Problem.from(error)
        return DAVFailure(problem.status, nil, problem.detail, property: .d("displayname"))
    }

    /// PROPPATCH of a list: `displayname`, Apple's `calendar-color` and `calendar-order`,
    /// all or nothing (RFC 4918 §9.2: one refused property fails the rest with 424).
    func davProppatch(_ request: HTTPRequest, _ path: DAVPath) throws -> HTTPResponse {
        let update = try DAVRequestBody.propertyUpdate(request.body)
        let names = update.set.map(\.name) + update.remove
        var refused: [(XMLName, Int)] = []
        if case .collection = path {
            for name in update.remove where name != WebService.calendarColor && name != WebService.calendarOrder {
                refused.append((name, 403))
            }
            for (name, value) in update.set {
                switch name {
                case .d("displayname"):
                    // Tick's rule of blank names (a tester: `⠀` was refused by the rename
                    // below with a bare 422, not as this property's 409).
                    if (try? Names.validated(value.text, as: .listName)) == nil { refused.append((name, 409)) }
                case WebService.calendarColor: if ListColor(parsing: value.trimmedText) == nil { refused.append((name, 409)) }
                case WebService.calendarOrder: if Int(value.trimmedText) == nil { refused.append((name, 409)) }
                default: refused.append((name, 403))
                }
            }
        } else {
            refused = names.map { ($0, 403) }
        }
        guard case .collection(let id) = path, refused.isEmpty else {
            var multistatus = DAVXMLWriter()
            let failed = Set(refused.map(\.0))
            multistatus.add(href: path.href, found: [], failed: refused + names.filter { !failed.contains($0) }.map { ($0, 424) })
            return multistatus.response()
        }
        let context = actionContext()
        do {
            _ = try store.write(context, describedBy: { "change the list " + WebService.quoted($0) + " (CalDAV)" }) { db in
                let reference = ListReference.id(id)
                _ = try Actions.existingList(reference, in: db)
                for (name, value) in update.set {
                    switch name {
                    case .d("displayname"): _ = try Actions.renameList(reference, to: value.text, in: db, context: context)
                    case WebService.calendarColor:
                        _ = try Actions.recolorList(reference, to: ListColor(parsing: value.trimmedText) ?? .defaultColor, in: db,
                                                    context: context)
                    case WebService.calendarOrder: try WebService.place(reference, at: Int(value.trimmedText) ?? 1, in: db)
                    default: break
                    }
                }
                if update.remove.contains(WebService.calendarColor) {
                    _ = try Actions.recolorList(reference, to: .defaultColor, in: db, context: context)
                }
                return try Actions.existingList(reference, in: db).name
            }
        } catch let error as ActionError {
            // A name another list has: that property fails, the others with it (nothing was kept).
            guard case .listNameTaken = error else { throw error }
            var multistatus = DAVXMLWriter()
            multistatus.add(href: path.href, found: [], failed: names.map { ($0, $0 == .d("displayname") ? 409 : 424) })
            return multistatus.response()
        }
        var multistatus = DAVXMLWriter()
        multistatus.add(href: path.href, found: names.map { ($0, "") })
        return multistatus.response()
    }
}

extension WebService {
    /// Moves the list `reference` to the place `order` of Apple's `calendar-order` (from 1),
    /// clamped to the lists there are (a client may count lists this server does not have).
    static func place(_ reference: ListReference, at order: Int, in db: some ListStore) throws {
        let count = try db.lists().count
        _ = try Actions.moveList(reference, to: min(max(order, 1), count), in: db)
    }

    /// A PUT's body read as one calendar object resource holding to-dos (RFC 4791 §4.1).
    /// - Throws: `DAVFailure` 403 with the precondition of RFC 4791 §5.3.2.1 it fails:
    ///   `supported-calendar-data` (not UTF-8), `valid-calendar-data` (not iCalendar, not
    ///   readable, or holding something the reader would leave out: `ImportBatch.losses`),
    ///   `supported-calendar-component` (a component other than VTODO),
    ///   `valid-calendar-object-resource` (several UIDs, or none).
    /// How deep a PUT's components may nest (`CalendarObject.nestingDepth(of:)`).
    static let deepestNesting = 16

    /// The most bytes of a to-do's UID and of a resource's name (the last part of its href).
    static let longestIdentifier = 1_024

    static func calendarObject(_ body: [UInt8], href: String, now: Date) throws(DAVFailure) -> (batch: ImportBatch, uid: ReminderUID) {
        guard let text = String(validating: body, as: UTF8.self) else {
            throw .caldav("supported-calendar-data", "the body is not UTF-8 text (Tick reads text/calendar in UTF-8)")
        }
        // A to-do's VALARMs are 3 deep; a client's own nested components a few more. Thousands
        // of nested components were stored and served back, and broke another client's sync of
        // the list (a tester: vdirsyncer hit its recursion limit on the whole collection).
        let depth = CalendarObject.nestingDepth(of: text)
        guard depth <= WebService.deepestNesting else {
            throw .caldav("valid-calendar-data", "components are nested \(depth) deep; Tick keeps at most \(WebService.deepestNesting)")
        }
        let outline = CalendarObject.outline(of: text)
        guard outline.isCalendar else {
            throw .caldav("valid-calendar-data", "the body is not an iCalendar object (BEGIN:VCALENDAR … END:VCALENDAR)")
        }
        if let other = outline.components.first(where: { $0 != "VTODO" }) {
            throw .caldav("supported-calendar-component", "a list holds to-dos (VTODO) only, not \(other)")
        }
        guard !outline.components.isEmpty else {
            throw .caldav("valid-calendar-object-resource", "the calendar object holds no VTODO")
        }
        guard outline.uids.count == 1, let uid = outline.uids.first, !uid.isEmpty else {
            let count = outline.uids.count
            // An empty `UID:` is one UID, and no identity (a tester: "holds 1 UIDs").
            throw .caldav("valid-calendar-object-resource",
                          count == 0 ? "the VTODO has no UID"
                              : count == 1 ? "the VTODO's UID is empty; RFC 5545 §3.8.4.7 asks for a unique identifier"
                              : "the calendar object holds \(count) UIDs; one resource is one to-do (with its changed occurrences)")
        }
        // A UID and a resource's name are kept in PostgreSQL's indexes, whose entries hold at
        // most 2,704 bytes (a tester: a 50,000-character UID, a 10,000-character name, were a 500
        // naming the index); clients' UIDs and names are a few dozen characters.
        guard uid.utf8.count <= WebService.longestIdentifier else {
            throw .caldav("valid-calendar-object-resource",
                          "the VTODO's UID is \(uid.utf8.count) bytes long; Tick keeps UIDs of at most \(WebService.longestIdentifier)")
        }
        let name = href.split(separator: "/").last.map(String.init) ?? href
        guard name.utf8.count <= WebService.longestIdentifier else {
            throw .caldav("valid-calendar-object-resource",
                          "the resource's name is \(name.utf8.count) bytes long; Tick keeps names of at most \(WebService.longestIdentifier)")
        }
        let batch: ImportBatch
        do {
            batch = try ICalendarReader(now: now, fileListName: nil).read(Data(body), source: href)
        } catch {
            throw .caldav("valid-calendar-data", "\(error)")
        }
        guard !batch.reminders.isEmpty else {
            throw .caldav("valid-calendar-data", "the VTODO could not be read as a reminder")
        }
        // What the reader would leave out is refused, not stored without a word (a tester:
        // `DUE:notadate`, `RRULE:FREQ=BOGUS`, a VALARM whose TRIGGER libical cannot read were
        // dropped, and the client was told 201). A value read as well as it could be
        // (`PRIORITY:42`, `DUE:2026-12-01`) is taken and given back in valid form.
        // A repeat rule RFC 5545 does not allow (BYMONTH=13, an UNTIL of no real day, BYSETPOS
        // alone) is refused as the JSON API refuses it; kept, completing the reminder ended
        // the series for good (a tester). A valid rule Tick cannot expand (FREQ=HOURLY, several
        // COUNT-free BYSETPOS values…) is kept as written, as `tick import` keeps it.
        for item in batch.reminders {
            guard let recurrence = item.reminder.recurrence, let text = recurrence.unreadableText else { continue }
            if case .failure(.invalidRecurrence(_, let reason)) = Result(catching: { () throws(ModelError) in try recurrence.read() }),
               !Recurrence.isUnsupportedReason(reason) {
                throw .caldav("valid-calendar-data", "nothing was stored: the to-do at line \(item.lineNumber) repeats by RRULE:\(text), "
                              + "which RFC 5545 does not allow: \(reason)")
            }
        }
        // A zone only this object's VTIMEZONE defines (a name Foundation does not know, such as
        // `Custom/Berlin`): a reminder keeps its zone by name, and a PUT keeps no definition
        // with the list, so the time came back in UTC under that name, hours off, and repeated
        // in UTC (a tester). Refused until definitions are kept; IANA names, Windows names and
        // prefixed Olson names (which Tick maps) are taken.
        for item in batch.reminders {
            for case .timed(_, let zone)? in [item.reminder.due, item.reminder.start]
            where zone != .utc && !ICalendarTimeZones.resolvesByName(zone.rawValue) {
                throw .caldav("valid-calendar-data", "nothing was stored: TZID '\(zone.rawValue)' (the to-do at line \(item.lineNumber)) "
                              + "is not a time zone name Tick knows (at most a VTIMEZONE of this object defines it); Tick keeps "
                              + "time zones by name: use an IANA zone name (such as Europe/Berlin)")
            }
        }
        if let loss = batch.losses.first {
            let more = batch.losses.count - 1
            throw .caldav("valid-calendar-data", "nothing was stored: a file's import would leave something of this to-do out: "
                          + loss + (more > 0 ? " (and \(more) more)" : ""))
        }
        return (batch, ReminderUID(uid))
    }

    /// `failedListPrecondition` for a CalDAV DELETE of the list at `what`.
    /// - Throws: `DAVFailure` 412.
    static func checkCollectionPreconditions(_ request: HTTPRequest, what: String) throws(DAVFailure) {
        let failed: String?
        do { failed = try failedListPrecondition(request) } catch { throw DAVFailure(400, nil, error.message) }
        switch failed {
        case "If-Match"?:
            throw .preconditionFailed("If-Match: the list \(what) has no ETag to match (a to-do has one); If-Match: * or none deletes it")
        case _?:
            throw .preconditionFailed("If-None-Match: the list \(what) is there")
        case nil:
            return
        }
    }

    /// `If-Match` and `If-None-Match` of a PUT or DELETE against the resource there
    /// (RFC 9110 §13.1.1–2, `EntityTagCondition`): `If-Match` by strong comparison, `*` for any;
    /// `If-None-Match` by weak comparison.
    /// - Throws: `DAVFailure` 412, or 400 for a header that is not RFC 9110 syntax.
    static func checkPreconditions(_ request: HTTPRequest, existing: DAVResourceState?, what: String) throws(DAVFailure) {
        let match: EntityTagCondition?, none: EntityTagCondition?
        do {
            match = try EntityTagCondition.header("if-match", of: request)
            none = try EntityTagCondition.header("if-none-match", of: request)
        } catch {
            throw DAVFailure(400, nil, error.message)
        }
        if let match {
            guard let existing else { throw .preconditionFailed("If-Match: there is no reminder at \(what)") }
            guard match.matchesStrongly(etag(existing)) else {
                throw .preconditionFailed("If-Match: \(what) changed since (its ETag is \(etag(existing)))")
            }
        }
        if let none, let existing, none.matchesWeakly(etag(existing)) {
            throw .preconditionFailed("If-None-Match: there is a reminder at \(what) already")
        }
    }
}
