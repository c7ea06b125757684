import APISchemas
import Dealing
import Foundation
import Recommender
import RepoFinderAPI
import RepoFinderCore
import Storage

extension APIHandlers {
    /// A curated list's heading as a page: what the list places there and below, in the curators' order.
    func getListSection(_ input: Operations.GetListSection.Input) async throws -> Operations.GetListSection.Output {
        let limit = try InputMapping.limit(input.query.limit, default: 100, maximum: 200)
        let page = try InputMapping.pageNumber(input.query.page)
        let heading = input.query.heading.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        guard !heading.isEmpty, heading.allSatisfy({ !$0.isEmpty }) else {
            throw APIError.badRequest(APIError.text("error.list.heading-blank"))
        }
        let asked = input.query.list.trimmingCharacters(in: .whitespacesAndNewlines)
        // The contract's bounds, which the generated code does not check.
        guard heading.count <= CuratedListSection.maximumLevels,
            heading.allSatisfy({ $0.count <= CuratedListSection.maximumNameLength }),
            asked.count <= CuratedListSection.maximumListIDLength
        else {
            throw APIError.badRequest(
                APIError.text(
                    "error.list.too-long", CuratedListSection.maximumLevels, CuratedListSection.maximumNameLength,
                    CuratedListSection.maximumListIDLength))
        }
        // The lists followed are few (one row each): find the one named in any case.
        guard
            let record = try await store.curatedLists().first(where: {
                $0.list.id.lowercased() == asked.lowercased()
            })
        else { throw APIError.notFound(APIError.text("error.list.unknown", asked)) }
        let list = record.list
        let section = CuratedListSection(
            heading: heading, entries: try await store.curatedListSection(list: list.id, heading: heading))
        guard !section.keys.isEmpty else {
            throw APIError.notFound(
                APIError.text("error.list.heading-empty", list.id, heading.joined(separator: " › ")))
        }
        let index = deck.recommender.index
        let inCatalog = section.keys.compactMap { index.item(forKey: $0) }
        let repositories = inCatalog.dropFirst((page - 1) * limit).prefix(limit).map { index.repositories[$0] }
        let viewers = try await viewerStates(of: repositories)
        let now = Date()
        return .ok(
            .init(
                body: .json(
                    .init(
                        list: list.id, listURL: list.webAddress, heading: section.heading,
                        subheadings: section.subheadings.map { .init(name: $0.name, count: $0.count) },
                        listed: section.keys.count, inCatalog: inCatalog.count,
                        items: repositories.map { APISchemas.repository($0, now: now, viewer: viewers?[$0.id]) }))))
    }
}
