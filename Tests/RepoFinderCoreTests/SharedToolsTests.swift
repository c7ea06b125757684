import RepoFinderCore
import Testing

@Suite("Shared tools: FNV-1a, the LRU cache, percent-encoding")
struct SharedToolsTests {
    @Test("FNV-1a gives the published 64-bit digests")
    func fnv() {
        #expect(FNV1a.digest("") == 0xcbf2_9ce4_8422_2325)
        #expect(FNV1a.digest("a") == 0xaf63_dc4c_8601_ec8c)
        #expect(FNV1a.digest("foobar") == 0x8594_4171_f739_67e8)
        var digest = FNV1a()
        digest.add("foo".utf8)
        digest.add("bar".utf8)
        #expect(digest.hex == "85944171f73967e8")
    }

    @Test("the LRU cache drops the least recently used first, by count or by cost")
    func lru() {
        var byCount = LRUCache<String, Int>(capacity: 3)
        byCount.set(1, for: "a")
        byCount.set(2, for: "b")
        byCount.set(3, for: "c")
        #expect(byCount.value(for: "a") == 1)
        byCount.set(4, for: "d")
        #expect(byCount.peek("b") == nil, "b was the least recently used")
        #expect(byCount.count == 3)
        #expect(byCount.peek("a") == 1 && byCount.peek("c") == 3 && byCount.peek("d") == 4)

        var byBytes = LRUCache<String, [UInt8]>(capacity: 10)
        byBytes.set([1, 2, 3, 4], for: "x", cost: 4)
        byBytes.set([1, 2, 3, 4, 5], for: "y", cost: 5)
        byBytes.set(Array(repeating: 0, count: 11), for: "huge", cost: 11)
        #expect(byBytes.peek("huge") == nil, "larger than the whole cache")
        byBytes.set([1, 2], for: "z", cost: 2)
        #expect(byBytes.peek("x") == nil)
        #expect(byBytes.totalCost == 7)
        byBytes.set([9], for: "y", cost: 1)
        #expect(byBytes.totalCost == 3, "a replaced value counts once")
    }

    @Test("percent-encoding keeps only unreserved characters")
    func percentEncoding() {
        #expect(PercentEncoding.encode("c++ & go/rust~1.0") == "c%2B%2B%20%26%20go%2Frust~1.0")
        #expect(PercentEncoding.encode("é") == "%C3%A9")
    }
}
