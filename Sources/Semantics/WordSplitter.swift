import Foundation

/// BERT's basic tokenization over UTF-8 bytes: yields each word (lowercased, accents stripped) with its length in
/// scalars. ASCII takes a byte-at-a-time path; other scalars are classified with their Unicode properties.
struct WordSplitter {
    let lowercases: Bool
    let stripsAccents: Bool
    /// The word being gathered, reused between words.
    private var word: [UInt8] = []
    private var scalarCount = 0

    init(lowercases: Bool, stripsAccents: Bool) {
        self.lowercases = lowercases
        self.stripsAccents = stripsAccents
        word.reserveCapacity(64)
    }

    /// Calls `body` with each word of `bytes` (valid UTF-8), in order.
    mutating func split(
        _ bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>, Int) -> Void
    ) {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                index += 1
                appendASCII(byte, body)
                continue
            }
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
            var value = UInt32(byte) & (0x7F >> UInt32(length))
            for offset in 1..<length where index + offset < bytes.count {
                value = value << 6 | UInt32(bytes[index + offset] & 0x3F)
            }
            index += length
            if let scalar = Unicode.Scalar(value) { appendScalar(scalar, body) }
        }
        flush(body)
    }

    /// One ASCII byte: letters and digits join the word, white space ends it, punctuation is a word of its own,
    /// control characters are dropped.
    @inline(__always)
    private mutating func appendASCII(_ byte: UInt8, _ body: (UnsafeBufferPointer<UInt8>, Int) -> Void) {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            word.append(byte)
            scalarCount += 1
        case UInt8(ascii: "A")...UInt8(ascii: "Z"):
            word.append(lowercases ? byte | 0x20 : byte)
            scalarCount += 1
        case 9, 10, 13, 32:
            flush(body)
        case 33...126:
            flush(body)
            word.append(byte)
            scalarCount = 1
            flush(body)
        default:
            break  // NUL, other control characters, DEL
        }
    }

    /// One non-ASCII scalar, as BERT's normalizer and pre-tokenizer treat it.
    private mutating func appendScalar(_ scalar: Unicode.Scalar, _ body: (UnsafeBufferPointer<UInt8>, Int) -> Void) {
        let properties = scalar.properties
        switch properties.generalCategory {
        // Unassigned scalars stay, as in HuggingFace's tokenizer (its Unicode tables predate them).
        case .control, .format, .surrogate, .privateUse:
            return
        case .nonspacingMark where stripsAccents:
            return
        default:
            break
        }
        if scalar.value == 0xFFFD { return }
        if properties.isWhitespace {
            flush(body)
        } else if isCJKIdeograph(scalar.value) {
            flush(body)
            appendNormalized(scalar, body)
            flush(body)
        } else {
            appendNormalized(scalar, body)
        }
    }

    /// Appends `scalar` accent-stripped and lowercased; punctuation that comes out of it stands alone.
    private mutating func appendNormalized(
        _ scalar: Unicode.Scalar, _ body: (UnsafeBufferPointer<UInt8>, Int) -> Void
    ) {
        // Below U+00C0 no scalar has a canonical decomposition, nor has a unified CJK ideograph (the most common
        // non-ASCII scalars in the catalog: Foundation's decomposition of each was most of an embedding's time).
        if stripsAccents, scalar.value >= 0xC0, !isUnifiedIdeograph(scalar.value) {
            for part in String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars
            where part.properties.generalCategory != .nonspacingMark {
                appendLowercased(part, body)
            }
        } else {
            appendLowercased(scalar, body)
        }
    }

    private mutating func appendLowercased(
        _ scalar: Unicode.Scalar, _ body: (UnsafeBufferPointer<UInt8>, Int) -> Void
    ) {
        if scalar.isASCII {
            appendASCII(UInt8(scalar.value), body)
        } else if lowercases, scalar.properties.changesWhenLowercased {
            for part in scalar.properties.lowercaseMapping.unicodeScalars { appendPlain(part, body) }
        } else {
            appendPlain(scalar, body)
        }
    }

    /// Appends a normalized scalar to the word, or as a word of its own when it is punctuation.
    private mutating func appendPlain(_ scalar: Unicode.Scalar, _ body: (UnsafeBufferPointer<UInt8>, Int) -> Void) {
        if scalar.isASCII {
            appendASCII(UInt8(scalar.value), body)
            return
        }
        let punctuation = isPunctuation(scalar)
        if punctuation { flush(body) }
        word.append(contentsOf: UTF8.encode(scalar)!)
        scalarCount += 1
        if punctuation { flush(body) }
    }

    /// Hands the gathered word (if any) to `body` and starts a new one.
    @inline(__always)
    private mutating func flush(_ body: (UnsafeBufferPointer<UInt8>, Int) -> Void) {
        guard !word.isEmpty else { return }
        word.withUnsafeBufferPointer { body($0, scalarCount) }
        word.removeAll(keepingCapacity: true)
        scalarCount = 0
    }
}

/// Unicode punctuation (any P* category).
private func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
        .finalPunctuation, .otherPunctuation:
        return true
    default:
        return false
    }
}

/// The CJK ideograph blocks BERT splits into single characters.
private func isCJKIdeograph(_ value: UInt32) -> Bool {
    switch value {
    case 0x4E00...0x9FFF, 0x3400...0x4DBF, 0x20000...0x2A6DF, 0x2A700...0x2B73F, 0x2B740...0x2B81F,
        0x2B820...0x2CEAF, 0xF900...0xFAFF, 0x2F800...0x2FA1F:
        return true
    default:
        return false
    }
}

/// The unified CJK ideograph blocks (not the compatibility ones, which decompose to them).
private func isUnifiedIdeograph(_ value: UInt32) -> Bool {
    switch value {
    case 0x4E00...0x9FFF, 0x3400...0x4DBF, 0x20000...0x2A6DF, 0x2A700...0x2B73F, 0x2B740...0x2B81F,
        0x2B820...0x2CEAF:
        return true
    default:
        return false
    }
}
