import Catalog
import Foundation
import RepoFinderCore
import Storage
import StorageLive
import TestSupport
import Testing

@Suite("Catalog import")
struct ImporterTests {
    @Test("a file with bad lines mixed in imports every good line and names every bad one; a re-import changes nothing")
    func mixedFile() async throws {
        let directory = try TestDirectory()
        let lines = [
            repositoryLine("apple/swift", stars: 69000),  // 1
            "{not json",  // 2
            repositoryLine("vapor/vapor"),  // 3
            #"{"stargazers_count": 5}"#,  // 4 missing full name
            "",  // 5 blank: ignored
            #"{"full_name": "a/b", "stargazers_count": "5"}"#,  // 6 wrong type
            "{\"full_name\": \"x/y\", \"stargazers_count\": 1, \"description\": \"\u{FFFD}\"}",  // 7 fine (valid UTF-8)
            repositoryLine("groue/GRDB.swift") + String(repeating: " ", count: 3000),  // 8 too long
            repositoryLine("pointfreeco/isowords"),  // 9
        ]
        var bytes = Array(lines.joined(separator: "\n").utf8) + [UInt8(ascii: "\n")]
        bytes +=
            Array(#"{"full_name": "bad/utf8", "stargazers_count": 1, "description": ""#.utf8) + [0xFF, 0xFE]
            + Array(#""}"#.utf8)  // 10 invalid UTF-8, no final newline
        let path = try directory.file("mixed.jsonl", bytes)

        try await StorageFactory.withStore(.sqliteInMemory) { store in
            let importer = CatalogImporter(store: store, batchSize: 2, maximumLineBytes: 2048)
            var reported: [LineRejection] = []
            let summary = try await importer.importRepositories(from: path) { event in
                if case .rejected(let rejection) = event { reported.append(rejection) }
            }
            #expect(summary.read == 9)
            #expect(summary.counts == UpsertCounts(inserted: 4))
            #expect(summary.rejectedCount == 5)
            #expect(summary.rejections.map(\.line) == [2, 4, 6, 8, 10])
            #expect(reported == summary.rejections)
            #expect(summary.rejections.map(\.description)[1] == "line 4: missing field 'full_name'")
            #expect(
                summary.rejections[3].reason
                    == .tooLong(3000 + repositoryLine("groue/GRDB.swift").utf8.count, limit: 2048))
            #expect(summary.rejections[4].reason == .invalidUTF8)
            #expect(try await store.statistics().repositories == 4)

            let again = try await importer.importRepositories(from: directory.gzip(path))
            #expect(again.counts == UpsertCounts(unchanged: 4))
            #expect(again.rejectedCount == 5)
        }
    }

    @Test("star snapshots import by header; unknown repositories and bad rows are named by line")
    func starSnapshots() async throws {
        let directory = try TestDirectory()
        let catalog = try directory.file(
            "catalog.jsonl", lines: [repositoryLine("apple/swift"), repositoryLine("vapor/vapor")])
        let stars = try directory.file(
            "stars.csv",
            lines: [
                "date,full_name,stargazers_count,forks_count",
                "2026-08-21,apple/swift,100,5",
                "2026-08-22,apple/swift,110,5",
                "2026-08-22,ghost/town,3,0",
                "2026-08-22,vapor/vapor,oops,1",
                "2026-08-22,vapor/vapor,50,1",
            ])
        try await StorageFactory.withStore(.sqliteInMemory) { store in
            let importer = CatalogImporter(store: store)
            _ = try await importer.importRepositories(from: catalog)
            let summary = try await importer.importStarSnapshots(from: stars)
            #expect(summary.read == 5)
            #expect(summary.counts == UpsertCounts(inserted: 3))
            #expect(summary.rejections.map(\.line) == [5, 4])
            #expect(summary.rejections[1].description.contains("ghost/town is not in the catalog"))
            #expect(
                try await store.starSnapshots(of: RepositoryName(parsing: "apple/swift")).map(\.stars) == [100, 110])
            #expect(try await importer.importStarSnapshots(from: stars).counts == UpsertCounts(unchanged: 3))
        }
    }

    @Test("the real 42,184-repository catalog imports completely, and a second import changes nothing")
    func realCatalog() async throws {
        let catalog = try SharedDataFolder.file("catalog/repos.jsonl.gz")
        try await StorageFactory.withStore(.sqliteInMemory) { store in
            let importer = CatalogImporter(store: store)
            let first = try await importer.importRepositories(from: catalog)
            #expect(first.read == 42_184)
            #expect(first.rejectedCount == 0, "\(first.rejections.prefix(5))")
            #expect(first.counts == UpsertCounts(inserted: 42_184))
            let second = try await importer.importRepositories(from: catalog)
            #expect(second.counts == UpsertCounts(unchanged: 42_184))
            let top = try await store.repositories(offset: 0, limit: 1)
            #expect(top.first?.fullName == "codecrafters-io/build-your-own-x")
            #expect(try await store.statistics().repositories == 42_184)
        }
    }
}

@Suite("Trending on the real shared data")
struct RealTrendingTests {
    @Test("Swift, weekly, as of 2026-08-22: the largest exact gains, highest first, as the raw CSV says")
    func swiftWeekly() async throws {
        let catalog = try SharedDataFolder.file("catalog/repos.jsonl.gz")
        let stars = try SharedDataFolder.file("catalog/stars-daily.csv.gz")
        // Expected, straight from the files: Swift repositories' stars on 2026-08-15 and 2026-08-22.
        var language: [String: String] = [:]
        let catalogReader = try LineReader(path: catalog)
        let decoder = RepositoryRecordDecoder()
        while let line = try catalogReader.next() {
            if case .text(_, let bytes) = line, case .success(let repository) = decoder.decode(bytes) {
                language[repository.id] = repository.language
            }
        }
        var before: [String: Int] = [:]
        var after: [String: (name: String, stars: Int)] = [:]
        let starsReader = try LineReader(path: stars)
        while let line = try starsReader.next() {
            guard case .text(_, let bytes) = line else { continue }
            let fields = String(decoding: bytes, as: UTF8.self).split(separator: ",").map(String.init)
            guard fields.count == 4, let count = Int(fields[2]) else { continue }
            if fields[0] == "2026-08-15" { before[fields[1].lowercased()] = count }
            if fields[0] == "2026-08-22" { after[fields[1].lowercased()] = (fields[1], count) }
        }
        let expected = after.compactMap { key, end -> (String, Int, Int)? in
            guard language[key]?.lowercased() == "swift", let start = before[key], end.stars > start else { return nil }
            return (end.name, end.stars - start, end.stars)
        }.sorted { ($0.1, $0.2, $1.0.lowercased()) > ($1.1, $1.2, $0.0.lowercased()) }.prefix(25)

        try await StorageFactory.withStore(.sqliteInMemory) { store in
            let importer = CatalogImporter(store: store)
            _ = try await importer.importRepositories(from: catalog)
            let imported = try await importer.importStarSnapshots(from: stars)
            #expect(imported.rejectedCount == 0)
            let list = try await store.trending(
                TrendingQuery(language: "Swift", window: .weekly, asOf: Day("2026-08-22"), limit: 25, bursts: .shown))
            #expect(list.entries.count == 25)
            // Names compare case-insensitively: the CSV may spell an owner differently from the catalog.
            #expect(list.entries.map(\.repository.id) == expected.map { $0.0.lowercased() })
            #expect(list.entries.map(\.starsGained) == expected.map(\.1))
            #expect(list.entries.first?.repository.fullName == "altic-dev/FluidVoice")
            #expect(list.entries.first?.starsGained == 664)
            // The default list leaves out the one whose gain the burst rule flags, and moves the next one up.
            let flagged = list.entries.filter { $0.burst != nil }.map(\.repository.id)
            #expect(flagged == ["seemoo-lab/openhaystack"])
            let standard = try await store.trending(
                TrendingQuery(language: "Swift", window: .weekly, asOf: Day("2026-08-22"), limit: 25))
            #expect(standard.entries.map(\.repository.id).contains("seemoo-lab/openhaystack") == false)
            #expect(standard.entries.count == 25)
        }
    }
}
