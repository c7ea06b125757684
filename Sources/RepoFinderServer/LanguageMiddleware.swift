import Hummingbird
import Localization

/// Answers each request in its person's language: the `lang` cookie, then `Accept-Language` (``LanguageChoice``),
/// kept in ``Localization/Language/chosen`` while the request is answered, so every worded field (reasons, notes,
/// health sentences, the pages) uses it; the answer says it in `Content-Language`.
struct LanguageMiddleware: RouterMiddleware {
    typealias Context = ServerContext
    let choice: LanguageChoice

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let language = choice.language(
            cookie: request.headers[.cookie], acceptLanguage: request.headers[.acceptLanguage])
        var response = try await Language.$chosen.withValue(language) { try await next(request, context) }
        if response.headers[.contentLanguage] == nil { response.headers[.contentLanguage] = language.code }
        return response
    }
}
