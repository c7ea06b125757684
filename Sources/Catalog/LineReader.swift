import Foundation

/// Reads a text file line by line, plain or gzip-compressed (detected by its magic bytes), without ever holding
/// more than one line (capped at ``maximumLineBytes``) and one read chunk in memory.
public final class LineReader {
    /// One line of the file.
    public enum Line: Equatable {
        /// A line's bytes, without its line break (`\n` or `\r\n`).
        case text(number: Int, bytes: [UInt8])
        /// A line longer than the limit; its bytes were skipped.
        case tooLong(number: Int, length: Int)
    }

    /// Lines longer than this are reported and skipped.
    public let maximumLineBytes: Int
    /// The file's size on disk, for progress.
    public let totalBytes: Int
    /// Bytes read from disk so far (compressed bytes for a gzip file).
    public private(set) var bytesRead = 0

    private let handle: FileHandle
    private var inflater: GzipInflater?
    private var isFirstChunk = true
    private var buffer: [UInt8] = []
    private var start = 0
    private var endOfFile = false
    private var skippedLength: Int?
    private var lineNumber = 0
    private static let chunkSize = 1 << 18

    /// Opens `path` for reading.
    public init(path: String, maximumLineBytes: Int = 1 << 20) throws(CatalogImportError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
            let handle = FileHandle(forReadingAtPath: path)
        else { throw .unreadable(path) }
        self.handle = handle
        self.maximumLineBytes = maximumLineBytes
        totalBytes = ((try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? Int) ?? 0
    }

    deinit { try? handle.close() }

    /// The next line, or nil at the end of the file.
    public func next() throws(CatalogImportError) -> Line? {
        while true {
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = finishLine(end: newline)
                start = newline + 1
                return line
            }
            let pending = buffer.count - start
            if pending > maximumLineBytes {
                skippedLength = (skippedLength ?? 0) + pending
                start = buffer.count
            }
            if endOfFile {
                guard pending > 0 || skippedLength != nil else { return nil }
                let line = finishLine(end: buffer.count)
                start = buffer.count
                return line
            }
            buffer.removeSubrange(0..<start)
            start = 0
            try readChunk()
        }
    }

    private func finishLine(end: Int) -> Line {
        lineNumber += 1
        if let skipped = skippedLength {
            skippedLength = nil
            return .tooLong(number: lineNumber, length: skipped + (end - start))
        }
        var lineEnd = end
        if lineEnd > start, buffer[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
        guard lineEnd - start <= maximumLineBytes else { return .tooLong(number: lineNumber, length: lineEnd - start) }
        return .text(number: lineNumber, bytes: Array(buffer[start..<lineEnd]))
    }

    private func readChunk() throws(CatalogImportError) {
        let data: Data
        do {
            data = try handle.read(upToCount: Self.chunkSize) ?? Data()
        } catch {
            throw .readFailed(error.localizedDescription)
        }
        guard !data.isEmpty else {
            endOfFile = true
            if let inflater, !inflater.isFinished {
                throw .corruptCompression("the file ends inside the compressed data; it may be truncated")
            }
            return
        }
        bytesRead += data.count
        let bytes = [UInt8](data)
        if isFirstChunk {
            isFirstChunk = false
            if bytes.starts(with: [0x1F, 0x8B]) { inflater = try GzipInflater() }
        }
        if let inflater {
            try inflater.inflate(bytes, into: &buffer)
        } else {
            buffer.append(contentsOf: bytes)
        }
    }
}

/// Why a file could not be imported at all (as opposed to a bad line, which is skipped).
public enum CatalogImportError: Error, Equatable, Sendable, CustomStringConvertible {
    case unreadable(String)
    case readFailed(String)
    case corruptCompression(String)
    case missingHeader(String)

    public var description: String {
        switch self {
        case .unreadable(let path): "Cannot read '\(path)': check that the file exists and is readable."
        case .readFailed(let reason): "Reading the file failed: \(reason)."
        case .corruptCompression(let reason):
            "The gzip data is corrupt (\(reason)); lines before the damage were imported."
        case .missingHeader(let reason): "The CSV header is not usable: \(reason)."
        }
    }
}
