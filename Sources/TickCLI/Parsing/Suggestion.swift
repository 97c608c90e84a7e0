/// "Did you mean" for unknown command and option names.
enum Suggestion {
    /// The candidate closest to `word` by edit distance, when it is close enough to be a
    /// likely typo (2 edits for words of 3 or more letters, 1 for shorter ones, more for
    /// long words), or a candidate that `word` is a prefix of.
    static func closest(to word: String, among candidates: [String]) -> String? {
        let lowered = word.lowercased()
        if lowered.count >= 2, let prefixed = candidates.first(where: { $0.lowercased().hasPrefix(lowered) && $0 != word }) {
            return prefixed
        }
        let letters = lowered.drop(while: { $0 == "-" }).count
        let limit = letters < 3 ? 1 : max(2, letters / 3)
        let scored = candidates.map { ($0, distance(lowered, $0.lowercased())) }.filter { $0.1 <= limit }
        // Ties go to the candidate sharing the longest start with the word (--limt → --limit).
        func sharedStart(_ candidate: String) -> Int {
            zip(lowered, candidate.lowercased()).prefix { $0 == $1 }.count
        }
        return scored.min { a, b in a.1 != b.1 ? a.1 < b.1 : sharedStart(a.0) > sharedStart(b.0) }?.0
    }

    /// Edit distance between two strings, by characters, counting a swap of two
    /// neighbours as one edit (optimal string alignment), so `lsit` is 1 from `list`.
    /// - Complexity: O(n·m).
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var best = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    best = min(best, table[i - 2][j - 2] + 1)
                }
                table[i][j] = best
            }
        }
        return table[a.count][b.count]
    }
}
