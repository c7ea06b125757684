import Foundation
import Semantics
import Testing

@Suite("Token-vector table format")
struct TableFormatTests {
    static let raw = SyntheticTable.raw(
        vocabulary: ["[UNK]", "cat", "dog", "##s"], scales: [0, 0.5, 0.25, 1],
        rows: [[0, 0, 0], [2, 0, 0], [0, 4, 0], [0, 0, 1]])

    @Test("reads raw and gzip tables alike")
    func rawAndGzip() throws {
        for bytes in [Self.raw, SyntheticTable.gzip(Self.raw)] {
            let table = try TokenVectors(data: Data(bytes))
            #expect(table.vocabulary == ["[UNK]", "cat", "dog", "##s"])
            #expect(table.dimensions == 3 && table.unknownTokenID == 0)
            #expect(table.lowercasesInput && table.stripsAccents)
            #expect(!table.hasVector(0) && table.hasVector(3) && !table.hasVector(4))
        }
    }

    @Test("wrong magic, truncation and damaged gzip fail with a clear error")
    func errors() {
        var wrong = Self.raw
        wrong[0] = UInt8(ascii: "X")
        #expect(throws: TokenVectorsError.wrongMagic) { try TokenVectors(data: Data(wrong)) }
        #expect(throws: TokenVectorsError.wrongMagic) { try TokenVectors(data: Data("hello".utf8)) }
        for cut in [4, 12, 30, Self.raw.count - 1] {
            #expect {
                try TokenVectors(data: Data(Self.raw.prefix(cut)))
            } throws: { error in
                guard case .truncated = error as? TokenVectorsError else { return false }
                return "\(error)".contains("truncated")
            }
        }
        let gzip = SyntheticTable.gzip(Self.raw)
        #expect {
            try TokenVectors(data: Data(gzip.prefix(gzip.count / 2)))
        } throws: { error in
            guard case .truncated = error as? TokenVectorsError else { return false }
            return true
        }
        var damaged = gzip
        damaged[10] = 0x07  // an invalid block type
        #expect {
            try TokenVectors(data: Data(damaged))
        } throws: { error in
            guard case .corruptCompression = error as? TokenVectorsError else { return false }
            return true
        }
    }

    @Test("a missing file names its path")
    func missingFile() {
        let path = "/nonexistent/token-vectors.rfv.gz"
        #expect(throws: TokenVectorsError.missingFile(path)) {
            try TokenVectors(contentsOf: URL(fileURLWithPath: path))
        }
        #expect("\(TokenVectorsError.missingFile(path))" == "no token-vector table at \(path)")
    }

    @Test("the bundled table loads (the placeholder or the real one)")
    func bundled() throws {
        let table = try TokenVectors.bundled()
        #expect(table.vocabulary.count > 0 && table.dimensions > 0)
    }
}
