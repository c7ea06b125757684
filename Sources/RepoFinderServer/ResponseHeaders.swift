import Foundation
import HTTPTypes
import Hummingbird

/// The headers every answer carries, added in one place (``RequestLogMiddleware``) so no route can forget them.
enum ResponseHeaders {
    /// Adds `X-Content-Type-Options: nosniff` and `Referrer-Policy: no-referrer` to every answer; `Cache-Control:
    /// no-store` to personal ones (`/v1/me/…`, `/v1/users`: tokens and a person's data stay out of caches); and a
    /// `WWW-Authenticate: Bearer` challenge to every 401 (RFC 6750; `error="invalid_token"` when a token was sent).
    /// A `Location` the generated handlers wrote goes out as the address it is: the OpenAPI runtime percent-encodes
    /// every header value (`/` as `%2F`), and our locations are paths of our own.
    static func stamp(_ response: inout Response, for request: Request) {
        if let location = response.headers[.location], location.hasPrefix("%2F") {
            response.headers[.location] = location.removingPercentEncoding
        }
        response.headers[.xContentTypeOptions] = "nosniff"
        if response.headers[.referrerPolicy] == nil { response.headers[.referrerPolicy] = "no-referrer" }
        let path = request.uri.path
        if path.hasPrefix("/v1/me/") || path == "/v1/users" || path == "/metrics" {
            response.headers[.cacheControl] = "no-store"
        }
        if response.status == .unauthorized, response.headers[.wwwAuthenticate] == nil {
            response.headers[.wwwAuthenticate] =
                request.headers[.authorization] == nil
                ? #"Bearer realm="RepoFinder""# : #"Bearer realm="RepoFinder", error="invalid_token""#
        }
    }
}
