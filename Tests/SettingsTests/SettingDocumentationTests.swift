import Foundation
import RepoFinderSettings
import Testing

/// One source per setting: what each is and its default are written once (read from the type it configures), and the
/// command-line help and the settings table of `docs/server.md` are made from that.
@Suite("Settings: one source for the help, the defaults and the documentation")
struct SettingDocumentationTests {
    static let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/server.md")
    static let begin = "<!-- settings: generated from Setting.all (SettingDocumentation.swift); do not edit -->"
    static let end = "<!-- end of the generated settings -->"

    @Test("every setting says what it is and its default; the help names its variable and default")
    func documented() {
        for setting in Setting.all {
            #expect(setting.summary != setting.key, "\(setting.key) has no summary")
            #expect(!setting.defaultText.isEmpty)
            #expect(setting.help.contains("(or \(setting.environmentVariable); default \(setting.defaultText))"))
        }
        #expect(Setting.port.defaultText == "8080")
        #expect(Setting.accountRate.defaultText == "60 (burst 10)")
        #expect(Setting.catalogRefreshHours.defaultText == "24")
    }

    /// Fails when `docs/server.md`'s table differs from ``Setting/markdownTable``; with `REPOFINDER_WRITE_DOCS=1` it
    /// writes the table there instead.
    @Test("docs/server.md's settings table is the generated one")
    func table() throws {
        let text = try String(contentsOf: Self.page, encoding: .utf8)
        let start = try #require(text.range(of: Self.begin), "no settings markers in docs/server.md")
        let stop = try #require(text.range(of: Self.end))
        let expected = text[..<start.upperBound] + "\n" + Setting.markdownTable + "\n" + text[stop.lowerBound...]
        if ProcessInfo.processInfo.environment["REPOFINDER_WRITE_DOCS"] == "1" {
            try String(expected).write(to: Self.page, atomically: true, encoding: .utf8)
        }
        #expect(
            text == String(expected),
            "docs/server.md's settings table differs from Setting.all; run REPOFINDER_WRITE_DOCS=1 swift test --filter SettingDocumentationTests"
        )
    }
}
