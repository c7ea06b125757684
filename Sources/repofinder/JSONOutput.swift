import APISchemas

/// Prints one of the API's shapes (`Components.Schemas`) as JSON for scripts: the same fields and names the server
/// answers with, keys sorted, indented.
func printJSON(_ value: some Encodable) throws {
    print(try SchemaJSON.text(value))
}
