import Foundation
import Synchronization
import Testing

@testable import Localization

@Suite("Localization: a memo per thread")
struct ThreadMemoTests {
    @Test("a value is made once per thread and key, and a full table starts over")
    func remembers() {
        let memo = ThreadMemo<Int, String>(capacity: 3)
        let made = Mutex(0)
        func value(_ key: Int) -> String {
            memo.value(key) {
                made.withLock { $0 += 1 }
                return "value \(key)"
            }
        }
        #expect(value(1) == "value 1" && value(1) == "value 1" && value(2) == "value 2")
        #expect(made.withLock { $0 } == 2)
        // A third key fills the table; a fourth starts it over, so the first is made again.
        _ = value(3)
        _ = value(4)
        _ = value(4)
        #expect(made.withLock { $0 } == 4)
        #expect(value(1) == "value 1" && made.withLock { $0 } == 5)
    }

    /// How many values were made, counted from any thread.
    final class Made: Sendable {
        let count = Mutex(0)
    }

    @Test("threads keep tables of their own")
    func perThread() {
        let memo = ThreadMemo<String, String>(capacity: 100)
        let made = Made()
        let word: @Sendable (String) -> String = { key in
            memo.value(key) {
                made.count.withLock { $0 += 1 }
                return key.uppercased()
            }
        }
        #expect(word("swift") == "SWIFT")
        let finished = DispatchSemaphore(value: 0)
        for _ in 0..<4 {
            Thread.detachNewThread {
                for _ in 0..<10 { #expect(word("swift") == "SWIFT") }
                finished.signal()
            }
        }
        for _ in 0..<4 { finished.wait() }
        // Once here, once on each other thread, however often each asked.
        #expect(made.count.withLock { $0 } == 5)
        #expect(word("swift") == "SWIFT" && made.count.withLock { $0 } == 5)
    }
}
