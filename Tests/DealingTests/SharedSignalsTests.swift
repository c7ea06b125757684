import Recommender
import RepoFinderCore
import Storage
import Testing

@testable import Dealing

/// Issue 63, finding 12: what this server's people did reaches the shared model only for repositories at least five
/// of them signalled, so no one's deck shows what one or two others liked.
@Suite("Dealing: this server's people teach the shared model only in groups of five")
struct SharedSignalsTests {
    @Test("a repository liked, saved or opened by fewer than 5 people adds nothing; by 5, every positive signal of it")
    func fivePeople() {
        var interactions: [PersonInteraction] = []
        // A backend developer and a data scientist both like Grafana; the developer also likes a database.
        for person in ["backend", "scientist"] {
            interactions.append(PersonInteraction(userID: person, repositoryKey: "grafana/grafana", kind: .like))
        }
        interactions.append(PersonInteraction(userID: "backend", repositoryKey: "cockroachdb/cockroach", kind: .like))
        // Five people like (or save, or open) one repository; a skip never teaches.
        for (index, kind) in [InteractionKind.like, .save, .open, .like, .like].enumerated() {
            interactions.append(PersonInteraction(userID: "p\(index)", repositoryKey: "apple/swift", kind: kind))
        }
        interactions.append(PersonInteraction(userID: "p0", repositoryKey: "apple/swift", kind: .skip))
        // Five skips of one repository are no group of five.
        for index in 0..<5 {
            interactions.append(PersonInteraction(userID: "s\(index)", repositoryKey: "rust-lang/rust", kind: .skip))
        }
        let shared = sharedSignals(from: interactions)
        #expect(Set(shared.map(\.repositoryKey)) == ["apple/swift"])
        #expect(Set(shared.map(\.person)).count == 5)
        #expect(shared.count == 5, "the skip of p0 is not a signal")
        #expect(shared.allSatisfy { $0.person.hasPrefix("u:") })
        // Four is not enough.
        #expect(sharedSignals(from: interactions.filter { $0.userID != "p4" }).isEmpty)
    }
}
