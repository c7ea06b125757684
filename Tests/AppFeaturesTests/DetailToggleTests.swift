import AppFeatures
import AppTestSupport
import Foundation
import OfflineStore
import RepoFinderClient
import RepoFinderCore
import Synchronization
import Testing

@Suite("Repository detail: like and save show the person's state and toggle (fake service)")
@MainActor
struct DetailToggleTests {
    let service = FakeService()
    /// What the fake server was asked to take off a list, in order.
    final class Removals: Sendable {
        let names = Mutex<[String]>([])
        func append(_ request: (RepositoryName, UserList)) {
            names.withLock { $0.append("\(request.1.rawValue) \(request.0.fullName)") }
        }
    }
    let removed = Removals()

    init() {
        service.storeInteractions()
        service.onSimilar { _ in [] }
        service.onStarHistory { _ in [] }
        service.onRemove { [removed] request in removed.append(request) }
    }

    func repository(liked: Bool, saved: Bool) -> Repository {
        var repository = Sample.repository(7)
        repository.viewer = RepositoryState(liked: liked, saved: saved)
        return repository
    }

    @Test("opens showing what the server says; unsave takes it off Saved, like adds it to Liked")
    func toggles() async throws {
        let repository = repository(liked: false, saved: true)
        service.onRepository { _ in repository }
        let model = RepositoryDetailViewModel(
            name: repository.repositoryName, service: service, outbox: Outbox(database: try .inMemory()))
        await model.send(.appear).value
        #expect(!model.liked && model.saved)
        await model.send(.unsave).value
        #expect(!model.saved)
        #expect(removed.names.withLock { $0 } == ["saved owner7/project-7"])
        await model.send(.unsave).value  // already off: nothing more is sent
        await model.send(.like).value
        #expect(model.liked)
        await model.send(.unlike).value
        #expect(!model.liked)
        #expect(service.recorded.map(\.kind) == [.view, .like])
        #expect(removed.names.withLock { $0 } == ["saved owner7/project-7", "liked owner7/project-7"])
    }

    @Test("offline, an unsave waits in the outbox and goes once the connection is back; a queued save is just dropped")
    func offline() async throws {
        let repository = repository(liked: false, saved: true)
        service.onRepository { _ in repository }
        let outbox = Outbox(database: try .inMemory())
        let model = RepositoryDetailViewModel(name: repository.repositoryName, service: service, outbox: outbox)
        await model.send(.appear).value
        service.onRemove { _ throws(ClientFailure) in throw .noConnection }
        await model.send(.unsave).value
        #expect(!model.saved && model.notice == nil)
        #expect(try outbox.pending().map(\.operation) == [.unlist])
        service.onRemove { [removed] request in removed.append(request) }
        let report = await outbox.flush(to: service)
        #expect(report.unlisted == 1 && report.remaining == 0)
        #expect(removed.names.withLock { $0 } == ["saved owner7/project-7"])

        // Saved and unsaved again before anything was sent: neither reaches the server.
        service.onRecord { _ throws(ClientFailure) in throw .noConnection }
        await model.send(.save).value
        await model.send(.unsave).value
        #expect(try outbox.pending().isEmpty)
        #expect(!model.saved)
    }
}
