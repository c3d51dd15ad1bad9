import Foundation
import Synchronization

/// Computes and caches ``RowLayout``s: `(row, context, width) → RowLayout` under one style
/// and one ``TextMeasurer``.
///
/// Layout is a pure function of its inputs, so results are cached by row id, message
/// revision and width, together with the context they were laid out in (which carries
/// the group position): a row whose context changed is laid out again, and its new layout
/// takes the old one's place. Changing the style starts a new style revision and empties
/// the cache. The engine is thread-safe: lay rows out ahead of display from any task with
/// ``prepare(_:width:)``.
///
/// The cache keeps the most recently used rows in two generations and forgets the older
/// one when the newer fills, so memory stays bounded however far one scrolls.
public final class LayoutEngine: Sendable {
    /// The text measurer of the front end.
    public let measurer: any TextMeasurer

    /// The style, its grouping and the cache, behind one lock.
    private struct State: Sendable {
        var style: ChatStyle { shared.style }
        /// The style, shared with each layout's builder without copying it (#15).
        var shared: RowLayoutBuilder.SharedStyle
        var grouping: Grouping
        var revision: UInt64 = 0
        /// Bumped by every change that can change a cached layout: the style, "Show more".
        var layoutRevision: UInt64 = 0
        var cache: GenerationalCache<CacheKey, Cached>
        var measuredHeights: (total: Double, count: Int) = (0, 0)
        /// How often "Show more" was pressed, by message.
        var expansions: [MessageID: Int] = [:]
    }
    private let state: Mutex<State>

    /// Creates an engine.
    ///
    /// - Parameters:
    ///   - style: The style to lay out with.
    ///   - measurer: The front end's text measurer.
    ///   - cacheSize: Roughly how many layouts to keep (at least 64). The default holds
    ///     several screens of rows at any size while keeping memory small: a terminal
    ///     holding 4,096 held 12 MB more after paging through 4,000 messages.
    public init(style: ChatStyle, measurer: any TextMeasurer, cacheSize: Int = 1024) {
        let grouping = Grouping(style: style)
        grouping.prepareInBackground()
        state = Mutex(State(
            shared: RowLayoutBuilder.SharedStyle(style), grouping: grouping,
            cache: GenerationalCache(generationSize: max(32, cacheSize / 2))))
        self.measurer = measurer
    }

    /// The style in use. Setting it starts a new style revision: every row is laid out
    /// again on next use.
    public var style: ChatStyle {
        get { state.withLock { $0.style } }
        set {
            let grouping = Grouping(style: newValue)
            grouping.prepareInBackground()
            state.withLock {
                $0.shared = RowLayoutBuilder.SharedStyle(newValue)
                $0.grouping = grouping
                $0.revision += 1
                $0.layoutRevision += 1
                $0.cache.removeAll()
                $0.measuredHeights = (0, 0)
            }
        }
    }

    /// Incremented each time ``style`` changes.
    public var styleRevision: UInt64 { state.withLock { $0.revision } }

    /// Incremented each time a row's layout can change without its message or context
    /// changing (a new ``style``, ``showMore(of:)``).
    var layoutRevision: UInt64 { state.withLock { $0.layoutRevision } }

    /// The metrics of the current style (without copying the style out).
    var metrics: ChatMetrics { state.withLock { $0.style.metrics } }

    /// The grouping of the current style.
    public var grouping: Grouping { state.withLock { $0.grouping } }

    /// The number of layouts cached now.
    public var cachedCount: Int { state.withLock { $0.cache.count } }

    /// The mean height of the rows laid out so far, for estimating unmeasured rows.
    public var averageRowHeight: Double {
        state.withLock {
            $0.measuredHeights.count == 0
                ? $0.style.metrics.typingBubbleSize.height + $0.style.metrics.groupSpacing
                : $0.measuredHeights.total / Double($0.measuredHeights.count)
        }
    }

    /// The layout of `row` at `width`, from the cache when possible.
    ///
    /// - Parameters:
    ///   - row: The row.
    ///   - context: The row's context from ``Grouping/context(at:in:)``; ignored for
    ///     indicator rows.
    ///   - width: The list's width, in the measurer's units.
    public func layout(_ row: Row, context: RowContext?, width: Double) -> RowLayout {
        let (style, styleRevision, expansion, key, cached) = state.withLock {
            state -> (RowLayoutBuilder.SharedStyle?, UInt64, Int, CacheKey, RowLayout?) in
            var expansion = 0
            if case .message(let message) = row, !state.expansions.isEmpty {
                expansion = state.expansions[message.id] ?? 0
            }
            let key = CacheKey(row: row, width: width, expansion: expansion)
            // The context is compared, not hashed: most of it is text (labels, times),
            // and a scroll step looks up every visible row (#15).
            if let hit = state.cache.value(for: key), hit.context == context { return (nil, state.revision, expansion, key, hit.layout) }
            return (state.shared, state.revision, expansion, key, nil)
        }
        if let cached { return cached }
        let computed = RowLayoutBuilder(shared: style!, measurer: measurer, width: width, textLimit: .expanded(expansion))
            .layout(row, context: context)
        state.withLock { state in
            guard styleRevision == state.revision else { return }  // the style changed meanwhile
            state.cache.insert(Cached(context: context, layout: computed), for: key)
            state.measuredHeights.total += computed.height
            state.measuredHeights.count += 1
        }
        return computed
    }

    /// The layout of row `index` of `rows`, with its context.
    public func layout(at index: Int, in rows: RowList, width: Double) -> RowLayout {
        layout(rows[index], context: grouping.context(at: index, in: rows), width: width)
    }

    /// Lays out `rows` ahead of display (from any task), so that scrolling to them finds
    /// their layouts cached.
    public func prepare(_ rows: [(Row, RowContext?)], width: Double) {
        for (row, context) in rows { _ = layout(row, context: context, width: width) }
    }

    /// Shows more of message `id`'s text (its ``TextLimit`` doubles, up to
    /// ``TextLimit/maximum``); its next layout is taller. Returns whether anything more
    /// can show.
    @discardableResult
    public func showMore(of id: MessageID) -> Bool {
        state.withLock { state in
            let times = state.expansions[id] ?? 0
            guard !TextLimit.expanded(times).isMaximum else { return false }
            state.expansions[id] = times + 1
            state.layoutRevision += 1
            return true
        }
    }

    /// The limit message `id`'s text is shown within.
    public func textLimit(of id: MessageID) -> TextLimit {
        .expanded(state.withLock { $0.expansions[id] ?? 0 })
    }

    /// Forgets every cached layout (after the measurer's fonts changed, for instance).
    public func invalidateAll() {
        state.withLock { $0.cache.removeAll() }
    }
}

/// What a cached layout depends on besides the style and its row's context.
private struct CacheKey: Hashable, Sendable {
    var id: RowID
    var revision: UInt32
    var width: Double
    var detail: Int

    init(row: Row, width: Double, expansion: Int) {
        id = row.id
        self.width = width
        switch row {
        case .message(let message):
            revision = message.revision
            detail = expansion
        case .typing(let typers):
            revision = 0
            var hasher = Hasher()
            for typer in typers { hasher.combine(typer.id) }
            detail = hasher.finalize()
        case .history(let indicator):
            revision = 0
            detail = indicator.hashValue
        case .newerHistory(let indicator):
            revision = 1
            detail = indicator.hashValue
        }
    }
}

/// A cached layout and the context it was laid out in.
private struct Cached: Sendable {
    var context: RowContext?
    var layout: RowLayout
}
