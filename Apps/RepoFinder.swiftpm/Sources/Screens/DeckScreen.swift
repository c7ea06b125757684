import AppFeatures
import Foundation
import ImageLoading
import RepoFinderClient
import RepoFinderCore
import SwiftUI

/// The deck: the top card dragged (with rotation and a LIKE / SKIP / SAVE stamp) or decided by the four buttons, with
/// haptics; the loading, dry, failed and offline states. What a swipe means is the view model's; the view only turns a
/// drag's distance into an event.
struct DeckScreen: View {
    let model: DeckViewModel
    let router: AppRouter
    var images: ImageLoader?
    @State private var drag = CGSize.zero
    @State private var showsFilter = false
    @Environment(\.accessibilityReduceMotion) private var reduceMotion

    var body: some View {
        VStack(spacing: 16) {
            if let notice = model.notice { Text(notice).font(.footnote).foregroundStyle(Color.secondary) }
            content
            buttons
        }
        .padding()
        .navigationTitle(Copy.deckTab)
        .toolbar {
            Button {
                showsFilter = true
            } label: {
                Label(Copy.filter, systemImage: "line.3.horizontal.decrease")
            }
        }
        .sheet(isPresented: $showsFilter) { DeckFilterSheet(model: model, isPresented: $showsFilter) }
        .task { await model.send(.appear).value }
        .sensoryFeedback(.success, trigger: model.lastDecision?.interaction.id)
    }

    @ViewBuilder private var content: some View {
        switch model.state {
        case .idle, .loading:
            ProgressView()
        case .exhausted(let message):
            ContentUnavailableView(Copy.deckEmpty, systemImage: "tray", description: Text(message))
            if model.canWiden { Button(Copy.filterWiden) { model.send(.setFilter(DeckFilter())) } }
        case .failed(let message):
            FailureView(title: Copy.deckFailed, systemImage: "wifi.slash", message: message) { model.send(.retry) }
        case .ready:
            if let card = model.current { top(card) }
        }
    }

    private func top(_ card: Card) -> some View {
        let swipe = SwipeDecision(translation: drag.width, vertical: drag.height)
        return CardView(facts: CardFacts(card), images: images)
            .overlay { if let stamp = swipe.stamp { Text(stamp.title).font(.largeTitle) } }
            .offset(x: reduceMotion ? 0 : drag.width, y: reduceMotion ? 0 : drag.height)
            .rotationEffect(.degrees(reduceMotion ? 0 : swipe.rotation))
            .gesture(
                DragGesture()
                    .onChanged { value in drag = value.translation }
                    .onEnded { value in
                        drag = .zero
                        if let event = SwipeDecision(
                            translation: value.translation.width, vertical: value.translation.height
                        ).event {
                            model.send(event)
                        }
                    }
            )
            .accessibilityElement(children: .combine)
            .accessibilityHint(Copy.deckHint)
            .accessibilityAction(named: Copy.like) { model.send(.like) }
            .accessibilityAction(named: Copy.skip) { model.send(.skip) }
            .accessibilityAction(named: Copy.save) { model.send(.save) }
            .accessibilityAction(named: Copy.open) { open(card) }
    }

    private var buttons: some View {
        HStack(spacing: 20) {
            Button {
                model.send(.undo)
            } label: {
                Label(Copy.undo, systemImage: "arrow.uturn.backward")
            }
            .disabled(!model.canUndo)
            Button {
                model.send(.skip)
            } label: {
                Label(Copy.skip, systemImage: "xmark")
            }
            .disabled(model.current == nil)
            Button {
                model.send(.save)
            } label: {
                Label(Copy.save, systemImage: "bookmark")
            }
            .disabled(model.current == nil)
            Button {
                model.send(.like)
            } label: {
                Label(Copy.like, systemImage: "heart")
            }
            .disabled(model.current == nil)
        }
        .font(.title2)
    }

    private func open(_ card: Card) {
        model.send(.open)
        router.send(.push(.repository(card.repository.repositoryName)))
    }
}

extension SwipeDecision.Stamp {
    var title: String {
        switch self {
        case .like: Copy.like.uppercased()
        case .skip: Copy.skip.uppercased()
        case .save: Copy.save.uppercased()
        }
    }
}
