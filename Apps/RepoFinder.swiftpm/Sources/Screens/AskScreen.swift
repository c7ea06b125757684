import AppFeatures
import Foundation
import RepoFinderClient
import RepoFinderCore
import SwiftUI

/// Ask: the threads grouped by day (pin and archive by swiping), and a thread's chat with the streamed answer, its
/// tool chips and source cards.
struct AskScreen: View {
    let model: ThreadsViewModel
    let chat: (String) -> ChatViewModel
    /// Hands over a question asked elsewhere (Home's suggestions).
    var router: AppRouter?
    @State private var open: ChatViewModel?
    @State private var showsChat = false

    var body: some View {
        List {
            if let quota = model.quotaLine { Text(quota).font(.footnote) }
            switch model.state {
            case .loading:
                ProgressView()
            case .failed(let message):
                Text(message)
                Button(Copy.retry) { model.send(.appear) }
            case .loaded(let threads):
                if threads.count == 0 { ContentUnavailableView(Copy.noThreads, systemImage: "bubble.left") }
                ForEach(threads.groups, id: \.title) { group in
                    Section(group.title) {
                        ForEach(group.threads) { thread in
                            Button(thread.title) { show(chat(thread.id)) }
                                .swipeActions {
                                    Button(Copy.pin) { model.send(.pin(id: thread.id, !thread.pinned)) }
                                    Button(Copy.archive) { model.send(.archive(id: thread.id, true)) }
                                }
                        }
                    }
                }
            }
        }
        .navigationTitle(Copy.askTab)
        .toolbar {
            Button {
                Task { await startThread(asking: nil) }
            } label: {
                Label(Copy.newQuestion, systemImage: "square.and.pencil")
            }
        }
        .sheet(isPresented: $showsChat) { if let open { ChatScreen(model: open) } }
        .refreshable { await model.send(.appear).value }
        .task { @MainActor in
            await model.send(.appear).value
            if let question = router?.takeQuestion() { await startThread(asking: question) }
        }
    }

    /// A new thread in the chat sheet, asking `question` at once when there is one.
    private func startThread(asking question: String?) async {
        guard let thread = try? await model.newThread() else { return }
        let conversation = chat(thread.id)
        show(conversation)
        if let question { conversation.ask(question) }
    }

    private func show(_ model: ChatViewModel) {
        open = model
        showsChat = true
    }
}

/// One thread: its messages, the answer streaming in, the question field.
struct ChatScreen: View {
    let model: ChatViewModel

    var body: some View {
        VStack {
            List {
                ForEach(model.messages) { message in
                    MessageView(text: message.text, tools: message.tools, sources: message.sources)
                }
                if let streaming = model.streaming {
                    MessageView(text: streaming.text, tools: streaming.tools, sources: streaming.sources)
                }
            }
            if let notice = model.notice { Text(notice).font(.footnote) }
            HStack {
                TextField(Copy.newQuestion, text: Binding(get: { model.draft }, set: { model.draft = $0 }))
                if model.state == .answering {
                    Button(Copy.stop) { model.stop() }
                } else {
                    Button(Copy.send) { model.ask() }.disabled(model.draft.isEmpty)
                }
            }
            .padding()
        }
        .task { await model.load().value }
    }
}

/// A message: its words, the tools the answer used, and the repositories it cites.
struct MessageView: View {
    let text: String
    let tools: [ChatToolChip]
    let sources: [Repository]

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            if !tools.isEmpty {
                HStack { ForEach(tools, id: \.chip) { tool in Label(tool.chip, systemImage: "wrench") } }.font(.caption)
            }
            Text(text)
            ForEach(sources) { source in RepositoryRow(facts: RepositoryFacts(source)) }
        }
    }
}
