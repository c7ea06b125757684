import Foundation

/// The RepoFinder HTTP API, generated from `openapi.yaml` in this folder at build time: `Components` (schemas),
/// `Operations`, `APIProtocol` (what a server implements) and `Client` (what apps call).
public enum APIContract {
    /// The contract's version (`info.version` of the document).
    public static let version = "1.0.0"

    /// The OpenAPI document itself (YAML), as shipped with the module.
    public static let document: String = {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "yaml"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else { return "" }
        return text
    }()
}
