import APISchemas
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import OpenAPIRuntime
import RepoFinderAPI
import RepoFinderCore
import Storage
import TestSupport
import Testing

@testable import RepoFinderServer

@Suite("Server: the table of hand-answered operations")
struct HandAnsweredRoutesTests {
    /// Every operation of the OpenAPI document, read from its text (a path's line, then its methods' lines).
    static var contractOperations: [ContractOperation] {
        var operations: [ContractOperation] = []
        var path: String?
        for line in APIServer.document.split(separator: "\n") {
            if line.hasPrefix("  /"), line.hasSuffix(":") {
                path = String(line.dropFirst(2).dropLast())
            } else if line.hasPrefix("    "), !line.hasPrefix("     "), let path,
                let method = HTTPRequest.Method(String(line.dropFirst(4).dropLast()).uppercased()),
                ["GET", "POST", "PUT", "PATCH", "DELETE"].contains(method.rawValue)
            {
                operations.append(ContractOperation(method: method, path: path))
            } else if !line.hasPrefix(" ") {
                path = nil
            }
        }
        return operations
    }

    @Test("every operation of the contract is routed exactly once: the table's by hand, the rest generated")
    func routedOnce() async throws {
        let contract = Self.contractOperations
        #expect(contract.count >= 49, "the document's operations: \(contract.count)")
        #expect(HandAnsweredRoutes.operations.isSubset(of: Set(contract)), "each hand-answered one is in the contract")
        #expect(HandAnsweredRoutes.operations.count == HandAnsweredRoutes.endpoints.count, "each once in the table")
        try await withStore(.sqliteMemory) { test in
            let deck = try await APIServer.makeDeck(store: test.store, logger: ServerHarness.quietLogger)
            let api = APIServer.buildServices(
                configuration: .unlimited, store: test.store, deck: deck, github: nil, signIn: nil, askWriter: nil,
                logger: ServerHarness.quietLogger, clock: { Date() })
            let router = try APIServer.buildRouter(configuration: .unlimited, api: api, web: nil)
            var routed: [String: Int] = [:]
            for route in router.routes where route.method != .head {
                routed["\(route.method.rawValue) \(route.path.description)", default: 0] += 1
            }
            routed["GET /openapi.yaml"] = nil
            // The router describes a parameter as the document spells it (`{id}`).
            #expect(routed == Dictionary(uniqueKeysWithValues: contract.map { ($0.description, 1) }))
        }
    }

    @Test("a path's parameters are spelled the router's way")
    func routerPath() {
        #expect(AskEndpoint.operation.routerPath == "/v1/me/threads/:id/messages")
        #expect(
            ContractOperation(method: .get, path: "/v1/repos/{owner}/{name}/similar").routerPath
                == "/v1/repos/:owner/:name/similar")
        #expect(FeedEndpoint.operation.routerPath == "/v1/me/feed")
    }

    @Test("the streamed export reads as the generated types' export, member for member")
    func exportIsTheContracts() async throws {
        try await ServerHarness.run(.sqliteMemory) { client, _ in
            let token = try await client.newToken()
            let liked = ServerHarness.name("Swift", 1)
            let like = #"{"interactions":[{"id":"i1","repo":"\#(liked)","kind":"like","at":"2026-01-01T00:00:00Z"}]}"#
            #expect(try await client.call(.post, "/v1/me/interactions", token: token, json: like).status == .ok)
            for question in ["a cli tool in rust", "a web framework for swift"] {
                let thread = try await AskServerTests.newThread(client, token)
                _ = try await AskServerTests.ask(client, token, thread, question)
            }
            let response = try await client.call(.get, "/v1/me/export", token: token)
            #expect(response.status == .ok)
            let streamed = Data(response.body.readableBytesView)
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .custom { decoder in
                try LenientDateTranscoder().decode(try decoder.singleValueContainer().decode(String.self))
            }
            let document = try decoder.decode(Components.Schemas.AccountExport.self, from: streamed)
            #expect(document.threads?.count == 2 && document.liked.map(\.repo) == [liked])
            // Member for member; a time may differ by its last millisecond (decoding and writing a date again
            // rounds it down).
            let asStreamed = try JSONSerialization.jsonObject(with: streamed)
            let generated = try SchemaJSON.line(document)
            let asGenerated = try JSONSerialization.jsonObject(with: Data(generated.utf8))
            #expect(Self.same(asStreamed, asGenerated), "\(String(decoding: streamed, as: UTF8.self))\n\(generated)")
        }
    }

    /// Whether two parsed JSON values are the same, taking two RFC 3339 times within 2 ms of each other as the same.
    static func same(_ left: Any, _ right: Any) -> Bool {
        switch (left, right) {
        case (let left as [String: Any], let right as [String: Any]):
            return left.keys.sorted() == right.keys.sorted() && left.allSatisfy { same($0.value, right[$0.key]!) }
        case (let left as [Any], let right as [Any]):
            return left.count == right.count && zip(left, right).allSatisfy { same($0, $1) }
        case (let left as String, let right as String):
            let transcoder = LenientDateTranscoder()
            if left != right, let first = try? transcoder.decode(left), let second = try? transcoder.decode(right) {
                return abs(first.timeIntervalSince(second)) < 0.002
            }
            return left == right
        default:
            return (left as? NSObject) == (right as? NSObject)
        }
    }
}
