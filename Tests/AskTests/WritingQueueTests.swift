import Ask
import AskLive
import Foundation
import Synchronization
import TestSupport
import Testing

/// Issue 42, finding 5: a writing model takes only so many answers at once; the others wait their turn in line, told
/// their place, and give up (in plain words) after the model's timeout.
@Suite("Ask's writing model: answers wait their turn in line")
struct WritingQueueTests {
    /// Places told to one waiting answer, in order.
    final class Places: Sendable {
        private let told = Mutex<[Int]>([])
        func add(_ place: Int) { told.withLock { $0.append(place) } }
        var all: [Int] { told.withLock { $0 } }
    }

    /// Waits until `condition` holds (a few seconds at most).
    func eventually(_ condition: () -> Bool) async throws {
        for _ in 0..<500 where !condition() { try await Task.sleep(for: .milliseconds(10)) }
    }

    @Test("first come, first served: the rest are told their place as it changes, and move up when a turn ends")
    func firstComeFirstServed() async throws {
        let queue = WritingQueue(capacity: 1, patience: .seconds(30))
        let first = try await queue.turn { _ in Issue.record("the first does not wait") }
        let (second, third) = (Places(), Places())
        let secondTurn = Task { try await queue.turn { second.add($0) } }
        try await eventually { second.all == [1] }
        let thirdTurn = Task { try await queue.turn { third.add($0) } }
        try await eventually { third.all == [2] }
        #expect(queue.load == (1, 2))
        first.end()
        let turn = try await secondTurn.value
        try await eventually { third.all == [2, 1] }
        #expect(queue.load == (1, 1))
        turn.end()
        try await thirdTurn.value.end()
        #expect(queue.load == (0, 0))
        #expect(second.all == [1])
    }

    @Test("an answer that waits past its patience gives up in plain words; one whose reader leaves gives up too")
    func patienceAndCancellation() async throws {
        let queue = WritingQueue(capacity: 1, patience: .milliseconds(300))
        let held = try await queue.turn { _ in }
        await #expect(throws: AnswerWriterFailure("was busy with other answers for 0.3 s")) {
            _ = try await queue.turn { _ in }
        }
        let patient = WritingQueue(capacity: 1, patience: .seconds(30))
        let busy = try await patient.turn { _ in }
        let (leaving, behind) = (Places(), Places())
        let leaver = Task { try await patient.turn { leaving.add($0) } }
        try await eventually { leaving.all == [1] }
        let stayer = Task { try await patient.turn { behind.add($0) } }
        try await eventually { behind.all == [2] }
        leaver.cancel()
        await #expect(throws: CancellationError.self) { _ = try await leaver.value }
        try await eventually { behind.all == [2, 1] }
        busy.end()
        try await stayer.value.end()
        held.end()
        #expect(patient.load == (0, 0))
    }

    @Test("a writer of two connections: four answers at once, two wait (told so), all four in the model's words")
    func writerQueues() async throws {
        // About 35 pieces 300 ms apart: two answers hold both connections for ten seconds, so the other two wait
        // even when a busy machine starts them seconds late (at 50 ms apart, 1.75 s was too short a window).
        let standIn = try ModelStandIn(delay: 0.3)
        defer { standIn.stop() }
        let writer = ChatCompletionsWriter(
            AskModelConfiguration(
                baseURL: standIn.baseURL, model: "standin", key: standIn.key, timeout: .seconds(30), connections: 2))
        #expect(writer.queue?.capacity == 2)
        let results = try await withThrowingTaskGroup(of: ([AskEvent], Answer).self) { group in
            for _ in 0..<4 {
                group.addTask { try await AnswerWriterTests().answer(writer, shutDown: false) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        try await writer.shutdown()
        let queued = results.filter { events, _ in events.contains { if case .queued = $0 { true } else { false } } }
        #expect(queued.count == 2)
        for (_, answer) in results {
            #expect(answer.notice == nil)
            #expect(answer.text.hasPrefix("The best fit is "))
        }
    }
}
