import Foundation

/// Web sign-in states that were used once, so that a second callback with one is refused before GitHub is asked.
/// Each is remembered until it would have expired anyway (then its lifetime refuses it); forgotten ones are swept at
/// most once a minute.
struct SpentStates {
    /// The key of each spent state (its PKCE verifier: random, one per state) and when it expires.
    private var expiries: [String: Date] = [:]
    private var nextSweep = Date.distantPast

    /// Marks the state `key` used; false when it was used before.
    mutating func spend(_ key: String, until expiry: Date, now: Date = Date()) -> Bool {
        if now >= nextSweep {
            expiries = expiries.filter { $0.value > now }
            nextSweep = now + 60
        }
        guard expiries[key] == nil else { return false }
        expiries[key] = expiry
        return true
    }

    /// How many spent states are remembered.
    var count: Int { expiries.count }
}
