public import Foundation

/// A star gain far above a repository's own usual daily gains: what bought stars, a bot campaign or a one-off
/// mention look like in daily snapshots. Trending leaves such repositories out by default and shows them, marked,
/// on request.
public struct StarBurst: Hashable, Sendable {
    /// What the usual daily gain was measured from.
    public enum Basis: Hashable, Sendable {
        /// The median daily gain over this many days before the window.
        case history(days: Int)
        /// The lifetime average (stars over age), for a repository without enough history.
        case lifetime
    }

    /// The day of the largest one-day gain in the window.
    public var day: Day
    /// Stars gained that day.
    public var gain: Int
    /// The repository's usual gain per day.
    public var usualDailyGain: Double
    /// Where ``usualDailyGain`` comes from.
    public var basis: Basis
    /// How many times the usual gain ``gain`` is.
    public var factor: Double { gain > 0 ? Double(gain) / max(usualDailyGain, 1) : 0 }

    public init(day: Day, gain: Int, usualDailyGain: Double, basis: Basis) {
        self.day = day
        self.gain = gain
        self.usualDailyGain = usualDailyGain
        self.basis = basis
    }

    /// "+1,234 stars on 12 Aug 2026, 41× its usual 30 a day" ("its usual under 1 a day" below one).
    public var note: String {
        let usual =
            usualDailyGain < 1
            ? "under 1"
            : usualDailyGain < 10 ? String(format: "%.1f", usualDailyGain) : Number.grouped(Int(usualDailyGain))
        return "+\(Number.grouped(gain)) stars on \(day.spoken), \(Int(factor.rounded()))× its usual \(usual) a day"
    }
}

/// The one rule that flags a burst (see ``assess(history:window:stars:createdAt:)``).
public enum StarBurstRule {
    /// Days before the window whose gains make the repository's usual daily gain.
    public static let baselineDays = 28
    /// Fewer known baseline days than this, and the usual gain is the lifetime average instead.
    public static let minimumBaselineDays = 7
    /// A day gaining fewer stars than this is never a burst, whatever the factor.
    public static let minimumGain = 50
    /// A burst is a day at least this many times the usual daily gain…
    public static let factor = 10.0
    /// …or this many times for a young (``youngDays``) or small (``smallStars``) repository, where a bought gain
    /// shows most and matters most.
    public static let youngOrSmallFactor = 5.0
    /// Created within this many days before the window's end: young.
    public static let youngDays = 180
    /// Fewer stars than this before the burst: small.
    public static let smallStars = 1_000

    /// Flags the largest one-day gain inside `window` (the days after its lower bound up to its upper bound, as in a
    /// trending window) when it is at least ``minimumGain`` stars and at least ``factor`` (or
    /// ``youngOrSmallFactor``) times the usual daily gain.
    ///
    /// The usual daily gain is the median of the daily gains over the ``baselineDays`` days before the window (at
    /// least ``minimumBaselineDays`` of them known); without that much history it is the lifetime average (`stars`
    /// over the days since `createdAt`); with neither nothing is flagged. Daily gains come from consecutive snapshots
    /// in `history`; a gap of several days spreads its gain evenly over them, and losses count as no gain.
    /// - Parameters:
    ///   - history: the repository's snapshots, any order; other repositories' snapshots must not be mixed in.
    ///   - window: first and last day of the trending window (its gain is `stars(last) − stars(first)`).
    ///   - stars: the repository's current stars, for the lifetime average and the small-repository test.
    ///   - createdAt: when the repository was created, where known.
    public static func assess(
        history: [StarSnapshot], window: ClosedRange<Day>, stars: Int, createdAt: Date?
    ) -> StarBurst? {
        let gains = dailyGains(history)
        let inWindow = gains.filter { $0.day > window.lowerBound && $0.day <= window.upperBound }
        guard let peak = inWindow.max(by: { $0.gain < $1.gain || ($0.gain == $1.gain && $0.day > $1.day) }),
            peak.gain >= minimumGain
        else { return nil }
        let baselineStart = window.lowerBound.adding(days: -baselineDays)
        let baseline = gains.filter { $0.day > baselineStart && $0.day <= window.lowerBound }.map(\.gain)
        let usual: Double
        let basis: StarBurst.Basis
        if baseline.count >= minimumBaselineDays {
            usual = median(baseline.map { Double(max(0, $0)) })
            basis = .history(days: baseline.count)
        } else if let createdAt {
            let age = max(1, window.upperBound.daysSinceEpoch - Day(containing: createdAt).daysSinceEpoch)
            usual = Double(max(0, stars)) / Double(age)
            basis = .lifetime
        } else {
            return nil
        }
        let before = (history.filter { $0.day < peak.day }.max { $0.day < $1.day }?.stars) ?? stars
        let young =
            createdAt.map {
                window.upperBound.daysSinceEpoch - Day(containing: $0).daysSinceEpoch <= youngDays
            } ?? false
        let threshold = (young || before < smallStars ? youngOrSmallFactor : factor) * max(usual, 1)
        guard Double(peak.gain) >= threshold else { return nil }
        return StarBurst(day: peak.day, gain: peak.gain, usualDailyGain: usual, basis: basis)
    }

    /// One gain per day between the first and last snapshot, in day order (a gap's gain spread evenly over its days,
    /// rounded so the days add up to the gap's gain).
    public static func dailyGains(_ history: [StarSnapshot]) -> [(day: Day, gain: Int)] {
        let sorted = history.sorted { $0.day < $1.day }
        var gains: [(day: Day, gain: Int)] = []
        for (previous, next) in zip(sorted, sorted.dropFirst()) {
            let days = next.day.daysSinceEpoch - previous.day.daysSinceEpoch
            guard days > 0 else { continue }
            let total = next.stars - previous.stars
            for offset in 1...days {
                // Cumulative rounding: each day gets its share, and the shares sum to the total exactly.
                let share = total * offset / days - total * (offset - 1) / days
                gains.append((previous.day.adding(days: offset), share))
            }
        }
        return gains
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
