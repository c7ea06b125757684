import Dealing
import Foundation
import HTTPTypes
import HummingbirdTesting
import RepoFinderCore
import RepoFinderServer
import Storage
import TestSupport
import Testing

@Suite("Server: the re-deal — cards in hand never shown go back to the pool")
struct RedealTests {
    @Test(
        "cards nobody acted on go back and can be dealt again; liked, viewed and unknown ones stay as they were",
        arguments: Engine.available)
    func giveBack(engine: Engine) async throws {
        try await ServerHarness.run(engine) { client, _ in
            let token = try await client.newToken()
            let first = try await client.call(.get, "/v1/me/feed?limit=20", token: token).names()
            #expect(first.count == 20)
            let liked = Array(first.prefix(5))
            let viewed = first[5]
            let actions = liked.map { ($0, "like") } + [(viewed, "view")]
            let batch = actions.enumerated().map { position, action in
                #"{"id":"redeal-\#(position)","repo":"\#(action.0)","kind":"\#(action.1)","at":"2026-08-20T10:00:00Z"}"#
            }
            let recorded = try await client.call(
                .post, "/v1/me/interactions", token: token,
                json: #"{"interactions":[\#(batch.joined(separator: ","))]}"#)
            #expect(recorded.status == .ok)
            let neverDealt = ServerHarness.catalog.map(\.fullName).first { !first.contains($0) }!
            let unseen = Array(first.dropFirst(6))
            let asked = liked + [viewed] + unseen + [neverDealt, "nobody/nothing"]
            let quoted = asked.map { "\"\($0)\"" }.joined(separator: ",")
            let answer = try await client.call(
                .post, "/v1/me/feed/returns", token: token, json: #"{"repos":[\#(quoted)]}"#)
            #expect(answer.status == .ok)
            let returned = try answer.json()["returned"] as? [String] ?? []
            #expect(returned == unseen, "only cards dealt and never acted on go back, in the order asked")
            // Dealing on to the end: the returned cards come again (once), the acted-on ones never do.
            var dealt: [String] = []
            var exhausted = false
            while !exhausted {
                let next = try await client.call(.get, "/v1/me/feed?limit=10", token: token)
                dealt += try next.names()
                exhausted = try next.json()["exhausted"] as? Bool ?? false
            }
            #expect(dealt.count == Set(dealt).count, "a card was dealt twice after the re-deal")
            #expect(Set(dealt).isDisjoint(with: liked + [viewed]))
            #expect(Set(unseen).isSubset(of: dealt))
            #expect(Set(dealt).union(liked + [viewed]).count == ServerHarness.catalog.count)
        }
    }

    @Test("a return that is not a list of owner/name is refused whole", arguments: [Engine.sqliteMemory])
    func badReturns(engine: Engine) async throws {
        try await ServerHarness.run(engine) { client, _ in
            let token = try await client.newToken()
            let dealt = try await client.call(.get, "/v1/me/feed?limit=3", token: token).names()
            for body in [#"{"repos":["no-slash"]}"#, #"{"repos":"a/b"}"#, #"{}"#, "not json"] {
                let response = try await client.call(.post, "/v1/me/feed/returns", token: token, json: body)
                #expect([.badRequest, .unprocessableContent].contains(response.status), "\(body)")
                #expect(try response.errorCode() != nil)
            }
            let tooMany = (0..<51).map { #""a/b\#($0)""# }.joined(separator: ",")
            let large = try await client.call(
                .post, "/v1/me/feed/returns", token: token, json: #"{"repos":[\#(tooMany)]}"#)
            #expect([.badRequest, .unprocessableContent].contains(large.status))
            let anonymous = try await client.call(.post, "/v1/me/feed/returns", json: #"{"repos":[]}"#)
            #expect(anonymous.status == .unauthorized)
            // Nothing went back meanwhile: the three stay dealt.
            let next = try await client.call(.get, "/v1/me/feed?limit=50", token: token).names()
            #expect(Set(next).isDisjoint(with: dealt))
        }
    }

    @Test("given back on SQLite, written behind: still given back after a flush and a restart")
    func survivesRestart() async throws {
        try await withStore(.sqliteMemory) { test in
            _ = try await test.store.upsertRepositories(ServerHarness.catalog)
            var token = ""
            var returned: [String] = []
            for round in 0..<2 {
                let deck = try await APIServer.makeDeck(store: test.store, logger: ServerHarness.quietLogger)
                let application = try APIServer.makeApplication(
                    configuration: .unlimited, store: test.store, deck: deck, logger: ServerHarness.quietLogger)
                let known = token
                let before = returned
                let (person, back) = try await application.test(.router) { client in
                    let person = known.isEmpty ? try await client.newToken() : known
                    if round == 0 {
                        let dealt = try await client.call(.get, "/v1/me/feed?limit=10", token: person).names()
                        // Written once before the return, and once after (in the next flush).
                        await deck.flushDealt()
                        let quoted = dealt.suffix(6).map { "\"\($0)\"" }.joined(separator: ",")
                        let answer = try await client.call(
                            .post, "/v1/me/feed/returns", token: person, json: #"{"repos":[\#(quoted)]}"#)
                        return (person, try answer.json()["returned"] as? [String] ?? [])
                    }
                    var dealt: [String] = []
                    var exhausted = false
                    while !exhausted {
                        let next = try await client.call(.get, "/v1/me/feed?limit=20", token: person)
                        dealt += try next.names()
                        exhausted = try next.json()["exhausted"] as? Bool ?? false
                    }
                    #expect(Set(before).isSubset(of: dealt), "a card given back stayed dealt after the restart")
                    #expect(dealt.count == ServerHarness.catalog.count - 4)
                    return (person, [])
                }
                token = person
                if round == 0 {
                    returned = back
                    #expect(back.count == 6)
                }
                await deck.flushDealt()
            }
        }
    }
}
