import Testing

@testable import Ask

/// "An open-source or self-hosted one" is read from whole words and word pairs, never from inside another word.
@Suite struct OpenWishTests {
    @Test(
        "a wish for an open kind: open source, self-hosted, FOSS, in any case and spelling",
        arguments: [
            "notion open source", "Self hosted Notion", "airtable self-hosted", "an opensource zapier",
            "zapier (FOSS)", "figma but open-source please", "selfhosted 1password",
        ])
    func wishes(question: String) {
        #expect(AnswerEngine.asksForAnOpenOne(question))
    }

    @Test(
        "no wish: the words inside other words, or apart",
        arguments: ["fossil scm", "fossa license scanner", "unhosted apps", "open the source file", "self test hosted"])
    func noWish(question: String) {
        #expect(!AnswerEngine.asksForAnOpenOne(question))
    }
}
