import Foundation
import RepoFinderCore
public import Storage

/// Imports a catalog (GitHub repository JSON lines) or star snapshots (CSV) into a store, in batches, skipping and
/// reporting bad lines. Each batch commits on its own, so a failure midway keeps what came before it.
public struct CatalogImporter: Sendable {
    /// What the import reports while it runs.
    public enum Event: Sendable {
        /// Every ~100 ms and at the end.
        case progress(ImportProgress)
        /// A line was skipped.
        case rejected(LineRejection)
    }

    private let store: any CatalogStore
    private let batchSize: Int?
    private let maximumLineBytes: Int

    /// Rows per transaction for repositories, measured best on the shared catalog (large rows, many topics).
    public static let repositoryBatchSize = 1000
    /// Rows per transaction for star snapshots (small rows: fewer commits win; 20k was best of 1k-20k measured).
    public static let snapshotBatchSize = 20_000

    /// - Parameters:
    ///   - batchSize: rows per transaction; nil uses the measured default of each kind of file.
    ///   - maximumLineBytes: longer lines are rejected (default 1 MiB).
    public init(store: any CatalogStore, batchSize: Int? = nil, maximumLineBytes: Int = 1 << 20) {
        self.store = store
        self.batchSize = batchSize.map { max(1, $0) }
        self.maximumLineBytes = maximumLineBytes
    }

    /// Imports GitHub REST repository objects, one JSON object a line (plain or gzip).
    public func importRepositories(
        from path: String, onEvent: (Event) -> Void = { _ in }
    ) async throws -> ImportSummary {
        let decoder = RepositoryRecordDecoder()
        return try await run(
            path: path, hasHeader: false, batchSize: batchSize ?? Self.repositoryBatchSize, onEvent: onEvent
        ) { _, line in
            decoder.decode(line)
        } store: {
            batch in
            (try await store.upsertRepositories(batch.map(\.value)), [])
        }
    }

    /// Imports star snapshots, `date,full_name,stargazers_count,forks_count` CSV with a header (plain or gzip).
    /// Snapshots of repositories not in the catalog are rejected.
    public func importStarSnapshots(
        from path: String, onEvent: (Event) -> Void = { _ in }
    ) async throws -> ImportSummary {
        return try await run(
            path: path, hasHeader: true, batchSize: batchSize ?? Self.snapshotBatchSize, onEvent: onEvent
        ) { header, line in
            header!.decode(line)
        } store: { batch in
            let result = try await store.upsertStarSnapshots(batch.map(\.value))
            let rejected = batch.filter { result.unknownRepositories.contains($0.value.repository) }
                .map { LineRejection(line: $0.line, reason: .unknownRepository($0.value.repository)) }
            return (result.counts, rejected)
        }
    }

    private func run<Row: Sendable>(
        path: String,
        hasHeader: Bool,
        batchSize: Int,
        onEvent: (Event) -> Void,
        decode: (StarSnapshotRecordDecoder?, [UInt8]) -> Result<Row, RecordRejection>,
        store write: ([(line: Int, value: Row)]) async throws -> (UpsertCounts, [LineRejection])
    ) async throws -> ImportSummary {
        let started = ContinuousClock.now
        let reader = try LineReader(path: path, maximumLineBytes: maximumLineBytes)
        var summary = ImportSummary()
        var header: StarSnapshotRecordDecoder?
        var batch: [(line: Int, value: Row)] = []
        var lastReport = started
        func reject(_ rejection: LineRejection) {
            summary.record(rejection)
            onEvent(.rejected(rejection))
        }
        func progress() -> ImportProgress {
            ImportProgress(
                bytesRead: reader.bytesRead, totalBytes: reader.totalBytes, linesRead: summary.read,
                elapsed: ContinuousClock.now - started)
        }
        func flush() async throws {
            guard !batch.isEmpty else { return }
            let (counts, rejections) = try await write(batch)
            summary.counts = summary.counts + counts
            rejections.forEach(reject)
            batch.removeAll(keepingCapacity: true)
        }
        while let line = try reader.next() {
            switch line {
            case .tooLong(let number, let length):
                summary.read += 1
                reject(LineRejection(line: number, reason: .tooLong(length, limit: maximumLineBytes)))
            case .text(let number, let bytes):
                if bytes.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { continue }
                if hasHeader, header == nil {
                    header = try StarSnapshotRecordDecoder(header: bytes)
                    continue
                }
                summary.read += 1
                switch decode(header, bytes) {
                case .success(let row): batch.append((number, row))
                case .failure(let rejection): reject(LineRejection(line: number, reason: rejection))
                }
                if batch.count >= batchSize { try await flush() }
            }
            if ContinuousClock.now - lastReport > .milliseconds(100) {
                lastReport = ContinuousClock.now
                onEvent(.progress(progress()))
            }
        }
        try await flush()
        summary.elapsed = ContinuousClock.now - started
        onEvent(.progress(progress()))
        return summary
    }
}

/// How far an import has come.
public struct ImportProgress: Sendable {
    public var bytesRead: Int
    public var totalBytes: Int
    public var linesRead: Int
    public var elapsed: Duration

    /// 0…1, by bytes of the file read.
    public var fraction: Double { totalBytes > 0 ? min(1, Double(bytesRead) / Double(totalBytes)) : 0 }

    /// Lines per second so far.
    public var linesPerSecond: Double {
        let seconds = elapsed.secondsDouble
        return seconds > 0 ? Double(linesRead) / seconds : 0
    }

    /// Seconds left at the current pace, once it can be estimated.
    public var estimatedSecondsLeft: Double? {
        guard fraction > 0.01, fraction < 1 else { return nil }
        return elapsed.secondsDouble * (1 - fraction) / fraction
    }
}

/// A line that was skipped, and why.
public struct LineRejection: Equatable, Sendable, CustomStringConvertible {
    public var line: Int
    public var reason: RecordRejection

    public var description: String { "line \(line): \(reason)" }
}

/// What an import did.
public struct ImportSummary: Sendable {
    /// Data lines read (blank lines and the CSV header not counted).
    public var read = 0
    /// Rows inserted, updated, or already up to date.
    public var counts = UpsertCounts()
    /// Lines skipped.
    public var rejectedCount = 0
    /// The first ``maximumKeptRejections`` skipped lines, in order.
    public var rejections: [LineRejection] = []
    /// Wall time.
    public var elapsed: Duration = .zero

    /// How many rejections the summary keeps (all are counted and reported as they happen).
    public static let maximumKeptRejections = 10_000

    mutating func record(_ rejection: LineRejection) {
        rejectedCount += 1
        if rejections.count < Self.maximumKeptRejections { rejections.append(rejection) }
    }

    /// Lines imported per second.
    public var linesPerSecond: Double {
        let seconds = elapsed.secondsDouble
        return seconds > 0 ? Double(read) / seconds : 0
    }
}
