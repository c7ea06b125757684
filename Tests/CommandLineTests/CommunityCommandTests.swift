import Foundation
import TestSupport
import Testing

extension CommandLineTests {
    @Test("on the default install: replaces NAME finds what says it replaces a product; lists shows lists and words")
    func replacesAndListsOnTheStarterCatalog() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("starter.sqlite").path
        let notion = try await run(["replaces", "Notion", "--database", database])
        #expect(notion.status == 0, "\(notion.errors)")
        #expect(notion.output.contains("AppFlowy-IO/appflowy"), "\(notion.output)")
        let moment = try await run(["replaces", "moment", "--limit", "3", "--database", database])
        #expect(moment.output.contains("iamkun/dayjs"), "\(moment.output)")
        let nothing = try await run(["replaces", "no such product at all", "--database", database])
        #expect(nothing.status == 0)
        #expect(nothing.errors.contains("No repository in the catalog says it replaces no such product at all."))

        let dayjs = try await run(["lists", "iamkun/dayjs", "--database", database])
        #expect(dayjs.status == 0, "\(dayjs.errors)")
        #expect(dayjs.output.contains("iamkun/dayjs says it is an alternative to Moment.js."))
        #expect(dayjs.output.contains("sorrycc/awesome-javascript › Date"), "\(dayjs.output)")
        let unknown = try await run(["lists", "nobody/nothing-here", "--database", database])
        #expect(unknown.status != 0)
        #expect(unknown.errors.contains("nobody/nothing-here is not in the catalog"))

        // What the shared lists' tables say the starter catalog's repositories replace (RunaCapital's column).
        let awesome = URL(fileURLWithPath: try SharedDataFolder.file("awesome/lists.tsv")).deletingLastPathComponent()
        let listed = try await run(["replaces", "--listed", awesome.path, "--database", database])
        #expect(listed.status == 0, "\(listed.errors)")
        #expect(listed.output.split(separator: "\n").contains("n8n-io/n8n\tZapier"), "\(listed.output.prefix(400))")
        let noFolder = try await run(["replaces", "--listed", directory.path, "--database", database])
        #expect(noFolder.status != 0)
        #expect(noFolder.errors.contains("a folder of lists has a lists.tsv index"), "\(noFolder.errors)")

        for (arguments, problem) in [
            (["replaces"], "Name a product or project, or pass --all or --listed."),
            (["replaces", "--listed", "x", "--all"], "--listed lists every list statement on its own."),
            (["replaces", "x", "--all"], "--all lists every statement: leave the name out."),
            (["replaces", "…"], "has no letters or digits"),
            (["replaces", "x", "--limit", "0"], "--limit must be 1 to 100."),
            (["lists", "not-a-name"], "is not a repository name like owner/name."),
        ] {
            let refused = try await run(arguments + ["--database", database])
            #expect(refused.status != 0, "\(arguments)")
            #expect(refused.errors.contains(problem), "\(arguments): \(refused.errors)")
        }
    }
}
