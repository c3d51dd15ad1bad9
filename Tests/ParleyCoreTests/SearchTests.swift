import Foundation
import Testing
@testable import ParleyCore

@Suite("Search: queries, matching, snippets (#13)")
struct SearchTextTests {
    @Test("a query keeps words only: operators, quotes and controls just separate them", arguments: [
        ("lunch", ["lunch"], true), ("Lunch FRIDAY ", ["lunch", "friday"], false), ("\"a\" OR *b", ["a", "or", "b"], true),
        ("NEAR(x y", ["near", "x", "y"], true), ("\u{1B}[31mred\u{7}", ["31mred"], false), ("", [], false),
        ("***", [], false), ("café", ["cafe"], true), ("don't", ["don", "t"], true), ("a a a", ["a"], true),
    ])
    func query(text: String, terms: [String], prefix: Bool) {
        let query = SearchQuery(text)
        #expect(query.terms == terms)
        #expect(query.matchesPrefix == prefix)
    }

    @Test("a word the drawn text breaks with zero-width spaces (a long run) is still marked, where it is drawn")
    func marksAcrossBreaks() throws {
        let run = String(repeating: "ab", count: 40) + "needle" + String(repeating: "cd", count: 40)
        let shown = DisplayText(plain: "see " + run + " and hay").string
        #expect(shown.contains("\u{200B}"), "the run is broken in the drawn text")
        let whole = SearchMatch(messageID: "m", utf8Ranges: [], query: SearchQuery(run))
        let ranges = whole.ranges(in: shown)
        let range = try #require(ranges.first)
        let utf8 = Array(shown.utf8)
        let marked = String(decoding: utf8[range], as: UTF8.self)
        #expect(marked.replacingOccurrences(of: "\u{200B}", with: "") == run)
        // A word after the run is marked where it is drawn, past the run's breaks.
        let hay = try #require(SearchMatch(messageID: "m", utf8Ranges: [], query: SearchQuery("hay")).ranges(in: shown).first)
        #expect(String(decoding: utf8[hay], as: UTF8.self) == "hay")
    }

    @Test("a megabyte query is cut to a bounded number of words, and a word cut in two is dropped")
    func hugeQuery() {
        let query = SearchQuery(String(repeating: "lunch ", count: 200_000) + "x")
        #expect(query.terms == ["lunch"])
        let many = SearchQuery((0..<100).map { "w\($0)" }.joined(separator: " "))
        #expect(many.terms.count == SearchQuery.maximumTerms && !many.matchesPrefix)
    }

    @Test("matches are whole words, the last a prefix while typing, folded; every word must occur")
    func matches() {
        let text = "Café with Bob at lunchtime"
        #expect(SearchText.matches(of: SearchQuery("cafe"), in: text) == [0..<5])
        #expect(SearchText.matches(of: SearchQuery("lunch"), in: text) == [18..<27])
        #expect(SearchText.matches(of: SearchQuery("lunch "), in: text) == nil)
        #expect(SearchText.matches(of: SearchQuery("bob caf"), in: text) == [0..<5, 11..<14])
        #expect(SearchText.matches(of: SearchQuery("bob dinner"), in: text) == nil)
        #expect(SearchText.matches(of: SearchQuery(""), in: text) == nil)
    }

    @Test("a snippet cuts around the first match and shifts its ranges; controls are made inert")
    func snippet() {
        let text = String(repeating: "x ", count: 100) + "the \u{1B}[2J budget" + String(repeating: " y", count: 100)
        let snippet = SearchSnippet(of: text, query: SearchQuery("budget"), radius: 10)
        #expect(snippet.text.hasPrefix("…") && snippet.text.hasSuffix("…"))
        #expect(!snippet.text.unicodeScalars.contains { $0.value == 0x1B })
        let marked = snippet.matches.map { String(decoding: Array(snippet.text.utf8)[$0], as: UTF8.self) }
        #expect(marked == ["budget"])
        let short = SearchSnippet(of: "lunch?", query: SearchQuery("lunch"))
        #expect(short.text == "lunch?" && short.matches == [0..<5])
        // Cut between words, never inside one, where a space is in reach.
        let menu = SearchSnippet(of: "Specials of the day: pizza sold out, the garden salad, soup of the week", query: SearchQuery("garden"), radius: 12)
        #expect(menu.text == "…out, the garden salad, soup of…", "\(menu.text)")
        #expect(menu.matches.map { String(decoding: Array(menu.text.utf8)[$0], as: UTF8.self) } == ["garden"])
        // Without spaces it is cut where the radius ends.
        let run = SearchSnippet(of: String(repeating: "abc,", count: 10) + "garden" + String(repeating: ",xyz", count: 10), query: SearchQuery("garden"), radius: 5)
        #expect(run.text == "…,abc,garden,xyz…", "\(run.text)")
    }

    @Test("a snippet fitted to a narrow line starts a word or so before its match; one that fits stays")
    func fittedSnippet() {
        let snippet = SearchSnippet(of: "Today's menu at the café: soup of the day, the garden salad, book before noon", query: SearchQuery("noon"))
        let marked = { (s: SearchSnippet) in s.matches.map { String(decoding: Array(s.text.utf8)[$0], as: UTF8.self) } }
        #expect(snippet.fitting(width: 200) == snippet)
        let narrow = snippet.fitting(width: 19)
        #expect(narrow.text == "…before noon", "\(narrow.text)")
        #expect(marked(narrow) == ["noon"])
        // The match itself is longer than the line: it starts the line, after "…".
        let tiny = snippet.fitting(width: 3)
        #expect(tiny.text.hasPrefix("…") && tiny.text.contains("noon") && marked(tiny) == ["noon"], "\(tiny.text)")
        #expect(SearchSnippet(text: "no match", matches: []).fitting(width: 2).text == "no match")
        // A match that starts the snippet, longer than the line, stays as it is: its end
        // is the front end's to clip.
        let leading = SearchSnippet(of: "Congratulations! You did it", query: SearchQuery("congratulations"))
        #expect(leading.fitting(width: 5) == leading)
        #expect(leading.fitting(width: 1) == leading)
        // Wide characters count as their width: two columns each in a terminal.
        let wide = SearchSnippet(text: "日本の料理 とても おいしい noon", matches: [39..<43])
        let columns = wide.fitting(width: 12, measuring: { $0.isASCII ? 1 : 2 })
        #expect(columns.text == "…noon", "\(columns.text)")
        #expect(marked(columns) == ["noon"])
        // Text outside ASCII before the cut, and every mark after it shifted.
        let text = "日本の料理 and more words here: noon, then noon"
        let twice = SearchSnippet(text: text, matches: SearchText.matches(of: SearchQuery("noon"), in: text) ?? [])
        let cut = twice.fitting(width: 16)
        #expect(marked(twice) == ["noon", "noon"] && marked(cut) == ["noon", "noon"], "\(cut)")
        #expect(cut.text == "…here: noon, then noon", "\(cut.text)")
    }

    @Test("the in-memory searcher finds newest first, pages, and finds nothing for an empty query")
    func conversationSearch() async throws {
        let chat = Conversation(me: Fixture.me, messages: (0..<30).map {
            Fixture.message("m\(100 + $0)", minutes: Double($0), $0 % 3 == 0 ? "ping \($0)" : "other")
        })
        let search = ConversationSearch(chat)
        let first = try await search.search(SearchQuery("ping"), before: nil, limit: 4)
        #expect(first.results.map(\.messageID) == ["m127", "m124", "m121", "m118"] && first.hasMore)
        let rest = try await search.search(SearchQuery("ping"), before: first.results.last?.cursor, limit: 100)
        #expect(rest.results.map(\.messageID) == ["m115", "m112", "m109", "m106", "m103", "m100"] && !rest.hasMore)
        #expect(try await search.search(SearchQuery("  "), before: nil, limit: 10) == .empty)
    }
}

@Suite("Search in the presenter: results, going to them, strings (#13)")
@MainActor
struct SearchPresenterTests {
    /// 1000 messages a minute apart; every 100th says "budget".
    static let history = (0..<1000).map {
        Fixture.message("m\(1000 + $0)", minutes: Double($0), $0 % 100 == 50 ? "the budget \($0)" : "message \($0)")
    }

    /// A presenter paging ``history`` with the newest page loaded, searching all of it.
    func paged() async -> (Conversation, ChatPresenter) {
        let conversation = Conversation(me: Fixture.me)
        let presenter = ChatPresenter(
            conversation: conversation, style: Fixture.cellStyle, units: .cells, measurer: MonospaceMeasurer(),
            size: Size(width: 60, height: 20))
        presenter.pager = HistoryPager(conversation: conversation, source: ArrayHistorySource(Self.history), pageSize: 50)
        presenter.searcher = ConversationSearch(Conversation(me: Fixture.me, messages: Self.history))
        await presenter.pager?.loadEarlier()
        return (conversation, presenter)
    }

    @Test("going to a result not loaded loads the history around it, scrolls to it, highlights and marks it")
    func goToUnloaded() async throws {
        let (conversation, presenter) = await paged()
        #expect(conversation.message("m1250") == nil)
        presenter.beginSearch()
        let state = await presenter.search("budg")
        #expect(state.results.count == 10 && state.results.first?.messageID == "m1950")
        #expect(state.status(presenter.strings) == "10 results")
        #expect(await presenter.goToResult(at: 7))
        #expect(conversation.message("m1250") != nil)
        let frame = presenter.frame()
        #expect(frame.rows.contains { $0.row.message?.id == "m1250" })
        #expect(frame.highlighted == "m1250")
        #expect(presenter.searchMatch == SearchMatch(messageID: "m1250", utf8Ranges: [4..<10], query: SearchQuery("budg")))
        #expect(presenter.search?.status(presenter.strings) == "8 of 10")
    }

    @Test("next and previous walk the results, older then newer; ending search clears the match")
    func walk() async throws {
        let (_, presenter) = await paged()
        await presenter.search("budget")
        #expect(await presenter.nextResult())
        #expect(presenter.search?.current == 0 && presenter.searchMatch?.messageID == "m1950")
        #expect(await presenter.nextResult())
        #expect(presenter.searchMatch?.messageID == "m1850")
        #expect(await presenter.previousResult())
        #expect(presenter.searchMatch?.messageID == "m1950")
        #expect(await presenter.previousResult() == false)
        presenter.endSearch()
        #expect(presenter.search == nil && presenter.searchMatch == nil)
    }

    @Test("no results, nothing typed and a failing searcher each say so, from ChatStrings")
    func statuses() async throws {
        let (_, presenter) = await paged()
        presenter.beginSearch()
        #expect(presenter.search?.status(presenter.strings) == "")
        #expect(await presenter.search("zebra").status(presenter.strings) == "No results")
        presenter.searcher = FailingSearch()
        let failed = await presenter.search("budget")
        #expect(failed.status(presenter.strings) == "Search failed (index gone)")
        #expect(await presenter.nextResult() == false)
        #expect(presenter.strings.searchResults(1, false) == "1 result")
        #expect(presenter.strings.search == "Search")
    }

    @Test("more results load past the first page as next reaches its end")
    func morePages() async throws {
        let (_, presenter) = await paged()
        presenter.searcher = ConversationSearch(Conversation(me: Fixture.me, messages: (0..<120).map {
            Fixture.message("p\(1000 + $0)", minutes: Double($0), "ping")
        }))
        let state = await presenter.search("ping")
        #expect(state.results.count == ChatPresenter.searchPageSize && state.hasMore)
        #expect(state.status(presenter.strings) == "50+ results")
        #expect(await presenter.goToResult(at: 49) == false)  // not in this conversation's history
        #expect(await presenter.nextResult() == false)
        #expect(presenter.search?.results.count == 100)
    }
}

/// A searcher whose index is gone.
struct FailingSearch: MessageSearching {
    struct Gone: Error, CustomStringConvertible { var description: String { "index gone" } }
    func search(_ query: SearchQuery, before: HistoryCursor?, limit: Int) async throws -> SearchPage { throw Gone() }
}
