public import Foundation
public import RepoFinderAPI
public import RepoFinderCore
public import Storage

extension APISchemas {
    /// A thread as the contract's `AskThread`.
    public static func askThread(_ thread: AskThread) -> Components.Schemas.AskThread {
        Components.Schemas.AskThread(
            id: thread.id, title: thread.title, preview: thread.preview, pinned: thread.pinned,
            archived: thread.archived, createdAt: thread.createdAt, updatedAt: thread.updatedAt)
    }

    /// A message as the contract's `AskMessage`, its sources as the repositories given (those still known).
    public static func askMessage(
        _ message: AskMessage, sources: [Repository], now: Date
    ) -> Components.Schemas.AskMessage {
        Components.Schemas.AskMessage(
            id: message.id, role: message.role == .user ? .user : .assistant, text: message.text,
            tools: message.tools.map(askTool), sources: sources.map { repository($0, now: now) },
            createdAt: message.createdAt, stopped: message.stopped, notice: message.notice)
    }

    /// A tool run as the contract's `AskTool`.
    public static func askTool(_ tool: AskToolRun) -> Components.Schemas.AskTool {
        Components.Schemas.AskTool(
            name: tool.name, chip: tool.chip, inputs: .init(additionalProperties: tool.inputs), found: tool.found)
    }

    /// The quota as the contract's `AskQuota`: `used` this month of `limit` (nil: none), renewing on `renewsOn`.
    public static func askQuota(used: Int, limit: Int?, renewsOn: Day) -> Components.Schemas.AskQuota {
        Components.Schemas.AskQuota(
            limit: limit, used: used, left: limit.map { max(0, $0 - used) }, renewsOn: renewsOn.description)
    }

    /// Threads grouped as a person reads them: Pinned, Today, Yesterday, Last 7 days, Older (by their local day of
    /// `updatedAt`), Archived; empty groups left out.
    public static func askThreadList(
        _ threads: [AskThread], local: LocalTime, now: Date, quota: Components.Schemas.AskQuota
    ) -> Components.Schemas.AskThreadList {
        typealias Title = Components.Schemas.AskThreadGroup.TitlePayload
        let today = local.day(at: now)
        var groups: [Title: [Components.Schemas.AskThread]] = [:]
        for thread in threads {
            let title: Title
            if thread.archived {
                title = .archived
            } else if thread.pinned {
                title = .pinned
            } else {
                let days = today.daysSinceEpoch - local.day(at: thread.updatedAt).daysSinceEpoch
                title = days <= 0 ? .today : days == 1 ? .yesterday : days < 7 ? .last7Days : .older
            }
            groups[title, default: []].append(askThread(thread))
        }
        return Components.Schemas.AskThreadList(
            groups: Title.allCases.compactMap { title in
                groups[title].map { Components.Schemas.AskThreadGroup(title: title, threads: $0) }
            }, quota: quota)
    }
}
