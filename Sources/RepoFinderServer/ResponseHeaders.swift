import Foundation
import HTTPTypes
import Hummingbird

/// The headers every answer carries, added in one place (``RequestLogMiddleware``) so no route can forget them.
enum ResponseHeaders {
    /// Adds `X-Content-Type-Options: nosniff` and `Referrer-Policy: no-referrer` to every answer; `Vary` by
    /// ``varies`` to every API answer; `Cache-Control: no-store` to personal ones (`/v1/me/…`, `/v1/users`: tokens and a person's data stay out of caches); and a
    /// `WWW-Authenticate: Bearer` challenge to every 401 (RFC 6750; `error="invalid_token"` when a token was sent).
    /// A `Location` or `Content-Disposition` the generated handlers wrote goes out as written: the OpenAPI runtime
    /// percent-encodes every header value (`/` as `%2F`, `"` as `%22`), and ours are paths and file names of our own.
    static func stamp(_ response: inout Response, for request: Request) {
        // Only values the runtime encoded (a path's leading `/`, the disposition's `;`): a redirect's own `%20` stays.
        for (name, encodedStart) in [(HTTPField.Name.location, "%2F"), (.contentDisposition, "attachment%3B")] {
            if let value = response.headers[name], value.hasPrefix(encodedStart),
                let decoded = value.removingPercentEncoding
            {
                response.headers[name] = decoded
            }
        }
        response.headers[.xContentTypeOptions] = "nosniff"
        if response.headers[.referrerPolicy] == nil { response.headers[.referrerPolicy] = "no-referrer" }
        let path = request.uri.path
        if path.hasPrefix("/v1/") { vary(&response, by: varies) }
        if path.hasPrefix("/v1/me/") || path == "/v1/users" || path == "/metrics" {
            response.headers[.cacheControl] = "no-store"
        } else if path.hasPrefix("/v1/") {
            personalise(&response, forToken: request.headers[.authorization] != nil)
        }
        if response.status == .unauthorized, response.headers[.wwwAuthenticate] == nil {
            response.headers[.wwwAuthenticate] =
                request.headers[.authorization] == nil
                ? #"Bearer realm="RepoFinder""# : #"Bearer realm="RepoFinder", error="invalid_token""#
        }
    }

    /// What every API answer depends on besides its address: the token (whose person it is), and the language its
    /// words are in (`Accept-Language`, or the web app's `lang` cookie).
    static let varies = ["Authorization", "Accept-Language", "Cookie"]

    /// Adds each of `names` to `Vary` unless it is there already.
    private static func vary(_ response: inout Response, by names: [String]) {
        // Most answers name nothing themselves: the list is then the same every time.
        guard let given = response.headers[.vary], !given.isEmpty else {
            response.headers[.vary] = names.joined(separator: ", ")
            return
        }
        var values = given.split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        for name in names where !values.contains(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) {
            values.append(name)
        }
        response.headers[.vary] = values.joined(separator: ", ")
    }

    /// The catalog's answers (search, a repository, similar, compare, trending, areas) carry what the token's person
    /// did (`viewer`, a fit) and words in the asker's language (``varies``): one for a token is the person's only
    /// (`private`), and any cache asks again before it reuses one (`no-cache`) unless the route said how long it
    /// keeps.
    private static func personalise(_ response: inout Response, forToken hasToken: Bool) {
        if response.headers[.cacheControl] == nil { response.headers[.cacheControl] = "no-cache" }
        guard hasToken else { return }
        let kept = (response.headers[.cacheControl] ?? "").split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && $0.lowercased() != "public" && $0.lowercased() != "private" }
        response.headers[.cacheControl] = (["private"] + kept).joined(separator: ", ")
    }
}
