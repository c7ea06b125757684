import Foundation
import OpenAPIRuntime

/// Dates as RFC 3339 strings: read with or without fractional seconds (browsers send milliseconds), written with
/// milliseconds only when there are any. The server and the client both use it.
public struct LenientDateTranscoder: DateTranscoder {
    private static let plain = Date.ISO8601FormatStyle()
    private static let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    public init() {}

    public func encode(_ date: Date) throws -> String {
        date.timeIntervalSince1970.rounded() == date.timeIntervalSince1970
            ? Self.plain.format(date) : Self.fractional.format(date)
    }

    public func decode(_ text: String) throws -> Date {
        if let date = try? Self.plain.parse(text) { return date }
        do {
            return try Self.fractional.parse(text)
        } catch {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: [],
                    debugDescription: "'\(text)' is not an RFC 3339 date-time such as 2026-11-22T10:00:00Z."))
        }
    }
}
