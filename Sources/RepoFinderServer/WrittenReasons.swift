import Localization
import Recommender
import RepoFinderCore

/// A card's reasons as the hand-written answers put them (`reasons`, `reasonDetails`), remembered per language: a
/// deal words about sixty reasons, most of them one of a few thousand, and wording one (its text, then its kind and
/// values as JSON) cost a deck request more than looking it up once (issue 64).
enum WrittenReasons {
    /// One reason written: its worded text as a JSON string, then the contract's `Reason` object, in one array (one
    /// reference to count for a look-up instead of two).
    struct Written: Sendable {
        let bytes: [UInt8]
        /// Where the text ends and the object begins.
        let textEnd: Int
    }

    /// A memo per language, keyed by the reason alone: the look-up copies nothing (a deal makes about sixty).
    private static let memos = Language.allCases.map { _ in ThreadMemo<Reason, Written>(capacity: 50_000) }

    /// `reason` written in `words`' language; remembered on this thread when the words are shipped ones.
    static func written(_ reason: Reason, in words: Words) -> Written {
        guard words.isShipped, let language = Language.allCases.firstIndex(of: words.language) else {
            return write(reason, in: words)
        }
        return memos[language].value(reason) { write(reason, in: words) }
    }

    private static func write(_ reason: Reason, in words: Words) -> Written {
        var json = JSONOutput(capacity: 192)
        json.string(reason.text(words))
        let textEnd = json.bytes.count
        json.reason(reason)
        return Written(bytes: json.bytes, textEnd: textEnd)
    }
}

extension JSONOutput {
    /// A card's `reasons` and, when it has them as data, `reasonDetails`: members of its object, in `words`' language.
    mutating func reasons(of card: Recommendation, words: Words) {
        key("reasons")
        guard !card.details.isEmpty else {
            strings(card.reasons(in: words))
            return
        }
        let written = card.details.map { WrittenReasons.written($0, in: words) }
        if let given = card.reasonsAsGiven(in: words) {
            strings(given)
        } else {
            beginArray()
            for reason in written {
                element()
                raw(reason.bytes[..<reason.textEnd])
            }
            endArray()
        }
        key("reasonDetails")
        beginArray()
        for reason in written {
            element()
            raw(reason.bytes[reason.textEnd...])
        }
        endArray()
    }
}
