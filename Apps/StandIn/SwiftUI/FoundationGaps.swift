public import Foundation

// Foundation's localization API, which Linux's Foundation lacks: the app calls it as on Apple platforms. The symbol
// check compares these with Foundation's documented declarations (their identifiers say `Foundation` there).

extension String {
    /// A localizable string's key, which is also its English value.
    public struct LocalizationValue: Equatable, ExpressibleByStringLiteral, Sendable {
        package let key: String

        /// The key written as a literal.
        public init(stringLiteral value: String) { key = value }
    }

    /// The string for `keyAndValue` in the person's language, from `table` (default `Localizable`) of `bundle`.
    public init(
        localized keyAndValue: String.LocalizationValue, table: String? = nil, bundle: Bundle? = nil,
        locale: Locale = .current, comment: StaticString? = nil
    ) {
        self = (bundle ?? .main).localizedString(forKey: keyAndValue.key, value: keyAndValue.key, table: table)
    }
}
