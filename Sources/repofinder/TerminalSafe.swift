import RepoFinderCore

/// Data (a description, a model's words, a server's message) as it may be printed on a terminal: control characters,
/// escape sequences and bidirectional controls taken out (``SafeText``), line feeds and tabs kept. Everything the
/// command line prints from data goes through this (or ``SafeText`` directly) before any colour of its own is added.
func terminalSafe(_ text: String) -> String {
    SafeText.clean(text, layout: .paragraphs)
}

/// JSON text for a terminal: what JSON may carry raw but a terminal would act on (DEL, the C1 controls and the
/// bidirectional controls) written as `\uXXXX` escapes instead, which a JSON reader turns back into the same string.
/// (C0 controls are escaped by every JSON encoder already.)
func terminalSafeJSON(_ json: String) -> String {
    guard !SafeText.isClean(json) else { return json }
    var result = String.UnicodeScalarView()
    for scalar in json.unicodeScalars {
        if scalar.value >= 0x7F, !SafeText.isClean(String(scalar)) {
            let hex = String(scalar.value, radix: 16)
            result.append(contentsOf: "\\u\(String(repeating: "0", count: 4 - hex.count))\(hex)".unicodeScalars)
        } else {
            result.append(scalar)
        }
    }
    return String(result)
}
