import Foundation
import RepoFinderCore
import Storage

/// Ask's streamed events written by hand, as the contract's `AskTool`, `AskMessage`, `AskThread` and `AskQuota` (keys
/// in the order `JSONEncoder`'s `.sortedKeys` wrote them): an answer's `done` event had cost more than its search.
extension JSONOutput {
    /// A tool run as the contract's `AskTool`.
    mutating func askTool(_ tool: AskToolRun) {
        beginObject()
        key("chip")
        string(tool.chip)
        member("found", tool.found)
        key("inputs")
        beginObject()
        for (name, value) in tool.inputs.sorted(by: { $0.key < $1.key }) {
            key(dynamic: name)
            string(value)
        }
        endObject()
        key("name")
        string(tool.name)
        endObject()
    }

    /// An answer's `done` event: the message as kept, its sources as the repositories given, its thread and the
    /// person's quota.
    mutating func askDone(
        message: AskMessage, sources: [Repository], thread: AskThread, quota: (used: Int, limit: Int?, renewsOn: Day),
        now: Date
    ) {
        beginObject()
        key("message")
        beginObject()
        key("createdAt")
        date(message.createdAt)
        key("id")
        string(message.id)
        member("notice", message.notice)
        key("role")
        string(message.role.rawValue)
        key("sources")
        beginArray()
        for source in sources {
            element()
            repository(source, now: now)
        }
        endArray()
        key("stopped")
        bool(message.stopped)
        key("text")
        string(message.text)
        key("tools")
        beginArray()
        for tool in message.tools {
            element()
            askTool(tool)
        }
        endArray()
        endObject()
        key("quota")
        beginObject()
        member("left", quota.limit.map { max(0, $0 - quota.used) })
        member("limit", quota.limit)
        key("renewsOn")
        string(quota.renewsOn.description)
        key("used")
        integer(quota.used)
        endObject()
        key("thread")
        beginObject()
        key("archived")
        bool(thread.archived)
        key("createdAt")
        date(thread.createdAt)
        key("id")
        string(thread.id)
        key("pinned")
        bool(thread.pinned)
        key("preview")
        string(thread.preview)
        key("title")
        string(thread.title)
        key("updatedAt")
        date(thread.updatedAt)
        endObject()
        endObject()
    }
}
