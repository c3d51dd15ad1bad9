import Foundation
import ParleyCore

/// The SQL that reads and writes `messages` rows, and the conversions between a row and a
/// ``ParleyCore/Message``.
///
/// A message's ``ParleyCore/Message/revision`` is not stored: it is a layout-cache key
/// inside one ``ParleyCore/Conversation``, and messages read back start at 0 like any
/// message handed to a conversation.
enum MessageRows {
    /// The columns every read selects, in the order ``decode(_:payloads:path:)`` reads them.
    /// A left join, so a message whose sender row is missing is read (and reported), not
    /// silently left out.
    static let select = """
        SELECT m.id, m.date, m.status, m.edited, m.kind, m.subkind, m.body, m.detail, m.bytes, \
        s.id, s.name, s.avatar, s.row, m.relations FROM messages AS m LEFT JOIN senders AS s ON s.row = m.sender
        """

    /// Inserts a row; fails on an existing id.
    static let insert = """
        INSERT INTO messages (id, date, sender, status, edited, kind, subkind, body, detail, bytes, relations) \
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
        """

    /// Inserts a row or replaces every column of the row with the same id.
    static let upsert = insert + """
         ON CONFLICT (id) DO UPDATE SET date = excluded.date, sender = excluded.sender, \
        status = excluded.status, edited = excluded.edited, kind = excluded.kind, \
        subkind = excluded.subkind, body = excluded.body, detail = excluded.detail, bytes = excluded.bytes, \
        relations = excluded.relations
        """

    /// Binds `message` (with its sender's row and content columns) to ``insert`` or ``upsert``.
    static func bind(
        _ message: Message, sender: Int, content: ContentColumns, relations: String?, to statement: Statement
    ) throws(StoreError) {
        try statement.bind(1, message.id.rawValue)
        try statement.bind(2, message.date.timeIntervalSinceReferenceDate)
        try statement.bind(3, sender)
        try statement.bind(4, message.status.rawValue)
        try statement.bind(5, message.isEdited ? 1 : 0)
        try statement.bind(6, content.kind)
        try statement.bind(7, content.subkind)
        try statement.bind(8, content.body)
        try statement.bind(9, content.detail)
        try statement.bind(10, content.bytes)
        try statement.bind(11, relations)
    }

    /// The message in the statement's current row (selected with ``select``), or
    /// ``StoreError/unreadableMessage(_:path:reason:)`` naming it when a column holds
    /// something this build never writes; the caller skips such a row and reports it.
    static func decode(_ row: Statement, payloads: PayloadRegistry, path: String) -> Result<Message, StoreError> {
        let id = MessageID(row.text(0) ?? "")
        func unreadable(_ reason: String) -> Result<Message, StoreError> {
            .failure(.unreadableMessage(id, path: path, reason: reason))
        }
        guard let status = DeliveryStatus(rawValue: row.int(2)) else { return unreadable("an unknown status \(row.int(2))") }
        let seconds = row.double(1)
        guard seconds.isFinite else { return unreadable("a date that is not a finite number") }
        guard !row.isNull(12) else { return unreadable("no sender (its sender row is missing)") }
        let columns = ContentColumns(
            kind: row.text(4) ?? "", subkind: row.text(5), body: row.text(6), detail: row.text(7), bytes: row.data(8))
        guard let content = columns.content(payloads: payloads) else {
            return unreadable("content of a kind this version cannot read (“\(columns.kind)”)")
        }
        let avatarText = row.text(11) ?? ""
        guard let avatar = AvatarColumn.avatar(from: avatarText) else { return unreadable("an unknown avatar “\(avatarText)”") }
        let sender = Sender(id: row.text(9) ?? "", name: row.text(10) ?? "", avatar: avatar)
        var message = Message(
            id: id, sender: sender, date: Date(timeIntervalSinceReferenceDate: seconds),
            content: content, status: status, isEdited: row.int(3) != 0)
        guard RelationColumns.read(row.text(13), into: &message, payloads: payloads) else {
            return unreadable("replies, reactions or edits this version cannot read")
        }
        return .success(message)
    }
}

/// A sender's ``ParleyCore/Avatar`` as the text of the `senders.avatar` column.
enum AvatarColumn {
    /// `initials`, `none`, `file:<path>` or `url:<url>`.
    static func text(of avatar: Avatar) -> String {
        switch avatar {
        case .initials: return "initials"
        case .none: return "none"
        case .file(let path): return "file:" + path
        case .url(let url): return "url:" + url.absoluteString
        }
    }

    /// The avatar `text` describes, or `nil` for text this build never writes.
    static func avatar(from text: String) -> Avatar? {
        switch text {
        case "initials": return .initials
        case "none": return Avatar.none
        case _ where text.hasPrefix("file:"): return .file(path: String(text.dropFirst(5)))
        case _ where text.hasPrefix("url:"): return URL(string: String(text.dropFirst(4))).map { .url($0) }
        default: return nil
        }
    }
}
