import Foundation
import Testing

@testable import Localization

@Suite struct MessageTests {
    /// A catalogue written here, so the rules are checked apart from the shipped words.
    static let catalogue: Catalogue = {
        let json = #"""
            {"sourceLanguage": "en", "version": "1.0", "strings": {
              "cards": {"comment": "c", "localizations": {
                "en": {"variations": {"plural": {"one": {"stringUnit": {"value": "%lld card"}},
                                                 "other": {"stringUnit": {"value": "%lld cards"}}}}},
                "es": {"variations": {"plural": {"one": {"stringUnit": {"value": "%lld tarjeta"}},
                                                 "many": {"stringUnit": {"value": "%lld de tarjetas"}},
                                                 "other": {"stringUnit": {"value": "%lld tarjetas"}}}}},
                "ja": {"variations": {"plural": {"other": {"stringUnit": {"value": "%lld 枚"}}}}}}},
              "results": {"comment": "c", "localizations": {
                "en": {"stringUnit": {"value": "%1$@ matched “%2$@” (100%%)"}},
                "de": {"stringUnit": {"value": "„%2$@“ passte zu %1$@ (100 %%)"}}}},
              "only.english": {"comment": "c", "localizations": {"en": {"stringUnit": {"value": "Hello"}}}}
            }}
            """#
        let catalog = try! JSONDecoder().decode(StringCatalog.self, from: Data(json.utf8))
        return Catalogue(tables: [("Test", catalog)])
    }()

    @Test func pluralFormsFollowTheLanguage() {
        let english = Words(.english, catalogue: Self.catalogue)
        #expect(english.text("cards", 1) == "1 card")
        #expect(english.text("cards", 0) == "0 cards")
        #expect(english.text("cards", 1234) == "1,234 cards")
        let spanish = Words(.spanish, catalogue: Self.catalogue)
        #expect(spanish.text("cards", 1) == "1 tarjeta")
        #expect(spanish.text("cards", 3) == "3 tarjetas")
        #expect(spanish.text("cards", 2_000_000) == "2.000.000 de tarjetas")
        #expect(Words(.japanese, catalogue: Self.catalogue).text("cards", 1) == "1 枚")
    }

    @Test func positionsAndPercent() {
        #expect(
            Words(.english, catalogue: Self.catalogue).text("results", "Ada", "swift") == "Ada matched “swift” (100%)")
        #expect(
            Words(.german, catalogue: Self.catalogue).text("results", "Ada", "swift") == "„swift“ passte zu Ada (100 %)"
        )
    }

    @Test func fallsBackToEnglishThenToTheKey() {
        #expect(Words(.japanese, catalogue: Self.catalogue).text("only.english") == "Hello")
        #expect(Words(.german, catalogue: Self.catalogue).text("no.such.key") == "no.such.key")
        #expect(!Words(.german, catalogue: Self.catalogue).has("no.such.key"))
    }

    @Test func pseudoLanguageKeepsPlaceholders() {
        let pseudo = Words(.pseudo, catalogue: Self.catalogue)
        let cards = pseudo.text("cards", 3)
        #expect(cards.hasPrefix("[3 çåŕðš"))
        #expect(cards.hasSuffix("]"))
        let results = pseudo.text("results", "Ada", "swift")
        #expect(results.contains("Ada") && results.contains("swift") && results.contains("(100%)"))
        #expect(!results.contains("matched"))
        // 40% longer, give or take the brackets.
        let english = Words(.english, catalogue: Self.catalogue).text("only.english")
        let longer = pseudo.text("only.english")
        #expect(Double(longer.count) >= 1.3 * Double(english.count))
    }

    @Test func placeholdersAreFound() {
        #expect(MessageFormat.placeholders(in: "%1$@ has %2$lld (%%) %@ %d") == ["%1$@", "%2$lld", "%@", "%d"])
        #expect(MessageFormat.placeholders(in: "no placeholders, 100%%") == [])
    }

    @Test func browserModuleCarriesEveryForm() throws {
        let module = Self.catalogue.browserModule(.spanish, tables: ["Test"])
        #expect(module.hasPrefix("export default {"))
        let json = String(module.dropFirst("export default ".count).dropLast(2))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect((object["cards"] as? [String: String])?["many"] == "%lld de tarjetas")
        #expect(object["only.english"] as? String == "Hello")
        #expect(object["results"] as? String == "%1$@ matched “%2$@” (100%%)")
    }
}
