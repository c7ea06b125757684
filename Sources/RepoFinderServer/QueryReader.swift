import Hummingbird

/// A request's query parameters read as the contract says for the hand-answered routes: each given at most once
/// (400 when repeated), whole numbers, one of an enumeration's values, or a comma-separated list.
struct QueryReader {
    let parameters: Parameters

    init(_ request: Request) {
        parameters = request.uri.queryParameters
    }

    /// The value of a parameter given at most once, nil when absent.
    func single(_ name: String) throws(APIError) -> String? {
        let values = parameters.getAll(name)
        guard values.count <= 1 else {
            throw .badRequest(APIError.text("error.query.repeated", name, String(values.count)))
        }
        return values.first
    }

    /// The value of a parameter that must be given once; `missing` says what to do when it is not.
    func required(_ name: String, missing: @autoclosure () -> String) throws(APIError) -> String {
        guard let value = try single(name) else { throw .badRequest(missing()) }
        return value
    }

    /// The comma-separated values of a parameter given at most once (empty values dropped), nil when absent.
    func list(_ name: String) throws(APIError) -> [String]? {
        try single(name).map { $0.split(separator: ",").map(String.init) }
    }

    /// A whole number given at most once, nil when absent; `range` (say 1...50), when given, is named in the message
    /// when it is not one.
    func number(_ name: String, range: ClosedRange<Int>? = nil) throws(APIError) -> Int? {
        guard let given = try single(name) else { return nil }
        guard let value = Int(given) else {
            guard let range else { throw .badRequest(APIError.text("error.query.not-a-number", name)) }
            throw .badRequest(
                APIError.text("error.query.not-a-number-in-range", name, range.lowerBound, range.upperBound))
        }
        return value
    }

    /// One of an enumeration's values given at most once, nil when absent.
    func choice<Value: RawRepresentable & CaseIterable>(
        _ name: String, _: Value.Type
    ) throws(APIError) -> Value? where Value.RawValue == String {
        guard let text = try single(name) else { return nil }
        guard let value = Value(rawValue: text) else {
            let allowed = Value.allCases.map(\.rawValue).joined(separator: ", ")
            throw .badRequest(APIError.text("error.query.one-of", name, allowed))
        }
        return value
    }
}
