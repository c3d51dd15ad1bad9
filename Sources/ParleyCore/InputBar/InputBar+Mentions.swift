/// `@name` suggestions while typing, and the mentions the user picked.
extension InputBar {
    /// The "@query" being typed just before `cursor` (a UTF-8 offset into ``text``): an
    /// "@" at the start or after a space, then no space up to the cursor.
    public func mentionQuery(cursor: Int) -> (utf8Range: Range<Int>, query: String)? {
        let bytes = Array(text.utf8)
        guard cursor >= 0, cursor <= bytes.count else { return nil }
        var start = cursor
        while start > 0 {
            let byte = bytes[start - 1]
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t") { return nil }
            if byte == UInt8(ascii: "@") {
                let atStart = start - 1 == 0 || [UInt8(ascii: " "), UInt8(ascii: "\n")].contains(bytes[start - 2])
                guard atStart else { return nil }
                let query = String(decoding: bytes[start..<cursor], as: UTF8.self)
                return ((start - 1)..<cursor, query)
            }
            start -= 1
        }
        return nil
    }

    /// The ``members`` whose name (or a word of it) starts with the "@query" before
    /// `cursor`, at most five, best first; empty when no query is being typed.
    public func mentionSuggestions(cursor: Int) -> [Sender] {
        guard let (_, query) = mentionQuery(cursor: cursor) else { return [] }
        let needle = query.lowercased()
        func rank(_ sender: Sender) -> Int? {
            let name = sender.name.lowercased()
            if name.hasPrefix(needle) { return 0 }
            if name.split(separator: " ").contains(where: { $0.hasPrefix(needle) }) { return 1 }
            return nil
        }
        return members.compactMap { member in rank(member).map { ($0, member) } }
            .sorted { $0.0 < $1.0 }.prefix(5).map(\.1)
    }

    /// Replaces the "@query" before `cursor` with "@Name " of `sender`, who is then
    /// mentioned when the text is sent; returns the cursor after it (or `cursor` when
    /// no query is being typed).
    @discardableResult
    public func completeMention(with sender: Sender, cursor: Int) -> Int {
        guard let (range, _) = mentionQuery(cursor: cursor) else { return cursor }
        let bytes = Array(text.utf8)
        let inserted = "@" + sender.name + " "
        text = String(decoding: bytes[..<range.lowerBound], as: UTF8.self) + inserted
            + String(decoding: bytes[range.upperBound...], as: UTF8.self)
        if !pickedMentions.contains(where: { $0.id == sender.id }) { pickedMentions.append(sender) }
        return range.lowerBound + inserted.utf8.count
    }

    /// `text` as message content, mentioning the people the user picked from the
    /// suggestions whose "@Name" is still in it (without mentions, as `MessageContent.text(_:)`
    /// makes it: a few emoji alone show large).
    public func content(of text: String) -> MessageContent {
        let content = TextContent(text, mentioning: pickedMentions)
        return content.mentionedIDs.isEmpty ? .text(text) : .text(content)
    }

    /// Adds a handler that receives the text as message content (with the mentions
    /// picked) and the message it answers:
    /// `bar.onSendMessage { content, reply in chat.append(content, replyTo: reply) }`.
    @discardableResult
    public func onSendMessage(_ handler: @escaping @MainActor (MessageContent, ReplyQuote?) throws -> Void) -> InputBar {
        sendHandlers.append { [unowned self] text, reply in try handler(self.content(of: text), reply) }
        return self
    }
}
