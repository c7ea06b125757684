import Foundation

extension Language {
    /// The language chosen for the work in progress: the request's, bound by the server for each request (a test binds
    /// one too); nil outside such a scope.
    @TaskLocal public static var chosen: Language?

    /// The language of the request being answered (``chosen``; English elsewhere): what the API's worded fields
    /// (reasons, notes, health sentences) are written in.
    public static var current: Language { chosen ?? .english }

    /// The language an app on a device speaks: ``chosen`` when bound (a test's), else the first of the device's
    /// preferred languages RepoFinder speaks (on iOS, the app's own language setting), else English.
    public static var device: Language {
        chosen ?? negotiate(Locale.preferredLanguages.joined(separator: ","))
    }
}

/// Which language a page or an API answer speaks: the `lang` cookie (Profile's setting), then `Accept-Language`,
/// then English. The pseudo-language only when the server offers it (development).
public struct LanguageChoice: Sendable {
    /// Whether `en-XA` may be chosen.
    public let offersPseudo: Bool

    public init(offersPseudo: Bool) {
        self.offersPseudo = offersPseudo
    }

    /// The language for a request with these `Cookie` and `Accept-Language` headers.
    public func language(cookie: String?, acceptLanguage: String?) -> Language {
        if let chosen = Self.cookie(named: "lang", in: cookie), let language = Language(code: chosen),
            language != .pseudo || offersPseudo
        {
            return language
        }
        return Language.negotiate(acceptLanguage, pseudo: offersPseudo)
    }

    /// The value of cookie `name` in a `Cookie` header.
    static func cookie(named name: String, in header: String?) -> String? {
        guard let header else { return nil }
        for pair in header.split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2, parts[0] == name { return parts[1] }
        }
        return nil
    }
}
