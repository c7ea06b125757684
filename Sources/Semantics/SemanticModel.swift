/// The process's one embedder: the token-vector table shipped with RepoFinder (or the file
/// `REPOFINDER_TOKEN_VECTORS` names), loaded at first use. When it cannot be loaded, search, Ask and similar match
/// words alone, as before meaning was added, and ``problem`` says why.
public enum SemanticModel {
    private static let loaded: Result<TextEmbedder, TokenVectorsError> = Result {
        () throws(TokenVectorsError) -> TextEmbedder in TextEmbedder(vectors: try TokenVectors.bundled())
    }

    /// The embedder, or nil when the table could not be loaded.
    public static var shared: TextEmbedder? { try? loaded.get() }

    /// Why there is no embedder (for the log and `repofinder doctor`-like output), nil when there is one.
    public static var problem: String? {
        if case .failure(let error) = loaded { return error.description }
        return nil
    }
}
