import OpenAPIRuntime
import RepoFinderAPI

/// The client half of the RepoFinder HTTP API, generated from `openapi.yaml` (a link to `RepoFinderAPI`'s) at build
/// time: `Client`, which turns `APIProtocol` calls into requests on any OpenAPI transport. The app core imports it and
/// never compiles the server half.
public enum ClientContract {}
