import Foundation
import Synchronization

/// The question reader's one load per process: started on first use on a thread of its own (loading takes about a
/// second and would otherwise hold one of Swift concurrency's few threads, and every thread waiting with it); those
/// who need it wait suspended; the outcome is kept.
final class QuestionLoad: Sendable {
    private enum State {
        case idle
        case loading([CheckedContinuation<Void, Never>])
        case done(Result<QuestionEncoder, SentenceModelError>)
    }

    private let state = Mutex(State.idle)

    /// The reader if it has been loaded; else nil, having started the load if none was under way.
    func loaded() -> QuestionEncoder? {
        let (outcome, start) = state.withLock { state -> (Result<QuestionEncoder, SentenceModelError>?, Bool) in
            switch state {
            case .done(let outcome): return (outcome, false)
            case .loading: return (nil, false)
            case .idle:
                state = .loading([])
                return (nil, true)
            }
        }
        if start { begin() }
        return try? outcome?.get()
    }

    /// Why there is no reader, once the load has failed.
    func problem() -> String? {
        state.withLock { state in
            if case .done(.failure(let error)) = state { return error.description }
            return nil
        }
    }

    /// The reader, waiting for the load (starting it if need be).
    func wait() async -> QuestionEncoder? {
        if let ready = loaded() { return ready }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let finished = state.withLock { state -> Bool in
                guard case .loading(let waiting) = state else { return true }
                state = .loading(waiting + [continuation])
                return false
            }
            if finished { continuation.resume() }
        }
        return loaded()
    }

    private func begin() {
        let thread = Thread { [self] in
            let outcome = Result { () throws(SentenceModelError) -> QuestionEncoder in
                guard let table = SemanticModel.shared else {
                    throw .malformed("there are no token vectors to read questions against")
                }
                return try QuestionEncoder.installed(dimensions: table.dimensions)
            }
            let waiting = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                defer { state = .done(outcome) }
                if case .loading(let waiting) = state { return waiting }
                return []
            }
            for continuation in waiting { continuation.resume() }
        }
        thread.name = "question reader load"
        thread.start()
    }
}
