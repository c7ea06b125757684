import Foundation

/// Fills a message's placeholders: `%@` text, `%lld` (or `%d`) a whole number written with the language's grouping,
/// `%1$@` and `%2$lld` by position, `%%` a percent sign. The same rules as the browser's `i18n.js`.
enum MessageFormat {
    /// The placeholders of `message`, in order, as written (`%@`, `%2$lld`): translations must have the same ones.
    static func placeholders(in message: String) -> [String] {
        var found: [String] = []
        scan(message) { placeholder, _, _ in
            if placeholder != "%%" { found.append(placeholder) }
            return ""
        }
        return found
    }

    /// `message` with its placeholders replaced by `arguments`, numbers written by `number`.
    static func fill(_ message: String, with arguments: [any Sendable], number: (Int) -> String) -> String {
        var next = 0
        return scan(message) { placeholder, position, isNumber in
            if placeholder == "%%" { return "%" }
            let index = position.map { $0 - 1 } ?? next
            if position == nil { next += 1 }
            guard arguments.indices.contains(index) else { return "" }
            let argument = arguments[index]
            if isNumber, let value = argument as? Int { return number(value) }
            if let text = argument as? String { return text }
            return "\(argument)"
        }
    }

    /// Walks `message`, replacing each placeholder by what `replace` returns for it (its text, its position when it
    /// has one, whether it is a number). Reads UTF-8 bytes and copies the text between placeholders whole: every
    /// placeholder is ASCII, and a message is worded on every card of every deal.
    @discardableResult
    private static func scan(_ message: String, _ replace: (String, Int?, Bool) -> String) -> String {
        let bytes = message.utf8
        let percent = UInt8(ascii: "%")
        var output = ""
        output.reserveCapacity(bytes.count + 16)
        // The text not copied yet starts at `copied`; the search for the next placeholder at `index`.
        var copied = bytes.startIndex
        var index = bytes.startIndex
        while let sign = bytes[index...].firstIndex(of: percent) {
            var cursor = bytes.index(after: sign)
            if cursor < bytes.endIndex, bytes[cursor] == percent {
                output += message[copied..<sign]
                output += replace("%%", nil, false)
                index = bytes.index(after: cursor)
                copied = index
                continue
            }
            var digits = cursor
            while digits < bytes.endIndex, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[digits]) {
                digits = bytes.index(after: digits)
            }
            var position: Int?
            if digits > cursor, digits < bytes.endIndex, bytes[digits] == UInt8(ascii: "$") {
                position = Int(message[cursor..<digits])
                cursor = bytes.index(after: digits)
            }
            let tail = bytes[cursor...]
            guard let kind = Self.kinds.first(where: { tail.starts(with: $0.utf8) }) else {
                // Not a placeholder: the sign stays as text.
                index = bytes.index(after: sign)
                continue
            }
            let end = bytes.index(cursor, offsetBy: kind.utf8.count)
            output += message[copied..<sign]
            output += replace(String(message[sign..<end]), position, kind != "@")
            index = end
            copied = end
        }
        output += message[copied...]
        return output
    }

    /// What may follow `%` (or `%2$`), longest first.
    private static let kinds = ["lld", "ld", "d", "@"]
}
