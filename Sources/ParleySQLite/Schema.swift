/// The database layout, its version (`PRAGMA user_version`) and the migrations that bring
/// an older file up to date.
///
/// `migrations[n]` upgrades a file of version `n` to `n + 1`; the current version is the
/// number of migrations. Each runs in the same transaction as the version bump, so a file
/// is always at one version or the next, never in between. A file whose version is higher
/// than ``current`` was written by a newer Parley and is refused, never touched.
enum Schema {
    /// Marks a file as a Parley history (`PRAGMA application_id`, "PRLY").
    static let applicationID = 0x5052_4C59

    /// The steps from version 0 (an empty file) upwards.
    static let migrations: [String] = [version1, version2, version3]

    /// The version this build writes.
    static var current: Int { migrations.count }

    /// Version 1.
    ///
    /// - `senders`: one row per distinct (id, name, avatar), so a renamed sender's earlier
    ///   messages keep the name they were sent with. `avatar` is `initials`, `none`,
    ///   `file:<path>` or `url:<url>`.
    /// - `messages`: `date` is seconds since 2001-01-01 UTC, exactly Foundation's `Date`
    ///   value; `status` is ``ParleyCore/DeliveryStatus``'s raw value; `kind`, `subkind`,
    ///   `body`, `detail` (JSON) and `bytes` hold the content (see ``ContentColumns``).
    /// - `messages_by_date` orders by (date, id): every page is a range scan of it.
    static let version1 = """
        CREATE TABLE senders (
            row INTEGER PRIMARY KEY,
            id TEXT NOT NULL,
            name TEXT NOT NULL,
            avatar TEXT NOT NULL,
            UNIQUE (id, name, avatar)
        );
        CREATE TABLE messages (
            id TEXT PRIMARY KEY NOT NULL,
            date REAL NOT NULL,
            sender INTEGER NOT NULL REFERENCES senders (row),
            status INTEGER NOT NULL,
            edited INTEGER NOT NULL,
            kind TEXT NOT NULL,
            subkind TEXT,
            body TEXT,
            detail TEXT,
            bytes BLOB
        );
        CREATE INDEX messages_by_date ON messages (date, id);
        """

    /// Version 2: `relations` (JSON, or `NULL`) holds a message's reply quote, reactions,
    /// earlier versions and read receipts (see ``RelationColumns``); `drafts` holds the
    /// composer's unsent text and reply (one row).
    static let version2 = """
        ALTER TABLE messages ADD COLUMN relations TEXT;
        CREATE TABLE drafts (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            text TEXT NOT NULL,
            reply TEXT
        );
        """

    /// Version 3: full-text search. `message_search` is an FTS5 index of each message's
    /// plain text (``ParleyCore/MessageContent/summary``; nothing for a deleted message).
    /// Its rowid is a key that orders like the message's date (``SearchIndex/key(for:)``),
    /// kept in `search_keys` beside the message's row, so the newest matches stream out of
    /// the index in order and a page costs the same however common the word. A trigger
    /// takes a deleted row out of both. `search_backlog` holds (while there is any) the
    /// rowid below which rows written before version 3 still wait to be indexed: the
    /// store indexes them in small batches after opening. Every statement here is cheap
    /// whatever the file holds, so upgrading a million messages does not hold up the open.
    static let version3 = """
        CREATE VIRTUAL TABLE message_search USING fts5 (text, tokenize = 'unicode61 remove_diacritics 2');
        CREATE TABLE search_keys (
            key INTEGER PRIMARY KEY,
            message INTEGER NOT NULL UNIQUE
        );
        CREATE TABLE search_backlog (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            below INTEGER NOT NULL
        );
        INSERT INTO search_backlog (id, below) SELECT 1, (SELECT max(rowid) FROM messages) + 1 WHERE EXISTS (SELECT 1 FROM messages);
        CREATE TRIGGER message_search_delete AFTER DELETE ON messages BEGIN
            DELETE FROM message_search WHERE rowid IN (SELECT key FROM search_keys WHERE message = old.rowid);
            DELETE FROM search_keys WHERE message = old.rowid;
        END;
        """

    /// The tables and indexes the current version has; a file at the current version
    /// without one of them is damaged.
    static let currentObjects: Set<String> = [
        "senders", "messages", "messages_by_date", "drafts", "search_keys", "message_search",
        "search_backlog",
    ]

    /// What an open file's header says, read before anything is written.
    struct Header {
        var applicationID: Int
        var version: Int
        /// The names of the file's tables, indexes, views and triggers.
        var objects: Set<String>

        /// A file no one has written a schema into (new, or zero bytes).
        var isBlank: Bool { applicationID == 0 && version == 0 && objects.isEmpty }
    }

    /// Reads the header; a file that is not a database fails here with `.corrupt`.
    static func header(of connection: Connection) throws(StoreError) -> Header {
        Header(
            applicationID: try connection.integer("PRAGMA application_id"),
            version: try connection.integer("PRAGMA user_version"),
            objects: Set(try connection.texts("SELECT name FROM sqlite_schema")))
    }

    /// Refuses files this build must not read or write: foreign, newer, or with header
    /// values no Parley writes (a version below 1, which would index the migrations out
    /// of range; the current version without its tables).
    static func validate(
        _ header: Header, path: String, readOnly: Bool, current: Int = current
    ) throws(StoreError) {
        if header.isBlank {
            if readOnly { throw .olderSchema(path: path, version: 0, current: current) }
            return
        }
        guard header.applicationID == applicationID else { throw .notAHistory(path: path) }
        // The mark and version 1 are written in one transaction: a marked file below
        // version 1 was not written by Parley as it is.
        guard header.version >= 1 else {
            throw .corrupt(path: path, detail: "its header says schema version \(header.version), which no Parley writes")
        }
        if header.version > current {
            throw .newerSchema(path: path, version: header.version, supported: current)
        }
        if header.version == current, current == Self.current {
            if let missing = currentObjects.subtracting(header.objects).sorted().first {
                throw .corrupt(path: path, detail: "“\(missing)” is missing from its schema")
            }
        }
        if header.version < current, readOnly {
            throw .olderSchema(path: path, version: header.version, current: current)
        }
    }

    /// Brings the file up to `migrations.count`, one transaction for all steps. The version
    /// is read again inside the transaction, so two processes opening one new file at once
    /// migrate it once.
    static func migrate(_ connection: Connection, migrations: [String] = migrations) throws(StoreError) {
        try connection.transaction { () throws(StoreError) in
            let header = try Self.header(of: connection)
            try validate(header, path: connection.path, readOnly: false, current: migrations.count)
            guard header.version < migrations.count else { return }
            for step in migrations[max(0, header.version)...] {
                try connection.execute(step)
            }
            try connection.execute("PRAGMA application_id = \(applicationID)")
            try connection.execute("PRAGMA user_version = \(migrations.count)")
        }
    }
}
