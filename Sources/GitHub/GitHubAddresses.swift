import Foundation

/// The addresses RepoFinder keeps from what GitHub (or a catalog file in its shape) says: only ones that are what
/// they claim to be, so a link or an image can never point somewhere else.
enum GitHubAddresses {
    /// `html_url` if it is a page on `https://github.com` (no user name, password or port), else nil (the caller
    /// then uses `https://github.com/owner/name`).
    static func repositoryPage(_ address: String?) -> URL? {
        guard let address, let components = URLComponents(string: address),
            components.scheme?.lowercased() == "https", components.host?.lowercased() == "github.com",
            components.user == nil, components.password == nil, components.port == nil,
            components.percentEncodedPath.hasPrefix("/"), let url = components.url
        else { return nil }
        return url
    }

    /// An avatar address if it is `https` with a host, else nil (the app then shows GitHub's per-login avatar).
    static func avatar(_ address: String?) -> URL? {
        guard let address, let components = URLComponents(string: address),
            components.scheme?.lowercased() == "https", let host = components.host, !host.isEmpty,
            components.user == nil, components.password == nil, let url = components.url
        else { return nil }
        return url
    }
}
