public import Foundation

// Foundation's localization API, which Linux's Foundation lacks: the app calls it as on Apple platforms. The symbol
// check compares these with Foundation's documented declarations (their identifiers say `Foundation` there).

extension String {
    /// A localizable string's key, which is also its English value; an interpolated number is `%lld` in the key.
    public struct LocalizationValue: Equatable, ExpressibleByStringInterpolation, Sendable {
        package let key: String
        package let arguments: [Int]

        /// The key written as a literal.
        public init(stringLiteral value: String) {
            key = value
            arguments = []
        }

        /// The key with its interpolations.
        public init(stringInterpolation: StringInterpolation) {
            key = stringInterpolation.key
            arguments = stringInterpolation.arguments
        }

        /// The parts of an interpolated key.
        public struct StringInterpolation: StringInterpolationProtocol, Sendable {
            package var key = ""
            package var arguments: [Int] = []

            /// An empty key.
            public init(literalCapacity: Int, interpolationCount: Int) {}

            /// Words of the key.
            public mutating func appendLiteral(_ literal: String) { key += literal }

            /// A number: `%lld` in the key.
            public mutating func appendInterpolation(_ value: Int) {
                key += "%lld"
                arguments.append(value)
            }
        }
    }

    /// The string for `keyAndValue` in the person's language, from `table` (default `Localizable`) of `bundle`.
    public init(
        localized keyAndValue: String.LocalizationValue, table: String? = nil, bundle: Bundle? = nil,
        locale: Locale = .current, comment: StaticString? = nil
    ) {
        let format = (bundle ?? .main).localizedString(forKey: keyAndValue.key, value: keyAndValue.key, table: table)
        var text = format
        for argument in keyAndValue.arguments {
            if let range = text.range(of: "%lld") { text.replaceSubrange(range, with: String(argument)) }
        }
        self = text
    }
}
