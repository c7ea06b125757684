import Foundation
import Localization
public import Observation
public import RepoFinderClient
public import RepoFinderCore

/// Onboarding in the steps every face asks (``OnboardingStep``: an optional start from GitHub stars, you — name and
/// project —, stack, interests, level, goals, areas). It starts from what the person saved before (editing from the
/// profile), checks each entry the way the server does, and saves at the end; "skip" saves what was chosen so far.
/// Either way onboarding is then done. A star import started on the first step goes on (on the server) while the
/// person answers the rest; ``starImport`` follows its progress. For product analytics (not when revisiting) each
/// step shown counts as seen, each left forward as finished (answered) or skipped (not), and the end as
/// `onboarding.finished`, as on the web.
@Observable @MainActor
public final class OnboardingViewModel {
    public typealias Step = OnboardingStep

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
        /// The GitHub login typed on the first step.
        case setGitHubLogin(String)
        /// Imports the typed login's public stars.
        case importStars
        case setName(String)
        case setProjectType(String)
        case choosePrimary(String)
        case toggleSecondary(String)
        case addTech(String)
        case removeTech(String)
        case addInterest(String)
        case removeInterest(String)
        case setExperience(ExperienceLevel)
        case toggleGoal(Goal)
        case next
        case back
        case skip
        case retry
    }

    public private(set) var state = State.loading
    public private(set) var draft = UserPreferences()
    public private(set) var clusters: [ClusterSummary] = []
    /// Why the last entry or "next" was not taken.
    public private(set) var problem: String?
    /// The login typed on the first step.
    public private(set) var gitHubLogin = ""
    /// The star import started on the first step, as last read.
    public private(set) var starImport: StarImportProgress?
    private var step = Step.stars
    private var loaded = false
    private let service: any RepoFinderService
    private let pollInterval: Duration
    private let analytics: AnalyticsRecorder
    /// Whether `onboarding.finished` was recorded (a failed save tried again finishes once).
    private var finishRecorded = false

    /// Whether the person came back to change their preferences (Profile's Edit): the steps show even when onboarding
    /// was finished before.
    public let revisiting: Bool

    /// - Parameter pollInterval: how often a running star import is asked about.
    /// - Parameter analytics: where the steps' analytics events go (none when revisiting).
    public init(
        service: any RepoFinderService, pollInterval: Duration = .seconds(1), revisiting: Bool = false,
        analytics: AnalyticsRecorder = .disabled
    ) {
        self.revisiting = revisiting
        self.service = service
        self.pollInterval = pollInterval
        self.analytics = analytics
    }

    @discardableResult
    public func send(_ event: Event) -> Task<Void, Never> {
        problem = nil
        switch event {
        case .appear, .retry:
            return loaded ? save() : load()
        case .setGitHubLogin(let text):
            gitHubLogin = text.trimmingCharacters(in: .whitespacesAndNewlines)
        case .importStars:
            return importStars()
        case .setName(let text):
            draft.name = checkedText(text) { Words(Language.device).text("app.onboarding.too-long.name", $0) }
        case .setProjectType(let text):
            draft.projectType = checkedText(text) {
                Words(Language.device).text("app.onboarding.too-long.project-type", $0)
            }
        case .choosePrimary(let id):
            guard clusters.contains(where: { $0.id == id }) else {
                problem = Words(Language.device).text("app.onboarding.area-unknown", id)
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
            add(text, to: \.techStack) { Words(Language.device).text("app.onboarding.too-many.technologies", $0) }
        case .removeTech(let text):
            draft.techStack.removeAll { $0.caseInsensitiveCompare(text) == .orderedSame }
        case .addInterest(let text):
            add(text, to: \.interests) { Words(Language.device).text("app.onboarding.too-many.interests", $0) }
        case .removeInterest(let text):
            draft.interests.removeAll { $0.caseInsensitiveCompare(text) == .orderedSame }
        case .setExperience(let level):
            draft.experienceLevel = level
        case .toggleGoal(let goal):
            if draft.goals.contains(goal) { draft.goals.removeAll { $0 == goal } } else { draft.goals.append(goal) }
        case .next:
            track(answered(step) ? .onboardingStepFinished : .onboardingStepSkipped, step)
            guard let following = Step(rawValue: step.rawValue + 1) else { return save() }
            show(following)
        case .back:
            show(Step(rawValue: max(0, step.rawValue - 1)) ?? .stars)
        case .skip:
            track(.onboardingStepSkipped, step)
            return save()
        }
        return Task {}
    }

    /// Shows a step (and records that it was seen).
    private func show(_ next: Step) {
        step = next
        state = .editing(step)
        track(.onboardingStepSeen, step)
    }

    /// Records a step's analytics event, unless the person is only changing their preferences.
    private func track(_ name: AnalyticsEventName, _ step: Step) {
        guard !revisiting else { return }
        analytics.track(name, label: step.analyticsName)
    }

    /// Whether the person answered the step (what the web app asks too): left forward answered, it counts as finished;
    /// unanswered, as skipped.
    private func answered(_ step: Step) -> Bool {
        switch step {
        case .stars: starImport != nil
        case .about: draft.name != nil || draft.projectType != nil
        case .stack: !draft.techStack.isEmpty
        case .interests: !draft.interests.isEmpty
        case .experience: draft.experienceLevel != nil
        case .goals: !draft.goals.isEmpty
        case .areas: draft.primaryCluster != nil || !draft.secondaryClusters.isEmpty
        }
    }

    /// Starts importing the typed login's stars, then follows the import until it ends.
    private func importStars() -> Task<Void, Never> {
        guard GitHubLogin.isValid(gitHubLogin) else {
            let words = Words(Language.device)
            problem =
                gitHubLogin.isEmpty
                ? words.text("app.onboarding.login-missing")
                : words.text("app.onboarding.login-invalid", gitHubLogin, GitHubLogin.maximumLength)
            return Task {}
        }
        if starImport?.state == .running { return Task {} }
        let login = gitHubLogin
        analytics.track(.importStarted, label: revisiting ? AnalyticsScreen.profile.rawValue : "onboarding")
        return Task {
            do throws(ClientFailure) {
                var progress = try await service.importGitHubStars(login: login)
                starImport = progress
                while progress.state == .running {
                    try? await Task.sleep(for: pollInterval)
                    if Task.isCancelled { return }
                    progress = try await service.starImport(id: progress.id)
                    starImport = progress
                }
                if progress.state == .done { analytics.track(.importFinished, count: progress.imported) }
            } catch {
                problem = error.message
            }
        }
    }

    /// Adds an entry to the tech stack or the interests, checked as the server checks it; `tooMany` words the problem
    /// of a full list (given the most entries it may have).
    private func add(
        _ text: String, to list: WritableKeyPath<UserPreferences, [String]>, tooMany: (Int) -> String
    ) {
        let entry = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if entry.isEmpty { return }
        if entry.count > UserPreferences.maximumEntryLength {
            problem = Words(Language.device).text(
                "app.onboarding.entry-too-long", String(entry.prefix(20)), UserPreferences.maximumEntryLength)
        } else if draft[keyPath: list].count >= UserPreferences.maximumEntries {
            problem = tooMany(UserPreferences.maximumEntries)
        } else if !draft[keyPath: list].contains(where: { $0.caseInsensitiveCompare(entry) == .orderedSame }) {
            draft[keyPath: list].append(entry)
        }
    }

    /// A name or project type as it will be saved: trimmed, nil when empty, cut to the server's limit (with a word:
    /// `tooLong` words it, given the most characters it may have).
    private func checkedText(_ text: String, tooLong: (Int) -> String) -> String? {
        let entry = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard entry.count <= UserPreferences.maximumTextLength else {
            problem = tooLong(UserPreferences.maximumTextLength)
            return String(entry.prefix(UserPreferences.maximumTextLength))
        }
        return entry.isEmpty ? nil : entry
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
                analytics.follow(draft)
                // A person who finished onboarding on any device goes straight on.
                if draft.onboardingCompleted && !revisiting {
                    state = .finished
                } else {
                    show(step)
                }
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
                if !revisiting, !finishRecorded {
                    finishRecorded = true
                    analytics.track(.onboardingFinished)
                }
            } catch {
                state = .failed(error.message)
            }
        }
    }
}
