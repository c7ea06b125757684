import OpenAPIRuntime
import RepoFinderAPI

/// The server half of the RepoFinder HTTP API, generated from `openapi.yaml` (a link to `RepoFinderAPI`'s) at build
/// time: `APIProtocol.registerHandlers(on:serverURL:configuration:middlewares:)` and the request decoding behind it.
/// Only the server imports it; the apps import ``RepoFinderAPIClient`` instead.
public enum ServerContract {}
