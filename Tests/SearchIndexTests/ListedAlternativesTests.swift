import Foundation
import RepoFinderCore
import SearchIndex
import Storage
import Testing

/// Alternatives from the curated lists (issue 65): what a curator put under the same heading as the seed.
@Suite("Alternatives: repositories under the seed's curated-list headings")
struct ListedAlternativesTests {
    static func entries(_ list: String, _ heading: [String], _ keys: [String]) -> [CuratedListEntry] {
        keys.map { CuratedListEntry(list: list, heading: heading, key: $0) }
    }

    /// Six repositories and no vectors, so only the lists can say what is kin.
    static let catalog = [
        RankingTests.repository("python-poetry/poetry", stars: 30_000),
        RankingTests.repository("astral-sh/uv", stars: 40_000),
        RankingTests.repository("pypa/pipenv", stars: 25_000),
        RankingTests.repository("jupyter/notebook", stars: 90_000),
        RankingTests.repository("python-poetry/poetry-core", stars: 2_000),
        RankingTests.repository("someone/poetry-plugin-export", stars: 1_000),
        RankingTests.repository("old-owner/hatch", stars: 5_000),
    ]

    @Test("a short heading's peers before a long one's, past popularity; the seed's own and its plugins left out")
    func shortHeadingsFirst() {
        // A long heading: poetry and jupyter among 298 repositories the catalog does not have.
        let long = Self.entries(
            "vinta/awesome-python", ["Miscellaneous"],
            ["python-poetry/poetry", "jupyter/notebook"] + (0..<298).map { "elsewhere/x\($0)" })
        // A short one: what replaces poetry, with its own repositories and a plugin.
        let short = Self.entries(
            "vinta/awesome-python", ["Package Management"],
            [
                "python-poetry/poetry", "astral-sh/uv", "python-poetry/poetry-core", "someone/poetry-plugin-export",
                "nowhere/absent",
            ])
        let index = CatalogSearchIndex(Self.catalog, listings: long + short, embedder: nil)
        let alternatives = index.alternatives(toKey: "python-poetry/poetry", limit: 5).map(\.id)
        // uv (kinship 1/log₂ 6 = 0.39) before jupyter (1/log₂ 301 = 0.12), though jupyter has twice the stars.
        #expect(alternatives == ["astral-sh/uv", "jupyter/notebook"])
    }

    @Test("two lists that agree count twice; a heading path is its own heading; no heading says nothing")
    func agreementAndPaths() {
        let listings =
            Self.entries("a/awesome-one", ["Tools", "Packaging"], ["python-poetry/poetry", "pypa/pipenv", "x/1"])
            + Self.entries("b/awesome-two", ["Packaging"], ["python-poetry/poetry", "pypa/pipenv", "x/2"])
            + Self.entries("c/awesome-three", ["Packaging"], ["python-poetry/poetry", "astral-sh/uv", "x/3"])
            // Under the parent heading only: not the same heading as "Tools › Packaging".
            + Self.entries("a/awesome-one", ["Tools"], ["jupyter/notebook"])
            + Self.entries("d/awesome-plain", [], ["python-poetry/poetry", "old-owner/hatch"])
        let index = CatalogSearchIndex(Self.catalog, listings: listings, embedder: nil)
        let alternatives = index.alternatives(toKey: "python-poetry/poetry", limit: 5).map(\.id)
        #expect(alternatives == ["pypa/pipenv", "astral-sh/uv"], "pipenv is listed beside poetry twice")
    }

    @Test("one list that puts two repositories side by side under two headings says so once")
    func oneListOnce() {
        let listings =
            Self.entries("a/awesome-one", ["Packaging"], ["python-poetry/poetry", "astral-sh/uv", "x/1"])
            + Self.entries("a/awesome-one", ["Build"], ["python-poetry/poetry", "astral-sh/uv", "x/2"])
            + Self.entries("b/awesome-two", ["Packaging"], ["python-poetry/poetry", "pypa/pipenv", "x/3"])
            + Self.entries("c/awesome-three", ["Packaging"], ["python-poetry/poetry", "pypa/pipenv", "x/4"])
        let index = CatalogSearchIndex(Self.catalog, listings: listings, embedder: nil)
        let alternatives = index.alternatives(toKey: "python-poetry/poetry", limit: 5).map(\.id)
        // uv has more stars, but only one list speaks for it; two speak for pipenv.
        #expect(alternatives == ["pypa/pipenv", "astral-sh/uv"])
    }

    @Test("a list's old name for a repository reaches it under its current one; unknown seeds have none")
    func renamesAndUnknowns() {
        // The catalog holds the project twice (GitHub's id says so); pypa/hatch, pushed last, is its current name.
        func hatch(_ owner: String, pushed: TimeInterval) -> Repository {
            Repository(
                githubID: 7, owner: RepositoryOwner(login: owner), name: "hatch", stars: 5_000,
                pushedAt: Date(timeIntervalSince1970: pushed))
        }
        let catalog =
            Self.catalog.filter { $0.id != "old-owner/hatch" } + [
                hatch("old-owner", pushed: 1_600_000_000), hatch("pypa", pushed: 1_780_000_000),
            ]
        let index = CatalogSearchIndex(
            catalog, listings: Self.entries("l/awesome", ["Build"], ["python-poetry/poetry", "old-owner/hatch"]),
            embedder: nil)
        #expect(index.alternatives(toKey: "python-poetry/poetry", limit: 5).map(\.id) == ["pypa/hatch"])
        #expect(index.alternatives(toKey: "nobody/here", limit: 5).isEmpty)
        #expect(index.alternatives(toKey: "python-poetry/poetry", limit: 0).isEmpty)
    }

    @Test("a repository is found by the words of the headings it is listed under, with no description")
    func searchByHeading() {
        let listings =
            Self.entries("a/awesome-cli", ["Files and Directories", "File Managers"], ["pypa/pipenv", "x/1"])
            + Self.entries("b/awesome-go", ["Messaging"], ["jupyter/notebook"])
        let index = CatalogSearchIndex(Self.catalog, listings: listings, embedder: nil)
        #expect(index.search(SearchQuery(text: "file manager")).repositories.map(\.id) == ["pypa/pipenv"])
        #expect(index.search(SearchQuery(text: "messaging")).repositories.map(\.id) == ["jupyter/notebook"])
        let unlisted = CatalogSearchIndex(Self.catalog, embedder: nil)
        #expect(unlisted.search(SearchQuery(text: "file manager")).repositories.isEmpty)
    }
}
