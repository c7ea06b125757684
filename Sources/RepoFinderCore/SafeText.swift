/// Text from outside RepoFinder (GitHub, a catalog file, the writing model, a stored row) made safe to store and to
/// print on a terminal: control characters and bidirectional controls are taken out, every letter, emoji and CJK
/// character is kept.
///
/// Taken out: the C0 controls (U+0000–U+001F) other than tab and line feed where the text may hold them, DEL, the C1
/// controls (U+0080–U+009F), and the bidirectional controls (U+200E, U+200F, U+202A–U+202E, U+2066–U+2069, U+061C).
/// An escape sequence goes whole, not just its ESC: `ESC [ … final` (CSI, also as U+009B), `ESC ] … BEL or ESC \`
/// (OSC, also U+009D; likewise DCS, SOS, PM and APC strings, unterminated ones to the end of the text) and the short
/// `ESC` forms (`ESC c`, `ESC ( B`, …).
public enum SafeText {
    /// Where the text goes, which says whether it may hold line feeds and tabs.
    public enum Layout: Sendable {
        /// One line (a description, a topic, a name): tabs, line feeds and carriage returns become spaces.
        case line
        /// Running text (an answer, a message, a screen of output): tabs and line feeds are kept, carriage returns
        /// go (a CR LF ends the line as an LF does; a lone CR could overwrite what was printed).
        case paragraphs
    }

    /// `text` without control characters, escape sequences and bidirectional controls; `text` itself when it holds
    /// none (the common case costs one scan and no copy).
    public static func clean(_ text: String, layout: Layout = .paragraphs) -> String {
        guard text.unicodeScalars.contains(where: { needsCare($0, layout) }) else { return text }
        return String(scan(Array(text.unicodeScalars), layout: layout).text)
    }

    /// What is left of `scalars`, and where a sequence that the end of the text cut short began (nil when none did).
    static func scan(
        _ scalars: [Unicode.Scalar], layout: Layout
    ) -> (text: String.UnicodeScalarView, unfinishedFrom: Int?) {
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            let end: Int?
            switch scalar.value {
            case 0x1B:
                end = endOfEscape(scalars, after: index)
            case 0x9B:
                end = endOfControlSequence(scalars, from: index + 1)
            case 0x90, 0x98, 0x9D, 0x9E, 0x9F:
                end = endOfControlString(scalars, from: index + 1)
            case 0x09, 0x0A, 0x0D:
                if layout == .line {
                    result.append(" ")
                } else if scalar.value != 0x0D {
                    result.append(scalar)
                }
                end = index + 1
            default:
                if !isRemoved(scalar) { result.append(scalar) }
                end = index + 1
            }
            guard let end else { return (result, index) }
            index = end
        }
        return (result, nil)
    }

    /// `clean(_:layout:)` for an optional: nil stays nil, and so does text that was nothing but controls.
    public static func clean(optional text: String?, layout: Layout = .line) -> String? {
        guard let text else { return nil }
        let cleaned = clean(text, layout: layout)
        return cleaned.isEmpty ? nil : cleaned
    }

    /// Whether `text` holds anything ``clean(_:layout:)`` would change.
    public static func isClean(_ text: String, layout: Layout = .paragraphs) -> Bool {
        !text.unicodeScalars.contains { needsCare($0, layout) }
    }

    /// A scalar that is removed or replaced, or starts a sequence that is.
    private static func needsCare(_ scalar: Unicode.Scalar, _ layout: Layout) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A: layout == .line
        default: isRemoved(scalar)
        }
    }

    /// A control character or a bidirectional control.
    private static func isRemoved(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// Where the text goes on after the escape sequence whose ESC is at `escape` (nil: the text ends inside it).
    private static func endOfEscape(_ scalars: [Unicode.Scalar], after escape: Int) -> Int? {
        var index = escape + 1
        guard index < scalars.count else { return nil }
        switch scalars[index].value {
        case 0x5B:  // [
            return endOfControlSequence(scalars, from: index + 1)
        case 0x5D, 0x50, 0x58, 0x5E, 0x5F:  // ] P X ^ _
            return endOfControlString(scalars, from: index + 1)
        case 0x20...0x2F:  // intermediates, then one final character
            while index < scalars.count, (0x20...0x2F).contains(scalars[index].value) { index += 1 }
            guard index < scalars.count else { return nil }
            return (0x30...0x7E).contains(scalars[index].value) ? index + 1 : index
        case 0x30...0x7E:  // a two-character escape such as ESC c or ESC 7
            return index + 1
        default:  // ESC before anything else: only the ESC goes
            return index
        }
    }

    /// Where the text goes on after a control sequence's parameters, intermediates and final character (nil: the
    /// text ends inside it); a character that cannot be in one ends it and stays.
    private static func endOfControlSequence(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        var index = start
        while index < scalars.count, (0x20...0x3F).contains(scalars[index].value) { index += 1 }
        guard index < scalars.count else { return nil }
        return (0x40...0x7E).contains(scalars[index].value) ? index + 1 : index
    }

    /// Where the text goes on after a control string (OSC, DCS, SOS, PM, APC): past BEL, ST (`ESC \` or U+009C), or
    /// at another ESC (which starts a sequence of its own); nil when the text ends inside it.
    private static func endOfControlString(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        var index = start
        while index < scalars.count {
            switch scalars[index].value {
            case 0x07, 0x9C:
                return index + 1
            case 0x1B:
                let next = index + 1
                guard next < scalars.count else { return nil }
                return scalars[next] == "\\" ? next + 1 : index
            default:
                index += 1
            }
        }
        return nil
    }
}
