import Foundation
import Semantics
import Testing

@Suite(
    "Real token vectors",
    .enabled(
        if: RealData.table != nil,
        "needs the real token-vector table (> 1 MB; bundled or named by REPOFINDER_TOKEN_VECTORS)"))
struct RealTableTests {
    let embedder = RealData.table.map(TextEmbedder.init(vectors:))

    @Test("related words are closer than unrelated ones")
    func words() throws {
        let embedder = try #require(embedder)
        let dog = try #require(embedder.embed("dog"))
        let puppy = try #require(embedder.embed("puppy"))
        let compiler = try #require(embedder.embed("compiler"))
        #expect(TextEmbedder.cosine(dog, puppy) > TextEmbedder.cosine(dog, compiler))
    }

    @Test("a query is closer to the related description")
    func sentences() throws {
        let embedder = try #require(embedder)
        let query = try #require(embedder.embed("a fast web framework for go"))
        let router = try #require(embedder.embed("HTTP router for Golang"))
        let images = try #require(embedder.embed("image editing software"))
        #expect(TextEmbedder.cosine(query, router) > TextEmbedder.cosine(query, images))
    }

    @Test("the table matches the model: its 30,522 tokens and flags")
    func shape() throws {
        let table = try #require(RealData.table)
        #expect(table.vocabulary.count == 30_522 && table.vocabulary[table.unknownTokenID] == "[UNK]")
        #expect(table.lowercasesInput && table.stripsAccents)
    }
}
