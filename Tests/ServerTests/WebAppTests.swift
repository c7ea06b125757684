import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import RepoFinderCore
import RepoFinderServer
import TestSupport
import Testing

/// The web app as the server serves it: every screen's page, the detail page from the catalog, `repoverse://`
/// links, and the files with their caching rules. (The browser side is tested in Chromium: scripts/web-e2e.sh.)
@Suite("Web app: pages, detail, links, files")
struct WebAppTests {
    static let navigation = ["Home", "Deck", "Explore", "Library"]

    @Test("every screen is a page with the navigation, its script and a strict content policy")
    func screens() async throws {
        try await ServerHarness.run(.sqliteMemory, withWebApp: true) { client, _ in
            let pages = [
                ("/", "home"), ("/home", "home"), ("/discover", "discover"), ("/onboarding", "onboarding"),
                ("/trending?since=weekly", "trending"), ("/search?q=swift", "search"), ("/saved", "saved"),
                ("/liked", "liked"), ("/profile", "profile"), ("/offline", "offline"), ("/compare", "compare"),
            ]
            for (path, screen) in pages {
                let response = try await client.call(.get, path)
                #expect(response.status == .ok, "\(path)")
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                #expect(response.headers[.contentSecurityPolicy]?.contains("default-src 'self'") == true)
                let html = String(buffer: response.body)
                #expect(html.contains("<body data-screen=\"\(screen)\">"), "\(path)")
                #expect(html.contains("src=\"/assets/app.js\""))
                for label in Self.navigation { #expect(html.contains("<span>\(label)</span>"), "\(path) \(label)") }
                #expect(html.contains("class=\"profile-link\" href=\"/profile\""), "\(path)")
            }
            let deck = String(buffer: try await client.call(.get, "/discover").body)
            for name in ["Skip", "Save", "Like"] { #expect(deck.contains("aria-label=\"\(name)\"")) }
            let weekly = String(buffer: try await client.call(.get, "/trending?since=weekly").body)
            #expect(weekly.contains("value=\"weekly\" checked"))
            #expect(!weekly.contains("value=\"daily\" checked"))
        }
    }

    @Test("onboarding asks the steps every face asks, in the same order, and every field of the preferences")
    func onboardingSteps() async throws {
        try await ServerHarness.run(.sqliteMemory, withWebApp: true) { client, _ in
            let html = String(buffer: try await client.call(.get, "/onboarding").body)
            for step in OnboardingStep.allCases {
                #expect(html.contains("<li data-step-dot=\"\(step.rawValue)\">\(step.title)</li>"), "\(step)")
                #expect(html.contains("data-step=\"\(step.rawValue)\""), "\(step)")
            }
            #expect(!html.contains("data-step=\"\(OnboardingStep.allCases.count)\""))
            for field in [
                "name=\"name\"", "name=\"projectType\"", "data-field=\"techStack\"", "data-field=\"interests\"",
                "name=\"experienceLevel\"", "name=\"goals\"", "id=\"clusters\"",
            ] {
                #expect(html.contains(field), "\(field)")
            }
        }
    }

    @Test("what a person types comes back escaped")
    func escaping() async throws {
        try await ServerHarness.run(.sqliteMemory, withWebApp: true) { client, _ in
            let html = String(buffer: try await client.call(.get, "/search?q=%3Cscript%3Ealert(1)%3C/script%3E").body)
            #expect(!html.contains("<script>alert"))
            #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        }
    }

    @Test("/r/{owner}/{name} shows the repository; unknown and malformed names are a 404 page that says why")
    func detail() async throws {
        try await ServerHarness.run(.sqliteMemory, withWebApp: true) { client, _ in
            let name = ServerHarness.name("Rust", 0)
            let response = try await client.call(.get, "/r/\(name)")
            #expect(response.status == .ok)
            let html = String(buffer: response.body)
            #expect(html.contains("data-repo=\"\(name)\""))
            #expect(html.contains("<dd>50,000</dd>") || html.contains("<dd>49,"))
            #expect(html.contains("<dd translate=\"no\">Rust</dd>"))
            #expect(html.contains("repoverse://repo/\(name)"))
            #expect(html.contains("<title>\(name) · RepoFinder</title>"))

            let unknown = try await client.call(.get, "/r/nobody/nothing")
            #expect(unknown.status == .notFound)
            #expect(String(buffer: unknown.body).contains("nobody/nothing is not in the catalog"))
            let malformed = try await client.call(.get, "/r/-bad-/x")
            #expect(malformed.status == .notFound)
            #expect(String(buffer: malformed.body).contains("is not a repository name"))
        }
    }

    @Test("repoverse:// links and web paths open the right screen; a bad link says what is wrong")
    func links() async throws {
        try await ServerHarness.run(.sqliteMemory, withWebApp: true) { client, _ in
            let cases = [
                ("repoverse://repo/apple/swift", "/r/apple/swift"),
                ("repoverse://trending?language=Swift&since=weekly", "/trending?language=Swift&since=weekly"),
                ("repoverse://search?q=swift%20nio", "/search?q=swift%20nio"), ("repoverse://saved", "/saved"),
                ("/r/apple/swift", "/r/apple/swift"),
            ]
            for (link, path) in cases {
                let encoded = link.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
                let response = try await client.call(.get, "/open?link=\(encoded)")
                #expect(response.status == .seeOther, "\(link)")
                #expect(response.headers[.location] == path, "\(link)")
            }
            let bad = try await client.call(.get, "/open?link=repoverse%3A%2F%2Fnowhere")
            #expect(bad.status == .badRequest)
            #expect(String(buffer: bad.body).contains("nowhere"))
        }
    }

    @Test("files: content types, ETags answered with 304, the service worker's version and every file it keeps")
    func files() async throws {
        try await ServerHarness.run(.sqliteMemory, withWebApp: true) { client, _ in
            let script = try await client.call(.get, "/assets/app.js")
            #expect(script.status == .ok)
            #expect(script.headers[.contentType] == "text/javascript; charset=utf-8")
            let etag = try #require(script.headers[.eTag])
            let again = try await client.call(.get, "/assets/app.js", headers: [.ifNoneMatch: etag])
            #expect(again.status == .notModified)
            #expect(again.body.readableBytes == 0)
            #expect(try await client.call(.get, "/assets/nothing.js").status == .notFound)
            #expect(try await client.call(.get, "/assets/app.css").headers[.contentType] == "text/css; charset=utf-8")

            let worker = String(buffer: try await client.call(.get, "/sw.js").body)
            #expect(!worker.contains("__VERSION__"))
            let kept = worker.matches(of: /"([a-z0-9-]+\.(?:js|css|svg|png))"/).map { String($0.output.1) }
            #expect(kept.count >= 13)
            for file in kept {
                #expect(try await client.call(.get, "/assets/\(file)").status == .ok, "\(file)")
            }

            let manifest = try await client.call(.get, "/manifest.webmanifest")
            #expect(manifest.headers[.contentType] == "application/manifest+json")
            let icons = try manifest.json()["icons"] as? [[String: Any]] ?? []
            #expect(icons.contains { $0["sizes"] as? String == "512x512" })
            for icon in icons {
                let path = try #require(icon["src"] as? String)
                #expect(try await client.call(.get, path).status == .ok, "\(path)")
            }
        }
    }
}
