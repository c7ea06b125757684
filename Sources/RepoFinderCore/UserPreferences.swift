/// What a person told RepoFinder during onboarding, named exactly as the RepoFinder plan names it.
public struct UserPreferences: Codable, Hashable, Sendable {
    /// What to call them.
    public var name: String?
    /// The topic cluster they care about most (cluster ids come from the recommender).
    public var primaryCluster: String?
    /// Further clusters of interest.
    public var secondaryClusters: [String]
    /// Languages, frameworks and tools they work with, for example `Swift`, `SwiftUI`.
    public var techStack: [String]
    /// Subjects they want to see, for example `machine-learning`.
    public var interests: [String]
    /// How experienced they are.
    public var experienceLevel: ExperienceLevel?
    /// The kind of project they work on, in their words (for example "mobile app").
    public var projectType: String?
    /// Why they are here.
    public var goals: [Goal]
    /// Whether they finished (or skipped) onboarding.
    public var onboardingCompleted: Bool
    /// What they narrowed their deck to (kept with the preferences, so every device deals with it); nil: nothing.
    public var deckFilter: DeckFilter?
    /// The language they chose for RepoFinder's words (`en`, `es`, `de`, `ja`), kept with the preferences so every
    /// device speaks it; nil: each device's own (its browser's or system's) language.
    public var language: String?
    /// Whether their devices send product analytics events (nil: yes, until they turn it off in Settings).
    public var analytics: Bool?

    /// Whether their events are recorded.
    public var sharesAnalytics: Bool { analytics ?? true }

    public init(
        name: String? = nil,
        primaryCluster: String? = nil,
        secondaryClusters: [String] = [],
        techStack: [String] = [],
        interests: [String] = [],
        experienceLevel: ExperienceLevel? = nil,
        projectType: String? = nil,
        goals: [Goal] = [],
        onboardingCompleted: Bool = false,
        deckFilter: DeckFilter? = nil,
        language: String? = nil,
        analytics: Bool? = nil
    ) {
        self.name = name
        self.primaryCluster = primaryCluster
        self.secondaryClusters = secondaryClusters
        self.techStack = techStack
        self.interests = interests
        self.experienceLevel = experienceLevel
        self.projectType = projectType
        self.goals = goals
        self.onboardingCompleted = onboardingCompleted
        self.deckFilter = deckFilter?.isEmpty == true ? nil : deckFilter
        self.language = language
        self.analytics = analytics
    }
}

/// How experienced a person is.
public enum ExperienceLevel: String, CaseIterable, Codable, Hashable, Sendable {
    case beginner
    case intermediate
    case advanced
}

/// Why a person uses RepoFinder.
public enum Goal: String, CaseIterable, Codable, Hashable, Sendable {
    case learningNewTech = "learning-new-tech"
    case buildingProject = "building-project"
    case contributing
    case findingSolutions = "finding-solutions"
    case exploring
}
