import AuthenticationServices
import Foundation
import SwiftUI
import Testing

/// A screen recorded by the SwiftUI stand-in: its tree now, and a way to record it again after something changed
/// (state kept between recordings as SwiftUI keeps it). The view is made anew for each recording, as SwiftUI makes a
/// parent's body anew: give it models made beforehand, never made inside the expression.
@MainActor
final class Screen {
    let context: RenderContext
    private let make: @MainActor () -> [ViewNode]
    private(set) var root: ViewNode

    /// - Parameter browser: follows the pages the views open in a browser sheet (`WebAuthenticationSession`), from the
    ///   page's address and the scheme that ends it to the address it ended on; nil: every sheet is closed at once.
    init<V: View>(
        _ view: @autoclosure @escaping @MainActor () -> V, reduceMotion: Bool = false,
        browser: (@MainActor (URL, String) async throws -> URL)? = nil
    ) {
        var environment = EnvironmentValues()
        environment.setReduceMotion(reduceMotion)
        if let browser { environment.setWebAuthenticationBrowser(browser) }
        let context = RenderContext(environment: environment)
        self.context = context
        make = { context.record(view()) }
        root = ViewNode("Screen", children: make())
    }

    /// Records the screen again (after an event changed its model or its state).
    @discardableResult
    func refresh() -> ViewNode {
        root = ViewNode("Screen", children: make())
        return root
    }

    /// Appears: starts every `.task` of the screen at once (as SwiftUI does, a task
    /// may run for as long as its view shows), waits for them to finish (a bounded while: one may never end), then
    /// records the screen again.
    func appear() async {
        refresh()
        var finished = 0
        var started = 0
        for node in root.all {
            for task in node.tasks {
                started += 1
                Task { @MainActor in
                    await task()
                    finished += 1
                }
            }
        }
        for _ in 0..<400 where finished < started {
            try? await Task.sleep(for: .milliseconds(5))
        }
        refresh()
    }

    /// Waits until `condition` holds on the re-recorded screen (a view model's background work finishing), failing
    /// with the screen's outline if it never does.
    func waitUntil(
        _ what: String, sourceLocation: SourceLocation = #_sourceLocation, _ condition: (ViewNode) -> Bool
    ) async {
        for _ in 0..<2_000 {
            if condition(refresh()) { return }
            try? await Task.sleep(for: .milliseconds(5))
        }
        Issue.record("never: \(what)\n\(root.outline())", sourceLocation: sourceLocation)
    }

    /// Taps the button titled (or labelled for VoiceOver) `title`, or the row showing it.
    func tap(_ title: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let button = root.button(title) ?? root.row(showing: title) else {
            Issue.record("no button \"\(title)\" in\n\(root.outline())", sourceLocation: sourceLocation)
            return
        }
        #expect(button.traits["disabled"] == nil, "\"\(title)\" is disabled", sourceLocation: sourceLocation)
        button.action?()
        refresh()
    }
}

extension ViewNode {
    /// Whether any text of the tree is exactly `text`.
    func shows(_ text: String) -> Bool { texts.contains(text) }

    /// The first node of `kind` (and text), depth first.
    func first(_ kind: String, _ text: String? = nil) -> ViewNode? {
        all.first { $0.kind == kind && (text == nil || $0.text == text) }
    }

    /// Every node of `kind`.
    func every(_ kind: String) -> [ViewNode] { all.filter { $0.kind == kind } }

    /// The button with this title or VoiceOver label.
    func button(_ title: String) -> ViewNode? {
        all.first { $0.kind == "Button" && ($0.text == title || $0.traits["accessibilityLabel"] == title) }
    }

    /// The first button whose label shows `text` among its words (a list row).
    func row(showing text: String) -> ViewNode? {
        all.first { $0.kind == "Button" && $0.texts.contains(text) }
    }

    /// The node that carries a drag gesture.
    var draggable: ViewNode? { all.first { $0.dragChanged != nil } }

    /// Drags this node by (`x`, `y`) and lets go.
    func drag(x: Double, y: Double = 0) {
        let value = DragGesture.Value(translation: CGSize(width: x, height: y))
        dragChanged?(value)
        dragEnded?(value)
    }

    /// Runs the VoiceOver action named `name` of the first node that has it.
    func perform(accessibilityAction name: String) -> Bool {
        guard let node = all.first(where: { $0.accessibilityActions[name] != nil }) else { return false }
        node.accessibilityActions[name]?()
        return true
    }
}
