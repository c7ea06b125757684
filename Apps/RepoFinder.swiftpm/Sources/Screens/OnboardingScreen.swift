import AppFeatures
import Foundation
import RepoFinderCore
import SwiftUI

/// First run: the shared onboarding steps in order, each with Next, Back and Skip; the GitHub sign-in offered on the
/// way.
struct OnboardingScreen: View {
    let model: OnboardingViewModel
    let account: AccountViewModel

    var body: some View {
        VStack(spacing: 20) {
            Text(Copy.welcome).font(.largeTitle)
            switch model.state {
            case .loading, .saving, .finished:
                ProgressView()
            case .failed(let message):
                Text(message)
                Button(Copy.retry) { model.send(.retry) }
            case .editing(let step):
                Text(step.title).font(.title2)
                if let problem = model.problem { Text(problem).foregroundStyle(Color.red) }
                HStack {
                    Button(Copy.back) { model.send(.back) }
                    Button(Copy.skipOnboarding) { model.send(.skip) }
                    Button(Copy.next) { model.send(.next) }.buttonStyle(.borderedProminent)
                }
            }
            List { AccountSection(model: account, confirmsSignOut: .constant(false)) }
        }
        .padding()
    }
}
