import Foundation
import HTTPTypes
import HummingbirdTesting
import RepoFinderServer
import Storage
import TestSupport
import Testing

/// Issue 44: one fit everywhere — the card, Compare and Home agree, and looking at a page or liking today's pick does
/// not drop every other card's number (a like can only raise a fit above what the person told us).
@Suite("Server: a fit that stays put")
struct FitStabilityTests {
    @Test("the card's fit is Compare's; a view and a like of the pick never lower another card's fit")
    func stable() async throws {
        try await ServerHarness.run(.sqliteMemory) { client, _ in
            let token = try await client.newToken()
            _ = try await client.call(
                .put, "/v1/me/preferences", token: token,
                json: #"{"techStack":["Rust"],"interests":["cli"],"onboardingCompleted":true}"#)
            let cards = try await client.call(.get, "/v1/me/feed?limit=6", token: token).items()
            let names = cards.compactMap { ($0["repository"] as? [String: Any])?["fullName"] as? String }
            let dealt = Dictionary(uniqueKeysWithValues: zip(names, cards.map { $0["fitScore"] as? Int ?? -1 }))
            let watched = Array(names.suffix(3))
            func fits() async throws -> [String: Int] {
                let items = try await client.call(
                    .get, "/v1/compare?repos=" + watched.joined(separator: ","), token: token
                ).items()
                return Dictionary(
                    uniqueKeysWithValues: items.map {
                        (
                            ($0["repository"] as? [String: Any])?["fullName"] as? String ?? "",
                            $0["fitScore"] as? Int ?? -1
                        )
                    })
            }
            let before = try await fits()
            for name in watched {
                #expect(before[name] == dealt[name], "\(name): card \(dealt[name]!), Compare \(before[name]!)")
            }
            // A look at one page (a view), then a like of today's pick.
            let view =
                #"{"interactions":[{"id":"fit-view","repo":"\#(names[0])","kind":"view","at":"2026-08-20T10:00:00Z"}]}"#
            #expect(try await client.call(.post, "/v1/me/interactions", token: token, json: view).status == .ok)
            let afterView = try await fits()
            let home = try await client.call(.get, "/v1/me/home?timeZone=UTC", token: token).json()
            let pick = try #require(
                ((home["pick"] as? [String: Any])?["item"] as? [String: Any]).flatMap {
                    ($0["repository"] as? [String: Any])?["fullName"] as? String
                })
            let like =
                #"{"interactions":[{"id":"fit-like","repo":"\#(pick)","kind":"like","at":"2026-08-20T10:00:00Z"}]}"#
            #expect(try await client.call(.post, "/v1/me/interactions", token: token, json: like).status == .ok)
            let afterLike = try await fits()
            for name in watched {
                #expect(
                    afterView[name]! >= before[name]!, "\(name): \(before[name]!) → \(afterView[name]!) after a view")
                #expect(
                    afterLike[name]! >= before[name]!, "\(name): \(before[name]!) → \(afterLike[name]!) after a like")
            }
        }
    }
}
