/// The knobs of best-match ranking, in one place so `repofinder eval search` can measure each one's effect (each
/// switch turns one idea off; ``standard`` is what ships).
public struct SearchRanking: Hashable, Sendable {
    /// How much a match counts in each field: the repository's name, its owner, its topics, its description, its
    /// language and the curated-list headings it is placed under. Names first, then topics, then prose and headings.
    public var fieldWeights: [Float] = [3, 1, 2, 1, 1, 1]
    /// BM25's length normalisation per field (0 = none, 1 = full): a long description must not win by repeating
    /// every word; names and topics are short anyway.
    public var lengthNormalisation: [Float] = [0.3, 0, 0.3, 0.3, 0, 0.5]
    /// BM25's term-frequency saturation.
    public var k1: Float = 1.2
    /// Only this many words of a description are indexed: stuffing past them does not pay at all.
    public var descriptionWords = 120
    /// Popularity: the text score is multiplied by `log10(stars + 10) ^ popularity` (0 = off).
    public var popularity: Float = 3
    /// Health: the score of a dormant repository is multiplied by this, an archived one's by its square.
    public var dormantFactor: Float = 0.9
    /// A repository named exactly what was typed (`redis`, `home assistant` → home-assistant/core) is multiplied by
    /// this.
    public var exactName: Float = 2
    /// Plurals, `-ing`/`-er` forms, synonyms, words written together or apart.
    public var expandWords = true
    /// The last word also matches longer words it begins (search as you type).
    public var completeLastWord = true
    /// …when the word as typed is in fewer than this many repositories (a well-known word was typed whole).
    public var completeBelow = 20
    /// A word of four or more letters also matches repository names it begins (`tailwind` → tailwindcss).
    public var completeNames = true
    /// A word of five or more letters the catalog does not know (or barely) also matches words one edit away.
    public var correctTypos = true
    /// When every word together matches fewer than this many repositories, repositories matching most of the
    /// words are added after them (0 = all words always required).
    public var fallbackBelow = 10
    /// Every word optional (plain BM25 "any word" matching), for the baseline.
    public var anyWord = false
    /// How a repository matching only some words is discounted: `(share of the query's weight it matched) ^
    /// partialPenalty`, each word weighing its inverse document frequency — missing "library" costs less than
    /// missing "kubernetes".
    public var partialPenalty: Float = 1

    /// Repositories with every word rank above all others (false: they are multiplied by ``completeBoost`` and
    /// compete with partial matches on score).
    public var strictCompleteness = true
    /// How much a repository with every word is multiplied by when completeness is not strict.
    public var completeBoost: Float = 2
    /// A word of four or more letters also matches repository names it ends (`grep` → ripgrep).
    public var suffixNames = true

    /// Meaning: how much the order by vector counts against the order by words when the two are fused (0 = words
    /// alone, as before vectors).
    public var meaningWeight: Float = 1
    /// A best-match search of two or more words is also ranked by meaning when fewer repositories than this match
    /// every word (a search the words answer well is left to them).
    public var meaningBelow = 1
    /// How many repositories the meaning order contributes to the fusion.
    public var meaningCandidates = 60
    /// Reciprocal rank fusion's constant: the larger, the flatter the credit down each list.
    public var fusionDepth = 20
    /// Popularity's part in the meaning order (its key is the cosine plus this × log10(stars + 10) / 6).
    public var meaningPopularity: Float = 0.24
    /// Subtracted from a dormant repository's meaning key.
    public var meaningDormant: Float = 0.03
    /// Popularity's part in ranking alternatives (the key is the cosine plus this × log10(stars + 10) / 6): people
    /// asking what replaces a tool want the established replacements first.
    public var alternativePopularity: Float = 0.6
    /// How much the summed kinship of the curated-list headings a candidate shares with the seed adds to its key in
    /// alternatives (``ListedHeadings/kinship(_:)``: a heading of six entries 0.36, of three hundred 0.12, times this).
    public var listedKinship: Float = 1
    /// How much the meaning order counts in the fusion for a whole question (Ask), against the words' order.
    public var questionMeaningWeight: Float = 1
    /// Subtracted from a collection's meaning key (an "awesome" list, a cheat sheet) and its rank in the words'
    /// order pushed down, unless the question asks for resources.
    public var collectionPenalty: Float = 0.5

    public init() {}

    /// Sets the knob named `name` from its text (`fieldWeights=3,1,2,1,1,1`, `popularity=2`, `anyWord=true`), for
    /// trying ranking changes from the command line. Throws ``SearchRankingError`` for an unknown knob or value.
    public mutating func set(_ name: String, to text: String) throws {
        func number() throws -> Float {
            guard let value = Float(text) else {
                throw SearchRankingError(description: "\(name): not a number: \(text)")
            }
            return value
        }
        func flag() throws -> Bool {
            guard let value = Bool(text) else { throw SearchRankingError(description: "\(name): true or false") }
            return value
        }
        func numbers() throws -> [Float] {
            let values = text.split(separator: ",").compactMap { Float(String($0)) }
            guard values.count == 6 else {
                throw SearchRankingError(
                    description: "\(name): six numbers (name, owner, topics, description, language, headings)")
            }
            return values
        }
        switch name {
        case "fieldWeights": fieldWeights = try numbers()
        case "lengthNormalisation": lengthNormalisation = try numbers()
        case "k1": k1 = try number()
        case "descriptionWords": descriptionWords = Int(try number())
        case "popularity": popularity = try number()
        case "dormantFactor": dormantFactor = try number()
        case "exactName": exactName = try number()
        case "expandWords": expandWords = try flag()
        case "completeLastWord": completeLastWord = try flag()
        case "completeBelow": completeBelow = Int(try number())
        case "completeNames": completeNames = try flag()
        case "correctTypos": correctTypos = try flag()
        case "fallbackBelow": fallbackBelow = Int(try number())
        case "anyWord": anyWord = try flag()
        case "partialPenalty": partialPenalty = try number()
        case "strictCompleteness": strictCompleteness = try flag()
        case "completeBoost": completeBoost = try number()
        case "suffixNames": suffixNames = try flag()
        case "meaningWeight": meaningWeight = try number()
        case "meaningBelow": meaningBelow = Int(try number())
        case "meaningCandidates": meaningCandidates = Int(try number())
        case "fusionDepth": fusionDepth = Int(try number())
        case "meaningPopularity": meaningPopularity = try number()
        case "meaningDormant": meaningDormant = try number()
        case "questionMeaningWeight": questionMeaningWeight = try number()
        case "collectionPenalty": collectionPenalty = try number()
        case "alternativePopularity": alternativePopularity = try number()
        case "listedKinship": listedKinship = try number()
        default: throw SearchRankingError(description: "no ranking knob named \(name)")
        }
    }

    /// What ships.
    public static let standard = SearchRanking()

    /// The floor the issue measured: plain BM25 over name, description and topics with any-word matching,
    /// multiplied by log(stars) — equal fields, no expansions, no health, no name bonus.
    public static var baseline: SearchRanking {
        var ranking = SearchRanking()
        ranking.fieldWeights = [1, 1, 1, 1, 0, 0]
        ranking.lengthNormalisation = [0.75, 0.75, 0.75, 0.75, 0, 0]
        ranking.descriptionWords = 100_000
        ranking.dormantFactor = 1
        ranking.exactName = 1
        ranking.expandWords = false
        ranking.completeLastWord = false
        ranking.completeNames = false
        ranking.suffixNames = false
        ranking.correctTypos = false
        ranking.anyWord = true
        ranking.partialPenalty = 0
        ranking.meaningWeight = 0
        return ranking
    }
}

/// A ranking knob that cannot be set as asked.
public struct SearchRankingError: Error, CustomStringConvertible {
    public let description: String
}
