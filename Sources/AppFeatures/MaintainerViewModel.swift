public import Foundation
import Localization
public import Observation
public import RepoFinderClient
public import RepoFinderCore

/// A maintainer's repositories in RepoFinder, for a person signed in with GitHub: the catalog's repositories they or
/// their organisations own, each with how often it was dealt and liked over 7, 30 or 90 days (``window``); one chosen
/// (``Event/select(_:)``) shows how it fared (``detail``, worded by ``MaintainerFacts``), and its days export as a CSV
/// file to share (``exported``). Someone not signed in with GitHub is told so (``State/signedOut(_:)``): the screen
/// offers signing in, then ``Event/retry``.
@Observable @MainActor
public final class MaintainerViewModel {
    public enum State: Hashable, Sendable {
        case loading
        /// Not signed in with GitHub: the server's words; offer signing in, then ``Event/retry``.
        case signedOut(String)
        /// None of the catalog's repositories is theirs or their organisations' (who they are signed in as still
        /// shows).
        case empty(MaintainedRepositories)
        case loaded(MaintainedRepositories)
        /// What to tell the person; ``Event/retry`` tries again.
        case failed(String)
    }

    /// The chosen repository's dashboard.
    public enum Detail: Hashable, Sendable {
        /// Nothing chosen.
        case unselected
        case loading(RepositoryName)
        case loaded(MaintainerDetail)
        /// Not theirs (the server's words), or it could not be loaded; ``Event/retry`` tries again.
        case failed(RepositoryName, String)
    }

    public enum Event: Hashable, Sendable {
        case appear
        /// Loads the list (and the chosen repository) again.
        case retry
        /// Counts over 7, 30 or 90 days: the list and the chosen repository again.
        case setWindow(MaintainerWindow)
        /// Shows how one of the repositories fared.
        case select(RepositoryName)
        /// Back to the list.
        case deselect
        /// Writes the chosen repository's days as a CSV file (``exported``), to share.
        case exportCSV
    }

    /// The chosen repository's days, written into a file to share or keep.
    public struct ExportedFile: Hashable, Sendable {
        /// The file on the device.
        public var url: URL
        /// `owner-name-30d.csv`.
        public var fileName: String
        /// What the file holds.
        public var csv: String
    }

    public private(set) var state = State.loading
    public private(set) var window: MaintainerWindow
    public private(set) var selected: RepositoryName?
    public private(set) var detail = Detail.unselected
    /// The chosen repository's days, once exported (cleared when the choice or the window changes).
    public private(set) var exported: ExportedFile?
    /// How the last export went.
    public private(set) var notice: String?
    /// The areas' names by id (the typical like rate is its area's), asked once.
    public private(set) var areaNames: [String: String] = [:]

    private let service: any RepoFinderService
    private let exportDirectory: URL
    private let analytics: AnalyticsRecorder
    private var listCalls = 0
    private var detailCalls = 0
    private var askedAreas = false

    /// - Parameter window: the days counted at first.
    /// - Parameter exportDirectory: where a CSV export is written (the temporary folder).
    /// - Parameter analytics: where the screen view goes.
    public init(
        service: any RepoFinderService, window: MaintainerWindow = .standard,
        exportDirectory: URL = FileManager.default.temporaryDirectory, analytics: AnalyticsRecorder = .disabled
    ) {
        self.service = service
        self.window = window
        self.exportDirectory = exportDirectory
        self.analytics = analytics
    }

    /// The list, while loaded (or empty).
    public var repositories: MaintainedRepositories? {
        switch state {
        case .loaded(let list), .empty(let list): list
        case .loading, .signedOut, .failed: nil
        }
    }

    /// The chosen repository's dashboard in words, while loaded.
    public var facts: MaintainerFacts? {
        guard case .loaded(let dashboard) = detail else { return nil }
        return MaintainerFacts(dashboard, areaName: dashboard.cluster.flatMap { areaNames[$0] })
    }

    @discardableResult
    public func send(_ event: Event) -> Task<Void, Never> {
        switch event {
        case .appear:
            analytics.screen(.maintainer)
            if repositories != nil { return Task {} }
            return load()
        case .retry:
            return load()
        case .setWindow(let window):
            guard window != self.window else { return Task {} }
            self.window = window
            exported = nil
            return load()
        case .select(let name):
            selected = name
            exported = nil
            notice = nil
            return loadDetail(name)
        case .deselect:
            detailCalls += 1
            selected = nil
            detail = .unselected
            exported = nil
            notice = nil
            return Task {}
        case .exportCSV:
            return export()
        }
    }

    /// Loads the list, then the chosen repository (answers to an older window are dropped).
    private func load() -> Task<Void, Never> {
        listCalls += 1
        let (call, window) = (listCalls, window)
        if repositories == nil { state = .loading }
        return Task {
            do throws(ClientFailure) {
                let list = try await service.maintainedRepositories(window: window)
                guard call == listCalls else { return }
                state = list.repositories.isEmpty ? .empty(list) : .loaded(list)
            } catch {
                guard call == listCalls else { return }
                state = error.needsGitHubSignIn ? .signedOut(error.message) : .failed(error.message)
                return
            }
            if let selected { await loadDetail(selected).value }
        }
    }

    private func loadDetail(_ name: RepositoryName) -> Task<Void, Never> {
        detailCalls += 1
        let (call, window) = (detailCalls, window)
        detail = .loading(name)
        return Task {
            await loadAreaNames()
            do throws(ClientFailure) {
                let dashboard = try await service.maintainerDashboard(name, window: window)
                guard call == detailCalls else { return }
                detail = .loaded(dashboard)
            } catch {
                guard call == detailCalls else { return }
                if error.needsGitHubSignIn {
                    detail = .unselected
                    state = .signedOut(error.message)
                } else {
                    detail = .failed(name, error.message)
                }
            }
        }
    }

    /// The areas' names, asked once; without them an area shows by its id.
    private func loadAreaNames() async {
        guard !askedAreas else { return }
        askedAreas = true
        let clusters = (try? await service.clusters()) ?? []
        areaNames = Dictionary(clusters.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
    }

    private func export() -> Task<Void, Never> {
        guard let name = selected else { return Task {} }
        let window = window
        notice = nil
        return Task {
            let words = Words(Language.device)
            let fileName = MaintainerDetail.csvFileName(name, window: window)
            do throws(ClientFailure) {
                let csv = try await service.maintainerDashboardCSV(name, window: window)
                let url = exportDirectory.appendingPathComponent(fileName)
                do {
                    try Data(csv.utf8).write(to: url, options: .atomic)
                } catch {
                    notice = words.text("maintainer.csv.failed", "\(error)")
                    return
                }
                guard selected == name, self.window == window else { return }
                exported = ExportedFile(url: url, fileName: fileName, csv: csv)
                notice = words.text("maintainer.csv.saved", fileName)
            } catch {
                notice = words.text("maintainer.csv.failed", error.message)
            }
        }
    }
}

/// A maintainer's figures in words, in the person's language and locale, so the screens only lay them out: the list's
/// rows, and one repository's totals, like rate beside its area's typical one, days, reasons, places, likers (a group
/// of fewer than 5 people says so, never a number), stars and trending ranks.
public struct MaintainerFacts: Hashable, Sendable {
    /// A figure and what it counts ("Times dealt", "1,234").
    public struct Line: Identifiable, Hashable, Sendable {
        public var label: String
        public var value: String
        public var id: String { label }
    }

    /// One day of the chart: its place (0 is the oldest), the times dealt and likes, and what VoiceOver reads.
    public struct DayPoint: Identifiable, Hashable, Sendable {
        public var id: Int
        public var dealt: Int
        public var likes: Int
        public var spoken: String
    }

    /// A group of the likers' buckets ("Tech stack": Swift 12, Rust fewer than 5).
    public struct LikerGroup: Identifiable, Hashable, Sendable {
        public var title: String
        /// Each bucket's value and its count (or "fewer than 5"); empty: nobody told (``empty``).
        public var lines: [Line]
        /// Said when the group has no bucket.
        public var empty: String
        public var id: String { title }
    }

    /// "Aug 1, 2026 to Aug 30, 2026".
    public var range: String
    public var totals: [Line]
    /// Its like rate beside its area's typical repository's, a sentence or two.
    public var likeRate: [String]
    public var days: [DayPoint]
    /// Most first; a sentence when there is none.
    public var reasons: [Line]
    public var noReasons: String?
    public var sources: [Line]
    /// "12 people liked it in these days." or that fewer than 5 did.
    public var likers: String
    public var likerGroups: [LikerGroup]
    /// The star history's points, oldest first (fewer than 2: ``noStars`` says so).
    public var stars: [StarHistoryPoint]
    /// "1,200 → 1,234 stars from … to …", when there are at least 2 days.
    public var starsCaption: String?
    public var noStars: String?
    /// "#12 today", "Not in this week's top 100".
    public var trending: [String]

    public init(_ detail: MaintainerDetail, areaName: String? = nil, locale: Locale? = nil) {
        let words = Words(Language.device)
        let locale = locale ?? Locale(identifier: words.language.localeIdentifier)
        let percent = { (rate: Double) in Self.percent(rate, locale: locale) }
        range = words.text("maintainer.range", detail.from.spoken(words), detail.through.spoken(words))
        totals = Self.totals(detail.totals, words: words, locale: locale)
        likeRate = Self.likeRate(detail, areaName: areaName, words: words, percent: percent)
        days = detail.days.enumerated().map { offset, day in
            DayPoint(
                id: offset, dealt: day.counts.dealt, likes: day.counts.likes,
                spoken: words.text("maintainer.days.point", day.day.spoken(words), day.counts.dealt, day.counts.likes))
        }
        reasons = detail.reasons.map { reason in
            Line(
                label: words.has("maintainer.reason.\(reason.name)")
                    ? words.text("maintainer.reason.\(reason.name)") : reason.name,
                value: words.number(reason.count))
        }
        noReasons = detail.reasons.isEmpty ? words.text("maintainer.reasons.none") : nil
        sources = detail.sources.map { source in
            Line(
                label: words.has("maintainer.source.\(source.name)")
                    ? words.text("maintainer.source.\(source.name)") : source.name,
                value: words.number(source.count))
        }
        likers =
            detail.likers.fewerThanFive || detail.likers.people == nil
            ? words.text("maintainer.likers.few") : words.text("maintainer.likers.people", detail.likers.people ?? 0)
        let bucket = { (bucket: MaintainerDetail.LikerBucket, name: String) in
            Line(
                label: name,
                value: bucket.fewerThanFive || bucket.count == nil
                    ? words.text("maintainer.likers.fewer-than-five") : words.number(bucket.count ?? 0))
        }
        let none = words.text("maintainer.likers.none")
        likerGroups = [
            LikerGroup(
                title: words.text("profile.prefs.tech-stack"),
                lines: detail.likers.languages.map { bucket($0, $0.value) }, empty: none),
            LikerGroup(
                title: words.text("profile.prefs.interests"),
                lines: detail.likers.interests.map { bucket($0, $0.value) }, empty: none),
            LikerGroup(
                title: words.text("profile.prefs.experience"),
                lines: detail.likers.experienceLevels.map { level in
                    let known = words.has("profile.level.\(level.value)")
                    return bucket(level, known ? words.text("profile.level.\(level.value)") : level.value)
                }, empty: none),
        ]
        stars = StarHistoryPoint.points(detail.stars)
        if let first = detail.stars.first, let last = detail.stars.last, detail.stars.count >= 2 {
            starsCaption = words.text(
                "page.chart.caption", words.number(first.stars), last.stars, first.day.spoken(words),
                last.day.spoken(words))
            noStars = nil
        } else {
            starsCaption = nil
            noStars = words.text("maintainer.stars.none")
        }
        trending = detail.trending.map { rank in
            if let place = rank.rank { return words.text("maintainer.trending.\(rank.window.rawValue)", place) }
            return words.text("maintainer.trending.\(rank.window.rawValue)-out")
        }
    }

    /// A row of the list: how often it was dealt and liked, and its like rate.
    public static func row(_ summary: MaintainerSummary, locale: Locale? = nil) -> [Line] {
        let words = Words(Language.device)
        let locale = locale ?? Locale(identifier: words.language.localeIdentifier)
        return [
            Line(label: words.text("maintainer.total.dealt"), value: words.number(summary.counts.dealt)),
            Line(label: words.text("maintainer.total.likes"), value: words.number(summary.counts.likes)),
            Line(
                label: words.text("maintainer.total.like-rate"),
                value: summary.counts.likeRate.map { percent($0, locale: locale) }
                    ?? words.text("maintainer.rate.no-swipes")),
        ]
    }

    /// Who the list is for: "Signed in with GitHub as octocat. Your organisations: apple, swiftlang."
    public static func who(_ list: MaintainedRepositories) -> String {
        let words = Words(Language.device)
        let login = words.text("maintainer.who.login", list.login)
        guard !list.organisations.isEmpty else { return login }
        return login + " " + words.text("maintainer.who.organisations", words.list(list.organisations))
    }

    /// What an empty list says: only the catalog's repositories are listed.
    public static var emptyList: String { Words(Language.device).text("maintainer.repos.empty") }

    /// A window's name: "7 days", "30 days", "90 days".
    public static func title(_ window: MaintainerWindow) -> String {
        let words = Words(Language.device)
        return switch window {
        case .week: words.text("page.maintainer.window.days-7")
        case .month: words.text("page.maintainer.window.days-30")
        case .quarter: words.text("page.maintainer.window.days-90")
        }
    }

    private static func percent(_ rate: Double, locale: Locale) -> String {
        rate.formatted(.percent.precision(.fractionLength(0...1)).locale(locale))
    }

    private static func totals(_ counts: DiscoveryCounts, words: Words, locale: Locale) -> [Line] {
        [
            Line(label: words.text("maintainer.total.dealt"), value: words.number(counts.dealt)),
            Line(label: words.text("maintainer.total.likes"), value: words.number(counts.likes)),
            Line(label: words.text("maintainer.total.saves"), value: words.number(counts.saves)),
            Line(label: words.text("maintainer.total.skips"), value: words.number(counts.skips)),
            Line(label: words.text("maintainer.total.opens"), value: words.number(counts.opens)),
            Line(
                label: words.text("maintainer.total.like-rate"),
                value: counts.likeRate.map { percent($0, locale: locale) } ?? words.text("maintainer.rate.no-swipes")),
        ]
    }

    private static func likeRate(
        _ detail: MaintainerDetail, areaName: String?, words: Words, percent: (Double) -> String
    ) -> [String] {
        guard let own = detail.totals.likeRate else { return [words.text("maintainer.rate.none")] }
        let area = areaName ?? detail.cluster
        guard let typical = detail.clusterLikeRate else {
            return [
                words.text("maintainer.rate.own", percent(own)),
                area.map { words.text("maintainer.rate.no-typical", $0) } ?? words.text("maintainer.rate.no-area"),
            ]
        }
        return [
            words.text("maintainer.rate.versus", percent(own), percent(typical), area ?? ""),
            words.text("maintainer.rate.basis", detail.clusterRepositories),
        ]
    }
}
