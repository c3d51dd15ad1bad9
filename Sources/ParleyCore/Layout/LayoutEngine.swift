import Foundation

/// Computes and caches ``RowLayout``s: `(row, context, width) → RowLayout` under one style
/// and one ``TextMeasurer``.
///
/// Layout is a pure function of its inputs, so results are cached by row id, message
/// revision, width and context (which carries the group position); changing the style
/// starts a new style revision and empties the cache. The engine is thread-safe: lay rows
/// out ahead of display from any task with ``prepare(_:width:)``.
///
/// The cache keeps the most recently used rows in two generations and forgets the older
/// one when the newer fills, so memory stays bounded however far one scrolls.
public final class LayoutEngine: @unchecked Sendable {
    /// The text measurer of the front end.
    public let measurer: any TextMeasurer

    private let lock = NSLock()
    private var currentStyle: ChatStyle
    private var currentGrouping: Grouping
    private var revision: UInt64 = 0
    private var recent: [CacheKey: RowLayout] = [:]
    private var older: [CacheKey: RowLayout] = [:]
    private let generationSize: Int
    private var measuredHeights: (total: Double, count: Int) = (0, 0)

    /// Creates an engine.
    ///
    /// - Parameters:
    ///   - style: The style to lay out with.
    ///   - measurer: The front end's text measurer.
    ///   - cacheSize: Roughly how many layouts to keep (at least 64).
    public init(style: ChatStyle, measurer: any TextMeasurer, cacheSize: Int = 4096) {
        self.currentStyle = style
        self.currentGrouping = Grouping(style: style)
        self.measurer = measurer
        self.generationSize = max(32, cacheSize / 2)
    }

    /// The style in use. Setting it starts a new style revision: every row is laid out
    /// again on next use.
    public var style: ChatStyle {
        get { lock.withLock { currentStyle } }
        set {
            let grouping = Grouping(style: newValue)
            lock.withLock {
                currentStyle = newValue
                currentGrouping = grouping
                revision += 1
                recent = [:]
                older = [:]
                measuredHeights = (0, 0)
            }
        }
    }

    /// Incremented each time ``style`` changes.
    public var styleRevision: UInt64 { lock.withLock { revision } }

    /// The grouping of the current style.
    public var grouping: Grouping { lock.withLock { currentGrouping } }

    /// The number of layouts cached now.
    public var cachedCount: Int { lock.withLock { recent.count + older.count } }

    /// The mean height of the rows laid out so far, for estimating unmeasured rows.
    public var averageRowHeight: Double {
        lock.withLock {
            measuredHeights.count == 0
                ? currentStyle.metrics.typingBubbleSize.height + currentStyle.metrics.groupSpacing
                : measuredHeights.total / Double(measuredHeights.count)
        }
    }

    /// The layout of `row` at `width`, from the cache when possible.
    ///
    /// - Parameter context: The row's context from ``Grouping/context(at:in:)``; ignored
    ///   for indicator rows.
    public func layout(_ row: Row, context: RowContext?, width: Double) -> RowLayout {
        let key = CacheKey(row: row, context: context, width: width)
        let (style, styleRevision, cached) = lock.withLock { () -> (ChatStyle, UInt64, RowLayout?) in
            if let hit = recent[key] { return (currentStyle, revision, hit) }
            if let hit = older[key] {
                recent[key] = hit
                return (currentStyle, revision, hit)
            }
            return (currentStyle, revision, nil)
        }
        if let cached { return cached }
        let computed = RowLayoutBuilder(style: style, measurer: measurer, width: width).layout(row, context: context)
        lock.withLock {
            guard styleRevision == revision else { return }  // the style changed meanwhile
            if recent.count >= generationSize {
                older = recent
                recent = [:]
            }
            recent[key] = computed
            measuredHeights.total += computed.height
            measuredHeights.count += 1
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

    /// Forgets every cached layout (after the measurer's fonts changed, for instance).
    public func invalidateAll() {
        lock.withLock {
            recent = [:]
            older = [:]
        }
    }
}

/// What a cached layout depends on besides the style.
private struct CacheKey: Hashable {
    var id: RowID
    var revision: UInt32
    var width: Double
    var context: RowContext?
    var detail: Int

    init(row: Row, context: RowContext?, width: Double) {
        id = row.id
        self.width = width
        self.context = context
        switch row {
        case .message(let message):
            revision = message.revision
            detail = 0
        case .typing(let typers):
            revision = 0
            var hasher = Hasher()
            for typer in typers { hasher.combine(typer.id) }
            detail = hasher.finalize()
        case .history(let indicator):
            revision = 0
            detail = indicator.hashValue
        }
    }
}
