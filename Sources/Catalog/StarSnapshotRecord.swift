import Foundation
public import RepoFinderCore

/// Turns lines of `date,full_name,stargazers_count,forks_count` CSV into ``StarSnapshot``s. The header names the
/// columns (any order; `forks_count` optional).
public struct StarSnapshotRecordDecoder {
    private let dateColumn: Int
    private let nameColumn: Int
    private let starsColumn: Int
    private let forksColumn: Int?
    private let columnCount: Int
    /// The last name parsed: count files list one repository's days together, so most lines repeat it.
    private let lastName = LastParsedName()

    /// The column names this decoder understands.
    public static let expectedHeader = "date,full_name,stargazers_count,forks_count"

    /// Reads the header line.
    public init(header: [UInt8]) throws(CatalogImportError) {
        let names = String(decoding: header, as: UTF8.self).split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        func column(_ name: String) throws(CatalogImportError) -> Int {
            guard let index = names.firstIndex(of: name) else {
                throw .missingHeader("no '\(name)' column; expected \(Self.expectedHeader)")
            }
            return index
        }
        dateColumn = try column("date")
        nameColumn = try column("full_name")
        starsColumn = try column("stargazers_count")
        forksColumn = names.firstIndex(of: "forks_count")
        columnCount = names.count
    }

    /// Decodes one data line.
    public func decode(_ line: [UInt8]) -> Result<StarSnapshot, RecordRejection> {
        guard String(validating: line, as: UTF8.self) != nil else { return .failure(.invalidUTF8) }
        // Split on comma bytes: much cheaper than splitting a String by Character.
        let fields = line.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        guard fields.count == columnCount else {
            return .failure(.wrongColumnCount(found: fields.count, expected: columnCount))
        }
        guard let day = Day(fields[dateColumn]) else {
            return .failure(.invalidValue(field: "date", "'\(fields[dateColumn])' is not a YYYY-MM-DD date"))
        }
        let repository: RepositoryName
        if let last = lastName.parsed, lastName.text == fields[nameColumn] {
            repository = last
        } else {
            do {
                repository = try RepositoryName(parsing: String(fields[nameColumn]))
            } catch {
                return .failure(.invalidValue(field: "full_name", "\(error)"))
            }
            lastName.text = fields[nameColumn]
            lastName.parsed = repository
        }
        guard let stars = Int(fields[starsColumn]), stars >= 0 else {
            return .failure(.wrongType(field: "stargazers_count", expected: "a whole number ≥ 0"))
        }
        var forks: Int?
        if let forksColumn, !fields[forksColumn].isEmpty {
            guard let value = Int(fields[forksColumn]), value >= 0 else {
                return .failure(.wrongType(field: "forks_count", expected: "a whole number ≥ 0"))
            }
            forks = value
        }
        return .success(StarSnapshot(repository: repository, day: day, stars: stars, forks: forks))
    }
}

/// The last `full_name` field a decoder parsed, and what it parsed to.
private final class LastParsedName {
    var text: String?
    var parsed: RepositoryName?
}

extension StarSnapshotRecordDecoder {
    /// Every snapshot a CSV file (plain or gzip, with its header) holds, bad lines skipped: for evaluations and tests
    /// that want the values without a store.
    public static func snapshots(inFile path: String) throws(CatalogImportError) -> [StarSnapshot] {
        let reader = try LineReader(path: path)
        var decoder: StarSnapshotRecordDecoder?
        var snapshots: [StarSnapshot] = []
        while let line = try reader.next() {
            guard case .text(_, let bytes) = line else { continue }
            guard let known = decoder else {
                decoder = try StarSnapshotRecordDecoder(header: bytes)
                continue
            }
            if case .success(let snapshot) = known.decode(bytes) { snapshots.append(snapshot) }
        }
        return snapshots
    }
}
