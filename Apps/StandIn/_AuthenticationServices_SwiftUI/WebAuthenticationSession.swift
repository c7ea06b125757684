public import Foundation
public import SwiftUI

/// Signs the person in through a web page the system shows, and returns the address it called back with.
@MainActor public struct WebAuthenticationSession {
    /// Which browser session the sign-in page shares.
    public struct BrowserSession: Sendable, Equatable {
        package let name: String
        /// A private session that keeps nothing.
        public static var ephemeral: BrowserSession { BrowserSession(name: "ephemeral") }
        /// The session Safari uses.
        public static var shared: BrowserSession { BrowserSession(name: "shared") }
    }

    package let handler: @MainActor (URL, String) async throws -> URL

    package nonisolated init(handler: @escaping @MainActor (URL, String) async throws -> URL) { self.handler = handler }

    /// Shows the page at `url` and returns the address it called back with on `callbackURLScheme`.
    public func authenticate(
        using url: URL, callbackURLScheme: String, preferredBrowserSession: WebAuthenticationSession.BrowserSession? = nil
    ) async throws -> URL {
        try await handler(url, callbackURLScheme)
    }
}

/// The person cancelled the sign-in page (what the stand-in throws when no page answers).
package struct StandInAuthenticationCancelled: Error {}

extension EnvironmentValues {
    /// The web sign-in session of the window.
    public var webAuthenticationSession: WebAuthenticationSession {
        value("webAuthenticationSession", default: WebAuthenticationSession { _, _ in throw StandInAuthenticationCancelled() })
    }

    /// Sets the session a recording gives its views.
    package mutating func setWebAuthenticationSession(_ session: WebAuthenticationSession) {
        values["webAuthenticationSession"] = session
    }
}
