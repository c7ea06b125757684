import Foundation
import Testing

extension CommandLineTests {
    @Test("ingest --lists reads a folder of curated lists without GitHub; a bad folder says what is wrong")
    func ingestLists() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let lists = directory.appendingPathComponent("awesome")
        try FileManager.default.createDirectory(
            at: lists.appendingPathComponent("lists"), withIntermediateDirectories: true)
        try "repo\tfile\tcopy\nowner/awesome-things\tREADME.md\tlists/owner+awesome-things.md\n".write(
            to: lists.appendingPathComponent("lists.tsv"), atomically: true, encoding: .utf8)
        try """
        # Awesome Things
        ## Contents
        - [Queues](#queues)
        ## Queues
        - [nats](https://github.com/nats-io/nats-server) - Messaging. [![CI](https://github.com/nats-io/nats-server/actions/x.svg)](https://github.com/nats-io/nats-server/actions)
        - [beanstalkd](https://github.com/beanstalkd/beanstalkd) - A queue.
        """.write(
            to: lists.appendingPathComponent("lists/owner+awesome-things.md"), atomically: true, encoding: .utf8)
        let database = directory.appendingPathComponent("data.sqlite").path
        let loaded = try await run(["ingest", "--lists", lists.path, "--database", database])
        #expect(loaded.status == 0, "\(loaded.errors)")
        #expect(loaded.output.contains("owner/awesome-things: 2 placements (2 of 4 GitHub links)"))
        #expect(loaded.output.contains("Imported 1 curated lists"))
        #expect(loaded.output.contains("2 placements of 2 repositories, 0 of them in the catalog"))

        let missing = try await run(["ingest", "--lists", directory.appendingPathComponent("none").path])
        #expect(missing.status != 0)
        #expect(missing.errors.contains("lists.tsv"))
        let both = try await run(["ingest", "--lists", "--stars", lists.path])
        #expect(both.status != 0)
        #expect(both.errors.contains("--lists and --stars cannot be combined"))
    }
}
