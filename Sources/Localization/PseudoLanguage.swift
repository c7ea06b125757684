/// The pseudo-language (`en-XA`): English with every letter accented, 40% longer and in brackets,
/// `[Ŝŵîƒţ — îñ ýôûŕ ţéçĥ šţåçķ ···]`. A word on screen without accents escaped the catalogues; a box that clips the
/// longer words is too small for German.
enum PseudoLanguage {
    private static let accented: [Character: Character] = {
        let plain = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        let marked = Array("åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ")
        return Dictionary(uniqueKeysWithValues: zip(plain, marked))
    }()

    /// `message` in the pseudo-language, its placeholders kept.
    static func message(_ message: Message) -> Message {
        switch message {
        case .plain(let value): .plain(words(value))
        case .plural(let forms): .plural(forms.mapValues(words))
        }
    }

    /// `text` accented and lengthened; placeholders (`%@`, `%2$lld`, `%%`) stay as they are.
    static func words(_ text: String) -> String {
        var output = ""
        var inPlaceholder = false
        for character in text {
            if inPlaceholder {
                output.append(character)
                if character == "@" || character == "d" || character == "%" { inPlaceholder = false }
                continue
            }
            if character == "%" {
                inPlaceholder = true
                output.append(character)
                continue
            }
            output.append(accented[character] ?? character)
        }
        let padding = String(repeating: "·", count: max(1, (text.count * 4 + 5) / 10 - 2))
        return "[" + output + " " + padding + "]"
    }
}
