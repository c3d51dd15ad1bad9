import Foundation

/// Moving the loaded window of history: "jump to date" shows a run of messages from the
/// past in place of the loaded ones, and pages towards the present follow it.
///
/// These changes are flagged ``ChangeSet/isWindowMove``: messages leave and enter the
/// view, but nothing was sent or deleted, so a store mirroring the conversation writes
/// nothing for them.
extension Conversation {
    /// Shows `messages` (oldest first; duplicates dropped) in place of the loaded ones:
    /// the window of a jump, or the newest page when returning to the present.
    ///
    /// Published as one change, never animated.
    public func showWindow(_ messages: [Message]) {
        var seen = Set<MessageID>()
        let sorted = messages.filter { seen.insert($0.id).inserted }.sorted(by: Message.chronological)
        lock.lock()
        var recorder = ChangeRecorder()
        let old = store.all
        for message in old where !seen.contains(message.id) { recorder.removed(message.id) }
        let kept = Set(old.map(\.id))
        for message in sorted where !kept.contains(message.id) { recorder.inserted(message.id) }
        store.replaceAll(with: sorted)
        recorder.isWindowMove = true
        commit(recorder, animated: false)
    }

    /// Adds newer messages from a history page after a jump, without losing or
    /// duplicating any: those newer than the newest loaded go at the end, others are
    /// merged by date.
    ///
    /// - Returns: The ids added, oldest first.
    @discardableResult
    public func appendHistory(_ page: [Message]) -> [MessageID] {
        var seen = Set<MessageID>()
        let sorted = page.filter { seen.insert($0.id).inserted }.sorted(by: Message.chronological)
        return batch(animated: false) { batch in
            var added: [MessageID] = []
            for message in sorted where !batch.owner.store.contains(message.id) {
                if let newest = batch.owner.store.last, Message.chronological(message, newest) {
                    batch.insertChronologically(message)
                } else {
                    batch.appendUnchecked(message)
                }
                added.append(message.id)
            }
            batch.recorder.isWindowMove = true
            return added
        }
    }
}
