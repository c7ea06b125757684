import AppFeatures
import Foundation
import RepoFinderCore
import SwiftUI

/// First run: the shared onboarding steps in order, each with Next, Back and Skip; the GitHub sign-in offered on the
/// way.
struct OnboardingScreen: View {
    let model: OnboardingViewModel
    let account: AccountViewModel
    /// When editing from Profile: what Done does once the preferences are saved.
    var done: (() -> Void)?

    var body: some View {
        VStack(spacing: 20) {
            Text(Copy.welcome).font(.largeTitle)
            switch model.state {
            case .finished:
                if let done { Button(Copy.done) { done() } } else { ProgressView() }
            case .loading, .saving:
                ProgressView()
            case .failed(let message):
                Text(message)
                Button(Copy.retry) { model.send(.retry) }
            case .editing(let step):
                Text(step.title).font(.title2)
                if let problem = model.problem { Text(problem).foregroundStyle(Color.red) }
                List { OnboardingStepView(step: step, model: model) }
                HStack {
                    Button(Copy.back) { model.send(.back) }
                    Button(Copy.skipOnboarding) { model.send(.skip) }
                    Button(Copy.next) { model.send(.next) }.buttonStyle(.borderedProminent)
                }
            }
            if done == nil { List { AccountSection(model: account, confirmsSignOut: .constant(false)) } }
        }
        .padding()
        // Loads the person's answers once (a second appear would save them: Next on the last step).
        .task { @MainActor in if model.state == .loading { await model.send(.appear).value } }
    }
}
