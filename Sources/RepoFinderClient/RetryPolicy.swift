/// How a safe call is tried again: after a dropped connection, a server in trouble (5xx) or a short rate limit, up to
/// ``maximumAttempts`` times in all, waiting ``baseDelay`` × 2ⁿ (with ±25 % jitter) between tries, or what the server's
/// `Retry-After` asks if that is at most ``longestWait``.
public struct RetryPolicy: Sendable {
    /// Tries in all, the first included (1 = never retry).
    public var maximumAttempts: Int
    /// The wait before the second try; it doubles each time.
    public var baseDelay: Duration
    /// The longest wait worth making a person sit through; a longer `Retry-After` fails at once as rate limited.
    public var longestWait: Duration
    /// How to wait (tests pass one that records and returns at once).
    public var sleep: @Sendable (Duration) async throws -> Void

    public init(
        maximumAttempts: Int = 3, baseDelay: Duration = .milliseconds(250), longestWait: Duration = .seconds(5),
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.maximumAttempts = max(1, maximumAttempts)
        self.baseDelay = baseDelay
        self.longestWait = longestWait
        self.sleep = sleep
    }

    /// Never retries.
    public static let none = RetryPolicy(maximumAttempts: 1)

    /// The wait before try `attempt + 1` after `failure`, or nil when it is not worth trying again.
    func delay(after failure: ClientFailure, attempt: Int) -> Duration? {
        guard attempt < maximumAttempts else { return nil }
        switch failure {
        case .noConnection, .serverTrouble:
            return baseDelay * (Double(1 << (attempt - 1)) * Double.random(in: 0.75...1.25))
        case .rateLimited(let seconds):
            let wait = Duration.seconds(seconds)
            return wait <= longestWait ? wait : nil
        case .signedOut, .notFound, .rejected, .quotaExhausted, .forbidden:
            return nil
        }
    }
}
