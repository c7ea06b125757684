import AppFeatures
import AppTestSupport
import Foundation
import RepoFinderClient
import RepoFinderCore
import SwiftUI
import Synchronization
import Testing

@testable import RepoFinderScreens

@Suite("Onboarding on the SwiftUI stand-in (fake service)")
@MainActor
struct OnboardingScreenTests {
    let service = FakeService()
    let accounts = FakeAccountService(available: false)

    @Test(
        "every step's controls fill the preferences that are saved: stars, you, stack, interests, level, goals, areas")
    func steps() async throws {
        let stored = Mutex<UserPreferences?>(nil)
        service.onClusters { [ClusterSummary(id: "mobile", name: "Mobile", size: 10)] }
        service.onPreferences { UserPreferences() }
        service.onSavePreferences { preferences in
            stored.withLock { $0 = preferences }
            return preferences
        }
        service.onImportGitHubStars { login in
            StarImportProgress(
                id: "i1", login: login, state: .done, read: 3, imported: 3, added: 0, pagesRead: 1, pagesTotal: 1)
        }
        let model = OnboardingViewModel(service: service, pollInterval: .milliseconds(1))
        let account = AccountViewModel(service: accounts)
        let screen = Screen(OnboardingScreen(model: model, account: account))
        await screen.appear()

        screen.root.first("TextField", Copy.gitHubLogin)?.textBinding?.wrappedValue = "octocat"
        screen.tap(Copy.importStars)
        await screen.waitUntil("the import's progress") { $0.shows(Copy.imported(3)) }
        screen.tap(Copy.next)

        screen.root.first("TextField", Copy.yourName)?.textBinding?.wrappedValue = "Ana"
        screen.root.first("TextField", Copy.projectType)?.textBinding?.wrappedValue = "an iOS app"
        screen.tap(Copy.next)

        for (index, words) in [["Swift", "Vapor"], ["testing"]].enumerated() {
            for word in words {
                screen.root.first("TextField", Copy.addEntry)?.textBinding?.wrappedValue = word
                screen.refresh()
                screen.tap(Copy.add)
            }
            #expect(words.allSatisfy(screen.root.shows))
            if index == 0 {
                screen.root.all.first { $0.kind == "Text" && $0.text == "Vapor" }?.swipeActions.first?.action?()
                screen.refresh()
                #expect(!screen.root.shows("Vapor"), "removed by swiping")
            }
            screen.tap(Copy.next)
        }

        screen.tap(Copy.intermediate)
        #expect(
            screen.root.button(Copy.intermediate)?.traits["accessibilityLabel"] == Copy.chosen(Copy.intermediate, true))
        screen.tap(Copy.next)
        screen.tap(Copy.building)
        screen.tap(Copy.next)
        screen.tap("Mobile")
        screen.tap(Copy.next)
        await screen.waitUntil("saved") { _ in stored.withLock { $0 } != nil }
        let saved = try #require(stored.withLock { $0 })
        #expect(saved.name == "Ana" && saved.projectType == "an iOS app")
        #expect(saved.techStack == ["Swift"] && saved.interests == ["testing"])
        #expect(saved.experienceLevel == .intermediate && saved.goals == [.buildingProject])
        #expect(saved.primaryCluster == "mobile" && saved.onboardingCompleted)
        #expect(service.count("importGitHubStars") == 1)
    }

    @Test("someone who finished onboarding (on any device) goes straight to the tabs")
    func finishedBefore() async throws {
        service.onClusters { [] }
        service.onPreferences { UserPreferences(onboardingCompleted: true) }
        let model = OnboardingViewModel(service: service)
        await model.send(.appear).value
        #expect(model.state == .finished)
    }
}
