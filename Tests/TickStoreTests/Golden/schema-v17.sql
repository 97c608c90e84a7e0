-- index dav_resource_name
CREATE INDEX dav_resource_name ON dav_resource(list_id, name);

-- index dav_resource_seq
CREATE INDEX dav_resource_seq ON dav_resource(list_id, seq);

-- index dav_resource_tombstone
CREATE INDEX dav_resource_tombstone ON dav_resource(list_id, seq) WHERE deleted = 1;

-- index list_name
CREATE UNIQUE INDEX list_name ON list(name COLLATE NOCASE);

-- index occurrence_completed
CREATE INDEX occurrence_completed ON occurrence(reminder, completed_at);

-- index reminder_completed
CREATE INDEX reminder_completed ON reminder(completed_at) WHERE completed_at IS NOT NULL;

-- index reminder_list_position
CREATE INDEX reminder_list_position ON reminder(list_id, position);

-- index reminder_naming_children
CREATE INDEX reminder_naming_children ON reminder(number) WHERE ical_extras LIKE '%RELTYPE=CHILD%';

-- index reminder_next_alarm
CREATE INDEX reminder_next_alarm ON reminder(next_alarm) WHERE next_alarm IS NOT NULL;

-- index reminder_open_created
CREATE INDEX reminder_open_created ON reminder(created_at) WHERE completed_at IS NULL;

-- index reminder_open_due_summary
CREATE INDEX reminder_open_due_summary ON reminder(
    due, list_id, position, number, uid, title, due_time_zone, priority, flagged, completed_at,
    parent_uid, tags, recurrence, recurrence_basis
) WHERE completed_at IS NULL AND due IS NOT NULL;

-- index reminder_open_flagged
CREATE INDEX reminder_open_flagged ON reminder(list_id, position) WHERE completed_at IS NULL AND flagged = 1;

-- index reminder_open_list_summary
CREATE INDEX reminder_open_list_summary ON reminder(
    list_id, position, number, uid, title, due, due_time_zone, priority, flagged, completed_at,
    parent_uid, tags, recurrence, recurrence_basis
) WHERE completed_at IS NULL;

-- index reminder_open_priority
CREATE INDEX reminder_open_priority ON reminder(priority) WHERE completed_at IS NULL AND priority > 0;

-- index reminder_open_title
CREATE INDEX reminder_open_title ON reminder(tick_search_text(title)) WHERE completed_at IS NULL;

-- index reminder_parent
CREATE INDEX reminder_parent ON reminder(parent_uid) WHERE parent_uid IS NOT NULL;

-- index reminder_tag_folded
CREATE INDEX reminder_tag_folded ON reminder_tag(tick_search_text(tag));

-- index reminder_tag_reminder
CREATE INDEX reminder_tag_reminder ON reminder_tag(reminder);

-- index reminder_zoned
CREATE INDEX reminder_zoned ON reminder(list_id, position, number)
    WHERE due_time_zone IS NOT NULL OR start_time_zone IS NOT NULL OR ical_extras <> '';

-- index sync_collection_list
CREATE INDEX sync_collection_list ON sync_collection(list_id);

-- index sync_conflict_unreported
CREATE INDEX sync_conflict_unreported ON sync_conflict(account, id) WHERE reported = 0;

-- index sync_item_uid
CREATE INDEX sync_item_uid ON sync_item(uid);

-- table alarm_delivery
CREATE TABLE alarm_delivery (
    reminder     INTEGER NOT NULL REFERENCES reminder(number) ON DELETE CASCADE,
    alarm_uid    TEXT NOT NULL,
    fire_at      TEXT NOT NULL,
    delivered_at TEXT NOT NULL,
    channel      TEXT NOT NULL,
    PRIMARY KEY (reminder, alarm_uid, fire_at)
) WITHOUT ROWID;

-- table dav_horizon
CREATE TABLE dav_horizon (
    list_id        TEXT PRIMARY KEY NOT NULL,
    pruned_through INTEGER NOT NULL
) WITHOUT ROWID;

-- table dav_resource
CREATE TABLE dav_resource (
    list_id TEXT NOT NULL,
    uid     TEXT NOT NULL,
    name    TEXT NOT NULL,
    seq     INTEGER NOT NULL,
    deleted INTEGER NOT NULL DEFAULT 0 CHECK (deleted IN (0, 1)),
    PRIMARY KEY (list_id, uid)
) WITHOUT ROWID;

-- table dav_sequence
CREATE TABLE dav_sequence (
    id    INTEGER PRIMARY KEY CHECK (id = 1),
    value INTEGER NOT NULL
);

-- table journal_active
CREATE TABLE journal_active (change INTEGER NOT NULL);

-- table journal_alarm_delivery
CREATE TABLE journal_alarm_delivery (
    change       INTEGER NOT NULL REFERENCES journal_change(id) ON DELETE CASCADE,
    reminder     INTEGER NOT NULL,
    alarm_uid    TEXT NOT NULL,
    fire_at      TEXT NOT NULL,
    delivered_at TEXT NOT NULL,
    channel      TEXT NOT NULL,
    PRIMARY KEY (change, reminder, alarm_uid, fire_at)
) WITHOUT ROWID;

-- table journal_change
CREATE TABLE journal_change (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    made_at   TEXT NOT NULL,
    command   TEXT NOT NULL,
    undone_at TEXT
);

-- table journal_list
CREATE TABLE journal_list (
    change  INTEGER NOT NULL REFERENCES journal_change(id) ON DELETE CASCADE,
    phase   INTEGER NOT NULL CHECK (phase IN (0, 1)),
    id      TEXT NOT NULL,
    present INTEGER NOT NULL CHECK (present IN (0, 1)),
    name TEXT, color TEXT, position INTEGER, created_at TEXT, modified_at TEXT, ical_extras TEXT,
    PRIMARY KEY (change, phase, id)
) WITHOUT ROWID;

-- table journal_occurrence
CREATE TABLE journal_occurrence (
    change        INTEGER NOT NULL REFERENCES journal_change(id) ON DELETE CASCADE,
    reminder      INTEGER NOT NULL,
    due           TEXT NOT NULL,
    present       INTEGER NOT NULL CHECK (present IN (0, 1)),
    due_time_zone TEXT,
    completed_at  TEXT,
    PRIMARY KEY (change, reminder, due)
) WITHOUT ROWID;

-- table journal_reminder
CREATE TABLE journal_reminder (
    change  INTEGER NOT NULL REFERENCES journal_change(id) ON DELETE CASCADE,
    phase   INTEGER NOT NULL CHECK (phase IN (0, 1)),
    number  INTEGER NOT NULL,
    present INTEGER NOT NULL CHECK (present IN (0, 1)),
    uid TEXT, list_id TEXT, title TEXT, notes TEXT, due TEXT, due_time_zone TEXT, start TEXT,
    start_time_zone TEXT, priority INTEGER, flagged INTEGER, completed_at TEXT, position INTEGER,
    parent_uid TEXT, tags TEXT, url TEXT, recurrence TEXT, alarms TEXT, ical_extras TEXT, created_at TEXT,
    modified_at TEXT, recurrence_basis TEXT, next_alarm TEXT, revision INTEGER,
    PRIMARY KEY (change, phase, number)
) WITHOUT ROWID;

-- table journal_sync_collection
CREATE TABLE journal_sync_collection (
    change     INTEGER NOT NULL REFERENCES journal_change(id) ON DELETE CASCADE,
    account    TEXT NOT NULL,
    url        TEXT NOT NULL,
    list_id    TEXT NOT NULL,
    sync_token TEXT,
    ctag       TEXT,
    name       TEXT,
    color      TEXT, chosen_as TEXT,
    PRIMARY KEY (change, account, url)
) WITHOUT ROWID;

-- table journal_sync_item
CREATE TABLE journal_sync_item (
    change         INTEGER NOT NULL REFERENCES journal_change(id) ON DELETE CASCADE,
    account        TEXT NOT NULL,
    collection_url TEXT NOT NULL,
    href           TEXT NOT NULL,
    uid            TEXT NOT NULL,
    etag           TEXT,
    base           TEXT NOT NULL,
    local_revision INTEGER NOT NULL,
    PRIMARY KEY (change, account, collection_url, href)
) WITHOUT ROWID;

-- table list
CREATE TABLE list (
    id          TEXT PRIMARY KEY NOT NULL,
    name        TEXT NOT NULL,
    color       TEXT NOT NULL,
    position    INTEGER NOT NULL,
    created_at  TEXT NOT NULL,
    modified_at TEXT NOT NULL
, ical_extras TEXT NOT NULL DEFAULT '');

-- table list_count
CREATE TABLE list_count (
    list_id   TEXT PRIMARY KEY NOT NULL,
    open      INTEGER NOT NULL DEFAULT 0,
    flagged   INTEGER NOT NULL DEFAULT 0,
    scheduled INTEGER NOT NULL DEFAULT 0,
    completed INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;

-- table occurrence
CREATE TABLE occurrence (
    reminder      INTEGER NOT NULL REFERENCES reminder(number) ON DELETE CASCADE,
    due           TEXT NOT NULL,
    due_time_zone TEXT,
    completed_at  TEXT NOT NULL,
    PRIMARY KEY (reminder, due)
) WITHOUT ROWID;

-- table pending_upgrade
CREATE TABLE pending_upgrade (name TEXT PRIMARY KEY NOT NULL) WITHOUT ROWID;

-- table reminder
CREATE TABLE reminder (
    number        INTEGER PRIMARY KEY AUTOINCREMENT,
    uid           TEXT NOT NULL UNIQUE,
    list_id       TEXT NOT NULL REFERENCES list(id) ON DELETE CASCADE,
    title         TEXT NOT NULL,
    notes         TEXT NOT NULL DEFAULT '',
    due           TEXT,
    due_time_zone TEXT,
    priority      INTEGER NOT NULL DEFAULT 0 CHECK (priority BETWEEN 0 AND 9),
    flagged       INTEGER NOT NULL DEFAULT 0 CHECK (flagged IN (0, 1)),
    completed_at  TEXT,
    position      INTEGER NOT NULL,
    created_at    TEXT NOT NULL,
    modified_at   TEXT NOT NULL
, start TEXT, start_time_zone TEXT, parent_uid TEXT, tags TEXT NOT NULL DEFAULT '[]', url TEXT, recurrence TEXT, alarms TEXT NOT NULL DEFAULT '[]', ical_extras TEXT NOT NULL DEFAULT '', recurrence_basis TEXT NOT NULL DEFAULT 'due'
    CHECK (recurrence_basis IN ('due', 'completion')), next_alarm TEXT, revision INTEGER NOT NULL DEFAULT 0);

-- table reminder_search
CREATE VIRTUAL TABLE reminder_search USING fts5(
    title, notes, tags, content = 'reminder_search_text', content_rowid = 'number', tokenize = 'trigram'
);

-- table reminder_search_config
CREATE TABLE 'reminder_search_config'(k PRIMARY KEY, v) WITHOUT ROWID;

-- table reminder_search_data
CREATE TABLE 'reminder_search_data'(id INTEGER PRIMARY KEY, block BLOB);

-- table reminder_search_docsize
CREATE TABLE 'reminder_search_docsize'(id INTEGER PRIMARY KEY, sz BLOB);

-- table reminder_search_idx
CREATE TABLE 'reminder_search_idx'(segid, term, pgno, PRIMARY KEY(segid, term)) WITHOUT ROWID;

-- table reminder_tag
CREATE TABLE reminder_tag (
    reminder INTEGER NOT NULL REFERENCES reminder(number) ON DELETE CASCADE,
    tag      TEXT NOT NULL COLLATE NOCASE,
    PRIMARY KEY (tag, reminder)
) WITHOUT ROWID;

-- table sqlite_sequence
CREATE TABLE sqlite_sequence(name,seq);

-- table sync_collection
CREATE TABLE sync_collection (
    account    TEXT NOT NULL,
    url        TEXT NOT NULL,
    list_id    TEXT NOT NULL REFERENCES list(id) ON DELETE CASCADE,
    sync_token TEXT,
    ctag       TEXT,
    name       TEXT,
    color      TEXT, chosen_as TEXT,
    PRIMARY KEY (account, url)
) WITHOUT ROWID;

-- table sync_conflict
CREATE TABLE sync_conflict (
    id         INTEGER PRIMARY KEY,
    account    TEXT NOT NULL,
    found_at   TEXT NOT NULL,
    list_name  TEXT NOT NULL,
    title      TEXT NOT NULL,
    uid        TEXT,
    property   TEXT NOT NULL,
    lost_value TEXT NOT NULL,
    loser      TEXT NOT NULL CHECK (loser IN ('local', 'server')),
    reported   INTEGER NOT NULL DEFAULT 0 CHECK (reported IN (0, 1))
);

-- table sync_item
CREATE TABLE sync_item (
    account        TEXT NOT NULL,
    collection_url TEXT NOT NULL,
    href           TEXT NOT NULL,
    uid            TEXT NOT NULL,
    etag           TEXT,
    base           TEXT NOT NULL,
    local_revision INTEGER NOT NULL,
    PRIMARY KEY (account, collection_url, href),
    FOREIGN KEY (account, collection_url) REFERENCES sync_collection(account, url) ON DELETE CASCADE
) WITHOUT ROWID;

-- trigger dav_list_delete
CREATE TRIGGER dav_list_delete AFTER DELETE ON list BEGIN
    DELETE FROM dav_resource WHERE list_id = old.id;
    DELETE FROM dav_horizon WHERE list_id = old.id;
END;

-- trigger dav_list_insert
CREATE TRIGGER dav_list_insert AFTER INSERT ON list BEGIN
    UPDATE dav_sequence SET value = value + 1 WHERE id = 1;
    INSERT OR REPLACE INTO dav_horizon (list_id, pruned_through)
        VALUES (new.id, (SELECT value FROM dav_sequence WHERE id = 1));
END;

-- trigger dav_list_update
CREATE TRIGGER dav_list_update AFTER UPDATE OF id ON list WHEN old.id IS NOT new.id BEGIN
    UPDATE dav_resource SET list_id = new.id WHERE list_id = old.id;
    UPDATE dav_horizon SET list_id = new.id WHERE list_id = old.id;
END;

-- trigger dav_reminder_delete
CREATE TRIGGER dav_reminder_delete AFTER DELETE ON reminder BEGIN
    UPDATE dav_sequence SET value = value + 1 WHERE id = 1 AND (1);
            UPDATE dav_resource SET deleted = 1, seq = (SELECT value FROM dav_sequence WHERE id = 1)
                WHERE list_id = old.list_id AND uid = old.uid AND (1);
END;

-- trigger dav_reminder_insert
CREATE TRIGGER dav_reminder_insert AFTER INSERT ON reminder BEGIN
    UPDATE dav_sequence SET value = value + 1 WHERE id = 1;
            INSERT INTO dav_resource (list_id, uid, name, seq)
                VALUES (new.list_id, new.uid, new.uid || '.ics', (SELECT value FROM dav_sequence WHERE id = 1))
                ON CONFLICT (list_id, uid) DO UPDATE SET seq = excluded.seq, deleted = 0;
END;

-- trigger dav_reminder_update
CREATE TRIGGER dav_reminder_update AFTER UPDATE ON reminder
    WHEN old.revision IS NOT new.revision OR old.list_id IS NOT new.list_id OR old.uid IS NOT new.uid BEGIN
    UPDATE dav_sequence SET value = value + 1 WHERE id = 1 AND (old.list_id IS NOT new.list_id OR old.uid IS NOT new.uid);
            UPDATE dav_resource SET deleted = 1, seq = (SELECT value FROM dav_sequence WHERE id = 1)
                WHERE list_id = old.list_id AND uid = old.uid AND (old.list_id IS NOT new.list_id OR old.uid IS NOT new.uid);
    UPDATE dav_sequence SET value = value + 1 WHERE id = 1;
            INSERT INTO dav_resource (list_id, uid, name, seq)
                VALUES (new.list_id, new.uid, new.uid || '.ics', (SELECT value FROM dav_sequence WHERE id = 1))
                ON CONFLICT (list_id, uid) DO UPDATE SET seq = excluded.seq, deleted = 0;
END;

-- trigger journal_alarm_delivery_delete
CREATE TRIGGER journal_alarm_delivery_delete BEFORE DELETE ON alarm_delivery
    WHEN EXISTS (SELECT 1 FROM journal_active) BEGIN
    INSERT OR IGNORE INTO journal_alarm_delivery (change, reminder, alarm_uid, fire_at, delivered_at, channel)
        VALUES ((SELECT change FROM journal_active), old.reminder, old.alarm_uid, old.fire_at, old.delivered_at, old.channel);
END;

-- trigger journal_list_delete
CREATE TRIGGER journal_list_delete BEFORE DELETE ON list
    WHEN EXISTS (SELECT 1 FROM journal_active) BEGIN
    INSERT OR IGNORE INTO journal_list (change, phase, id, present, name, color, position, created_at, modified_at, ical_extras)
        VALUES ((SELECT change FROM journal_active), 0, old.id, 1, old.name, old.color, old.position, old.created_at, old.modified_at, old.ical_extras);
END;

-- trigger journal_list_insert
CREATE TRIGGER journal_list_insert AFTER INSERT ON list
    WHEN EXISTS (SELECT 1 FROM journal_active) BEGIN
    INSERT OR IGNORE INTO journal_list (change, phase, id, present) VALUES ((SELECT change FROM journal_active), 0, new.id, 0);
END;

-- trigger journal_list_update
CREATE TRIGGER journal_list_update BEFORE UPDATE ON list
    WHEN EXISTS (SELECT 1 FROM journal_active) BEGIN
    INSERT OR IGNORE INTO journal_list (change, phase, id, present, name, color, position, created_at, modified_at, ical_extras)
        VALUES ((SELECT change FROM journal_active), 0, old.id, 1, old.name, old.color, old.position, old.created_at, old.modified_at, old.ical_extras);
END;

-- trigger journal_occurrence_delete
CREATE TRIGGER journal_occurrence_delete BEFORE DELETE ON occurrence
    WHEN EXISTS (SELECT 1 FROM journal_active) BEGIN
    INSERT OR IGNORE INTO journal_occurrence (change, reminder, due, present, due_time_zone, completed_at)
        VALUES ((SELECT change FROM journal_active), old.reminder, old.due, 1, old.due_time_zone, old.completed_at);
END;

-- trigger journal_occurrence_insert
CREATE TRIGGER journal_occurrence_insert AFTER INSERT ON occurrence
    WHEN EXISTS (SELECT 1 FROM journal_active) BEGIN
    INSERT OR IGNORE INTO journal_occurrence (change, reminder, due, present)
        VALUES ((SELECT change FROM journal_active), new.reminder, new.due, 0);
END;

-- trigger journal_reminder_delete
CREATE TRIGGER journal_reminder_delete BEFORE DELETE ON reminder
    WHEN EXISTS (SELECT 1 FROM journal_active) BEGIN
    INSERT OR IGNORE INTO journal_reminder (change, phase, number, present, uid, list_id, title, notes, due, due_time_zone, start, start_time_zone, priority, flagged, completed_at, position, parent_uid, tags, url, recurrence, alarms, ical_extras, created_at, modified_at, recurrence_basis, next_alarm, revision)
        VALUES ((SELECT change FROM journal_active), 0, old.number, 1, old.uid, old.list_id, old.title, old.notes, old.due, old.due_time_zone, old.start, old.start_time_zone, old.priority, old.flagged, old.completed_at, old.position, old.parent_uid, old.tags, old.url, old.recurrence, old.alarms, old.ical_extras, old.created_at, old.modified_at, old.recurrence_basis, old.next_alarm, old.revision);
END;

-- trigger journal_reminder_insert
CREATE TRIGGER journal_reminder_insert AFTER INSERT ON reminder
    WHEN EXISTS (SELECT 1 FROM journal_active) BEGIN
    INSERT OR IGNORE INTO journal_reminder (change, phase, number, present)
        VALUES ((SELECT change FROM journal_active), 0, new.number, 0);
END;

-- trigger journal_reminder_update
CREATE TRIGGER journal_reminder_update BEFORE UPDATE ON reminder
    WHEN EXISTS (SELECT 1 FROM journal_active) BEGIN
    INSERT OR IGNORE INTO journal_reminder (change, phase, number, present, uid, list_id, title, notes, due, due_time_zone, start, start_time_zone, priority, flagged, completed_at, position, parent_uid, tags, url, recurrence, alarms, ical_extras, created_at, modified_at, recurrence_basis, next_alarm, revision)
        VALUES ((SELECT change FROM journal_active), 0, old.number, 1, old.uid, old.list_id, old.title, old.notes, old.due, old.due_time_zone, old.start, old.start_time_zone, old.priority, old.flagged, old.completed_at, old.position, old.parent_uid, old.tags, old.url, old.recurrence, old.alarms, old.ical_extras, old.created_at, old.modified_at, old.recurrence_basis, old.next_alarm, old.revision);
END;

-- trigger journal_sync_collection_delete
CREATE TRIGGER journal_sync_collection_delete BEFORE DELETE ON sync_collection
    WHEN EXISTS (SELECT 1 FROM journal_active) BEGIN
    INSERT OR IGNORE INTO journal_sync_collection (change, account, url, list_id, sync_token, ctag, name, color, chosen_as)
        VALUES ((SELECT change FROM journal_active), old.account, old.url, old.list_id, old.sync_token, old.ctag, old.name,
                old.color, old.chosen_as);
END;

-- trigger journal_sync_item_delete
CREATE TRIGGER journal_sync_item_delete BEFORE DELETE ON sync_item
    WHEN EXISTS (SELECT 1 FROM journal_active) BEGIN
    INSERT OR IGNORE INTO journal_sync_item (change, account, collection_url, href, uid, etag, base, local_revision)
        VALUES ((SELECT change FROM journal_active), old.account, old.collection_url, old.href, old.uid, old.etag, old.base,
                old.local_revision);
END;

-- trigger list_count_delete
CREATE TRIGGER list_count_delete AFTER DELETE ON reminder BEGIN
    UPDATE list_count SET open = open - (old.completed_at IS NULL),
        flagged = flagged - (old.completed_at IS NULL AND old.flagged = 1),
        scheduled = scheduled - (old.completed_at IS NULL AND old.due IS NOT NULL),
        completed = completed - (old.completed_at IS NOT NULL)
        WHERE list_id = old.list_id;
END;

-- trigger list_count_insert
CREATE TRIGGER list_count_insert AFTER INSERT ON reminder BEGIN
    UPDATE list_count SET open = open + (new.completed_at IS NULL),
        flagged = flagged + (new.completed_at IS NULL AND new.flagged = 1),
        scheduled = scheduled + (new.completed_at IS NULL AND new.due IS NOT NULL),
        completed = completed + (new.completed_at IS NOT NULL)
        WHERE list_id = new.list_id;
END;

-- trigger list_count_list_delete
CREATE TRIGGER list_count_list_delete AFTER DELETE ON list BEGIN
    DELETE FROM list_count WHERE list_id = old.id;
END;

-- trigger list_count_list_insert
CREATE TRIGGER list_count_list_insert AFTER INSERT ON list BEGIN
    INSERT OR IGNORE INTO list_count (list_id) VALUES (new.id);
END;

-- trigger list_count_list_update
CREATE TRIGGER list_count_list_update AFTER UPDATE OF id ON list WHEN old.id IS NOT new.id BEGIN
    UPDATE list_count SET list_id = new.id WHERE list_id = old.id;
END;

-- trigger list_count_update
CREATE TRIGGER list_count_update AFTER UPDATE OF list_id, completed_at, flagged, due ON reminder
    WHEN old.list_id IS NOT new.list_id OR (old.completed_at IS NULL) <> (new.completed_at IS NULL)
        OR old.flagged IS NOT new.flagged OR (old.due IS NULL) <> (new.due IS NULL) BEGIN
    UPDATE list_count SET open = open - (old.completed_at IS NULL),
        flagged = flagged - (old.completed_at IS NULL AND old.flagged = 1),
        scheduled = scheduled - (old.completed_at IS NULL AND old.due IS NOT NULL),
        completed = completed - (old.completed_at IS NOT NULL)
        WHERE list_id = old.list_id;
    UPDATE list_count SET open = open + (new.completed_at IS NULL),
        flagged = flagged + (new.completed_at IS NULL AND new.flagged = 1),
        scheduled = scheduled + (new.completed_at IS NULL AND new.due IS NOT NULL),
        completed = completed + (new.completed_at IS NOT NULL)
        WHERE list_id = new.list_id;
END;

-- trigger reminder_revision
CREATE TRIGGER reminder_revision AFTER UPDATE ON reminder
    WHEN new.revision = old.revision AND (
        old.uid IS NOT new.uid OR old.list_id IS NOT new.list_id OR old.title IS NOT new.title
        OR old.notes IS NOT new.notes OR old.due IS NOT new.due OR old.due_time_zone IS NOT new.due_time_zone
        OR old.priority IS NOT new.priority OR old.flagged IS NOT new.flagged
        OR old.completed_at IS NOT new.completed_at OR old.start IS NOT new.start
        OR old.start_time_zone IS NOT new.start_time_zone OR old.parent_uid IS NOT new.parent_uid
        OR old.tags IS NOT new.tags OR old.url IS NOT new.url OR old.recurrence IS NOT new.recurrence
        OR old.recurrence_basis IS NOT new.recurrence_basis OR old.alarms IS NOT new.alarms
        OR old.ical_extras IS NOT new.ical_extras) BEGIN
    UPDATE reminder SET revision = old.revision + 1 WHERE number = new.number;
END;

-- trigger reminder_search_delete
CREATE TRIGGER reminder_search_delete AFTER DELETE ON reminder BEGIN
    INSERT INTO reminder_search(reminder_search, rowid, title, notes, tags)
        VALUES ('delete', old.number, tick_search_text(old.title), tick_search_text(old.notes), tick_search_tags(old.tags));
END;

-- trigger reminder_search_insert
CREATE TRIGGER reminder_search_insert AFTER INSERT ON reminder BEGIN
    INSERT INTO reminder_search(rowid, title, notes, tags) VALUES (new.number, tick_search_text(new.title), tick_search_text(new.notes), tick_search_tags(new.tags));
END;

-- trigger reminder_search_update
CREATE TRIGGER reminder_search_update AFTER UPDATE OF title, notes, tags ON reminder
    WHEN old.title IS NOT new.title OR old.notes IS NOT new.notes OR old.tags IS NOT new.tags BEGIN
    INSERT INTO reminder_search(reminder_search, rowid, title, notes, tags)
        VALUES ('delete', old.number, tick_search_text(old.title), tick_search_text(old.notes), tick_search_tags(old.tags));
    INSERT INTO reminder_search(rowid, title, notes, tags) VALUES (new.number, tick_search_text(new.title), tick_search_text(new.notes), tick_search_tags(new.tags));
END;

-- trigger reminder_tag_insert
CREATE TRIGGER reminder_tag_insert AFTER INSERT ON reminder WHEN new.tags <> '[]' BEGIN
    INSERT OR IGNORE INTO reminder_tag(reminder, tag)
        SELECT new.number, value FROM json_each(new.tags);
END;

-- trigger reminder_tag_update
CREATE TRIGGER reminder_tag_update AFTER UPDATE OF tags ON reminder WHEN old.tags IS NOT new.tags BEGIN
    DELETE FROM reminder_tag WHERE reminder = old.number;
    INSERT OR IGNORE INTO reminder_tag(reminder, tag)
        SELECT new.number, value FROM json_each(new.tags);
END;

-- view reminder_search_text
CREATE VIEW reminder_search_text AS
    SELECT number, tick_search_text(title) AS title, tick_search_text(notes) AS notes,
        tick_search_tags(tags) AS tags FROM reminder;
