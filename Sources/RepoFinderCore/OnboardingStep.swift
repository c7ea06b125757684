/// The steps of onboarding, in the order every face asks them (the web app, the app core's view model, and so the
/// Apple app): together they fill every field of ``UserPreferences``, after an optional start from the person's
/// GitHub stars.
public enum OnboardingStep: Int, CaseIterable, Hashable, Sendable {
    /// Optional: a GitHub login whose public stars are imported as the person's taste.
    case stars
    /// The person's name and the kind of project they work on (both optional).
    case about
    /// Languages, frameworks and tools (``UserPreferences/techStack``).
    case stack
    /// Subjects they want to see (``UserPreferences/interests``).
    case interests
    /// How experienced they are (``UserPreferences/experienceLevel``).
    case experience
    /// Why they are here (``UserPreferences/goals``).
    case goals
    /// The main area and further areas (``UserPreferences/primaryCluster``, ``UserPreferences/secondaryClusters``).
    case areas

    /// The step's short name, as the progress shows it.
    public var title: String {
        switch self {
        case .stars: "Stars"
        case .about: "You"
        case .stack: "Stack"
        case .interests: "Interests"
        case .experience: "Level"
        case .goals: "Goals"
        case .areas: "Areas"
        }
    }
}

extension UserPreferences {
    /// The longest name and project type accepted, in characters.
    public static let maximumTextLength = 80
    /// The most entries of the tech stack and of the interests.
    public static let maximumEntries = 30
    /// The longest entry of the tech stack or the interests, in characters.
    public static let maximumEntryLength = 40
}
