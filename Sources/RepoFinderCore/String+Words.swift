import Foundation

extension StringProtocol {
    /// Whether `word` occurs here as a whole word: not inside a longer one, so that "lot" is not found in "lots",
    /// nor "ink" in "link" (neighbouring letters and digits, in any script, make it part of another word).
    public func containsWord(_ word: some StringProtocol) -> Bool {
        guard !word.isEmpty else { return false }
        var searchFrom = startIndex
        while let found = self[searchFrom...].range(of: word) {
            let before = found.lowerBound > startIndex ? self[index(before: found.lowerBound)] : nil
            let after = found.upperBound < endIndex ? self[found.upperBound] : nil
            let boundary = { (character: Character?) in character.map { !$0.isLetter && !$0.isNumber } ?? true }
            if boundary(before), boundary(after) { return true }
            searchFrom = index(after: found.lowerBound)
        }
        return false
    }
}
