import Foundation
import RepoFinderCore

/// What can be said of a repository before knowing the person: how popular, how fresh, how well kept, how open to
/// contributions, how much it is trending. Each is 0…1.
struct Priors {
    var popularity: [Float] = []
    var freshness: [Float] = []
    var wellKept: [Float] = []
    var activity: [Float] = []
    var trend: [Float] = []
    var trendGain: [Int32] = []
    /// How alive a repository looks, 0.55…1 (``vitality(stars:daysSincePush:)``): what a dealt card's whole score is
    /// scaled by for a person who told us what they work with.
    var vitality: [Float] = []
    /// ``RepositoryHealth`` at the reference moment (nil where unknown): the one rule the reasons word.
    var health: [RepositoryHealth?] = []

    init(_ repositories: [Repository], weeklyGains: [String: Int], now: Date?) {
        let reference = now ?? repositories.compactMap(\.pushedAt).max() ?? Date(timeIntervalSince1970: 0)
        let topStars = log1p(Float(repositories.map(\.stars).max() ?? 1))
        let topGain = log1p(Float(max(1, weeklyGains.values.max() ?? 1)))
        for repository in repositories {
            popularity.append(topStars > 0 ? log1p(Float(max(0, repository.stars))) / topStars : 0)
            let days = repository.pushedAt.map { max(0, reference.timeIntervalSince($0) / 86_400) }
            let fresh: Float = days.map { Float(exp(-$0 / 120)) } ?? 0.2
            freshness.append(fresh)
            var kept: Float = 0
            if repository.license != nil { kept += 0.3 }
            if let description = repository.description, !description.isEmpty { kept += 0.2 }
            if let days, days <= 365 { kept += 0.5 }
            wellKept.append(repository.archived ? 0 : kept)
            let openIssues = repository.openIssues ?? 0
            let issues: Float = openIssues > 0 ? min(1, log1p(Float(openIssues)) / log1p(200)) : 0
            activity.append(0.5 * issues + 0.5 * fresh)
            health.append(repository.health(now: reference))
            vitality.append(Self.vitality(stars: repository.stars, daysSincePush: days))
            let gain = max(0, weeklyGains[repository.id] ?? 0)
            trendGain.append(Int32(clamping: gain))
            trend.append(gain > 0 ? log1p(Float(gain)) / topGain : 0)
        }
    }

    /// How alive a repository looks, 0.55…1: 1 when pushed within a year or known widely (5,000 stars or more);
    /// otherwise the larger of how recently it was pushed (1 at a year, 0.6 from three years; 0.55 when the push date
    /// is unknown, as for most of the starter catalog's small repositories) and how widely it is known (0.55 at 300
    /// stars or fewer, rising with the logarithm to 1 at 5,000). Small projects nobody has pushed to for years, or
    /// whose activity nobody recorded, were the newcomers' misfits: mirrors, sidecars, abandoned demos and courses.
    static func vitality(stars: Int, daysSincePush days: Double?) -> Float {
        if let days, days <= 365 { return 1 }
        let pushed: Float = days.map { Float(max(0.6, 1 - 0.2 * ($0 - 365) / 365)) } ?? 0.55
        let known = (log10(Float(max(1, stars))) - log10(300)) / (log10(5_000) - log10(300))
        return max(pushed, 0.55 + 0.45 * min(1, max(0, known)))
    }

    /// The order repositories are offered in when nothing personal is known.
    func general(_ item: Int) -> Float {
        0.6 * popularity[item] + 0.4 * freshness[item] + 0.3 * trend[item]
    }
}
