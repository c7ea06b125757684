import AppFeatures
import Foundation
import RepoFinderClient
import RepoFinderCore
import SwiftUI
import TestSupport
import Testing

@testable import RepoFinderScreens

extension AppWalkTests {
    /// Profile against the real server and the stand-in GitHub: sign in through the browser sheet → star on GitHub
    /// when I like → a repository starred on GitHub from its screen → download my data → sign out; then sign in with a
    /// code (the device flow) → sign out.
    static func walkAccount(
        screen: Screen, model: AppModel, client: APIClient, standIn: GitHubStandIn, repository: RepositoryName
    ) async throws {
        model.router.send(.select(.home))
        model.router.send(.push(.profile))
        await screen.appear()
        let home = { screen.refresh().first("TabView")?.children.first { $0.tag == AnyHashable(AppTab.home) } }
        let profile = { home()?.first("Pushed") }
        await screen.waitUntil("the sign-in button") { _ in profile()?.button(Copy.signIn) != nil }
        profile()?.button(Copy.signIn)?.action?()
        await screen.waitUntil("signed in as ada through the browser sheet") { _ in profile()?.shows("ada") == true }
        #expect(profile()?.shows("Signed in as ada on GitHub.") == true, "\(model.account.notice ?? "")")

        // Star on GitHub when I like: the server keeps the switch.
        #expect(profile()?.first("Toggle", Copy.starOnLike)?.traits["isOn"] == "false")
        profile()?.first("Toggle", Copy.starOnLike)?.action?()
        await screen.waitUntil("star on like switched on") { _ in
            profile()?.first("Toggle", Copy.starOnLike)?.traits["isOn"] == "true"
        }
        #expect(try await client.account().github?.starOnLike == true)

        // Download my data: the server's document, in a file to share.
        profile()?.button(Copy.downloadData)?.action?()
        await screen.waitUntil("the download") { _ in model.account.exported != nil }
        let exported = try #require(model.account.exported)
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: exported.url)) as? [String: Any]
        #expect(document?["format"] as? String == "repofinder-export-1")
        #expect((document?["github"] as? [String: Any])?["login"] as? String == "ada")
        #expect(profile()?.shows(exported.summary) == true && profile()?.first("ShareLink") != nil)
        try? FileManager.default.removeItem(at: exported.url)

        // A repository starred on GitHub from its screen, and unstarred.
        model.router.send(.push(.repository(repository)))
        await screen.appear()
        let page = { home()?.every("Pushed").last }
        await screen.waitUntil("Star on GitHub") { _ in page()?.button(Copy.starOnGitHub) != nil }
        page()?.button(Copy.starOnGitHub)?.action?()
        await screen.waitUntil("Unstar on GitHub") { _ in page()?.button(Copy.unstarOnGitHub) != nil }
        #expect(try await standIn.starredNames("ada").contains(repository.fullName))
        page()?.button(Copy.unstarOnGitHub)?.action?()
        await screen.waitUntil("Star on GitHub again") { _ in page()?.button(Copy.starOnGitHub) != nil }
        #expect(try await !standIn.starredNames("ada").contains(repository.fullName))
        model.router.send(.pop)

        profile()?.button(Copy.signOut)?.action?()
        await screen.waitUntil("signed out") { _ in profile()?.button(Copy.signInWithCode) != nil }

        // The device flow, for when a browser sheet cannot be used: the code, approved on (stand-in) GitHub.
        profile()?.button(Copy.signInWithCode)?.action?()
        await screen.waitUntil("the code to enter on GitHub") { _ in profile()?.shows(Copy.enterCode) == true }
        guard case .signingIn(let progress) = model.account.state else { Issue.record("not signing in"); return }
        try await standIn.device(progress.userCode, login: "ada", action: "approve")
        await screen.waitUntil("signed in as ada with a code") { _ in profile()?.shows("ada") == true }
        profile()?.button(Copy.signOut)?.action?()
        await screen.waitUntil("signed out again") { _ in profile()?.button(Copy.signIn) != nil }
    }
}
