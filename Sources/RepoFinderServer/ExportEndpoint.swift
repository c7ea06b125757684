import APISchemas
import Dealing
import Foundation
import HTTPTypes
import Hummingbird
import RepoFinderAPI
import Storage

/// `GET /v1/me/export`, answered by hand so that it streams: the document's head (account, preferences, interactions,
/// lists, imports) first, then the Ask threads ``threadsPerWrite`` at a time and the analytics events
/// ``eventsPerWrite`` at a time, each batch written as soon as it is read. The server holds one batch, never the whole export, however many threads and messages the account has; the
/// body is chunked, and one that breaks off midway (the database failed) ends without its last chunk, so a client
/// never mistakes it for a whole document.
struct ExportEndpoint: HandAnsweredEndpoint {
    static let operation = ContractOperation(method: .get, path: "/v1/me/export")
    /// Threads read, with their messages, and written at a time.
    static let threadsPerWrite = 50
    /// Analytics events read and written at a time.
    static let eventsPerWrite = 2_000

    let api: APIHandlers

    func respond(to request: Request, context: ServerContext) async throws -> Response {
        let userID = try await api.accounts.authenticate()
        let head = try await api.exportDocument(userID: userID, withThreads: false)
        // The head as one object, left open for its last member: `{…,"threads":[`.
        var opening = Array(try SchemaJSON.line(head).utf8)
        guard opening.last == UInt8(ascii: "}") else {
            throw APIError.unavailable(APIError.text("error.export.failed"))
        }
        opening.removeLast()
        opening += Array(#","threads":["#.utf8)
        let (api, start) = (api, opening)
        return Response(
            status: .ok,
            headers: [
                .contentType: "application/json; charset=utf-8",
                .contentDisposition: APIHandlers.exportDisposition(on: api.clock()),
            ],
            body: ResponseBody { writer in
                try await writer.write(ByteBuffer(bytes: start))
                var cursor: AskThreadCursor?
                var written = 0
                repeat {
                    let page = try await api.exportedThreads(userID: userID, after: cursor, limit: Self.threadsPerWrite)
                    var chunk = ""
                    for thread in page.threads {
                        if written > 0 { chunk += "," }
                        chunk += try SchemaJSON.line(thread)
                        written += 1
                    }
                    if !chunk.isEmpty { try await writer.write(ByteBuffer(string: chunk)) }
                    cursor = page.next
                } while cursor != nil
                // Then the analytics events, a page at a time (an account may hold hundreds of thousands).
                await api.deck.ledger.flush()
                try await writer.write(ByteBuffer(string: #"],"events":["#))
                var after: Int64?
                written = 0
                repeat {
                    let page = try await api.store.events(userID: userID, after: after, limit: Self.eventsPerWrite)
                    var chunk = ""
                    for event in page.events {
                        if written > 0 { chunk += "," }
                        chunk += try SchemaJSON.line(APIHandlers.exported(event))
                        written += 1
                    }
                    if !chunk.isEmpty { try await writer.write(ByteBuffer(string: chunk)) }
                    after = page.next
                } while after != nil
                try await writer.write(ByteBuffer(string: "]}"))
                try await writer.finish(nil)
            })
    }
}
