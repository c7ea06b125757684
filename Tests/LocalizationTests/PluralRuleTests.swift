import Foundation
import Testing

@testable import Localization

/// The plural rules against CLDR: fixed cases from its tables, and, where Node.js is installed, every number of a wide
/// sample against `Intl.PluralRules` (ICU's own CLDR data, what the browser uses for the same messages).
@Suite struct PluralRuleTests {
    static let sample: [Int] =
        Array(0...130) + [
            1000, 1001, 10_000, 100_000, 999_999, 1_000_000, 1_000_001, 2_000_000,
            5_500_000, 10_000_000, 1_000_000_000,
        ]

    @Test func cldrCases() {
        #expect(PluralCategory(1, in: .english) == .one)
        #expect(PluralCategory(0, in: .english) == .other)
        #expect(PluralCategory(2, in: .german) == .other)
        #expect(PluralCategory(1, in: .spanish) == .one)
        #expect(PluralCategory(1_000_000, in: .spanish) == .many)
        #expect(PluralCategory(1_000_001, in: .spanish) == .other)
        #expect(PluralCategory(1, in: .japanese) == .other)
    }

    @Test(.enabled(if: PluralRuleTests.node != nil)) func sameAsIntlPluralRules() throws {
        let script = """
            const sample = \(Self.sample);
            const out = {};
            for (const lang of ["en", "es", "de", "ja"]) out[lang] = sample.map((n) => new Intl.PluralRules(lang).select(n));
            console.log(JSON.stringify(out));
            """
        let process = Process()
        process.executableURL = URL(filePath: try #require(Self.node))
        process.arguments = ["-e", script]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let categories = try JSONDecoder().decode([String: [String]].self, from: data)
        var differences: [String] = []
        for language in Language.offered {
            for (number, expected) in zip(Self.sample, categories[language.code] ?? []) {
                let ours = PluralCategory(number, in: language).rawValue
                if ours != expected { differences.append("\(language.code) \(number): ours \(ours), ICU \(expected)") }
            }
        }
        #expect(differences.isEmpty, "\(differences.prefix(20))")
    }

    static let node: String? = ["/usr/bin/node", "/usr/local/bin/node", "/usr/bin/nodejs"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
}
