/// How far apart two short words are as typed: the fewest insertions, deletions and substitutions that turn one into
/// the other (Levenshtein). For a mistyped page address or a mistyped word of a question ("alternitive").
public enum EditDistance {
    /// The edit distance between `a` and `b`, letter by letter.
    public static func between(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
