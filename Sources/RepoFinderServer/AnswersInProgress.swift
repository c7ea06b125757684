import HTTPTypes
import Synchronization

/// The Ask answers each account has under way (streamed or whole), so one account cannot take every turn at the
/// writing model: at most ``perAccount`` at once; one more is refused with 429 `ask_busy` before it is counted or
/// stored.
final class AnswersInProgress: Sendable {
    /// Answers one account may have under way at once.
    static let perAccount = 2
    private let counts = Mutex<[String: Int]>([:])

    /// Starts an answer for `userID`, or throws ``APIError/askBusy`` when the account already has ``perAccount``
    /// under way. The slot is free again when the returned ``AnswerSlot`` ends or is released.
    func begin(userID: String) throws(APIError) -> AnswerSlot {
        let started = counts.withLock { counts in
            let count = counts[userID, default: 0]
            guard count < Self.perAccount else { return false }
            counts[userID] = count + 1
            return true
        }
        guard started else { throw APIError.askBusy(limit: Self.perAccount) }
        return AnswerSlot(userID: userID, answers: self)
    }

    fileprivate func end(userID: String) {
        counts.withLock { counts in
            let left = counts[userID, default: 1] - 1
            counts[userID] = left > 0 ? left : nil
        }
    }
}

/// One answer under way; ends once, by ``end()`` or when it is released (a response dropped before its body ran).
final class AnswerSlot: Sendable {
    private let userID: String
    private let answers: AnswersInProgress
    private let ended = Mutex(false)

    fileprivate init(userID: String, answers: AnswersInProgress) {
        self.userID = userID
        self.answers = answers
    }

    /// Frees the slot (once; later calls do nothing).
    func end() {
        let first = ended.withLock { ended in
            defer { ended = true }
            return !ended
        }
        if first { answers.end(userID: userID) }
    }

    deinit { end() }
}

extension APIError {
    /// 429 `ask_busy`: the account already has `limit` answers under way; retry in a second.
    static func askBusy(limit: Int) -> APIError {
        APIError(
            .tooManyRequests, code: "ask_busy",
            message: text("error.ask.busy", limit),
            retryAfter: 1)
    }
}
