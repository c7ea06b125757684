import AppFeatures
import Foundation
import RepoFinderClient
import RepoFinderCore
import SwiftUI

/// One onboarding step's controls; every change goes to the view model, which checks it as the server would.
struct OnboardingStepView: View {
    let step: OnboardingStep
    let model: OnboardingViewModel
    @State private var entry = ""

    var body: some View {
        switch step {
        case .stars:
            TextField(
                Copy.gitHubLogin, text: Binding(get: { model.gitHubLogin }, set: { model.send(.setGitHubLogin($0)) }))
            Button(Copy.importStars) { model.send(.importStars) }
            if let progress = model.starImport { StarImportRow(progress: progress) }
        case .about:
            TextField(Copy.yourName, text: Binding(get: { model.draft.name ?? "" }, set: { model.send(.setName($0)) }))
            TextField(
                Copy.projectType,
                text: Binding(get: { model.draft.projectType ?? "" }, set: { model.send(.setProjectType($0)) }))
        case .stack:
            entries(model.draft.techStack, add: { .addTech($0) }, remove: { .removeTech($0) })
        case .interests:
            entries(model.draft.interests, add: { .addInterest($0) }, remove: { .removeInterest($0) })
        case .experience:
            ForEach(ExperienceLevel.allCases, id: \.self) { level in
                Button(Copy.level(level)) { model.send(.setExperience(level)) }
                    .accessibilityLabel(Copy.chosen(Copy.level(level), model.draft.experienceLevel == level))
            }
        case .goals:
            ForEach(Goal.allCases, id: \.self) { goal in
                Button(Copy.goal(goal)) { model.send(.toggleGoal(goal)) }
                    .accessibilityLabel(Copy.chosen(Copy.goal(goal), model.draft.goals.contains(goal)))
            }
        case .areas:
            ForEach(model.clusters) { cluster in
                Button(cluster.name) {
                    model.send(
                        model.draft.primaryCluster == nil ? .choosePrimary(cluster.id) : .toggleSecondary(cluster.id))
                }
                .accessibilityLabel(
                    Copy.chosen(
                        cluster.name,
                        model.draft.primaryCluster == cluster.id || model.draft.secondaryClusters.contains(cluster.id)))
            }
        }
    }

    /// A list of entries (the stack, the interests): each removable, a field and Add for a new one.
    private func entries(
        _ values: [String], add: @escaping (String) -> OnboardingViewModel.Event,
        remove: @escaping (String) -> OnboardingViewModel.Event
    ) -> some View {
        Group {
            ForEach(values, id: \.self) { value in
                Text(value).swipeActions { Button(Copy.remove) { model.send(remove(value)) } }
            }
            TextField(Copy.addEntry, text: $entry)
            Button(Copy.add) {
                model.send(add(entry))
                entry = ""
            }
        }
    }
}

/// A star import as it goes: how many were read and imported.
struct StarImportRow: View {
    let progress: StarImportProgress

    var body: some View {
        VStack(alignment: .leading) {
            Text(Copy.imported(progress.imported))
            if progress.state == .running { ProgressView() }
            if let failure = progress.failure { Text(failure) }
        }
    }
}
