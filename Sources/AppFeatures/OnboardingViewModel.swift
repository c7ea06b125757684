import Foundation
public import Observation
public import RepoFinderClient
public import RepoFinderCore

/// Onboarding in five steps: the area of most interest, more areas, the tech stack, experience, goals. It starts from
/// what the person saved before (editing from the profile), checks each entry the way the server does, and saves at the
/// end; "skip" saves what was chosen so far. Either way onboarding is then done.
@Observable @MainActor
public final class OnboardingViewModel {
    public enum Step: Int, CaseIterable, Hashable, Sendable {
        case focus, moreAreas, stack, experience, goals
    }

    public enum State: Hashable, Sendable {
        /// Reading the clusters and the saved preferences.
        case loading
        case editing(Step)
        case saving
        /// Saved; the app goes to the deck.
        case finished
        /// What to tell the person; ``Event/retry`` tries the failed step again (the draft is kept).
        case failed(String)
    }

    public enum Event: Hashable, Sendable {
        case appear
        case choosePrimary(String)
        case toggleSecondary(String)
        case addTech(String)
        case removeTech(String)
        case setExperience(ExperienceLevel)
        case toggleGoal(Goal)
        case next
        case back
        case skip
        case retry
    }

    public static let maximumTech = 30
    public static let maximumTechLength = 40

    public private(set) var state = State.loading
    public private(set) var draft = UserPreferences()
    public private(set) var clusters: [ClusterSummary] = []
    /// Why the last entry or "next" was not taken.
    public private(set) var problem: String?
    private var step = Step.focus
    private var loaded = false
    private let service: any DiscoveryService

    public init(service: any DiscoveryService) {
        self.service = service
    }

    @discardableResult
    public func send(_ event: Event) -> Task<Void, Never> {
        problem = nil
        switch event {
        case .appear, .retry:
            return loaded ? save() : load()
        case .choosePrimary(let id):
            guard clusters.contains(where: { $0.id == id }) else {
                problem = "'\(id)' is not one of the areas."
                break
            }
            draft.primaryCluster = id
            draft.secondaryClusters.removeAll { $0 == id }
        case .toggleSecondary(let id):
            guard clusters.contains(where: { $0.id == id }), id != draft.primaryCluster else { break }
            if draft.secondaryClusters.contains(id) {
                draft.secondaryClusters.removeAll { $0 == id }
            } else {
                draft.secondaryClusters.append(id)
            }
        case .addTech(let text):
            addTech(text)
        case .removeTech(let text):
            draft.techStack.removeAll { $0.caseInsensitiveCompare(text) == .orderedSame }
        case .setExperience(let level):
            draft.experienceLevel = level
        case .toggleGoal(let goal):
            if draft.goals.contains(goal) { draft.goals.removeAll { $0 == goal } } else { draft.goals.append(goal) }
        case .next:
            if step == .focus, draft.primaryCluster == nil {
                problem = "Choose the area you are most interested in (or skip)."
                break
            }
            guard let following = Step(rawValue: step.rawValue + 1) else { return save() }
            step = following
            state = .editing(step)
        case .back:
            step = Step(rawValue: max(0, step.rawValue - 1)) ?? .focus
            state = .editing(step)
        case .skip:
            return save()
        }
        return Task {}
    }

    private func addTech(_ text: String) {
        let entry = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if entry.isEmpty { return }
        if entry.count > Self.maximumTechLength {
            problem = "'\(entry.prefix(20))…' is too long; at most \(Self.maximumTechLength) characters."
        } else if draft.techStack.count >= Self.maximumTech {
            problem = "At most \(Self.maximumTech) technologies; remove one first."
        } else if !draft.techStack.contains(where: { $0.caseInsensitiveCompare(entry) == .orderedSame }) {
            draft.techStack.append(entry)
        }
    }

    private func load() -> Task<Void, Never> {
        state = .loading
        return Task {
            do {
                async let clusters = service.clusters()
                async let saved = service.preferences()
                self.clusters = try await clusters
                draft = try await saved
                loaded = true
                state = .editing(step)
            } catch {
                state = .failed(ClientFailure.from(error).message)
            }
        }
    }

    private func save() -> Task<Void, Never> {
        state = .saving
        var preferences = draft
        preferences.onboardingCompleted = true
        return Task {
            do throws(ClientFailure) {
                draft = try await service.savePreferences(preferences)
                state = .finished
            } catch {
                state = .failed(error.message)
            }
        }
    }
}
