/// ``SafeText`` for text that arrives in pieces (a model's answer, streamed): an escape sequence split across two
/// pieces still goes whole. The end of a piece that may be the start of a sequence is held back until the next piece
/// says what it is; what is held at the end of the stream was never finished and goes.
public struct SafeTextStream: Sendable {
    /// The longest unfinished sequence held back; past it, the held scalars are dropped and what follows is read as
    /// text (which is then cleaned like any other), so memory stays bounded whatever a source sends.
    public static let maximumHeld = 4_096

    private let layout: SafeText.Layout
    private var held: [Unicode.Scalar] = []

    /// A stream for text laid out as `layout`.
    public init(layout: SafeText.Layout = .paragraphs) {
        self.layout = layout
    }

    /// The clean text of `piece` that can be passed on now (possibly empty).
    public mutating func feed(_ piece: String) -> String {
        guard held.isEmpty, SafeText.isClean(piece, layout: layout) else {
            let scalars = held + Array(piece.unicodeScalars)
            let (text, unfinishedFrom) = SafeText.scan(scalars, layout: layout)
            held = unfinishedFrom.map { Array(scalars[$0...]) } ?? []
            if held.count > Self.maximumHeld { held = [] }
            return String(text)
        }
        return piece
    }
}
