import Foundation

@testable import Semantics

/// Reads model.vocab from the tokenizer.json inside the model's zip, as the question reader does.
enum ZipVocabulary {
    static func read(zipPath: String) -> [String]? {
        guard let data = FileManager.default.contents(atPath: zipPath),
            let json = try? ZipMember.read("tokenizer.json", from: [UInt8](data))
        else { return nil }
        return try? QuestionEncoder.vocabulary(json)
    }
}
