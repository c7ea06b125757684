import Catalog
import Foundation
import Testing

@Suite("Line reader")
struct LineReaderTests {
    func lines(_ reader: LineReader) throws -> [LineReader.Line] {
        var result: [LineReader.Line] = []
        while let line = try reader.next() { result.append(line) }
        return result
    }

    @Test("splits on LF and CRLF, keeps a last line without a break, numbers lines from 1")
    func splitting() throws {
        let directory = try TestDirectory()
        let path = try directory.file("plain.txt", Array("one\r\ntwo\n\nthree".utf8))
        #expect(
            try lines(LineReader(path: path)) == [
                .text(number: 1, bytes: Array("one".utf8)), .text(number: 2, bytes: Array("two".utf8)),
                .text(number: 3, bytes: []), .text(number: 4, bytes: Array("three".utf8)),
            ])
    }

    @Test("an overlong line is reported with its length and the next line still reads")
    func overlongLine() throws {
        let directory = try TestDirectory()
        let huge = String(repeating: "x", count: 700_000)
        let path = try directory.file("huge.txt", lines: ["short", huge, "after", huge + huge])
        let read = try lines(LineReader(path: path, maximumLineBytes: 100_000))
        #expect(
            read == [
                .text(number: 1, bytes: Array("short".utf8)), .tooLong(number: 2, length: 700_000),
                .text(number: 3, bytes: Array("after".utf8)), .tooLong(number: 4, length: 1_400_000),
            ])
    }

    @Test("gzip files, including several concatenated members, read like plain ones")
    func gzip() throws {
        let directory = try TestDirectory()
        let first = try directory.gzip(directory.file("a.txt", lines: (1...3000).map { "line \($0)" }))
        let second = try directory.gzip(directory.file("b.txt", lines: ["tail"]))
        let joined = try directory.file(
            "joined.gz",
            [UInt8](try Data(contentsOf: URL(fileURLWithPath: first)) + Data(contentsOf: URL(fileURLWithPath: second))))
        let read = try lines(LineReader(path: joined))
        #expect(read.count == 3001)
        #expect(read[2999] == .text(number: 3000, bytes: Array("line 3000".utf8)))
        #expect(read.last == .text(number: 3001, bytes: Array("tail".utf8)))
    }

    @Test("a missing file and corrupt gzip data are clear errors")
    func errors() throws {
        #expect(throws: CatalogImportError.unreadable("/no/such/file")) { try LineReader(path: "/no/such/file") }
        let directory = try TestDirectory()
        let good = [UInt8](
            try Data(
                contentsOf: URL(
                    fileURLWithPath: directory.gzip(
                        directory.file("good.txt", lines: (1...5000).map { "line \($0) of a file that compresses" })))))
        let truncated = try directory.file("truncated.gz", Array(good.prefix(good.count / 2)))
        #expect(
            throws: CatalogImportError.corruptCompression(
                "the file ends inside the compressed data; it may be truncated")
        ) {
            try lines(LineReader(path: truncated))
        }
        var flipped = good
        flipped[good.count / 2] ^= 0xFF
        flipped[good.count / 2 + 1] ^= 0xFF
        let damaged = try directory.file("damaged.gz", flipped)
        #expect(throws: CatalogImportError.self) { try lines(LineReader(path: damaged)) }
    }
}
