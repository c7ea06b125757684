import Foundation
import GRDB
import GRDBSQLite

/// `rf_rank(repository_search, w1, w2, …)`: FTS5's BM25 (k1 = 1.2) with weighted columns but without document-length
/// normalisation (b = 0). Built-in `bm25` reads every matching row's column sizes from `%_docsize`, one lookup per
/// row, which was most of the cost of ranking a broad match; names and topics are short anyway, and the weights
/// (names over topics over description) carry the ranking. Lower is better, like `bm25`.
enum TextRank {
    static let functionName = "rf_rank"

    /// Registers the function on a connection.
    static func register(_ db: Database) {
        let api = FTS5.api(db)
        _ = api.pointee.xCreateFunction(UnsafeMutablePointer(mutating: api), functionName, nil, rank, nil)
    }
}

/// Per-query inverse document frequencies, computed on the first row and kept as FTS5 auxiliary data.
private final class PhraseWeights {
    let idf: [Double]
    init(idf: [Double]) { self.idf = idf }
}

private let rank: fts5_extension_function = { api, fts, context, valueCount, values in
    guard let api, let fts else { return }
    let extensions = api.pointee
    var phrases = Int(extensions.xPhraseCount(fts))
    if let auxiliary = extensions.xGetAuxdata(fts, 0) {
        phrases = Unmanaged<PhraseWeights>.fromOpaque(auxiliary).takeUnretainedValue().idf.count
    } else {
        var rows: Int64 = 0
        guard extensions.xRowCount(fts, &rows) == SQLITE_OK else {
            return sqlite3_result_error_code(context, SQLITE_ERROR)
        }
        var idf: [Double] = []
        for phrase in 0..<phrases {
            var hits: Int64 = 0
            let status = withUnsafeMutablePointer(to: &hits) { pointer in
                extensions.xQueryPhrase(fts, Int32(phrase), pointer) { _, _, user in
                    user?.assumingMemoryBound(to: Int64.self).pointee += 1
                    return SQLITE_OK
                }
            }
            guard status == SQLITE_OK else { return sqlite3_result_error_code(context, status) }
            // As FTS5's bm25: never zero or negative, so a very common term still counts a little.
            idf.append(max(1e-6, log((Double(rows) - Double(hits) + 0.5) / (Double(hits) + 0.5))))
        }
        let weights = Unmanaged.passRetained(PhraseWeights(idf: idf)).toOpaque()
        _ = extensions.xSetAuxdata(fts, weights) { pointer in
            if let pointer { Unmanaged<PhraseWeights>.fromOpaque(pointer).release() }
        }
    }
    guard let auxiliary = extensions.xGetAuxdata(fts, 0) else {
        return sqlite3_result_error_code(context, SQLITE_ERROR)
    }
    let idf = Unmanaged<PhraseWeights>.fromOpaque(auxiliary).takeUnretainedValue().idf

    var columnWeights: [Double] = []
    for index in 0..<Int(valueCount) { columnWeights.append(sqlite3_value_double(values![index])) }
    var frequencies = [Double](repeating: 0, count: phrases)
    var instances: Int32 = 0
    guard extensions.xInstCount(fts, &instances) == SQLITE_OK else {
        return sqlite3_result_error_code(context, SQLITE_ERROR)
    }
    for index in 0..<instances {
        var phrase: Int32 = 0
        var column: Int32 = 0
        var offset: Int32 = 0
        guard extensions.xInst(fts, index, &phrase, &column, &offset) == SQLITE_OK else { continue }
        let weight = Int(column) < columnWeights.count ? columnWeights[Int(column)] : 1
        frequencies[Int(phrase)] += weight
    }
    let k1 = 1.2
    var score = 0.0
    for phrase in 0..<phrases where frequencies[phrase] > 0 {
        score += idf[phrase] * frequencies[phrase] * (k1 + 1) / (frequencies[phrase] + k1)
    }
    sqlite3_result_double(context, -score)
}
