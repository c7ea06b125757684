public import RepoFinderCore
public import Storage

/// How the product does, for whoever runs a RepoFinder server: computed from the events people's devices sent
/// (``AnalyticsTallies``), over a window of days. Every rate comes with the counts it divides, so a reader (or a
/// test) can check it.
public struct OperatorReport: Codable, Hashable, Sendable {
    /// A number on a day (a chart's point).
    public struct DayValue: Codable, Hashable, Sendable {
        public var day: String
        public var value: Int
    }

    /// A share: `count` of `of`, and the rate (nil when `of` is 0).
    public struct Share: Codable, Hashable, Sendable {
        public var count: Int
        public var of: Int
        public var rate: Double?

        public init(_ count: Int, of total: Int) {
            self.count = count
            self.of = total
            self.rate = total > 0 ? Double(count) / Double(total) : nil
        }
    }

    /// One onboarding step: people who saw it, finished it, skipped it, and left onboarding there.
    public struct Step: Codable, Hashable, Sendable {
        public var step: String
        public var seen: Int
        public var finished: Int
        public var skipped: Int
        /// People whose furthest step was this one and who never finished onboarding.
        public var droppedOff: Int
    }

    /// The people first seen in one week (starting on its Monday), and how many came back 1, 7 and 30 days after
    /// their first day. A day not reached yet by the window's end is left out of its share's `of`.
    public struct Cohort: Codable, Hashable, Sendable {
        public var week: String
        public var people: Int
        public var day1: Share
        public var day7: Share
        public var day30: Share
    }

    /// A search that found nothing, and how often it was typed.
    public struct Query: Codable, Hashable, Sendable {
        public var query: String
        public var count: Int
    }

    public var from: String
    public var through: String
    /// People who sent any event in the window.
    public var people: Int
    /// Daily active people, each day of the window.
    public var dailyActive: [DayValue]
    /// Active person-days (the sum of ``dailyActive``).
    public var activePersonDays: Int
    public var swipes: Int
    /// Swipes per active person per day (swipes ÷ active person-days).
    public var swipesPerPersonDay: Double?
    public var swipesPerDay: [DayValue]
    public var likeRate: Share
    public var saveRate: Share
    public var undos: Int
    public var opens: Int
    /// People who finished onboarding, of those who saw its first step.
    public var onboardingCompletion: Share
    public var onboardingSteps: [Step]
    public var retention: [Cohort]
    public var searches: Int
    public var zeroResultRate: Share
    public var topZeroResultQueries: [Query]
    /// People who finished a GitHub star import, of those who started one.
    public var importConversion: Share
    /// People who finished signing in with GitHub, of those who started.
    public var signInConversion: Share
    public var askQuestions: Int
    public var askPeople: Int
    public var askQuotaHits: Int
    /// People whose deck ran out, of those dealt a batch.
    public var deckExhaustion: Share
    public var deckBatches: Int
    public var compares: Int
    /// Screen views by screen, most viewed first.
    public var screenViews: [Query]

    /// How many zero-result queries the report lists.
    public static let topQueries = 10
    /// How many screens (by views) the report lists: the apps have about twenty.
    public static let topScreens = 40
}

extension OperatorReport {
    /// The report over `from` through `through`, from the store's tallies.
    public init(tallies: AnalyticsTallies, from: Day, through: Day) {
        typealias Key = AnalyticsTallies.Key
        /// The people who sent an event of `name` (with `label`; any label when nil).
        func people(_ name: AnalyticsEventName, _ label: String? = nil) -> Set<String> {
            tallies.perPerson.filter { $0.key.name == name.rawValue && (label == nil || $0.key.label == label) }
                .reduce(into: Set<String>()) { $0.formUnion($1.value.keys) }
        }
        func total(_ name: AnalyticsEventName, _ label: String? = nil) -> Int {
            tallies.perPerson.filter { $0.key.name == name.rawValue && (label == nil || $0.key.label == label) }
                .reduce(0) { $0 + $1.value.values.reduce(0, +) }
        }
        let days = (0...max(0, through.daysSinceEpoch - from.daysSinceEpoch)).map { from.adding(days: $0) }
        self.from = from.description
        self.through = through.description
        self.people = tallies.activeDays.count
        var active: [Day: Int] = [:]
        for (_, personDays) in tallies.activeDays { for day in personDays { active[day, default: 0] += 1 } }
        self.dailyActive = days.map { DayValue(day: $0.description, value: active[$0] ?? 0) }
        self.activePersonDays = active.values.reduce(0, +)
        let (likes, saves, skips) = (total(.swipe, "like"), total(.swipe, "save"), total(.swipe, "skip"))
        self.swipes = likes + saves + skips
        self.swipesPerPersonDay = activePersonDays > 0 ? Double(swipes) / Double(activePersonDays) : nil
        self.swipesPerDay = days.map { day in
            DayValue(
                day: day.description,
                value: (tallies.perDay[day] ?? [:]).filter { $0.key.name == AnalyticsEventName.swipe.rawValue }
                    .values.reduce(0, +))
        }
        self.likeRate = Share(likes, of: swipes)
        self.saveRate = Share(saves, of: swipes)
        self.undos = total(.undo)
        self.opens = total(.open)
        let steps = OnboardingStep.allCases.map(\.analyticsName)
        let finishedOnboarding = people(.onboardingFinished)
        let startedOnboarding = people(.onboardingStepSeen, steps[0])
        self.onboardingCompletion = Share(
            startedOnboarding.intersection(finishedOnboarding).count, of: startedOnboarding.count)
        let seen = steps.map { people(.onboardingStepSeen, $0) }
        self.onboardingSteps = steps.indices.map { index in
            let later = seen[(index + 1)...].reduce(into: Set<String>()) { $0.formUnion($1) }
            return Step(
                step: steps[index], seen: seen[index].count,
                finished: people(.onboardingStepFinished, steps[index]).count,
                skipped: people(.onboardingStepSkipped, steps[index]).count,
                droppedOff: seen[index].subtracting(later).subtracting(finishedOnboarding).count)
        }
        self.retention = Self.cohorts(tallies, from: from, through: through)
        self.searches = total(.search)
        self.zeroResultRate = Share(total(.search, AnalyticsEvent.noResults), of: searches)
        self.topZeroResultQueries = tallies.zeroResultQueries
            .sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .prefix(Self.topQueries).map { Query(query: $0.key, count: $0.value) }
        self.importConversion = Self.conversion(people(.importStarted), people(.importFinished))
        self.signInConversion = Self.conversion(people(.signInStarted), people(.signInFinished))
        self.askQuestions = total(.askQuestion)
        self.askPeople = people(.askQuestion).count
        self.askQuotaHits = total(.askQuota)
        let dealt = people(.deckDealt)
        self.deckExhaustion = Share(dealt.intersection(people(.deckEmptied)).count, of: dealt.count)
        self.deckBatches = total(.deckDealt)
        self.compares = total(.compare)
        var screens: [String: Int] = [:]
        for (key, counts) in tallies.perPerson where key.name == AnalyticsEventName.screenView.rawValue {
            screens[key.label, default: 0] += counts.values.reduce(0, +)
        }
        // The most viewed only: labels come from clients, and a hostile one would otherwise grow the report.
        self.screenViews = screens.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .prefix(Self.topScreens).map { Query(query: $0.key, count: $0.value) }
    }

    /// Of the people who started, those who finished.
    private static func conversion(_ started: Set<String>, _ finished: Set<String>) -> Share {
        Share(started.intersection(finished).count, of: started.count)
    }

    /// Weekly cohorts of the people first seen in the window, and their day-1, -7 and -30 returns.
    private static func cohorts(_ tallies: AnalyticsTallies, from: Day, through: Day) -> [Cohort] {
        var weeks: [Day: [String]] = [:]
        for (person, first) in tallies.firstDays where first >= from && first <= through {
            weeks[first.monday, default: []].append(person)
        }
        return weeks.keys.sorted().map { week in
            let members = weeks[week]!
            func share(_ after: Int) -> Share {
                var returned = 0
                var reached = 0
                for person in members {
                    let target = tallies.firstDays[person]!.adding(days: after)
                    guard target <= through else { continue }
                    reached += 1
                    if tallies.activeDays[person]?.contains(target) == true { returned += 1 }
                }
                return Share(returned, of: reached)
            }
            return Cohort(
                week: week.description, people: members.count, day1: share(1), day7: share(7), day30: share(30))
        }
    }
}

extension Day {
    /// The Monday of the day's week (ISO weeks start on Monday; 1 Jan 1970 was a Thursday).
    public var monday: Day { adding(days: -((daysSinceEpoch + 3) % 7 + 7) % 7) }
}
