import Foundation
import ParleyCore

/// A room's history for a `HistoryPager`: earlier pages from
/// `/rooms/{id}/messages?dir=b`, jumps to a date through `timestamp_to_event` and
/// `/context`, and pages towards the present with `dir=f`.
///
/// Get it from ``MatrixRoom/history``. Pages are read by the room, so reactions, edits
/// and redactions in them land on their messages, in the page or loaded, and a relation
/// whose message is older waits until a later page brings it.
public struct MatrixHistory: HistoryWindowSource {
    /// The room whose history this is.
    public let room: MatrixRoom

    /// The most requests one page makes when the events it meets are not messages
    /// (reactions, edits, state).
    static let maximumRequestsPerPage = 8

    /// Up to `limit` messages before `cursor` (the newest when `nil`).
    public func page(before cursor: HistoryCursor?, limit: Int) async throws -> HistoryPage {
        var token: String?
        if let cursor {
            token = try await room.token(before: cursor.id)
        }
        var messages: [Message] = []
        for _ in 0..<Self.maximumRequestsPerPage {
            let page = try await room.client.messages(in: room.roomID, from: token, direction: .backward, limit: limit)
            let read = room.readHistory(page.chunk.reversed(), state: page.state ?? [])
            messages = read + messages
            token = page.end
            guard let end = page.end, !page.chunk.isEmpty else {
                return HistoryPage(messages: messages, hasMore: false)
            }
            if let oldest = read.first { room.state.withLock { $0.tokensBefore[oldest.id] = end } }
            if !messages.isEmpty { break }
        }
        return HistoryPage(messages: messages, hasMore: token != nil)
    }

    /// About `limit` messages around `date`, anchored on the first at or after it.
    public func window(around date: Date, limit: Int) async throws -> HistoryWindow {
        let found: TimestampResponse
        do {
            found = try await room.client.event(at: date, in: room.roomID, direction: .forward)
        } catch .server(404, _, _), .roomNotFound {
            found = try await room.client.event(at: date, in: room.roomID, direction: .backward)
        }
        return try await window(aroundEvent: found.eventID, limit: limit)
    }

    /// About `limit` messages around the event `eventID` (jump to a message), anchored on
    /// it.
    public func window(aroundEvent eventID: String, limit: Int) async throws(MatrixError) -> HistoryWindow {
        let context = try await room.client.context(of: eventID, in: room.roomID, limit: max(2, limit))
        let events = (context.eventsBefore ?? []).reversed() + (context.event.map { [$0] } ?? []) + (context.eventsAfter ?? [])
        let messages = room.readHistory(events, state: context.state ?? [])
        room.state.withLock { state in
            if let oldest = messages.first, let start = context.start { state.tokensBefore[oldest.id] = start }
            if let newest = messages.last, let end = context.end { state.tokensAfter[newest.id] = end }
        }
        let anchor = room.messageID(forEvent: eventID)
        return HistoryWindow(
            messages: messages, hasOlder: !(context.eventsBefore ?? []).isEmpty, hasNewer: !(context.eventsAfter ?? []).isEmpty,
            anchor: messages.contains { $0.id == anchor } ? anchor : messages.last?.id)
    }

    /// Up to `limit` messages just newer than `cursor`, oldest first.
    public func window(after cursor: HistoryCursor, limit: Int) async throws -> HistoryWindow {
        var token = try await room.token(after: cursor.id)
        var messages: [Message] = []
        for _ in 0..<Self.maximumRequestsPerPage {
            let page = try await room.client.messages(in: room.roomID, from: token, direction: .forward, limit: limit)
            let read = room.readHistory(page.chunk, state: page.state ?? [])
            messages += read
            guard let end = page.end, page.chunk.count >= limit else {
                return HistoryWindow(messages: messages, hasOlder: true, hasNewer: false)
            }
            token = end
            if let newest = read.last { room.state.withLock { $0.tokensAfter[newest.id] = end } }
            if !messages.isEmpty { break }
        }
        return HistoryWindow(messages: messages, hasOlder: true, hasNewer: true)
    }
}

extension MatrixRoom {
    /// The room's history, for a `HistoryPager`.
    public var history: MatrixHistory { MatrixHistory(room: self) }

    /// The token to page back from message `id`: one kept from an earlier page, else the
    /// event's context; `nil` (the newest page) for a message the server has no event for.
    func token(before id: MessageID) async throws(MatrixError) -> String? {
        let (kept, event) = state.withLock { ($0.tokensBefore[id], $0.eventForMessage[id]) }
        if let kept { return kept }
        guard let event else { return nil }
        return try await client.context(of: event, in: roomID, limit: 0).start
    }

    /// The token to page forward from message `id`.
    func token(after id: MessageID) async throws(MatrixError) -> String? {
        let (kept, event) = state.withLock { ($0.tokensAfter[id], $0.eventForMessage[id]) }
        if let kept { return kept }
        guard let event else { return nil }
        return try await client.context(of: event, in: roomID, limit: 0).end
    }
}
