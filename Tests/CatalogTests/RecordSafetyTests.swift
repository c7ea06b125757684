import Catalog
import Foundation
import RepoFinderCore
import Testing

/// Issue 42, findings 6 and 8: what a repository line (a catalog file, or GitHub's answer: both read it alike) may
/// carry that is not what it claims: terminal escapes in its words, a page that is not on github.com, an avatar that
/// is not an https image.
@Suite("Repository records are made safe as they come in")
struct RecordSafetyTests {
    let decoder = RepositoryRecordDecoder()

    /// The repository one line decodes to, with `fields` added to a minimal valid object.
    func decode(_ fields: [String: Any]) throws -> Repository {
        var object: [String: Any] = ["full_name": "mallory/tool", "stargazers_count": 1]
        object.merge(fields) { $1 }
        return try decoder.decode(Array(try JSONSerialization.data(withJSONObject: object))).get()
    }

    @Test("control characters, escape sequences and overrides go from every text; the words stay")
    func texts() throws {
        let repository = try decode([
            "description": "Fast \u{1B}[31mred\u{1B}[0m \u{1B}]0;title\u{07}tool\n\u{202E}txt 🚀 高速",
            "topics": ["cli", "\u{1B}[5mblink", "\u{202E}", "rust\u{7F}"], "language": "Ru\u{9B}31mst",
            "license": ["spdx_id": "MIT\u{200F}", "name": "MIT\u{1B}]0;x\u{07} License"],
        ])
        #expect(repository.description == "Fast red tool txt 🚀 高速")
        #expect(repository.topics == ["cli", "blink", "rust"], "a topic of nothing but controls goes")
        #expect(repository.language == "Rust")
        #expect(repository.license == RepositoryLicense(spdxID: "MIT", name: "MIT License"))
        #expect(try decode(["description": "\u{1B}[0m\u{202E}"]).description == nil)
    }

    @Test(
        "html_url is kept only on https://github.com, else it is GitHub's own page for the name",
        arguments: [
            ("https://github.com/mallory/tool", "https://github.com/mallory/tool"),
            ("https://GitHub.com/Mallory/Tool", "https://GitHub.com/Mallory/Tool"),
            ("https://evil.example/mallory/tool", "https://github.com/mallory/tool"),
            ("http://github.com/mallory/tool", "https://github.com/mallory/tool"),
            ("https://github.com.evil.example/mallory/tool", "https://github.com/mallory/tool"),
            ("https://github.com@evil.example/mallory/tool", "https://github.com/mallory/tool"),
            ("https://user@github.com/mallory/tool", "https://github.com/mallory/tool"),
            ("https://github.com:8443/mallory/tool", "https://github.com/mallory/tool"),
            ("javascript:alert(1)//github.com/", "https://github.com/mallory/tool"),
            ("not a url at all", "https://github.com/mallory/tool"),
        ])
    func page(given: String, kept: String) throws {
        #expect(try decode(["html_url": given]).webURL.absoluteString == kept)
    }

    @Test(
        "an avatar is kept only as https, else dropped (the app shows GitHub's avatar for the login)",
        arguments: [
            ("https://avatars.githubusercontent.com/u/1?v=4", "https://avatars.githubusercontent.com/u/1?v=4"),
            ("javascript:alert(1)", nil), ("JavaScript:alert(document.cookie)", nil),
            ("http://avatars.example/a.png", nil),
            ("data:image/svg+xml;base64,PHN2Zz4=", nil), ("https://user:pw@avatars.example/a.png", nil), ("//x/y", nil),
        ] as [(String, String?)])
    func avatar(given: String, kept: String?) throws {
        let repository = try decode(["owner": ["login": "mallory", "avatar_url": given]])
        #expect(repository.owner.avatarURL?.absoluteString == kept)
        #expect(repository.owner.displayAvatarAddress.hasPrefix("https://"))
    }

    @Test("a rejection quoting the value quotes it without its escapes")
    func rejection() {
        let line = #"{"full_name": "a/b", "stargazers_count": 1, "owner": {"login": "c\u001b]0;x\u0007d"}}"#
        guard case .failure(let rejection) = decoder.decode(Array(line.utf8)) else {
            Issue.record("accepted")
            return
        }
        #expect(SafeText.isClean(rejection.description), "\(rejection.description.debugDescription)")
    }
}
