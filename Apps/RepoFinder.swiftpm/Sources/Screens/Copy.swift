import Foundation
import RepoFinderCore
import SwiftUI

/// Every word the app shows, from the String Catalog (`Resources/Localizable.xcstrings`), each with a note for
/// translators. Views never write a literal. Read each time (not kept), so the words follow the app's language.
enum Copy {
    static var homeTab: String { String(localized: "Home", bundle: .module, comment: "Tab bar: the Home tab") }
    static var deckTab: String { String(localized: "Deck", bundle: .module, comment: "Tab bar: the card deck") }
    static var exploreTab: String {
        String(localized: "Explore", bundle: .module, comment: "Tab bar: search and trending")
    }
    static var libraryTab: String {
        String(localized: "Library", bundle: .module, comment: "Tab bar: saved and liked lists")
    }
    static var askTab: String { String(localized: "Ask", bundle: .module, comment: "Tab bar: the Ask assistant") }
    static var areaTitle: String { String(localized: "Area", bundle: .module, comment: "Title of an area's screen") }
    static var like: String {
        String(
            localized: "Like", bundle: .module, comment: "Deck: like the card (button, stamp, VoiceOver action)")
    }
    static var skip: String { String(localized: "Skip", bundle: .module, comment: "Deck: skip the card") }
    static var save: String { String(localized: "Save", bundle: .module, comment: "Deck: save the card for later") }
    static var undo: String { String(localized: "Undo", bundle: .module, comment: "Deck: take back the last swipe") }
    static var open: String {
        String(localized: "Open", bundle: .module, comment: "Deck: open the card's repository screen")
    }
    static var retry: String {
        String(localized: "Try again", bundle: .module, comment: "Any failed screen: try again")
    }
    static var loading: String {
        String(localized: "Loading…", bundle: .module, comment: "A screen waiting for its data")
    }
    static var deckEmpty: String {
        String(localized: "No more cards", bundle: .module, comment: "Deck: nothing left to deal")
    }
    static var deckFailed: String {
        String(localized: "Cannot load the deck", bundle: .module, comment: "Deck: failed to load")
    }
    static var deckHint: String {
        String(
            localized: "Swipe right to like, left to skip, up to save.", bundle: .module,
            comment: "VoiceOver hint on a card")
    }
    static var today: String {
        String(localized: "Today's pick", bundle: .module, comment: "Home: the daily pick's heading")
    }
    static var movers: String {
        String(localized: "Movers this week", bundle: .module, comment: "Home: trending heading")
    }
    static var askSlot: String {
        String(localized: "Ask about repositories", bundle: .module, comment: "Home: the Ask slot")
    }
    static var profile: String {
        String(
            localized: "Profile", bundle: .module, comment: "Profile screen title and Home's button")
    }
    static var homeFailed: String {
        String(localized: "Cannot load Home", bundle: .module, comment: "Home: failed to load")
    }
    static var saved: String { String(localized: "Saved", bundle: .module, comment: "Library: the saved list") }
    static var liked: String { String(localized: "Liked", bundle: .module, comment: "Library: the liked list") }
    static var remove: String {
        String(localized: "Remove", bundle: .module, comment: "Library: remove a row (swipe action)")
    }
    static var waiting: String {
        String(
            localized: "Waiting to send", bundle: .module, comment: "Library: a change not sent yet")
    }
    static var offline: String {
        String(
            localized: "Offline: showing what this device kept", bundle: .module, comment: "Library offline note")
    }
    static var listEmpty: String {
        String(localized: "Nothing here yet", bundle: .module, comment: "Library: an empty list")
    }
    static var listFailed: String {
        String(localized: "Cannot load the list", bundle: .module, comment: "Library: failed")
    }
    static var searchPrompt: String {
        String(
            localized: "Search repositories", bundle: .module, comment: "Explore: search field")
    }
    static var search: String { String(localized: "Search", bundle: .module, comment: "Explore: the search half") }
    static var trending: String {
        String(localized: "Trending", bundle: .module, comment: "Explore: the trending half")
    }
    static var noResults: String {
        String(localized: "No results", bundle: .module, comment: "Explore: search found nothing")
    }
    static var stars: String {
        String(
            localized: "Stars", bundle: .module, comment: "Star history's axis; the deck filter's minimum of stars")
    }
    static var day: String {
        String(localized: "Day", bundle: .module, comment: "Repository screen: chart's time axis")
    }
    static var starHistory: String {
        String(localized: "Star history", bundle: .module, comment: "Repository screen: the chart")
    }
    static var curatedLists: String {
        String(
            localized: "Curated lists", bundle: .module,
            comment: "Repository screen: the curated lists that place it, each with the heading it is under")
    }
    static var curatedList: String {
        String(localized: "Curated list", bundle: .module, comment: "Title of a curated list's heading screen")
    }
    static var headingsBelow: String {
        String(
            localized: "Headings below", bundle: .module,
            comment: "A curated list's heading screen: the headings one level below it")
    }
    /// The button that shows every heading below a list's heading when more than a dozen are folded away.
    static func showAllHeadings(_ count: Int) -> String {
        String(
            localized: "Show all headings below: \(count)", bundle: .module,
            comment:
                "A curated list's heading screen: button showing every heading below it when there are more than a dozen; the number is how many"
        )
    }
    /// The button under a list heading's repositories that reads the next page; the number is how many are left.
    static func showMoreRepositories(_ count: Int) -> String {
        String(
            localized: "More repositories: \(count)", bundle: .module,
            comment:
                "A curated list's heading screen: button under the repositories reading the next ones; the number is how many are left"
        )
    }
    static var openListOnGitHub: String {
        String(
            localized: "Open the list on GitHub", bundle: .module,
            comment: "A curated list's heading screen: button opening the list itself")
    }
    static var similar: String {
        String(
            localized: "Similar", bundle: .module, comment: "Repository screen: similar repositories")
    }
    static var openOnGitHub: String {
        String(localized: "Open on GitHub", bundle: .module, comment: "Repository screen button")
    }
    static var compareAdd: String {
        String(localized: "Add to Compare", bundle: .module, comment: "Repository screen button")
    }
    static var compareRemove: String {
        String(localized: "Remove from Compare", bundle: .module, comment: "Repository screen")
    }
    static var compare: String {
        String(localized: "Compare", bundle: .module, comment: "Compare screen title and tray button")
    }
    static var unlike: String {
        String(localized: "Unlike", bundle: .module, comment: "Repository screen: take back a like")
    }
    static var unsave: String {
        String(localized: "Unsave", bundle: .module, comment: "Repository screen: take back a save")
    }
    static var failed: String {
        String(localized: "Something went wrong", bundle: .module, comment: "A screen that failed")
    }
    static var signIn: String {
        String(localized: "Sign in with GitHub", bundle: .module, comment: "Profile/onboarding button")
    }
    static var signOut: String {
        String(localized: "Sign out", bundle: .module, comment: "Profile: sign this device out")
    }
    static var signOutEverywhere: String {
        String(localized: "Sign out everywhere", bundle: .module, comment: "Profile button")
    }
    static var cancel: String { String(localized: "Cancel", bundle: .module, comment: "Cancel a sign-in or a dialog") }
    static var signInWithCode: String {
        String(
            localized: "Sign in with a code instead", bundle: .module,
            comment: "Profile/onboarding: GitHub's device flow, for when the browser sheet cannot be used")
    }
    static var starOnLike: String {
        String(
            localized: "Star on GitHub when I like", bundle: .module,
            comment: "Profile: a switch for the GitHub account")
    }
    static var downloadData: String {
        String(
            localized: "Download my data", bundle: .module, comment: "Profile: export everything kept for the account")
    }
    static var starOnGitHub: String {
        String(
            localized: "Star on GitHub", bundle: .module, comment: "Repository screen: star it on the person's GitHub")
    }
    static var unstarOnGitHub: String {
        String(
            localized: "Unstar on GitHub", bundle: .module,
            comment: "Repository screen: take the person's GitHub star off")
    }
    static var enterCode: String {
        String(localized: "Enter this code on GitHub", bundle: .module, comment: "Device sign-in")
    }
    static var next: String { String(localized: "Next", bundle: .module, comment: "Onboarding: next step") }
    static var back: String { String(localized: "Back", bundle: .module, comment: "Onboarding: previous step") }
    static var skipOnboarding: String {
        String(localized: "Skip for now", bundle: .module, comment: "Onboarding: skip the step")
    }
    static var welcome: String {
        String(localized: "Welcome to RepoFinder", bundle: .module, comment: "Onboarding title")
    }
    static var newQuestion: String {
        String(localized: "Ask a question", bundle: .module, comment: "Ask: the question field")
    }
    static var send: String { String(localized: "Send", bundle: .module, comment: "Ask: send the question") }
    static var stop: String { String(localized: "Stop", bundle: .module, comment: "Ask: stop the streamed answer") }
    static var pin: String { String(localized: "Pin", bundle: .module, comment: "Ask: pin a thread (swipe action)") }
    static var archive: String {
        String(localized: "Archive", bundle: .module, comment: "Ask: archive a thread (swipe action)")
    }
    static var daily: String { String(localized: "Today", bundle: .module, comment: "Trending window: the last day") }
    static var weekly: String {
        String(localized: "This week", bundle: .module, comment: "Trending window: the last 7 days")
    }
    static var monthly: String {
        String(localized: "This month", bundle: .module, comment: "Trending window: the last 30 days")
    }
    static var filterTitle: String {
        String(
            localized: "Filter the deck", bundle: .module, comment: "Deck: the filter sheet's title")
    }
    static var filter: String { String(localized: "Filter", bundle: .module, comment: "Deck: open the filter sheet") }
    static var anyLanguage: String {
        String(
            localized: "Any language", bundle: .module, comment: "Explore, trending: the language field's placeholder")
    }
    static var filterLanguage: String {
        String(
            localized: "Language (any)", bundle: .module, comment: "Deck filter: language field")
    }
    static var filterLeaveOut: String {
        String(
            localized: "Leave out (such as JavaScript)", bundle: .module,
            comment: "Deck filter: field of languages never dealt, comma-separated")
    }
    static var filterHealth: String {
        String(localized: "Activity", bundle: .module, comment: "Deck filter: how alive")
    }
    static var filterAny: String { String(localized: "Any", bundle: .module, comment: "Deck filter: any activity") }
    static var filterActive: String {
        String(localized: "Active", bundle: .module, comment: "Deck filter: active only")
    }
    static var filterQuiet: String {
        String(localized: "Active or quiet", bundle: .module, comment: "Deck filter: not dormant")
    }
    static var filterApply: String {
        String(localized: "Apply", bundle: .module, comment: "Deck filter: save the filter")
    }
    static var filterWiden: String {
        String(localized: "Show everything", bundle: .module, comment: "Deck filter: clear it")
    }
    static var server: String { String(localized: "Server", bundle: .module, comment: "Profile: the server's address") }
    static var gitHubLogin: String {
        String(localized: "GitHub username", bundle: .module, comment: "Onboarding: whose stars")
    }
    static var importStars: String {
        String(localized: "Start from these stars", bundle: .module, comment: "Onboarding: import")
    }
    static var yourName: String {
        String(localized: "Your name (optional)", bundle: .module, comment: "Onboarding: name field")
    }
    static var projectType: String {
        String(
            localized: "What you are building (optional)", bundle: .module, comment: "Onboarding: project type field")
    }
    static var addEntry: String {
        String(
            localized: "Add one", bundle: .module, comment: "Onboarding: a new stack or interest entry")
    }
    static var add: String { String(localized: "Add", bundle: .module, comment: "Onboarding: add the entry typed") }
    static var beginner: String { String(localized: "Beginner", bundle: .module, comment: "Experience level") }
    static var intermediate: String { String(localized: "Intermediate", bundle: .module, comment: "Experience level") }
    static var advanced: String { String(localized: "Advanced", bundle: .module, comment: "Experience level") }
    static var learning: String { String(localized: "Learning new tech", bundle: .module, comment: "Goal") }
    static var building: String { String(localized: "Building a project", bundle: .module, comment: "Goal") }
    static var contributing: String { String(localized: "Contributing", bundle: .module, comment: "Goal") }
    static var solutions: String { String(localized: "Finding solutions", bundle: .module, comment: "Goal") }
    static var exploring: String { String(localized: "Exploring", bundle: .module, comment: "Goal") }
    static var editPreferences: String {
        String(
            localized: "Edit preferences", bundle: .module, comment: "Profile: change the onboarding answers")
    }
    static var done: String {
        String(localized: "Done", bundle: .module, comment: "Preferences saved: close the editor")
    }
    static var deleteAccount: String {
        String(
            localized: "Delete my account and data", bundle: .module, comment: "Profile: delete the account")
    }
    static var deleteAccountQuestion: String {
        String(
            localized: "Delete your account, your lists and everything RepoFinder kept for you?", bundle: .module,
            comment: "Profile: confirm deleting the account")
    }
    static var areas: String {
        String(localized: "Areas", bundle: .module, comment: "Explore: the catalog's topic areas")
    }
    static var noThreads: String { String(localized: "No questions yet", bundle: .module, comment: "Ask: no threads") }
    static var maintainerTitle: String {
        String(
            localized: "Your repositories", bundle: .module,
            comment: "Title of the screen of the person's repositories in RepoFinder (signed in with GitHub)")
    }
    static var maintainerRepositories: String {
        String(
            localized: "Your repositories in RepoFinder", bundle: .module,
            comment: "Profile: button to the person's repositories in RepoFinder; the heading of their list")
    }
    static var maintainerSignIn: String {
        String(
            localized: "Sign in with GitHub to see your repositories", bundle: .module,
            comment: "Your repositories: shown to someone not signed in with GitHub")
    }
    static var daysCounted: String {
        String(
            localized: "Days counted", bundle: .module,
            comment: "Your repositories: the choice of how many days are counted (7, 30 or 90)")
    }
    static var likeRate: String {
        String(
            localized: "Like rate", bundle: .module,
            comment: "Your repositories: heading of the share of swipes that were likes, beside its area's typical one")
    }
    static var dayByDay: String {
        String(
            localized: "Day by day", bundle: .module, comment: "Your repositories: heading of the charts of each day")
    }
    static var timesDealt: String {
        String(
            localized: "Times dealt", bundle: .module,
            comment: "Your repositories: chart axis, times the repository was dealt to someone that day")
    }
    static var likes: String {
        String(localized: "Likes", bundle: .module, comment: "Your repositories: chart axis, likes that day")
    }
    static var whyDealt: String {
        String(
            localized: "Why it was dealt", bundle: .module,
            comment: "Your repositories: heading of the reasons it was shown with most often")
    }
    static var whereDealt: String {
        String(
            localized: "Where it was dealt", bundle: .module,
            comment: "Your repositories: heading of the places it was dealt (the deck, an area, Home, Ask)")
    }
    static var whoLiked: String {
        String(
            localized: "Who liked it", bundle: .module,
            comment: "Your repositories: heading of what is known of the people who liked it, in groups")
    }
    static var downloadCSV: String {
        String(
            localized: "Download CSV", bundle: .module,
            comment: "Your repositories: write the repository's daily figures into a CSV file to share")
    }
    static var shareUsage: String {
        String(
            localized: "Share anonymous usage figures", bundle: .module,
            comment: "Profile: the switch that shares anonymous usage figures (on by default)")
    }
    static var shareUsageHelp: String {
        String(
            localized:
                "RepoFinder then counts what you do (a screen opened, a swipe, a search and how many it found — its words only when it found nothing), when, and whether on the web, iPhone or terminal; never your IP address or your browser.",
            bundle: .module,
            comment:
                "Profile: under the usage figures switch, what is sent; web, iPhone and terminal are RepoFinder's faces"
        )
    }

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
