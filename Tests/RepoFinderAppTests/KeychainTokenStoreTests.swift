import Security
import Testing

@testable import RepoFinderScreens

@Suite("The token in the Keychain (the stand-in's keychain)", .serialized)
struct KeychainTokenStoreTests {
    @Test("stores, reads, replaces and removes the token; another service's token stays apart")
    func roundTrip() throws {
        StandInKeychain.shared.reset()
        let store = KeychainTokenStore(service: "test.repofinder")
        #expect(try store.token() == nil)
        try store.setToken("first")
        #expect(try store.token() == "first")
        try store.setToken("second")
        #expect(try store.token() == "second", "a second token replaces the first (SecItemUpdate)")
        #expect(StandInKeychain.shared.count == 1)
        let other = KeychainTokenStore(service: "other.app")
        try other.setToken("theirs")
        try store.setToken(nil)
        #expect(try store.token() == nil)
        #expect(try other.token() == "theirs")
        try store.setToken(nil)
    }
}
