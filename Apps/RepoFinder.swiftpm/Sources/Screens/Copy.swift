import Foundation
import RepoFinderCore
import SwiftUI

/// Every word the app shows, from the String Catalog (`Resources/Localizable.xcstrings`), each with a note for
/// translators. Views never write a literal.
enum Copy {
    static let homeTab = String(localized: "Home", bundle: .module, comment: "Tab bar: the Home tab")
    static let deckTab = String(localized: "Deck", bundle: .module, comment: "Tab bar: the card deck")
    static let exploreTab = String(localized: "Explore", bundle: .module, comment: "Tab bar: search and trending")
    static let libraryTab = String(localized: "Library", bundle: .module, comment: "Tab bar: saved and liked lists")
    static let askTab = String(localized: "Ask", bundle: .module, comment: "Tab bar: the Ask assistant")
    static let areaTitle = String(localized: "Area", bundle: .module, comment: "Title of an area's screen")
    static let like = String(
        localized: "Like", bundle: .module, comment: "Deck: like the card (button, stamp, VoiceOver action)")
    static let skip = String(localized: "Skip", bundle: .module, comment: "Deck: skip the card")
    static let save = String(localized: "Save", bundle: .module, comment: "Deck: save the card for later")
    static let undo = String(localized: "Undo", bundle: .module, comment: "Deck: take back the last swipe")
    static let open = String(localized: "Open", bundle: .module, comment: "Deck: open the card's repository screen")
    static let retry = String(localized: "Try again", bundle: .module, comment: "Any failed screen: try again")
    static let loading = String(localized: "Loading…", bundle: .module, comment: "A screen waiting for its data")
    static let deckEmpty = String(localized: "No more cards", bundle: .module, comment: "Deck: nothing left to deal")
    static let deckFailed = String(localized: "Cannot load the deck", bundle: .module, comment: "Deck: failed to load")
    static let deckHint = String(
        localized: "Swipe right to like, left to skip, up to save.", bundle: .module,
        comment: "VoiceOver hint on a card")
    static let today = String(localized: "Today's pick", bundle: .module, comment: "Home: the daily pick's heading")
    static let movers = String(localized: "Movers this week", bundle: .module, comment: "Home: trending heading")
    static let askSlot = String(localized: "Ask about repositories", bundle: .module, comment: "Home: the Ask slot")
    static let profile = String(
        localized: "Profile", bundle: .module, comment: "Profile screen title and Home's button")
    static let homeFailed = String(localized: "Cannot load Home", bundle: .module, comment: "Home: failed to load")
    static let saved = String(localized: "Saved", bundle: .module, comment: "Library: the saved list")
    static let liked = String(localized: "Liked", bundle: .module, comment: "Library: the liked list")
    static let remove = String(localized: "Remove", bundle: .module, comment: "Library: remove a row (swipe action)")
    static let waiting = String(
        localized: "Waiting to send", bundle: .module, comment: "Library: a change not sent yet")
    static let offline = String(
        localized: "Offline: showing what this device kept", bundle: .module, comment: "Library offline note")
    static let listEmpty = String(localized: "Nothing here yet", bundle: .module, comment: "Library: an empty list")
    static let listFailed = String(localized: "Cannot load the list", bundle: .module, comment: "Library: failed")
    static let searchPrompt = String(
        localized: "Search repositories", bundle: .module, comment: "Explore: search field")
    static let search = String(localized: "Search", bundle: .module, comment: "Explore: the search half")
    static let trending = String(localized: "Trending", bundle: .module, comment: "Explore: the trending half")
    static let noResults = String(localized: "No results", bundle: .module, comment: "Explore: search found nothing")
    static let stars = String(
        localized: "Stars", bundle: .module, comment: "Star history's axis; the deck filter's minimum of stars")
    static let day = String(localized: "Day", bundle: .module, comment: "Repository screen: chart's time axis")
    static let starHistory = String(localized: "Star history", bundle: .module, comment: "Repository screen: the chart")
    static let similar = String(
        localized: "Similar", bundle: .module, comment: "Repository screen: similar repositories")
    static let openOnGitHub = String(localized: "Open on GitHub", bundle: .module, comment: "Repository screen button")
    static let compareAdd = String(localized: "Add to Compare", bundle: .module, comment: "Repository screen button")
    static let compareRemove = String(localized: "Remove from Compare", bundle: .module, comment: "Repository screen")
    static let compare = String(localized: "Compare", bundle: .module, comment: "Compare screen title and tray button")
    static let unlike = String(localized: "Unlike", bundle: .module, comment: "Repository screen: take back a like")
    static let unsave = String(localized: "Unsave", bundle: .module, comment: "Repository screen: take back a save")
    static let failed = String(localized: "Something went wrong", bundle: .module, comment: "A screen that failed")
    static let signIn = String(localized: "Sign in with GitHub", bundle: .module, comment: "Profile/onboarding button")
    static let signOut = String(localized: "Sign out", bundle: .module, comment: "Profile: sign this device out")
    static let signOutEverywhere = String(localized: "Sign out everywhere", bundle: .module, comment: "Profile button")
    static let cancel = String(localized: "Cancel", bundle: .module, comment: "Cancel a sign-in or a dialog")
    static let signInWithCode = String(
        localized: "Sign in with a code instead", bundle: .module,
        comment: "Profile/onboarding: GitHub's device flow, for when the browser sheet cannot be used")
    static let starOnLike = String(
        localized: "Star on GitHub when I like", bundle: .module, comment: "Profile: a switch for the GitHub account")
    static let downloadData = String(
        localized: "Download my data", bundle: .module, comment: "Profile: export everything kept for the account")
    static let starOnGitHub = String(
        localized: "Star on GitHub", bundle: .module, comment: "Repository screen: star it on the person's GitHub")
    static let unstarOnGitHub = String(
        localized: "Unstar on GitHub", bundle: .module, comment: "Repository screen: take the person's GitHub star off")
    static let enterCode = String(localized: "Enter this code on GitHub", bundle: .module, comment: "Device sign-in")
    static let next = String(localized: "Next", bundle: .module, comment: "Onboarding: next step")
    static let back = String(localized: "Back", bundle: .module, comment: "Onboarding: previous step")
    static let skipOnboarding = String(localized: "Skip for now", bundle: .module, comment: "Onboarding: skip the step")
    static let welcome = String(localized: "Welcome to RepoFinder", bundle: .module, comment: "Onboarding title")
    static let newQuestion = String(localized: "Ask a question", bundle: .module, comment: "Ask: the question field")
    static let send = String(localized: "Send", bundle: .module, comment: "Ask: send the question")
    static let stop = String(localized: "Stop", bundle: .module, comment: "Ask: stop the streamed answer")
    static let pin = String(localized: "Pin", bundle: .module, comment: "Ask: pin a thread (swipe action)")
    static let archive = String(localized: "Archive", bundle: .module, comment: "Ask: archive a thread (swipe action)")
    static let daily = String(localized: "Today", bundle: .module, comment: "Trending window: the last day")
    static let weekly = String(localized: "This week", bundle: .module, comment: "Trending window: the last 7 days")
    static let monthly = String(localized: "This month", bundle: .module, comment: "Trending window: the last 30 days")
    static let filterTitle = String(
        localized: "Filter the deck", bundle: .module, comment: "Deck: the filter sheet's title")
    static let filter = String(localized: "Filter", bundle: .module, comment: "Deck: open the filter sheet")
    static let anyLanguage = String(
        localized: "Any language", bundle: .module, comment: "Explore, trending: the language field's placeholder")
    static let filterLanguage = String(
        localized: "Language (any)", bundle: .module, comment: "Deck filter: language field")
    static let filterHealth = String(localized: "Activity", bundle: .module, comment: "Deck filter: how alive")
    static let filterAny = String(localized: "Any", bundle: .module, comment: "Deck filter: any activity")
    static let filterActive = String(localized: "Active", bundle: .module, comment: "Deck filter: active only")
    static let filterQuiet = String(localized: "Active or quiet", bundle: .module, comment: "Deck filter: not dormant")
    static let filterApply = String(localized: "Apply", bundle: .module, comment: "Deck filter: save the filter")
    static let filterWiden = String(localized: "Show everything", bundle: .module, comment: "Deck filter: clear it")
    static let server = String(localized: "Server", bundle: .module, comment: "Profile: the server's address")
    static let gitHubLogin = String(localized: "GitHub username", bundle: .module, comment: "Onboarding: whose stars")
    static let importStars = String(localized: "Start from these stars", bundle: .module, comment: "Onboarding: import")
    static let yourName = String(localized: "Your name (optional)", bundle: .module, comment: "Onboarding: name field")
    static let projectType = String(
        localized: "What you are building (optional)", bundle: .module, comment: "Onboarding: project type field")
    static let addEntry = String(
        localized: "Add one", bundle: .module, comment: "Onboarding: a new stack or interest entry")
    static let add = String(localized: "Add", bundle: .module, comment: "Onboarding: add the entry typed")
    static let beginner = String(localized: "Beginner", bundle: .module, comment: "Experience level")
    static let intermediate = String(localized: "Intermediate", bundle: .module, comment: "Experience level")
    static let advanced = String(localized: "Advanced", bundle: .module, comment: "Experience level")
    static let learning = String(localized: "Learning new tech", bundle: .module, comment: "Goal")
    static let building = String(localized: "Building a project", bundle: .module, comment: "Goal")
    static let contributing = String(localized: "Contributing", bundle: .module, comment: "Goal")
    static let solutions = String(localized: "Finding solutions", bundle: .module, comment: "Goal")
    static let exploring = String(localized: "Exploring", bundle: .module, comment: "Goal")
    static let editPreferences = String(
        localized: "Edit preferences", bundle: .module, comment: "Profile: change the onboarding answers")
    static let done = String(localized: "Done", bundle: .module, comment: "Preferences saved: close the editor")
    static let deleteAccount = String(
        localized: "Delete my account and data", bundle: .module, comment: "Profile: delete the account")
    static let deleteAccountQuestion = String(
        localized: "Delete your account, your lists and everything RepoFinder kept for you?", bundle: .module,
        comment: "Profile: confirm deleting the account")
    static let areas = String(localized: "Areas", bundle: .module, comment: "Explore: the catalog's topic areas")
    static let noThreads = String(localized: "No questions yet", bundle: .module, comment: "Ask: no threads")

    /// How many repositories a filter allows.
    static func matching(_ count: Int) -> String {
        String(localized: "Repositories that match: \(count)", bundle: .module, comment: "Deck filter: how many match")
    }

    /// How many stars an import has brought in.
    static func imported(_ count: Int) -> String {
        String(localized: "Stars imported: \(count)", bundle: .module, comment: "Onboarding: a star import's progress")
    }

    /// What VoiceOver reads for a choice: its name, and whether it is chosen.
    static func chosen(_ name: String, _ isChosen: Bool) -> String {
        isChosen
            ? name + ", " + String(localized: "chosen", bundle: .module, comment: "VoiceOver: a chosen option") : name
    }

    /// An experience level's name.
    static func level(_ level: ExperienceLevel) -> String {
        switch level {
        case .beginner: beginner
        case .intermediate: intermediate
        case .advanced: advanced
        }
    }

    /// A goal's name.
    static func goal(_ goal: Goal) -> String {
        switch goal {
        case .learningNewTech: learning
        case .buildingProject: building
        case .contributing: contributing
        case .findingSolutions: solutions
        case .exploring: exploring
        }
    }

    /// A trending window's name.
    static func window(_ window: TrendingWindow) -> String {
        switch window {
        case .daily: daily
        case .weekly: weekly
        case .monthly: monthly
        }
    }
}
