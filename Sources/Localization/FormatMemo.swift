import Foundation

/// Formatted numbers and dates remembered per language: Foundation's formatters (ICU underneath) cost microseconds a
/// call, and the deck words every card's reasons ("12.3K stars", "active 3 days ago") on every deal — a tenth of a
/// deal's time before they were remembered (issue 64's profile). The values repeat (star counts round to a few
/// thousand short forms, days to a few hundred), so the memo stays small; it starts over past ``capacity``.
enum FormatMemo {
    /// What was formatted, in which language.
    enum Key: Hashable, Sendable {
        case number(Language, Int)
        case compact(Language, Int)
        case date(Language, Date)
        case relative(Language, Date, Date)
        /// A text made by a caller from a value of its own (``Words/remembered(_:_:)``).
        case made(Language, Made)
    }

    /// A caller's value, hashable whatever its type. Sendable: ``Words/remembered(_:_:)`` takes only sendable ones.
    struct Made: Hashable, @unchecked Sendable {
        let value: AnyHashable
    }

    /// Most entries kept before the memo starts over.
    static let capacity = 50_000

    private static let memo = ThreadMemo<Key, String>(capacity: capacity)

    /// The remembered text of `key`, or `format()`'s, remembered.
    static func text(_ key: Key, _ format: () -> String) -> String { memo.value(key, format) }
}
