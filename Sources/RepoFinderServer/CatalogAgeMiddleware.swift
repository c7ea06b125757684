import Dealing
import Hummingbird
import Recommender
import RepoFinderCore

/// Binds the age of the catalog the deck was built from (``CatalogAge/current``) for the request, so every face —
/// cards, search and its health filter, repository pages, Compare — judges activity as of a stale catalog's newest
/// day and says so, the same way.
struct CatalogAgeMiddleware: RouterMiddleware {
    typealias Context = ServerContext

    let deck: ServerRecommender

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        try await CatalogAge.$current.withValue(deck.recommender.index.age) {
            try await next(request, context)
        }
    }
}
