import Foundation
import HTTPTypes
import HummingbirdTesting
import Localization
import NIOCore
import RepoFinderCore
import Storage
import TestSupport
import Testing

@testable import RepoFinderServer

/// The API answers in the request's language: error messages from the `Errors` catalogue (the code unchanged), and a
/// streamed Ask answer — written after the handler returned — with its chips and words in the language asked in.
@Suite("Server: errors and Ask answers in the request's language")
struct LanguageAnswerTests {
    static func errorBody(_ response: TestResponse) throws -> (code: String, message: String) {
        let json = try response.json()
        return (json["error"] as? String ?? "", json["message"] as? String ?? "")
    }

    @Test("an error's message follows Accept-Language and the lang cookie; its code does not")
    func errorMessages() async throws {
        try await ServerHarness.run(.sqliteMemory) { client, _ in
            let token = try await client.newToken()
            var said: [String: (code: String, message: String)] = [:]
            for language in ["en", "es", "de", "ja"] {
                let response = try await client.call(
                    .get, "/v1/me/feed?limit=ten", token: token, headers: [.acceptLanguage: language])
                #expect(response.status == .badRequest || response.status == .unprocessableContent)
                #expect(response.headers[.contentLanguage] == language)
                said[language] = try Self.errorBody(response)
            }
            let english = try #require(said["en"])
            for language in ["es", "de", "ja"] {
                let other = try #require(said[language])
                #expect(other.code == english.code, "the code never changes")
                #expect(other.message != english.message, "\(language): \(other.message)")
                #expect(!other.message.isEmpty && !other.message.hasPrefix("error."), "a key shown: \(other.message)")
            }
            let unknown = try await client.call(
                .get, "/v1/repos/nobody-here/nothing-here", token: token, headers: [.cookie: "lang=de"])
            #expect(unknown.status == .notFound)
            let german = try Self.errorBody(unknown)
            #expect(german.message.contains("nobody-here/nothing-here"))
            #expect(
                german.message == Words(.german).text("error.repository.not-in-catalog", "nobody-here/nothing-here"))
        }
    }

    @Test("a streamed answer is worded in the language asked in: chips, words and the stored message")
    func streamedAskInSpanish() async throws {
        try await ServerHarness.run(.sqliteMemory) { client, _ in
            let token = try await client.newToken()
            let thread = try await AskServerTests.newThread(client, token)
            let body = #"{"text": "a cli tool in rust"}"#
            let response = try await client.call(
                .post, "/v1/me/threads/\(thread)/messages", token: token, json: body,
                headers: [.accept: "text/event-stream", .acceptLanguage: "es-ES,es;q=0.9"])
            #expect(response.status == .ok)
            let events = ServerSentEvents.parse(String(buffer: response.body))
            let tool = try #require(events.first { $0.name == "tool" })
            let chip = try JSONSerialization.jsonObject(with: Data(tool.data.utf8)) as! [String: Any]
            let found = try #require(chip["found"] as? Int)
            let query = (chip["inputs"] as? [String: String])?["query"] ?? ""
            let language = (chip["inputs"] as? [String: String])?["language"]
            let expected = Language.$chosen.withValue(.spanish) {
                language.map { Words(.spanish).text("tool.search-in", query, $0, found) }
                    ?? Words(.spanish).text("tool.search", query, found)
            }
            #expect(chip["chip"] as? String == expected)
            let done = try JSONSerialization.jsonObject(with: Data(events.last!.data.utf8)) as! [String: Any]
            let text = (done["message"] as! [String: Any])["text"] as! String
            #expect(!text.contains("these fit best") && !text.contains(" stars"), "Spanish words: \(text)")
            #expect(text.contains(Words(.spanish).text("answer.find.intro", "").prefix(4)), "\(text)")
        }
    }

    @Test(
        "a junk lang cookie or Accept-Language falls back to English; a language not offered is refused, nothing lost")
    func badLanguages() async throws {
        try await ServerHarness.run(.sqliteMemory) { client, _ in
            let token = try await client.newToken()
            for headers: HTTPFields in [
                [.cookie: "lang=xx-YY"], [.cookie: "lang=%00%ff"], [.acceptLanguage: ";;q=abc,*"],
                [.acceptLanguage: String(repeating: "zz-", count: 400)], [.cookie: "lang=en-XA"],
            ] {
                let response = try await client.call(.get, "/v1/me/feed?limit=ten", token: token, headers: headers)
                #expect(response.status == .badRequest)
                #expect(response.headers[.contentLanguage] == "en", "\(headers)")
            }
            let saved = try await client.call(
                .put, "/v1/me/preferences", token: token, json: #"{"name":"Ada","language":"es"}"#)
            #expect(saved.status == .ok, "\(String(buffer: saved.body))")
            let refused = try await client.call(
                .put, "/v1/me/preferences", token: token, json: #"{"name":"Bea","language":"fr"}"#,
                headers: [.acceptLanguage: "de"])
            #expect(refused.status == .badRequest)
            let problem = try Self.errorBody(refused)
            #expect(problem.code == "bad_request")
            #expect(problem.message.contains("'language'") && problem.message.contains("fr"), "\(problem.message)")
            let kept = try await client.call(.get, "/v1/me/preferences", token: token).json()
            #expect(kept["language"] as? String == "es" && kept["name"] as? String == "Ada", "nothing lost: \(kept)")
        }
    }
}
