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
            return "\(argument)"
        }
    }

    /// Walks `message`, replacing each placeholder by what `replace` returns for it (its text, its position when it
    /// has one, whether it is a number).
    @discardableResult
    private static func scan(_ message: String, _ replace: (String, Int?, Bool) -> String) -> String {
        var output = ""
        var index = message.startIndex
        while index < message.endIndex {
            let character = message[index]
            guard character == "%" else {
                output.append(character)
                index = message.index(after: index)
                continue
            }
            let rest = message[message.index(after: index)...]
            if rest.hasPrefix("%") {
                output += replace("%%", nil, false)
                index = message.index(index, offsetBy: 2)
                continue
            }
            var digits = ""
            var cursor = rest.startIndex
            while cursor < rest.endIndex, rest[cursor].isASCII, rest[cursor].isNumber {
                digits.append(rest[cursor])
                cursor = rest.index(after: cursor)
            }
            var position: Int?
            if !digits.isEmpty, cursor < rest.endIndex, rest[cursor] == "$" {
                position = Int(digits)
                cursor = rest.index(after: cursor)
            } else {
                cursor = rest.startIndex
            }
            let tail = rest[cursor...]
            let kind = ["lld", "ld", "d", "@"].first { tail.hasPrefix($0) }
            guard let kind else {
                output.append(character)
                index = message.index(after: index)
                continue
            }
            let end = tail.index(tail.startIndex, offsetBy: kind.count)
            output += replace(String(message[index..<end]), position, kind != "@")
            index = end
        }
        return output
    }
}
