import APISchemas
import Dealing
import Foundation
import Localization
import Recommender
import RepoFinderAPI
import RepoFinderCore

extension JSONOutput {
    /// A deck as the contract's `Feed`, with the filter it was dealt within; the repositories' fields come from
    /// `encoded` when it has them.
    mutating func feed(_ deck: Deck, filter: DeckFilter, now: Date, encoded: EncodedRepositories? = nil) {
        beginObject()
        staleCatalog(deck.age, now: now)
        key("items")
        beginArray()
        let facts = encoded?.judgedFacts.table(now: now, age: deck.age)
        let words = Words(Language.current)
        for card in deck.cards {
            element()
            self.card(card, now: now, encoded: encoded, age: deck.age, facts: facts, words: words)
        }
        endArray()
        key("exhausted")
        bool(deck.exhausted)
        member("message", deck.exhaustedMessage)
        key("filter")
        deckFilter(filter)
        endObject()
    }

    /// `"catalog"` as the contract's `StaleCatalog` when the catalog is old; nothing while it is fresh.
    mutating func staleCatalog(_ age: CatalogAge?, now: Date) {
        guard let note = age?.note(now: now) else { return }
        key("catalog")
        beginObject()
        key("asOf")
        string(age?.newestDayText ?? note.asOf.description)
        key("ageDays")
        integer(note.ageDays)
        key("note")
        string(note.text)
        endObject()
    }

    /// A deck filter as the contract's `DeckFilter` (what ``APISchemas/deckFilter(_:)`` makes).
    mutating func deckFilter(_ filter: DeckFilter) {
        beginObject()
        key("languages")
        strings(filter.languages)
        key("excludedLanguages")
        strings(filter.excludedLanguages)
        key("clusters")
        strings(filter.clusters)
        key("minimumStars")
        integer(filter.minimumStars)
        member("health", filter.health?.rawValue)
        endObject()
    }

    /// A card as the contract's `FeedItem`; its repository's fields come from `encoded` when it has them (and its
    /// activity facts from `facts`, that index's table for the request, when that has them), with where it stands with
    /// the person asking (`viewer`) when given, and its activity judged as of `age`'s newest day when that catalog is
    /// stale; its reasons in `words` (by default the request's language).
    mutating func card(
        _ card: Recommendation, now: Date, encoded: EncodedRepositories?, viewer: RepositoryState? = nil,
        age: CatalogAge? = CatalogAge.current, facts: JudgedFacts.Table? = nil, words: Words? = nil
    ) {
        beginObject()
        key("repository")
        if let encoded, let position = encoded.position(of: card) {
            raw(encoded.fields(at: position))
            repositoryEnd(card.repository, now: now, viewer: viewer, age: age, facts: facts?[position])
        } else {
            repository(card.repository, now: now, viewer: viewer, age: age)
        }
        key("fitScore")
        integer(card.fit)
        reasons(of: card, words: words ?? Words(Language.current))
        key("cluster")
        string(APISchemas.cluster(card.cluster.id).rawValue)
        endObject()
    }

    /// A repository as the contract's `Repository` (what ``APISchemas/repository(_:now:viewer:age:)`` makes).
    mutating func repository(
        _ repository: Repository, now: Date, viewer: RepositoryState? = nil, age: CatalogAge? = CatalogAge.current
    ) {
        repositoryFields(repository)
        repositoryEnd(repository, now: now, viewer: viewer, age: age)
    }

    /// A repository's `Repository` object up to what depends on the time of the request: left open.
    mutating func repositoryFields(_ repository: Repository) {
        beginObject()
        member("id", repository.githubID)
        key("name")
        string(repository.name)
        key("fullName")
        string(repository.fullName)
        member("description", repository.description)
        key("topics")
        strings(repository.topics)
        key("stars")
        integer(repository.stars)
        member("forks", repository.forks)
        member("openIssues", repository.openIssues)
        member("language", repository.language)
        key("url")
        string(repository.webURL.absoluteString)
        key("owner")
        beginObject()
        key("login")
        string(repository.owner.login)
        key("avatarUrl")
        string(repository.owner.displayAvatarAddress)
        endObject()
        member("license", repository.license?.spdxID ?? repository.license?.name)
        member("pushedAt", date: repository.pushedAt)
        member("createdAt", date: repository.createdAt)
        key("archived")
        bool(repository.archived)
        member("checkedAt", date: repository.checkedAt)
        member("goneAt", date: repository.goneAt)
    }

    /// The rest of a repository's object after ``repositoryFields(_:)``: what depends on the moment (its activity
    /// facts, or `facts` when they were written before), then where it stands with `viewer`.
    mutating func repositoryEnd(
        _ repository: Repository, now: Date, viewer: RepositoryState? = nil, age: CatalogAge? = CatalogAge.current,
        facts: ArraySlice<UInt8>? = nil
    ) {
        if let facts {
            raw(facts)
        } else {
            activityFacts(repository, now: now, age: age)
        }
        if let viewer {
            key("viewer")
            beginObject()
            key("liked")
            bool(viewer.liked)
            key("saved")
            bool(viewer.saved)
            key("skipped")
            bool(viewer.skipped)
            endObject()
        }
        endObject()
    }

    /// A repository's activity facts, members of its object: its age as a person says it, how fresh its counts are and
    /// its health, judged at `now` or as of `age`'s newest day (``ActivityFacts``).
    mutating func activityFacts(_ repository: Repository, now: Date, age: CatalogAge?) {
        let activity = ActivityFacts(repository, now: now, age: age)
        let worded = activity.inCurrentLanguage(repository, now: now)
        member("lastUpdated", worded.lastUpdated)
        member("countsNote", worded.countsNote)
        if let health = activity.health {
            key("health")
            string(health.level.rawValue)
            key("healthSummary")
            string(worded.healthSummary ?? "")
        }
    }

    /// A card's reason as the contract's `Reason`: its kind and values.
    mutating func reason(_ reason: Reason) {
        beginObject()
        key("kind")
        string(reason.kind)
        switch reason {
        case .like(let repository, let action), .similar(let repository, let action):
            member("repository", repository)
            member("action", action.rawValue)
        case .peopleLikeYou: break
        case .language(let name, let source), .topic(let name, let source), .word(let name, let source):
            member("value", name)
            member("source", source.rawValue)
        case .mainArea(let id), .otherArea(let id), .area(let id):
            member("area", id)
        case .trending(let gain, let weekTo):
            member("count", gain)
            member("asOf", weekTo?.description)
        case .openIssues(let count, let asOf), .active(let count, let asOf):
            member("count", count)
            member("asOf", asOf?.description)
        case .popular(let stars, let wellKept):
            member("count", stars)
            key("wellKept")
            bool(wellKept)
        case .stars(let count):
            member("count", count)
        case .sharesTopics(let topics):
            key("topics")
            strings(topics)
        case .sameLanguage(let value), .sameOwner(let value), .saysItReplaces(let value):
            member("value", value)
        case .listedWith(let list, let heading):
            member("list", list)
            key("heading")
            strings(heading)
        case .sameFans, .similarText, .sameJob: break
        }
        endObject()
    }
}
