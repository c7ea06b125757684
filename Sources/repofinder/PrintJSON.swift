import APISchemas

/// Prints one of the API's shapes (`Components.Schemas`) as JSON for scripts: the same fields and names the server
/// answers with, keys sorted, indented; DEL, C1 and bidirectional controls in strings as `\uXXXX` escapes.
func printJSON(_ value: some Encodable) throws {
    print(terminalSafeJSON(try SchemaJSON.text(value)))
}
