import ArgumentParser
import Dashboards
import Foundation
import RepoFinderCore
import Storage

/// `repofinder bench report`: fills a database with synthetic analytics events (if it holds fewer than asked) and
/// times the operator report over them.
struct ReportBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Operator report latency (median, p99) over a database of synthetic analytics events.",
        discussion: "Use a release build and a database of its own: it adds people and events to it.")

    @Option(help: "Events the database should hold (people are added with them).")
    var events = 1_000_000

    @Option(help: "Timed runs of the report (after one warm-up run).")
    var iterations = 10

    @Option(help: "The report's window in days.")
    var days = 30

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
        guard (1...50_000_000).contains(events) else { throw ValidationError("--events must be 1 to 50,000,000.") }
        guard (1...1_000).contains(iterations) else { throw ValidationError("--iterations must be 1 to 1,000.") }
        guard (1...400).contains(days) else { throw ValidationError("--days must be 1 to 400.") }
    }

    func run() async throws {
        let location = try database.location()
        try await database.withStore { store in
            let through = Day(containing: Date())
            let from = through.adding(days: 1 - days)
            let held = try await store.analyticsTallies(from: through.adding(days: -400), through: through)
                .perDay.values.reduce(0) { $0 + $1.values.reduce(0, +) }
            if held < events {
                let started = ContinuousClock.now
                try await Self.fill(store, events: events - held, through: through)
                print("added \(Number.grouped(events - held)) events in \(ContinuousClock.now - started)")
            }
            _ = try await store.analyticsTallies(from: from, through: through)
            var times: [Double] = []
            var report: OperatorReport?
            for _ in 0..<iterations {
                let started = ContinuousClock.now
                let tallies = try await store.analyticsTallies(from: from, through: through)
                report = OperatorReport(tallies: tallies, from: from, through: through)
                times.append((ContinuousClock.now - started).secondsDouble * 1_000)
            }
            times.sort()
            let p99 = times[min(times.count - 1, Int((Double(times.count) * 0.99).rounded(.up)) - 1)]
            print("\(location): \(Number.grouped(events)) events, a \(days)-day report")
            print(
                String(
                    format: "  report: median %.0f ms, p99 %.0f ms, fastest %.0f ms (%d runs)", times[times.count / 2],
                    p99, times[0], times.count))
            if let report {
                print(
                    "  \(Number.grouped(report.people)) people, \(Number.grouped(report.activePersonDays)) person-days, "
                        + "\(Number.grouped(report.swipes)) swipes in the window")
            }
        }
    }

    /// Adds `count` events over the 90 days to `through`, from people who each use RepoFinder on some of them.
    static func fill(_ store: any DataStore, events count: Int, through: Day) async throws {
        var generator = SeededGenerator(seed: UInt64(count))
        let people = max(1, count / 400)
        let names: [(AnalyticsEventName, String?)] = [
            (.swipe, "like"), (.swipe, "skip"), (.swipe, "skip"), (.swipe, "save"), (.screenView, "discover"),
            (.screenView, "home"), (.deckDealt, nil), (.search, "found"), (.search, "none"), (.undo, nil),
            (.open, nil), (.askQuestion, nil), (.compare, nil), (.onboardingStepSeen, "stack"),
        ]
        var added = 0
        var person = 0
        while added < count {
            let user = try await store.createUser(tokenHash: UUID().uuidString, at: Date())
            let first = Int.random(in: 0..<90, using: &generator)
            var batch: [AnalyticsEvent] = []
            let share = min(count - added, count / people + 1)
            for index in 0..<share {
                let day = through.adding(days: -min(89, first + Int.random(in: 0..<30, using: &generator)))
                let (name, label) = names.randomElement(using: &generator)!
                let found = label == "none" ? 0 : 10
                batch.append(
                    AnalyticsEvent(
                        id: "\(person)-\(index)", name: name,
                        at: day.start.addingTimeInterval(Double(index % 86_000)),
                        platform: [.web, .ios, .terminal][index % 3], label: label,
                        value: name == .search ? 12 : nil, count: name == .search ? found : nil,
                        query: name == .search && found == 0 ? "query \(index % 50)" : nil))
                if batch.count == 1_000 {
                    _ = try await store.recordEvents(batch, userID: user.id)
                    batch.removeAll(keepingCapacity: true)
                }
            }
            if !batch.isEmpty { _ = try await store.recordEvents(batch, userID: user.id) }
            added += share
            person += 1
        }
    }
}
