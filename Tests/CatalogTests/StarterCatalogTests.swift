import Catalog
import Foundation
import RepoFinderCore
import Storage
import StorageLive
import Testing

@Suite("Starter catalog")
struct StarterCatalogTests {
    @Test("loads into an empty database once; facts only; search and trending answer from it")
    func loadsOnFirstUse() async throws {
        try await StorageFactory.withStore(.sqliteInMemory) { store in
            var told = false
            let load = try #require(try await StarterCatalog.loadIfEmpty(into: store) { told = true })
            #expect(told)
            #expect(load.repositories.counts.inserted == 41_746 && load.repositories.rejectedCount == 0)
            // 273,882 monthly counts of 8,663 repositories before the daily window (an old name's carried to its new one),
            // then 106,894 daily ones.
            #expect(load.starSnapshots.counts.inserted == 380_776 && load.starSnapshots.rejectedCount == 0)
            #expect(try await StarterCatalog.loadIfEmpty(into: store) == nil)

            let all = try await store.repositories(offset: 0, limit: 50_000)
            #expect(all.allSatisfy { $0.description == nil }, "the starter catalog must hold no prose")

            let search = try await store.search(SearchQuery(text: "vapor"))
            #expect(search.items.first?.fullName == "vapor/vapor")
            let trending = try await store.trending(TrendingQuery(window: .monthly))
            #expect(trending.end == Day("2026-08-22") && trending.start == Day("2026-07-23"))
            #expect(trending.entries.count == 25)
        }
    }

    @Test("star history reaches back to 2018 where the monthly counts do, then goes on daily")
    func allTimeStarHistory() async throws {
        try await StorageFactory.withStore(.sqliteInMemory) { store in
            _ = try await StarterCatalog.loadIfEmpty(into: store)
            let alamofire = try await store.starSnapshots(of: RepositoryName(parsing: "Alamofire/Alamofire"))
            #expect(alamofire.first?.day == Day("2018-12-18") && alamofire.last?.day == Day("2026-08-22"))
            let days = alamofire.map(\.day)
            #expect(days.contains(Day("2022-01-01")!) && days.contains(Day("2026-07-01")!))
            // Monthly until the daily window starts (89 months), daily inside it.
            #expect(days.filter { $0 < Day("2026-07-23")! }.count == 89)
            #expect(days.filter { $0 >= Day("2026-07-23")! }.count == 31)
            let stars = alamofire.map(\.stars)
            #expect(stars.first! < stars.last!, "\(stars.first!) → \(stars.last!)")
        }
    }

    @Test("the bundled lists load into a database that has none, once; placements only, of licensed lists")
    func listsOnFirstUse() async throws {
        try await StorageFactory.withStore(.sqliteInMemory) { store in
            #expect(try await StarterLists.loadIfNone(into: store) == 49)
            #expect(try await StarterLists.loadIfNone(into: store) == nil)
            let lists = try await store.curatedLists()
            #expect(lists.reduce(0) { $0 + $1.placements } == 27_430)
            // Non-commercial and unlicensed lists are not shipped.
            #expect(
                !lists.contains { $0.list.id == "e2b-dev/awesome-ai-agents" || $0.list.id == "rothgar/awesome-tuis" })
            let uv = try await store.listings(of: RepositoryName(parsing: "astral-sh/uv"))
            #expect(
                uv.contains {
                    $0.list.id == "vinta/awesome-python"
                        && $0.heading == ["Projects", "Package Management", "Package Managers"]
                })
        }
    }

    @Test("the bundled files stay small")
    func sizes() throws {
        for path in [StarterCatalog.repositoriesPath, StarterCatalog.starSnapshotsPath, StarterLists.path] {
            let file = try #require(path)
            let size = try #require(try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int)
            #expect(size < 4_000_000, "\(file) is \(size) bytes")
        }
    }
}
