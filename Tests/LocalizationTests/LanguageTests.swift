import Localization
import Testing

@Suite struct LanguageTests {
    @Test(arguments: [
        ("es-ES,es;q=0.9,en;q=0.8", Language.spanish),
        ("de-DE", .german),
        ("ja", .japanese),
        ("fr-FR,fr;q=0.9,de;q=0.5,en;q=0.4", .german),
        ("fr-FR", .english),
        ("en;q=0.3, ja;q=0.8", .japanese),
        ("de;q=0, es", .spanish),
        ("*", .english),
        ("", .english),
        ("pt-BR,es-MX;q=0.7", .spanish),
        ("en-XA", .english),
        ("ja;q=abc", .japanese),
        ("es;q=0.5, de;q=0.5", .spanish),
    ])
    func negotiation(header: String, expected: Language) {
        #expect(Language.negotiate(header) == expected)
    }

    @Test func pseudoOnlyWhenOffered() {
        #expect(Language.negotiate("en-XA", pseudo: true) == .pseudo)
        #expect(Language.negotiate("en-XA,en;q=0.5", pseudo: false) == .english)
        #expect(Language.negotiate("en-xa", pseudo: true) == .pseudo)
    }

    @Test func terminal() {
        #expect(Language.terminal(environment: ["LANG": "de_DE.UTF-8"]) == .german)
        #expect(Language.terminal(environment: ["LANG": "de_DE.UTF-8", "LC_ALL": "ja_JP.UTF-8"]) == .japanese)
        #expect(Language.terminal(environment: ["LANG": "es_ES", "LC_MESSAGES": "C"]) == .english)
        #expect(Language.terminal(environment: ["LANG": "fr_FR.UTF-8"]) == .english)
        #expect(Language.terminal(environment: ["LC_ALL": "", "LANG": "es_MX.UTF-8@euro"]) == .spanish)
        #expect(Language.terminal(environment: [:]) == .english)
    }

    @Test func codes() {
        #expect(Language(code: "ES") == .spanish)
        #expect(Language(code: "ja_JP") == .japanese)
        #expect(Language(code: "en-XA") == .pseudo)
        #expect(Language(code: "xx") == nil)
        #expect(Language.offered.map(\.code) == ["en", "es", "de", "ja"])
    }
}
