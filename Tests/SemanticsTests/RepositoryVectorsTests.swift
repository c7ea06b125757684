import Foundation
import Semantics
import Testing

/// The shipped repository vectors' format (RFREP001): read back, matched by name and description, refused with a
/// reason when damaged.
@Suite("Repository vectors: the full model's, stored")
struct RepositoryVectorsTests {
    /// An RFREP001 file of `rows` (name, description, 16 components), written as the script writes it.
    static func file(_ rows: [(String, String, [Int8])], names: [String]? = nil) -> Data {
        var bytes = Array("RFREP001".utf8)
        func word(_ value: UInt32) { bytes += (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        word(UInt32(rows.count))
        word(16)
        word(31)
        for (_, description, components) in rows {
            word(description.utf8.reduce(0x811C_9DC5 as UInt32) { ($0 ^ UInt32($1)) &* 0x0100_0193 })
            word(Float(0.5).bitPattern)
            bytes += components.map { UInt8(bitPattern: $0) }
        }
        let joined = Array((names ?? rows.map(\.0)).joined(separator: "\n").utf8)
        word(UInt32(joined.count))
        return Data(bytes + joined)
    }

    static let rows: [(String, String, [Int8])] = [
        ("tauri-apps/tauri", "Desktop apps with a web front end", [3, 4] + Array(repeating: 0, count: 14)),
        ("someone/empty", "", [0, 0, 31] + Array(repeating: 0, count: 13)),
    ]

    @Test("a repository gets its stored vector while its description is the one embedded, or not known")
    func matching() throws {
        let stored = try RepositoryVectors(data: Self.file(Self.rows))
        #expect(stored.count == 2 && stored.dimensions == 16)
        let vector = try #require(
            stored.vector(of: "Tauri-Apps/Tauri", description: "Desktop apps with a web front end"))
        #expect(abs(vector[0] - 0.6) < 1e-6 && abs(vector[1] - 0.8) < 1e-6, "a unit vector: \(vector.prefix(2))")
        #expect(stored.vector(of: "tauri-apps/tauri", description: "Desktop apps, rewritten") == nil, "changed")
        #expect(stored.vector(of: "someone/empty", description: "")?[2] == 1, "an empty description as embedded")
        // Not known (the starter catalog ships no descriptions): the stored vector is the best knowledge.
        #expect(stored.vector(of: "someone/empty", description: nil)?[2] == 1)
        #expect(stored.vector(of: "tauri-apps/tauri", description: nil)?[0] ?? 0 > 0.59, "unknown is not changed")
        #expect(stored.vector(of: "tauri-apps/tauri", description: "") == nil, "emptied is changed")
        #expect(stored.vector(of: "nobody/else", description: "") == nil)
    }

    @Test("a damaged file is refused with what is wrong")
    func damaged() throws {
        let good = Self.file(Self.rows)
        let cases: [(Data, String)] = [
            (Data("RFVEC001".utf8) + good.dropFirst(8), "RFREP001"),
            (good.dropLast(3), "length"),
            (Self.file(Self.rows, names: ["only/one"]), "1 names for 2 rows"),
            (Self.file(Self.rows, names: ["a/b", "c/d", "e/f"]), "3 names for 2 rows"),
            (Data(good.prefix(30)), "size"),
        ]
        for (data, reason) in cases {
            #expect {
                _ = try RepositoryVectors(data: data)
            } throws: { error in
                (error as? RepositoryVectorsError)?.reason.contains(reason) == true
            }
        }
    }

    @Test("the shipped file, when built in, is over the table's space")
    func shipped() throws {
        let stored = try #require(try RepositoryVectors.bundled())
        #expect(stored.count > 40_000)
        #expect(stored.dimensions == SemanticModel.shared?.dimensions)
    }
}
