/// "Did you mean" for unknown command and option names.
enum Suggestion {
    /// The candidate closest to `word` by edit distance, when it is close enough to be a
    /// likely typo (at most a third of the word's length, and at least 1 edit allowed),
    /// or a candidate that `word` is a prefix of.
    static func closest(to word: String, among candidates: [String]) -> String? {
        let lowered = word.lowercased()
        if lowered.count >= 2, let prefixed = candidates.first(where: { $0.lowercased().hasPrefix(lowered) && $0 != word }) {
            return prefixed
        }
        let limit = max(1, lowered.count / 3)
        let scored = candidates.map { ($0, distance(lowered, $0.lowercased())) }.filter { $0.1 <= limit }
        return scored.min { $0.1 < $1.1 }?.0
    }

    /// Levenshtein distance between two strings, by characters.
    /// - Complexity: O(n·m).
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
