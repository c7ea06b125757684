public import Foundation

/// Words in one language: a key's message with its placeholders filled, and numbers, dates and relative times worded
/// by Foundation's formatters (ICU) in that language's locale. Cheap to make; make one per request or screen.
public struct Words: Sendable {
    /// The language the words are in.
    public let language: Language
    private let catalogue: Catalogue
    /// The language's locale, made when a formatter needs one (most words come from memos and need none).
    private var locale: Locale { Locale(identifier: language.localeIdentifier) }
    /// Whether these are the shipped words (``Catalogue/shared``), whose texts ``remembered(_:_:)`` may keep.
    private let shipped: Bool

    /// Words in `language` from `catalogue` (nil: the shipped one).
    public init(_ language: Language, catalogue: Catalogue? = nil) {
        self.language = language
        self.catalogue = catalogue ?? .shared
        self.shipped = catalogue == nil
    }

    /// Whether these are the shipped words (``Catalogue/shared``): what they word may be remembered.
    public var isShipped: Bool { shipped }

    /// The text `make` words for `key`, remembered per language when these are the shipped words: for texts made
    /// over and over from the same few values (a card's reasons on every deal).
    public func remembered(_ key: some Hashable & Sendable, _ make: () -> String) -> String {
        shipped ? FormatMemo.text(.made(language, .init(value: AnyHashable(key))), make) : make()
    }

    /// The words of `key`, placeholders filled from `arguments` (`String` or `Int`, in order or as `%2$@` says); a
    /// plural message takes the form the language's rules choose for its first `Int`. English when this language lacks
    /// the key; the key itself when no catalogue has it.
    public func text(_ key: String, _ arguments: any Sendable...) -> String {
        text(key, arguments: arguments)
    }

    /// ``text(_:_:)`` with the arguments as an array.
    public func text(_ key: String, arguments: [any Sendable]) -> String {
        guard let message = catalogue.resolved(key, in: language) else { return key }
        let words: String
        switch message {
        case .plain(let value):
            words = value
        case .plural(let forms):
            let count = arguments.lazy.compactMap { $0 as? Int }.first ?? 0
            words = forms[PluralCategory(count, in: language)] ?? forms[.other] ?? forms.values.first ?? key
        }
        return MessageFormat.fill(words, with: arguments, number: number)
    }

    /// Whether any catalogue has `key`.
    public func has(_ key: String) -> Bool { catalogue.resolved(key, in: language) != nil }

    /// 1234 → "1,234" (German "1.234").
    public func number(_ value: Int) -> String {
        // Below a thousand no language here groups or abbreviates: the digits are the number.
        if (0..<1_000).contains(value) { return String(value) }
        return FormatMemo.text(.number(language, value)) { value.formatted(.number.locale(locale)) }
    }

    /// 12345 → "12.3K" (Spanish "12,3 mil", Japanese "1.2万"): the language's own short form.
    public func compact(_ value: Int) -> String {
        if (0..<1_000).contains(value) { return String(value) }
        return FormatMemo.text(.compact(language, value)) {
            value.formatted(.number.notation(.compactName).precision(.fractionLength(0...1)).locale(locale))
        }
    }

    /// A number with `digits` decimals ("0.012", German "0,012").
    public func decimal(_ value: Double, digits: Int) -> String {
        value.formatted(.number.precision(.fractionLength(digits)).locale(locale))
    }

    /// A day ("Aug 22, 2026", "22 ago 2026", "22. Aug. 2026", "2026年8月22日"), in UTC like the catalog's days.
    public func date(_ date: Date) -> String {
        FormatMemo.text(.date(language, date)) {
            var style = Date.FormatStyle(date: .abbreviated, time: .omitted).locale(locale)
            style.timeZone = .gmt
            return date.formatted(style)
        }
    }

    /// A month ("Aug 2026", "2026年8月"), in UTC.
    public func monthAndYear(_ date: Date) -> String {
        var style = Date.FormatStyle().month(.abbreviated).year().locale(locale)
        style.timeZone = .gmt
        return date.formatted(style)
    }

    /// How long before (or after) `now` `date` is: "3 days ago", "hace 3 días", "3 日前", and "yesterday" where the
    /// language has such a word.
    public func relative(_ date: Date, now: Date) -> String {
        FormatMemo.text(.relative(language, date, now)) {
            var style = Date.AnchoredRelativeFormatStyle(anchor: date)
            style.presentation = .named
            style.locale = locale
            return style.format(now)
        }
    }

    /// A list: "Swift, Rust, and Go" ("Swift, Rust y Go", "Swift、Rust、Go").
    public func list(_ items: [String]) -> String {
        items.formatted(.list(type: .and).locale(locale))
    }
}
