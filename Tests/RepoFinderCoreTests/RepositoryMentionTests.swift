import RepoFinderCore
import Testing

@Suite("A search that names a repository outright")
struct RepositoryMentionTests {
    @Test(
        "owner/name and pasted GitHub addresses name it",
        arguments: [
            "apple/swift", " apple/swift/ ", "https://github.com/apple/swift", "http://www.github.com/apple/swift",
            "github.com/apple/swift.git", "https://github.com/apple/swift/tree/main/docs",
            "https://github.com/apple/swift?tab=readme#top",
        ])
    func named(text: String) {
        #expect(RepositoryName(mentionedIn: text)?.fullName == "apple/swift")
    }

    @Test(
        "words, single names, other sites and malformed names do not",
        arguments: [
            "swift", "swift server", "apple / swift", "https://gitlab.com/apple/swift", "https://github.com/apple",
            "a/b/c", "-bad-/x", "ftp://github.com/apple/swift", "",
        ])
    func notNamed(text: String) {
        #expect(RepositoryName(mentionedIn: text) == nil)
    }
}
