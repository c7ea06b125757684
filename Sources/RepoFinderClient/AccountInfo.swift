public import Foundation

/// The device's account as the server describes it: whether it is linked to GitHub, and whether the server offers
/// sign-in at all.
public struct AccountInfo: Hashable, Sendable {
    public var id: String
    /// Whether this server can sign people in with GitHub.
    public var signInAvailable: Bool
    /// Why not, when it cannot.
    public var signInUnavailableReason: String?
    /// The GitHub identity, when signed in.
    public var github: GitHubAccount?

    public init(id: String, signInAvailable: Bool, signInUnavailableReason: String? = nil, github: GitHubAccount? = nil)
    {
        self.id = id
        self.signInAvailable = signInAvailable
        self.signInUnavailableReason = signInUnavailableReason
        self.github = github
    }
}

/// Who the account is on GitHub.
public struct GitHubAccount: Hashable, Sendable {
    /// GitHub's numeric user id.
    public var id: Int64
    public var login: String
    public var name: String?
    public var avatarURL: URL?
    /// Liking a repository also stars it on GitHub.
    public var starOnLike: Bool
    /// Stars and unstars still waiting for GitHub.
    public var pendingStars: Int

    public init(
        id: Int64, login: String, name: String? = nil, avatarURL: URL? = nil, starOnLike: Bool = false,
        pendingStars: Int = 0
    ) {
        self.id = id
        self.login = login
        self.name = name
        self.avatarURL = avatarURL
        self.starOnLike = starOnLike
        self.pendingStars = pendingStars
    }
}

/// A device sign-in (GitHub's device flow, run by the server) as the device follows it.
public struct DeviceSignInProgress: Identifiable, Hashable, Sendable {
    public enum State: String, Hashable, Sendable {
        case pending, done, denied, expired, failed
    }

    public var id: String
    public var state: State
    /// What the person types at ``verificationURI``.
    public var userCode: String
    public var verificationURI: URL
    public var expiresAt: Date
    /// Seconds between the server's polls of GitHub.
    public var interval: Int
    public var failure: String?
    /// Who signed in, once done.
    public var login: String?
    /// The device joined an account already linked to that GitHub user (its swipes came along).
    public var joined: Bool

    public init(
        id: String, state: State, userCode: String, verificationURI: URL, expiresAt: Date, interval: Int,
        failure: String? = nil, login: String? = nil, joined: Bool = false
    ) {
        self.id = id
        self.state = state
        self.userCode = userCode
        self.verificationURI = verificationURI
        self.expiresAt = expiresAt
        self.interval = interval
        self.failure = failure
        self.login = login
        self.joined = joined
    }

    /// What to tell the person now.
    public var summary: String {
        switch state {
        case .pending: "Open \(verificationURI.absoluteString) and enter the code \(userCode)."
        case .done: WebSignInResult(login: login ?? "you", joined: joined).summary
        case .denied: "Sign-in was cancelled on GitHub; nothing changed."
        case .expired: "The code expired before it was entered; sign in again for a new one."
        case .failed: "Sign-in failed: \(failure ?? "GitHub could not be asked")."
        }
    }
}

/// A repository's star on GitHub as the person sees it.
public struct GitHubStarState: Hashable, Sendable {
    /// GitHub's answer; nil when GitHub could not be asked.
    public var starred: Bool?
    /// A star or unstar is waiting for GitHub (retried).
    public var pending: Bool
    /// Why GitHub did not answer or take it.
    public var problem: String?

    public init(starred: Bool?, pending: Bool, problem: String? = nil) {
        self.starred = starred
        self.pending = pending
        self.problem = problem
    }
}

/// A browser sign-in begun: GitHub's consent page, and the PKCE verifier this device made for it and keeps (RFC 8252:
/// only the device that began a sign-in can complete it, whoever catches the app's address).
public struct WebSignInStart: Hashable, Sendable {
    public var url: URL
    public var verifier: String

    public init(url: URL, verifier: String) {
        self.url = url
        self.verifier = verifier
    }
}

/// How a browser sign-in ended.
public struct WebSignInResult: Hashable, Sendable {
    /// Who signed in on GitHub.
    public var login: String
    /// The device joined an account already linked to that GitHub user (what it did here came along).
    public var joined: Bool

    public init(login: String, joined: Bool) {
        self.login = login
        self.joined = joined
    }

    /// What to tell the person.
    public var summary: String {
        "Signed in as \(login) on GitHub."
            + (joined ? " This device now shares that account (what it did here came along)." : "")
    }
}

/// The account's data as the server exported it: the document to keep, and what it holds.
public struct AccountExport: Hashable, Sendable {
    /// The whole document, JSON.
    public var document: Data
    /// When the server wrote it.
    public var exportedAt: Date
    public var interactions: Int
    public var saved: Int
    public var liked: Int
    public var threads: Int

    public init(document: Data, exportedAt: Date, interactions: Int, saved: Int, liked: Int, threads: Int) {
        self.document = document
        self.exportedAt = exportedAt
        self.interactions = interactions
        self.saved = saved
        self.liked = liked
        self.threads = threads
    }
}
