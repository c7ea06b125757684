/// How well a repository fits a person, in the three words every face uses beside the number (issue 66: one number,
/// one word, everywhere — a card said "Good fit" at 39 while Home said "80% fit"). A fit of 0 means nothing personal
/// stands behind it, and no face shows one. The web's `fitLevel` (`RepoFinderWeb/Assets/ui.js`) draws the same lines.
public enum FitLevel: String, Sendable, CaseIterable {
    /// From 70: what the person told us and what they liked agree on it (their language, area and interests).
    case strong
    /// From 50: two kinds of evidence (their language and area, or an area and an interest).
    case good
    /// Below 50: one thing points to it.
    case some

    /// The lowest fit that reads "Strong fit".
    public static let strongFrom = 70
    /// The lowest fit that reads "Good fit".
    public static let goodFrom = 50

    /// The level of a fit from 1 to 100; nil for 0 (nothing personal behind it).
    public init?(_ fit: Int) {
        guard fit > 0 else { return nil }
        self = fit >= Self.strongFrom ? .strong : fit >= Self.goodFrom ? .good : .some
    }
}

extension Words {
    /// A fit as every face words it: "Strong fit · 87%", "Good fit · 62%", "Some fit · 35%"; nil for 0.
    public func fit(_ fit: Int) -> String? {
        FitLevel(fit).map { text("facts.fit.\($0.rawValue)", min(fit, 100)) }
    }
}
