import Dealing
import Logging
import Recommender
import ServiceLifecycle

/// Makes Home's "moving in your languages" lists once when the server starts — for people without a language and for
/// the catalog's most common languages — one after another, so a freshly started server's first visitors do not all
/// wait for the same trending queries. From then on the cache keeps them: an expired list is answered while it is
/// made again in the background.
struct HomeWarmupService: Service {
    let api: APIHandlers
    /// How many of the catalog's most common languages to make lists for.
    var languages = 30
    let logger: Logger

    func run() async throws {
        let common = api.deck.current.recommender.index.mostCommonLanguages(limit: languages)
        var made = 0
        for language in [nil] + common.map(Optional.some) {
            if Task.isCancelled || Task.isShuttingDownGracefully { break }
            do {
                _ = try await api.movers(language: language)
                made += 1
            } catch {
                logger.notice(
                    "could not make Home's trending list ahead; the first visit will",
                    metadata: ["language": "\(language ?? "any")", "error": "\(error)"])
            }
        }
        logger.debug("made Home's trending lists ahead", metadata: ["lists": "\(made)"])
        // Done: wait for the group to stop (a service that returns would stop the server).
        try? await gracefulShutdown()
    }
}
