/// What a drag of the top card means: the stamp it shows while dragged, the card's tilt, and the decision when let go
/// (past ``threshold`` right: like, left: skip, up: save; anything shorter springs back).
public struct SwipeDecision: Hashable, Sendable {
    /// The stamp a card shows while dragged.
    public enum Stamp: Hashable, Sendable { case like, skip, save }

    /// How far (in points) a drag must go to decide.
    public static let threshold = 120.0
    /// Degrees of tilt per point of horizontal drag.
    public static let tiltPerPoint = 0.06

    public let stamp: Stamp?
    public let rotation: Double
    public let event: DeckViewModel.Event?

    /// The meaning of a drag by `translation` points horizontally and `vertical` points down (negative: up).
    public init(translation: Double, vertical: Double) {
        rotation = max(-15, min(15, translation * Self.tiltPerPoint))
        if -vertical > Self.threshold, -vertical > abs(translation) {
            (stamp, event) = (.save, .save)
        } else if translation > Self.threshold {
            (stamp, event) = (.like, .like)
        } else if translation < -Self.threshold {
            (stamp, event) = (.skip, .skip)
        } else {
            event = nil
            stamp = abs(translation) > 30 ? (translation > 0 ? .like : .skip) : (-vertical > 30 ? .save : nil)
        }
    }
}
