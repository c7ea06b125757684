import Foundation
import RepoFinderCore
import SearchIndex
import Semantics
import Testing

/// What repositories say they replace (issue 65), in the index: from a description the catalog knows, else from the
/// shipped table, for alternatives and for "like Notion".
@Suite("Replacements: what repositories say they replace, in alternatives and by name")
struct ReplacementAlternativesTests {
    static func repository(_ fullName: String, stars: Int, description: String? = nil) -> Repository {
        RankingTests.repository(fullName, description, stars: stars)
    }

    /// A shipped table, as `scripts/make-replacements.py` writes it.
    static let shipped = try! ShippedReplacements(
        data: Data("iamkun/dayjs\tMoment.js\nacme/notes\tNotion\tEvernote\nacme/stale\tNotion\n".utf8))

    static let catalog = [
        repository("moment/moment", stars: 48_000),
        repository("iamkun/dayjs", stars: 47_000),
        repository("acme/notes", stars: 9_000),
        repository("acme/stale", stars: 20_000, description: "A note-taking app for teams"),
        repository("other/pages", stars: 3_000, description: "A self-hosted alternative to Notion, in Go"),
        repository("big/unrelated", stars: 90_000),
        // Its owner's word alone: too few people have starred it for it to steer anyone's answers.
        repository("new/claim", stars: 12, description: "The best alternative to Notion and Moment.js"),
    ]

    @Test("alternatives: what says it replaces the seed, with no vector and no list")
    func alternativesFromStatements() {
        let index = CatalogSearchIndex(Self.catalog, embedder: nil, shippedReplacements: Self.shipped)
        #expect(index.alternatives(toKey: "moment/moment", limit: 5).map(\.id) == ["iamkun/dayjs"])
        #expect(index.alternatives(toKey: "big/unrelated", limit: 5).isEmpty)
        #expect(index.replacedNames(ofKey: "iamkun/dayjs") == ["Moment.js"])
        #expect(index.replacedNames(ofKey: "moment/moment").isEmpty)
    }

    @Test("by name: a product known only by name, most stars first; a known description wins over the table")
    func byName() {
        let index = CatalogSearchIndex(Self.catalog, embedder: nil, shippedReplacements: Self.shipped)
        // acme/stale's description says nothing of Notion now: the shipped line no longer holds.
        #expect(index.replacing("notion", limit: 5).map(\.id) == ["acme/notes", "other/pages"])
        #expect(index.replacing("Evernote", limit: 5).map(\.id) == ["acme/notes"])
        #expect(index.replacing("moment", limit: 5).map(\.id) == ["iamkun/dayjs"])
        #expect(index.replacing("notion", limit: 1).count == 1)
        #expect(index.replacing("notion", limit: -1).isEmpty)
        #expect(index.replacing("", limit: 5).isEmpty)
        #expect(index.replacedNames(ofKey: "new/claim").isEmpty, "12 stars: its words do not count")
        let without = CatalogSearchIndex(Self.catalog, embedder: nil, shippedReplacements: nil)
        #expect(without.replacing("notion", limit: 5).map(\.id) == ["other/pages"])
    }

    @Test("the shipped table: bad lines are skipped, a damaged gzip is refused, the bundled one reads")
    func shippedTable() throws {
        let table = try ShippedReplacements(data: Data("no-slash\tX\nonly/name\n\na/b\tY\tZ\n".utf8))
        #expect(table.count == 1)
        #expect(table.names(of: "A/B") == ["Y", "Z"])
        #expect(throws: ShippedReplacementsError.self) {
            try ShippedReplacements(data: Data([0x1F, 0x8B, 0, 1, 2]))
        }
        let bundled = try #require(try ShippedReplacements.bundled())
        #expect(bundled.count > 100)
        #expect(bundled.listedCount > 100, "RunaCapital/awesome-oss-alternatives' Alternative-to column")
        #expect(bundled.listedNames(of: "n8n-io/n8n").contains("Zapier"))
    }

    @Test("a list's statement finds a repository by the product's name, but is not what it says of itself")
    func listedStatements() throws {
        let shipped = try ShippedReplacements(
            data: Data("iamkun/dayjs\tMoment.js\n".utf8),
            listed: Data("acme/notes\tAuth0\tOkta\nbig/unrelated\tAuth0\nnew/claim\tAuth0\n".utf8))
        let index = CatalogSearchIndex(Self.catalog, embedder: nil, shippedReplacements: shipped)
        #expect(index.replacing("auth0", limit: 5).map(\.id) == ["big/unrelated", "acme/notes"])
        #expect(index.replacing("okta", limit: 5).map(\.id) == ["acme/notes"])
        #expect(index.replacedNames(ofKey: "acme/notes").isEmpty, "the curators' words, not its own")
        #expect(index.replacedNames(ofKey: "iamkun/dayjs") == ["Moment.js"])
    }
}
