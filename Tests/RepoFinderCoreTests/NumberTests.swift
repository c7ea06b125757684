import RepoFinderCore
import Testing

@Suite("Numbers for people")
struct NumberTests {
    @Test("digits in groups of three, signs kept")
    func grouped() {
        #expect(Number.grouped(0) == "0")
        #expect(Number.grouped(999) == "999")
        #expect(Number.grouped(1_000) == "1,000")
        #expect(Number.grouped(42_184) == "42,184")
        #expect(Number.grouped(-1_234_567) == "-1,234,567")
        #expect(Number.grouped(Int.min) == "-9,223,372,036,854,775,808")
    }
}
