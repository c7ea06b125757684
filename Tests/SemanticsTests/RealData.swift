import Foundation
import Semantics

/// The real all-MiniLM-L6-v2 data when this machine has it: the distilled table (bundled once it is the real one,
/// or named by REPOFINDER_TOKEN_VECTORS) and the model's tokenizer.json inside the sentence-transformers zip.
enum RealData {
    /// The real table is well over a megabyte; the placeholder is a few bytes.
    static let realTableSize = 1_000_000

    /// The real table, if present.
    static let table: TokenVectors? = {
        let environment = ProcessInfo.processInfo.environment[TokenVectors.environmentVariable]
        let path = environment.flatMap { $0.isEmpty ? nil : $0 } ?? TokenVectors.bundledURL?.path
        guard let path, let size = try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int,
            size > realTableSize
        else { return nil }
        return try? TokenVectors(contentsOf: URL(fileURLWithPath: path))
    }()

    /// The model zip (MINILM_MODEL_ZIP, or where the Python package installs it).
    static let modelZip =
        ProcessInfo.processInfo.environment["MINILM_MODEL_ZIP"] ?? (try? SentenceModelFiles.locate())
        ?? "all_minilm_l6_v2/model.zip (not installed)"

    /// The WordPiece vocabulary from the real table, else from the model zip's tokenizer.json.
    static let vocabulary: [String]? = table?.vocabulary ?? ZipVocabulary.read(zipPath: modelZip)

    /// Why the real-vocabulary tests are skipped, for the skip message.
    static let missingVocabulary =
        "no real vocabulary: neither a real token-vector table (> 1 MB, bundled or REPOFINDER_TOKEN_VECTORS) "
        + "nor \(modelZip)"
}
