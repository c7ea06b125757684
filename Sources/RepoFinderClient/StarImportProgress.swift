import Foundation
import RepoFinderCore

/// An import of a GitHub user's public stars, as the server reports it: where it is, and what it has read and stored.
public struct StarImportProgress: Identifiable, Hashable, Sendable {
    public enum State: String, Hashable, Sendable {
        case running
        case done
        case failed
    }

    public var id: String
    /// The GitHub login, spelled as GitHub does.
    public var login: String
    public var state: State
    /// Stars listed so far.
    public var read: Int
    /// Stars stored as new signals.
    public var imported: Int
    /// Starred repositories the catalog lacked, added from the listing.
    public var added: Int
    public var pagesRead: Int
    /// Pages of the listing, once GitHub has said.
    public var pagesTotal: Int?
    /// Why it failed.
    public var failure: String?

    public init(
        id: String, login: String, state: State, read: Int = 0, imported: Int = 0, added: Int = 0, pagesRead: Int = 0,
        pagesTotal: Int? = nil, failure: String? = nil
    ) {
        self.id = id
        self.login = login
        self.state = state
        self.read = read
        self.imported = imported
        self.added = added
        self.pagesRead = pagesRead
        self.pagesTotal = pagesTotal
        self.failure = failure
    }

    /// How far it has come, 0…1, once the number of pages is known.
    public var fraction: Double? {
        if state == .done { return 1 }
        guard let pagesTotal, pagesTotal > 0 else { return nil }
        return min(1, Double(pagesRead) / Double(pagesTotal))
    }

    /// One line a person reads: "Reading octocat's stars: 300 so far (page 3 of 12)", "Imported 250 stars from octocat
    /// (12 were new to RepoFinder)", or why it failed.
    public var summary: String {
        let stars = { (count: Int) in count == 1 ? "1 star" : "\(Number.grouped(count)) stars" }
        switch state {
        case .running:
            let pages = pagesTotal.map { " (page \(pagesRead) of \($0))" } ?? ""
            return "Reading \(login)’s stars: \(Number.grouped(read)) so far\(pages)"
        case .done:
            if imported == 0 { return "No new stars from \(login) since the last import." }
            let added = self.added > 0 ? " (\(Number.grouped(self.added)) new to RepoFinder)" : ""
            return "Imported \(stars(imported)) from \(login)\(added)."
        case .failed:
            let verb = imported == 1 ? "was" : "were"
            let kept = imported > 0 ? " \(stars(imported).capitalizedFirst) \(verb) imported before it stopped." : ""
            return (failure ?? "The import failed.") + kept
        }
    }
}

extension String {
    fileprivate var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
