import TabNavCore

/// The ranked results of a search, best first. Only the candidates' numbers and scores are
/// kept: a result's row (its title, where it lives) is made when it is read, so a keystroke
/// that matches 100,000 titles builds the forty rows on screen, not 100,000
/// (docs/behaviour.md, "Search").
package struct SearchResults: RandomAccessCollection, Sendable, Equatable {
    private let corpus: SearchCorpus?
    /// Candidates of the corpus in result order, and their final scores.
    private let order: [Int32]
    private let scores: [Int32]

    /// No results.
    package init() {
        corpus = nil
        order = []
        scores = []
    }

    init(corpus: SearchCorpus, order: [Int32], scores: [Int32]) {
        self.corpus = corpus
        self.order = order
        self.scores = scores
    }

    package var startIndex: Int { 0 }
    package var endIndex: Int { order.count }

    package subscript(position: Int) -> SearchResult {
        // A non-empty list always has its corpus.
        corpus!.result(Int(order[position]), score: Int(scores[position]))
    }

    /// The result at `index`, or nil past the ends.
    package subscript(safe index: Int) -> SearchResult? {
        indices.contains(index) ? self[index] : nil
    }

    package static func == (a: SearchResults, b: SearchResults) -> Bool {
        if a.corpus === b.corpus, a.order == b.order, a.scores == b.scores { return true }
        return a.count == b.count && a.elementsEqual(b)
    }
}
