import Foundation
public import Localization

/// The words of RepoFinderCore's refusals (a repository name, a comparison, a deck filter, a link) in a language, as
/// the pages and the API's error messages say them; the errors' own `description`s stay English, for the logs and the
/// command line.
extension Words {
    /// Why a repository name was refused (no closing period: the sentence around it ends it).
    public func repositoryNameProblem(_ error: RepositoryNameError) -> String {
        switch error {
        case .notOwnerSlashName(let given): text("error.repository-name.not-owner-slash-name", given)
        case .invalidOwner(let owner): text("error.repository-name.invalid-owner", owner)
        case .invalidName(let name): text("error.repository-name.invalid-name", name)
        }
    }

    /// Why a list of repositories cannot be compared.
    public func compareProblem(_ error: CompareError) -> String {
        switch error {
        case .empty:
            text("error.compare.empty")
        case .tooFew(let names):
            text("error.compare.too-few", names.joined(separator: ", "))
        case .tooMany(let count):
            text("error.compare.too-many", CompareRequest.maximum, String(count))
        case .malformed(_, let error):
            text("error.compare.malformed", repositoryNameProblem(error))
        case .duplicate(let name):
            text("error.compare.duplicate", name)
        }
    }

    /// Why a deck filter was refused; each sentence says what to send instead.
    public func deckFilterProblem(_ error: DeckFilterError) -> String {
        switch error {
        case .tooMany("languages", let count):
            text("error.deck-filter.too-many-languages", DeckFilter.maximumValues, String(count))
        case .tooMany(_, let count):
            text("error.deck-filter.too-many-clusters", DeckFilter.maximumValues, String(count))
        case .invalidLanguage(let language):
            language.isEmpty
                ? text("error.deck-filter.empty-language")
                : text("error.language-name.invalid", language, 64)
        case .invalidCluster(let cluster):
            text("error.area-id.invalid", cluster)
        case .invalidStars(let stars):
            text("error.deck-filter.invalid-stars", String(stars), String(DeckFilter.maximumStars))
        case .keptAndLeftOut(let language):
            text("error.deck-filter.kept-and-left-out", language)
        }
    }

    /// Why a link is not a RepoFinder route (`error` is what `Route(link:)` threw for it).
    public func linkProblem(_ error: RouteError) -> String {
        switch error {
        case .empty:
            text("error.link.empty")
        case .tooLong(let length):
            text("error.link.too-long", String(length), String(Route.maximumLinkLength))
        case .wrongScheme(let given):
            text("error.link.wrong-scheme", given)
        case .unknownDestination(let destination):
            text("error.link.unknown-screen", destination)
        case .missingRepository:
            text("error.link.missing-repository")
        case .invalidRepository(let error):
            text("error.link.invalid-repository", repositoryNameProblem(error))
        case .unexpectedPath(let path):
            text("error.link.unexpected-path", path)
        case .invalidWindow(let value):
            text("error.link.invalid-window", value)
        case .invalidLanguage(let value):
            text("error.language-name.invalid", value, Route.maximumLanguageLength)
        case .missingQuery:
            text("error.link.missing-query")
        case .queryTooLong(let length):
            text("error.link.query-too-long", String(length), Route.maximumQueryLength)
        case .badEncoding(let given):
            text("error.link.bad-encoding", given)
        case .invalidComparison(let error):
            compareProblem(error)
        case .invalidStars(let given):
            text("error.link.stars-not-a-number", given)
        case .invalidHealth(let given):
            text("error.link.invalid-health", given)
        case .invalidFilter(let error):
            deckFilterProblem(error)
        case .invalidArea(let id):
            id.isEmpty ? text("error.link.missing-area") : text("error.area-id.invalid", id)
        case .invalidListSection:
            text(
                "error.link.invalid-list", String(CuratedListSection.maximumLevels),
                String(CuratedListSection.maximumNameLength))
        }
    }

}
