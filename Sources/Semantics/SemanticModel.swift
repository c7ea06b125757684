import Foundation

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

    /// The environment variable that, set to `off`, leaves the shipped repository vectors unused (for comparisons).
    public static let repositoryVectorsVariable = "REPOFINDER_REPOSITORY_VECTORS"

    private static let storedRepositories: Result<RepositoryVectors?, RepositoryVectorsError> = Result {
        () throws(RepositoryVectorsError) -> RepositoryVectors? in
        guard ProcessInfo.processInfo.environment[repositoryVectorsVariable] != "off" else { return nil }
        return try RepositoryVectors.bundled()
    }

    /// The full model's vectors of the starter catalog's repositories (loaded at first use, some 0.3 s), when they
    /// are shipped and in the table's space; nil otherwise, and every repository is embedded by the table.
    public static var repositoryVectors: RepositoryVectors? {
        guard let stored = try? storedRepositories.get(), stored.dimensions == shared?.dimensions else { return nil }
        return stored
    }

    /// Why the shipped repository vectors are not used (nil when they are, or were turned off).
    public static var repositoryVectorsProblem: String? {
        if case .failure(let error) = storedRepositories { return error.description }
        return nil
    }

    private static let questionLoad = QuestionLoad()

    /// The transformer that reads questions (Ask's), when it has been loaded; nil while it loads (it starts loading
    /// at the first ask, on a thread of its own: about a second, never on Swift concurrency's threads), and when
    /// the model is not installed or is turned off: questions are then read with the token vectors like any text.
    public static var questions: QuestionEncoder? { questionLoad.loaded() }

    /// The transformer, once loaded: waits (suspended, not blocking a thread) for a load under way or starts one;
    /// nil when the model cannot be loaded (see ``questionsProblem``).
    public static func questionReader() async -> QuestionEncoder? { await questionLoad.wait() }

    /// Why questions are read with the token vectors alone (nil when the transformer reads them or is still loading).
    public static var questionsProblem: String? { questionLoad.problem() }
}
