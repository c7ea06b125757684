public import Foundation
public import SwiftUI

// On a Mac, `import AuthenticationServices` with `import SwiftUI` brings in Apple's cross-import overlay
// `_AuthenticationServices_SwiftUI`, where `WebAuthenticationSession` lives (its identifiers name that module). Linux
// has no cross-import overlays for SwiftPM's modules, so this stand-in's `AuthenticationServices` re-exports this
// module; and the two Objective-C classes the session's signature names live here too (their identifiers are
// Objective-C ones, `c:objc(cs)…`, which name no Swift module: scripts/check-standin.py finds their pages under
// AuthenticationServices).

/// A session that shows a web page for signing in and answers the address the page ended on (Objective-C's
/// `ASWebAuthenticationSession`; here only the namespace of ``Callback``).
public class ASWebAuthenticationSession {
    private init() {}

    /// How a session recognises the address that ends it.
    public class Callback {
        /// The custom URL scheme that ends the session.
        package let scheme: String

        package required init(scheme: String) { self.scheme = scheme }

        /// A callback that ends the session on an address of `customScheme`.
        public class func customScheme(_ customScheme: String) -> Self { Self(scheme: customScheme) }
    }
}

/// Shows a web page for signing in, from a view (the environment's ``SwiftUI/EnvironmentValues/webAuthenticationSession``).
///
/// The stand-in shows no page: it runs the browser the environment was given (a test's, which follows the page as a
/// person would), or fails as a closed sheet does.
@MainActor public struct WebAuthenticationSession {
    /// The browser: from the page's address and the callback's scheme to the address the page ended on.
    package typealias Browser = @MainActor (URL, String) async throws -> URL

    package let browser: Browser

    nonisolated package init(browser: @escaping Browser) { self.browser = browser }

    /// Whether the page shares cookies with Safari.
    public struct BrowserSession {
        private init() {}
    }

    /// Shows the page at `url` and answers the address, of the callback's scheme, it ended on.
    @MainActor public func authenticate(
        using url: URL, callback: ASWebAuthenticationSession.Callback,
        preferredBrowserSession: WebAuthenticationSession.BrowserSession? = nil,
        additionalHeaderFields: [String: String]
    ) async throws -> URL {
        try await browser(url, callback.scheme)
    }
}

/// The session's failure when no browser was given: as if the person closed the sheet.
package struct SheetClosed: Error {}

extension EnvironmentValues {
    /// Shows web pages for signing in.
    public var webAuthenticationSession: WebAuthenticationSession {
        value(
            "webAuthenticationSession",
            default: WebAuthenticationSession(browser: { _, _ in throw SheetClosed() }))
    }

    /// Gives the views a browser that follows sign-in pages (a test's).
    package mutating func setWebAuthenticationBrowser(
        _ browser: @escaping @MainActor (URL, String) async throws -> URL
    ) {
        values["webAuthenticationSession"] = WebAuthenticationSession(browser: browser)
    }
}
