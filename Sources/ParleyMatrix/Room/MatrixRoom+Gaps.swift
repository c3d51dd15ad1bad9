import Foundation
import ParleyCore

/// Filling the gap a `limited` sync leaves: when more happened since the last sync than
/// one sync brings, the events between the newest one the room had and the sync's batch
/// come from `/messages`, backwards from the batch's `prev_batch`.
extension MatrixRoom {
    /// The events between what the room had and a sync's batch.
    struct Gap: Sendable {
        /// The events, oldest first.
        var events: [MatrixEvent] = []
        /// Member events the pages came with.
        var state: [MatrixEvent] = []
        /// Whether the events reach what the room had. When not (the gap was longer than
        /// ``Configuration/longestGap``, or the server's answer was unusable), `token`
        /// pages back from the oldest of them.
        var isClosed: Bool
        /// Where history paging goes on from, when the gap is not closed.
        var token: String?
    }

    /// The events a limited sync left out, or `nil` when `response` has no gap for this
    /// room (not limited, or nothing synced before it).
    ///
    /// - Throws: What a page failed with, when trying again later can succeed
    ///   (``MatrixError/isTransient``) or the task was cancelled: the caller then asks
    ///   for the same sync again. Other failures (an answer that is not JSON, a refusal)
    ///   end the filling there, leaving the rest to history paging.
    func fillGap(before response: SyncResponse) async throws(MatrixError) -> Gap? {
        guard let timeline = response.rooms?.join?[roomID]?.timeline, timeline.limited == true,
            let previous = timeline.prevBatch
        else { return nil }
        let batch = Set((timeline.events ?? []).map(\.eventID))
        guard let last = state.withLock({ $0.lastTimelineEvent }), !batch.contains(last) else { return nil }
        var newestFirst: [MatrixEvent] = []
        var members: [MatrixEvent] = []
        var token = previous
        while newestFirst.count < configuration.longestGap {
            let page: MessagesResponse
            do {
                page = try await client.messages(
                    in: roomID, from: token, direction: .backward, limit: min(Self.gapPageSize, configuration.longestGap - newestFirst.count))
            } catch {
                if error == .cancelled || error.isTransient { throw error }
                return Gap(events: newestFirst.reversed(), state: members, isClosed: false, token: token)
            }
            members += page.state ?? []
            for event in page.chunk {
                if isKnown(event.eventID) { return Gap(events: newestFirst.reversed(), state: members, isClosed: true) }
                newestFirst.append(event)
            }
            // The room's first event: nothing older is missing.
            guard let end = page.end, !page.chunk.isEmpty else {
                return Gap(events: newestFirst.reversed(), state: members, isClosed: true)
            }
            token = end
        }
        return Gap(events: newestFirst.reversed(), state: members, isClosed: false, token: token)
    }

    /// Events asked for per page while filling a gap.
    static let gapPageSize = 50

    /// Whether the room has read `eventID` already: the newest event synced, or a message
    /// or reaction it holds.
    private func isKnown(_ eventID: String) -> Bool {
        state.withLock { state in
            state.lastTimelineEvent == eventID || state.messageForEvent[eventID] != nil || state.reactions[eventID] != nil
        }
    }

    /// Shows `messages` (a gap that could not be filled to its start, then the sync's
    /// batch) in place of the loaded ones, keeping local echoes still on their way, so
    /// that no hole shows between older messages and these. History paging goes on from
    /// `token` before the oldest of them.
    func showAfterOpenGap(_ messages: [Message], token: String?) {
        let pending = state.withLock { Set($0.echoes.values) }
        let echoes = conversation.messages.filter { pending.contains($0.id) }
        conversation.showWindow(messages + echoes)
        if let token, let oldest = messages.first {
            state.withLock { $0.tokensBefore[oldest.id] = token }
        }
        if let oldest = messages.first { forgetCached(olderThan: oldest) }
    }
}
