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

    @Test("Home's pick says Compare's number after likes moved every fit (issue 66: 80% on Home, 88% in Compare)")
    func pickFollowsTheTaste() async throws {
        try await ServerHarness.run(.sqliteMemory) { client, _ in
            let token = try await client.newToken()
            _ = try await client.call(
                .put, "/v1/me/preferences", token: token,
                json: #"{"techStack":["Rust"],"interests":["cli"],"onboardingCompleted":true}"#)
            func pick() async throws -> (name: String, fit: Int) {
                let home = try await client.call(.get, "/v1/me/home?timeZone=UTC", token: token).json()
                let item = try #require((home["pick"] as? [String: Any])?["item"] as? [String: Any])
                let name = try #require((item["repository"] as? [String: Any])?["fullName"] as? String)
                return (name, item["fitScore"] as? Int ?? -1)
            }
            func compared(_ name: String) async throws -> Int {
                let other = name == "rust-dev0/rust-project-0" ? "rust-dev1/rust-project-1" : "rust-dev0/rust-project-0"
                let items = try await client.call(.get, "/v1/compare?repos=\(name),\(other)", token: token).items()
                return items.first?["fitScore"] as? Int ?? -1
            }
            let first = try await pick()
            #expect(try await compared(first.name) == first.fit, "\(first.name): Home \(first.fit)")
            // Likes of the next cards raise the fits of their neighbours, the pick's among them.
            let cards = try await client.call(.get, "/v1/me/feed?limit=5", token: token).items()
            let likes = cards.compactMap { ($0["repository"] as? [String: Any])?["fullName"] as? String }.map {
                #"{"id":"\#(UUID().uuidString)","repo":"\#($0)","kind":"like","at":"2026-08-20T10:00:00Z"}"#
            }
            let sent = try await client.call(
                .post, "/v1/me/interactions", token: token,
                json: #"{"interactions":[\#(likes.joined(separator: ","))]}"#)
            #expect(sent.status == .ok)
            let later = try await pick()
            #expect(later.name == first.name, "the pick stays for the day")
            #expect(try await compared(later.name) == later.fit, "\(later.name): Home \(later.fit) after likes")
        }
    }

    @Test("a liked or saved card keeps its card's fit in Compare and in Ask's “why” (not 0%)")
    func likedKeepsItsFit() async throws {
        try await ServerHarness.run(.sqliteMemory) { client, _ in
            for preferences in [
                #"{"techStack":["Rust"],"interests":["cli"],"onboardingCompleted":true}"#,
                #"{"onboardingCompleted":false}"#,
            ] {
                let token = try await client.newToken()
                _ = try await client.call(.put, "/v1/me/preferences", token: token, json: preferences)
                if preferences.contains("false") {
                    // No preferences: a fit comes from likes alone (before this, a liked repository read 0%).
                    let seed =
                        #"{"interactions":[{"id":"s1","repo":"rust-dev0/rust-project-0","kind":"like","at":"2026-08-20T10:00:00Z"}]}"#
                    _ = try await client.call(.post, "/v1/me/interactions", token: token, json: seed)
                }
                let cards = try await client.call(.get, "/v1/me/feed?limit=4", token: token).items()
                let names = cards.compactMap { ($0["repository"] as? [String: Any])?["fullName"] as? String }
                let fits = cards.map { $0["fitScore"] as? Int ?? -1 }
                func signal(_ name: String, _ kind: String) async throws {
                    let body =
                        #"{"interactions":[{"id":"\#(UUID().uuidString)","repo":"\#(name)","kind":"\#(kind)","at":"2026-08-20T10:00:00Z"}]}"#
                    #expect(try await client.call(.post, "/v1/me/interactions", token: token, json: body).status == .ok)
                }
                func compared(_ name: String) async throws -> Int {
                    let items = try await client.call(.get, "/v1/compare?repos=\(name),\(names[3])", token: token)
                        .items()
                    return items.first?["fitScore"] as? Int ?? -1
                }
                #expect(fits[0] > 0 && fits[1] > 0, "\(names) \(fits)")
                // Liked: judged without its own like, it keeps the card's number (it read 0% before).
                try await signal(names[0], "like")
                #expect(try await compared(names[0]) == fits[0], "\(names[0]): card \(fits[0])")
                // Ask's "why" about the liked card says the card's number.
                let thread = try await client.call(.post, "/v1/me/threads", token: token).json()["id"] as! String
                let question = String(
                    decoding: try JSONSerialization.data(withJSONObject: [
                        "text": "why was this in my deck?", "repository": names[0],
                    ]), as: UTF8.self)
                let answer = try await client.call(
                    .post, "/v1/me/threads/\(thread)/messages", token: token, json: question
                ).json()
                let text = (answer["answer"] as? [String: Any])?["text"] as? String ?? ""
                #expect(text.contains("fits you at \(fits[0])%"), "card \(fits[0]): \(text)")
                // Saved after that like: the like may raise it, never to 0.
                try await signal(names[1], "save")
                #expect(try await compared(names[1]) >= fits[1], "\(names[1]): card \(fits[1])")
            }
        }
    }
}
