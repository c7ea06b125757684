import Foundation
import Localization
import Testing

/// Numbers, dates and relative times from Foundation's ICU formatters, in each language's own way.
@Suite struct WordsTests {
    let day = Date(timeIntervalSince1970: 1_787_443_200)  // 2026-08-23 00:00 UTC

    @Test func numbers() {
        // Below a thousand the digits are written directly: the same as every language's formatter.
        for language in Language.allCases {
            let locale = Locale(identifier: language.localeIdentifier)
            for value in [0, 7, 42, 999, 1_000] {
                #expect(Words(language).number(value) == value.formatted(.number.locale(locale)), "\(language)")
                #expect(
                    Words(language).compact(value)
                        == value.formatted(
                            .number.notation(.compactName).precision(.fractionLength(0...1)).locale(locale)),
                    "\(language)")
            }
        }
        #expect(Words(.english).number(1_234_567) == "1,234,567")
        #expect(Words(.german).number(1_234_567) == "1.234.567")
        #expect(Words(.spanish).number(1_234_567) == "1.234.567")
        #expect(Words(.japanese).number(1_234_567) == "1,234,567")
        #expect(Words(.pseudo).number(1234) == "1,234")
        #expect(Words(.english).compact(12_345) == "12.3K")
        #expect(Words(.japanese).compact(12_345) == "1.2万")
    }

    @Test func dates() {
        #expect(Words(.english).date(day) == "23 Aug 2026")
        #expect(Words(.german).date(day).hasPrefix("23."))
        #expect(Words(.japanese).date(day) == "2026年8月23日")
        #expect(Words(.japanese).monthAndYear(day) == "2026年8月")
    }

    @Test func relativeTimes() {
        let earlier = day.addingTimeInterval(-3 * 86_400)
        #expect(Words(.english).relative(earlier, now: day) == "3 days ago")
        #expect(Words(.spanish).relative(earlier, now: day) == "hace 3 días")
        #expect(Words(.german).relative(earlier, now: day) == "vor 3 Tagen")
        #expect(Words(.japanese).relative(earlier, now: day).hasSuffix("日前"))
        #expect(Words(.spanish).relative(day.addingTimeInterval(-86_400), now: day) == "ayer")
    }

    @Test func lists() {
        #expect(Words(.english).list(["Swift", "Rust", "Go"]) == "Swift, Rust and Go")
        #expect(Words(.spanish).list(["Swift", "Rust", "Go"]) == "Swift, Rust y Go")
    }
}
