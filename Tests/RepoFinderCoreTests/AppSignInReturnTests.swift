import Foundation
import RepoFinderCore
import Testing

@Suite("The way back from GitHub to an app: repoverse://auth/github/callback")
struct AppSignInReturnTests {
    @Test("what GitHub sent the page reaches the app unchanged, `+` and all; a web page's state stays on the page")
    func roundTrip() throws {
        let query = ["code": "c0de+/=", "state": "app.AbC-_9", "error_description": "a b&c"]
        let answer = try #require(AppSignInReturn(gitHubQuery: query))
        #expect(answer.appURL.absoluteString.hasPrefix("repoverse://auth/github/callback?code="))
        #expect(AppSignInReturn(appURL: answer.appURL) == answer)
        #expect(AppSignInReturn(gitHubQuery: ["code": "x", "state": "AbC-_9"]) == nil)
        #expect(AppSignInReturn(gitHubQuery: ["code": "x"]) == nil)
    }

    @Test("any other address is not the way back: scheme, host, path, or a state that is not an app's")
    func otherAddresses() throws {
        for address in [
            "https://auth/github/callback?code=x&state=app.y", "repoverse://discover?code=x&state=app.y",
            "repoverse://auth/github/other?code=x&state=app.y", "repoverse://auth/github/callback?code=x&state=y",
            "repoverse://auth/github/callback?code=x",
        ] {
            #expect(AppSignInReturn(appURL: URL(string: address)!) == nil, "\(address)")
        }
    }
}
