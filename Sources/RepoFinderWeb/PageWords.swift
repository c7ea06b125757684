import Hummingbird
import Localization
import Mustache

/// The catalogue's words for a template, looked up as nested names: `{{t.page.nav.home}}` is key `page.nav.home`. A
/// key no catalogue has renders as itself (the language tests find it on the page).
struct PageWords: MustacheParent, CustomStringConvertible, Sendable {
    let words: Words
    /// The key so far (`page.nav`), empty at the top.
    var prefix = ""

    func child(named name: String) -> Any? {
        let key = prefix.isEmpty ? name : prefix + "." + name
        return words.has(key) ? words.text(key) : PageWords(words: words, prefix: key)
    }

    var description: String { prefix }
}

extension LanguageChoice {
    /// The language of `request`: its `lang` cookie, then its `Accept-Language`.
    func language(of request: Request) -> Language {
        language(cookie: request.headers[.cookie], acceptLanguage: request.headers[.acceptLanguage])
    }
}
